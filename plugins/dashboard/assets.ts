// The dashboard's files: everything under ui/, listed once at start, served by name only (nothing outside the folder
// can be asked for, whatever the URL says).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const UI_DIR = fileURLToPath(new URL('./ui/', import.meta.url))

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}

export interface Asset {
  file: string
  type: string
}

/** URL path below /ui/ (`pages/findings.js`) → the file and its media type; files of other kinds are not served. */
export function listAssets(dir = UI_DIR): Map<string, Asset> {
  const assets = new Map<string, Asset>()
  const walk = (at: string) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name)
      if (entry.isDirectory()) walk(full)
      const type = TYPES[path.extname(entry.name)]
      if (entry.isFile() && type) assets.set(path.relative(dir, full).split(path.sep).join('/'), { file: full, type })
    }
  }
  walk(dir)
  return assets
}
