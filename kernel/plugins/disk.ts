// Plugins from GUARD_PLUGINS_DIR: each folder's plugin.json read and checked, its entry kept inside the folder, and
// the set put in dependency order. A problem here is that plugin's own: it is reported, never thrown.
import fs from 'node:fs'
import path from 'node:path'
import { confinedPath } from '../base/files.ts'
import { TIERS, type Tier } from '../access/license.ts'

/** plugin.json. */
export interface PluginJson {
  name: string
  version: string
  tier: Tier
  dependencies?: string[]
  /** The entry module, relative to the plugin's folder; its default export is `register(ctx)`. */
  entry: string
  /** Path prefixes the plugin serves: answered 403 with `license_message` when the license does not cover its tier. */
  routes?: string[]
  license_message?: string
  description?: string
}

export interface DiskPlugin {
  manifest: PluginJson
  /** The entry's real path, inside the plugin's folder. */
  entry: string
}

/** A folder that is no plugin: its manifest when one could be read, and why. */
export interface DiskPluginProblem {
  name: string
  manifest?: PluginJson
  reason: string
}

const NAME = /^[a-z][a-z0-9-]{0,63}$/
const SEMVER = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/
const ROUTE_PREFIX = /^(?:\/[A-Za-z0-9._~-]+)+$/
/** ES modules: the entry imports the plugin API as `guard/plugin` (TypeScript runs through tsx, as ours does). */
const ENTRY_EXTENSIONS = ['.mjs', '.js', '.mts', '.ts']
const FIELDS = new Set(['name', 'version', 'tier', 'dependencies', 'entry', 'routes', 'license_message', 'description'])

const isStringArray = (v: unknown, max: number): v is string[] => Array.isArray(v) && v.length <= max && v.every((s) => typeof s === 'string')

/** What is wrong with a parsed plugin.json, field by field; empty when nothing is. */
export function manifestProblems(json: unknown): string[] {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return ['plugin.json must be a JSON object']
  const m = json as Record<string, unknown>
  const problems = Object.keys(m).filter((k) => !FIELDS.has(k)).map((k) => `${k}: unknown field`)
  if (typeof m.name !== 'string' || !NAME.test(m.name)) problems.push('name: lower-case letters, digits and hyphens, starting with a letter (at most 64)')
  if (typeof m.version !== 'string' || !SEMVER.test(m.version)) problems.push('version: a semantic version such as 1.0.0')
  if (typeof m.tier !== 'string' || !(TIERS as readonly string[]).includes(m.tier)) problems.push(`tier: one of ${TIERS.join(', ')}`)
  if (m.dependencies !== undefined && !(isStringArray(m.dependencies, 64) && m.dependencies.every((d) => NAME.test(d)))) problems.push('dependencies: an array of plugin names')
  if (typeof m.entry !== 'string' || m.entry === '') problems.push('entry: the path of the entry module, relative to the plugin folder')
  else {
    const problem = entryPathProblem(m.entry)
    if (problem) problems.push(`entry: ${problem}`)
  }
  if (m.routes !== undefined && !(isStringArray(m.routes, 32) && m.routes.every((r) => ROUTE_PREFIX.test(r)))) problems.push('routes: an array of path prefixes such as /api/things')
  if (m.license_message !== undefined && (typeof m.license_message !== 'string' || m.license_message === '' || m.license_message.length > 500)) problems.push('license_message: a text of at most 500 characters')
  if (m.description !== undefined && typeof m.description !== 'string') problems.push('description: a text')
  return problems
}

/** The entry as written: relative, without `..`, an ES module's extension. */
function entryPathProblem(entry: string): string | undefined {
  if (path.isAbsolute(entry) || /^[\\/]|^[A-Za-z]:/.test(entry) || entry.includes('\0')) return `${JSON.stringify(entry)} must be a path relative to the plugin folder`
  if (entry.split(/[\\/]/).includes('..')) return `${JSON.stringify(entry)} must not contain ..`
  if (!ENTRY_EXTENSIONS.includes(path.extname(entry))) return `${JSON.stringify(entry)} must be an ES module (${ENTRY_EXTENSIONS.join(', ')})`
  return undefined
}

/** One folder: its checked manifest and confined entry, or the problem. */
export function readPluginFolder(folder: string): DiskPlugin | DiskPluginProblem {
  const fallbackName = path.basename(folder)
  const file = path.join(folder, 'plugin.json')
  let json: unknown
  try {
    json = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (e) {
    const reason = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'the folder has no plugin.json' : `plugin.json is not readable JSON: ${(e as Error).message}`
    return { name: fallbackName, reason }
  }
  const problems = manifestProblems(json)
  const named = json as { name?: unknown }
  const name = typeof named.name === 'string' && NAME.test(named.name) ? named.name : fallbackName
  if (problems.length) return { name, reason: `plugin.json: ${problems.join('; ')}` }
  const manifest = json as PluginJson
  // Followed through symbolic links: the file imported must be inside the folder, whatever the path says.
  const entry = confinedPath(folder, path.join(folder, manifest.entry))
  if (entry === undefined) return { name, manifest, reason: `entry ${manifest.entry} does not exist` }
  if (entry === 'outside') return { name, manifest, reason: `entry ${manifest.entry} leads outside the plugin folder` }
  if (!fs.statSync(entry).isFile()) return { name, manifest, reason: `entry ${manifest.entry} is not a file` }
  return { manifest, entry }
}

/**
 * Every folder of `dir` (none when it does not exist; hidden ones skipped): plugins, and folders that are not (a bad
 * manifest, a name a built-in plugin or an earlier folder has).
 */
export function findDiskPlugins(dir: string, builtinNames: ReadonlySet<string>): { found: DiskPlugin[]; problems: DiskPluginProblem[] } {
  const found: DiskPlugin[] = []
  const problems: DiskPluginProblem[] = []
  let names: string[]
  try {
    names = fs.readdirSync(dir).sort()
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { found, problems }
    return { found, problems: [{ name: path.basename(dir), reason: `GUARD_PLUGINS_DIR ${dir} is not a readable folder (${code})` }] }
  }
  const taken = new Map<string, string>()
  for (const folderName of names) {
    const folder = path.join(dir, folderName)
    if (folderName.startsWith('.') || !fs.statSync(folder, { throwIfNoEntry: false })?.isDirectory()) continue
    const read = readPluginFolder(folder)
    if ('reason' in read) {
      problems.push(read)
      continue
    }
    const { name } = read.manifest
    const clash = builtinNames.has(name) ? 'a built-in plugin has this name' : taken.has(name) ? `folder ${taken.get(name)} has a plugin of this name` : undefined
    if (clash) problems.push({ name, manifest: read.manifest, reason: `${clash} (plugin folder ${folderName})` })
    else {
      taken.set(name, folderName)
      found.push(read)
    }
  }
  return { found, problems }
}

/**
 * Disk plugins ordered so each comes after the disk plugins it needs (built-in ones are registered before them all).
 * A plugin in a dependency cycle gets a `problem`; a missing dependency is found when the plugin's turn comes.
 */
export function orderDiskPlugins(plugins: DiskPlugin[]): (DiskPlugin & { problem?: string })[] {
  const byName = new Map(plugins.map((p) => [p.manifest.name, p]))
  const state = new Map<string, 'open' | 'done'>()
  const cycles = new Map<string, string>()
  const out: DiskPlugin[] = []
  const visit = (p: DiskPlugin, trail: string[]) => {
    const name = p.manifest.name
    if (state.get(name) === 'done') return
    if (state.get(name) === 'open') {
      const cycle = [...trail.slice(trail.indexOf(name)), name]
      for (const member of cycle) cycles.set(member, `dependency cycle: ${cycle.join(' → ')}`)
      return
    }
    state.set(name, 'open')
    for (const dep of p.manifest.dependencies ?? []) {
      const d = byName.get(dep)
      if (d) visit(d, [...trail, name])
    }
    state.set(name, 'done')
    out.push(p)
  }
  for (const p of plugins) visit(p, [])
  return out.map((p) => (cycles.has(p.manifest.name) ? { ...p, problem: cycles.get(p.manifest.name) } : p))
}
