// The /redoc page: ReDoc's standalone bundle, served from node_modules, reading the spec from /docs/json.
import fs from 'node:fs'
import { createRequire } from 'node:module'

const BUNDLE_PATH = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js')
// ReDoc's sidebar footer loads its logo from a CDN; an empty data: URL errors, and ReDoc then hides the image.
const CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg'

/** The standalone bundle, read once, with nothing left that fetches from the internet. */
export function readRedocBundle(): string {
  return fs.readFileSync(BUNDLE_PATH, 'utf8').replaceAll(CDN_LOGO, 'data:,')
}

export function renderRedocPage(opts: { title: string; specUrl: string; bundleUrl: string }): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${opts.title} — ReDoc</title>
<style>body{margin:0;padding:0}</style>
</head>
<body>
<redoc spec-url="${opts.specUrl}"></redoc>
<script src="${opts.bundleUrl}"></script>
</body>
</html>
`
}
