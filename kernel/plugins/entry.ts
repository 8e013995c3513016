// A disk plugin's entry module. A plugin outside the installation cannot name our files by path: it imports the
// plugin API as `guard/plugin`, which a resolution hook maps to kernel/plugin.ts (the same module the built-in
// plugins import, so its error classes are the ones the server maps to statuses).
import { register } from 'node:module'
import { pathToFileURL } from 'node:url'
import { bundled, runtimeModule } from '../base/modules.ts'

let hooked = false
let tsxLoaded = false

function resolvePluginApi(): void {
  if (hooked) return
  hooked = true
  register(new URL('./resolve-hook.mjs', import.meta.url), { data: { api: runtimeModule(new URL('../plugin.ts', import.meta.url).href) } })
}

/** The entry's default export, the plugin's `register(ctx)`; a module without one is an error naming the file. */
export async function importEntry(file: string): Promise<(ctx: never) => unknown> {
  resolvePluginApi()
  // A TypeScript entry needs tsx, which a process started from the bundle has not loaded.
  if (bundled() && /\.[mc]?ts$/.test(file) && !tsxLoaded) {
    ;(await import('tsx/esm/api')).register()
    tsxLoaded = true
  }
  const mod = (await import(pathToFileURL(file).href)) as { default?: unknown }
  if (typeof mod.default !== 'function') throw new Error('its entry has no default export function register(ctx)')
  return mod.default as (ctx: never) => unknown
}
