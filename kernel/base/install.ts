// Where this installation lives (kernel/, plugins/, rules/, packs/) and its version.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const INSTALL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
export const VERSION: string = JSON.parse(fs.readFileSync(path.join(INSTALL_DIR, 'package.json'), 'utf8')).version
/** Derived files this installation rebuilds when missing: worker bundles, parsed rule files. */
export const CACHE_DIR = path.join(INSTALL_DIR, 'node_modules', '.cache', 'guard')
