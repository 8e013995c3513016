// The /api landing page: every endpoint with its permission and roles, rendered from the OpenAPI document.
import { escapeMarkup, PERMISSIONS, rolesFor, type Permission } from '../../kernel/plugin.ts'

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

interface Operation {
  summary?: string
  'x-permission'?: string
}

/** The part of an OpenAPI 3 document the page reads. */
export interface ApiDocument {
  info: { title: string; version: string }
  paths?: Record<string, Partial<Record<string, Operation>> | undefined>
}

export interface Endpoint {
  method: string
  path: string
  summary: string
  permission: string
  roles: string
}

function isPermission(value: string | undefined): value is Permission {
  return value !== undefined && (PERMISSIONS as string[]).includes(value)
}

export function listEndpoints(doc: ApiDocument): Endpoint[] {
  const endpoints: Endpoint[] = []
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method]
      if (!op) continue
      const permission = op['x-permission']
      const roles = !isPermission(permission) ? 'none (undeclared permission)' : permission === 'public' ? 'everyone, no credentials' : rolesFor(permission).join(', ')
      endpoints.push({ method: method.toUpperCase(), path, summary: op.summary ?? '', permission: permission ?? '—', roles })
    }
  }
  return endpoints.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
}

const CSS = `
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;color:#1f2328;background:#f6f8fa}
main{max-width:1100px;margin:0 auto;padding:24px}
h1{margin:0 0 4px;font-size:26px}
.version{color:#59636e;font-weight:normal;font-size:16px}
nav a{display:inline-block;margin:8px 12px 16px 0;padding:6px 12px;border:1px solid #d1d9e0;border-radius:6px;background:#fff;color:#0969da;text-decoration:none}
nav a:hover{border-color:#0969da}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #d1d9e0}
th,td{text-align:left;padding:8px 10px;border-bottom:1px solid #d1d9e0;vertical-align:top}
th{background:#f0f3f6;font-size:13px;text-transform:uppercase;letter-spacing:.03em}
code{font:13px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.method{font:bold 12px ui-monospace,monospace;padding:2px 6px;border-radius:4px;color:#fff;background:#59636e}
.GET{background:#1f6feb}.POST{background:#1a7f37}.PUT,.PATCH{background:#9a6700}.DELETE{background:#cf222e}
.roles{color:#59636e}
`

export function renderLanding(doc: ApiDocument): string {
  const rows = listEndpoints(doc)
    .map(
      (e) => `<tr data-method="${e.method}" data-path="${escapeMarkup(e.path)}" data-permission="${escapeMarkup(e.permission)}">
<td><span class="method ${e.method}">${e.method}</span></td><td><code>${escapeMarkup(e.path)}</code></td><td>${escapeMarkup(e.summary)}</td>
<td><code>${escapeMarkup(e.permission)}</code></td><td class="roles">${escapeMarkup(e.roles)}</td></tr>`,
    )
    .join('\n')
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeMarkup(doc.info.title)} API</title>
<style>${CSS}</style>
</head>
<body>
<main>
<h1>${escapeMarkup(doc.info.title)} API <span class="version">${escapeMarkup(doc.info.version)}</span></h1>
<p>Send <code>X-API-Key</code> or <code>Authorization: Bearer &lt;token&gt;</code>; each endpoint needs the permission shown, which these roles hold.</p>
<nav><a href="/docs">Swagger UI</a><a href="/redoc">ReDoc</a><a href="/docs/json">OpenAPI JSON</a><a href="/docs/yaml">OpenAPI YAML</a></nav>
<table>
<thead><tr><th>Method</th><th>Path</th><th>Summary</th><th>Permission</th><th>Roles</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</main>
</body>
</html>
`
}
