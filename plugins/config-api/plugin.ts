// The server's configuration over HTTP (CONTRACT §11): read it masked, change it in place, validate a file.
import fs from 'node:fs'
import path from 'node:path'
import { Type } from '@sinclair/typebox'
import { allRules, configErrors, lenientConfig, readablePath, errorResponses, ForbiddenError, governancePolicy, GuardConfig, isInside, loadPacks, lockedKeysSetBy, maskSecrets, NotFoundError, packDirs, parseYamlInput, resolveScanTarget, SCAN_KEYS, scanRoots, suppressionPolicyWarnings, updateConfigFile, withoutMasks, type FieldError, type Kernel, type PluginContext } from '../../kernel/plugin.ts'

export const manifest = { name: 'config-api', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const FieldErrors = Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))
const ConfigValidation = Type.Object(
  { valid: Type.Boolean(), file: Type.String({ description: 'The file checked, relative to its scan root' }), errors: FieldErrors, warnings: FieldErrors },
  { title: 'ConfigValidation' },
)
const ValidateQuery = Type.Object({ path: Type.Optional(Type.String({ description: "A repository's .guard.yaml (or its folder) under the scan roots; default: the server's file" })) })
const ConfigUpdate = Type.Record(Type.String(), Type.Unknown(), { title: 'ConfigUpdate', description: 'A partial .guard.yaml, deep-merged into the current one (objects merge, arrays are replaced)' })
const errors = errorResponses(400, 404, 422)

/** A config file named by `?path=`: it and its real location must lie inside a scan root; a folder means its .guard.yaml. */
function repoConfigFile(kernel: Kernel, given: string): { file: string; root: string; shown: string } {
  const roots = scanRoots(kernel.cwd)
  const lexical = path.resolve(roots[0], given)
  const isDir = fs.existsSync(lexical) && fs.statSync(lexical).isDirectory()
  const dir = resolveScanTarget(isDir ? given : path.dirname(given), roots)
  const file = path.join(dir.root, isDir ? '.guard.yaml' : path.basename(given))
  if (!fs.existsSync(file)) throw new NotFoundError(`Config file not found: ${given}`)
  const real = fs.realpathSync(file)
  if (!roots.some((r) => isInside(r, real))) throw new ForbiddenError('path is outside the allowed scan roots')
  return { file: real, root: dir.root, shown: path.posix.join(dir.relative, path.basename(file)) }
}

/** What is valid but probably wrong: unknown packs and rules, keys a repository file cannot set, policy breaches. */
async function configWarnings(kernel: Kernel, config: GuardConfig, repoRoot?: string): Promise<FieldError[]> {
  const warnings: FieldError[] = []
  try {
    const packs = loadPacks(packDirs(repoRoot, kernel.cwd))
    const packIds = new Set(packs.map((p) => p.id))
    for (const [i, id] of (config.packs ?? []).entries()) if (!packIds.has(id)) warnings.push({ path: `packs[${i}]`, message: `no pack named ${id}; every scan would fail` })
    const ruleIds = new Set((await allRules(kernel.builtinRules, packs, () => kernel.engineModules())).map((r) => r.id))
    for (const id of Object.keys(config.rules ?? {})) if (!ruleIds.has(id)) warnings.push({ path: `rules.${id}`, message: `no rule named ${id}` })
  } catch (e) {
    warnings.push({ path: 'packs', message: `the packs could not be read: ${(e as Error).message}` })
  }
  if (repoRoot) {
    for (const key of Object.keys(config)) if (!SCAN_KEYS.includes(key)) warnings.push({ path: key, message: "ignored in a repository's .guard.yaml: only the server's file sets it" })
    for (const key of lockedKeysSetBy(config, kernel.config)) warnings.push({ path: key, message: 'locked by governance: a repository cannot change it' })
  } else if (config.auth?.enabled && !config.auth.jwt_secret && !process.env.GUARD_JWT_SECRET) {
    warnings.push({ path: 'auth.jwt_secret', message: 'auth.enabled needs auth.jwt_secret or GUARD_JWT_SECRET' })
  }
  warnings.push(...suppressionPolicyWarnings(config, governancePolicy(kernel.config)))
  return warnings
}

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return

  app.get('/api/config', {
    config: { permission: 'config:read' },
    schema: { summary: 'The effective server configuration, secrets masked', tags: ['config'], response: { 200: GuardConfig, ...errors } },
  }, async () => maskSecrets(kernel.config))

  app.post('/api/config', {
    config: { permission: 'config:write' },
    schema: {
      summary: 'Change the server configuration (deep merge into .guard.yaml, comments kept, atomic write)',
      description: 'Validated as a whole first: a 422 lists every problem with its key path and leaves the file untouched. Values shown as `***` by GET keep their stored value.',
      tags: ['config'], body: ConfigUpdate, response: { 200: GuardConfig, ...errors },
    },
  }, async (request) => {
    updateConfigFile(kernel.configPath, withoutMasks(request.body as Record<string, unknown>))
    kernel.reloadConfig()
    return maskSecrets(kernel.config)
  })

  app.get('/api/config/validate', {
    config: { permission: 'config:read' },
    schema: { summary: "Validate the server's .guard.yaml or a repository's", tags: ['config'], querystring: ValidateQuery, response: { 200: ConfigValidation, ...errors } },
  }, async (request) => {
    const given = (request.query as { path?: string }).path
    const target = given === undefined ? { file: kernel.configPath, root: undefined, shown: path.basename(kernel.configPath) } : repoConfigFile(kernel, given)
    let parsed: unknown = {}
    const readable = readablePath(target.file, 'file') // not a FIFO, whose read would never end
    if (fs.existsSync(target.file) && !readable) return { valid: false, file: target.shown, errors: [{ path: '(root)', message: 'not a regular file' }], warnings: [] }
    let lenient: FieldError[] = []
    if (readable) {
      try {
        parsed = parseYamlInput(fs.readFileSync(readable, 'utf8'), target.shown) ?? {}
        // A repository's file is read as a scan reads it: the original product's keys mapped, unknown keys warned of.
        if (target.root) ({ config: parsed, warnings: lenient } = lenientConfig(parsed, path.basename(target.file)))
        lenient = lenient.map((w) => ({ ...w, path: w.path.replace(`${path.basename(target.file)}: `, '') }))
      } catch (e) {
        const prefix = `${path.basename(target.file)}: `
        const errors = (e as { errors?: FieldError[] }).errors?.map((x) => ({ ...x, path: x.path.replace(prefix, '') })) ?? [{ path: '(root)', message: (e as Error).message }]
        return { valid: false, file: target.shown, errors, warnings: [] }
      }
    }
    const problems = configErrors(parsed)
    return { valid: problems.length === 0, file: target.shown, errors: problems, warnings: problems.length ? [] : [...lenient, ...(await configWarnings(kernel, parsed as GuardConfig, target.root))] }
  })
}
