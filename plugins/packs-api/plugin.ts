// Standards packs over HTTP (CONTRACT §6): list, create, import, export, delete, and per-rule overrides.
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { allRules, ConflictError, DEFAULT_PACKS, errorResponses, ForbiddenError, listRules, loadPacks, NotFoundError, OVERRIDES_FILE, packDirs, parseYamlInput, standardsOf, updateConfigFile, ValidationError, writeFileAtomic, type Pack, type PluginContext, type RuleOverrides } from '../../kernel/plugin.ts'
import { checkBundle, exportPack, writePack } from './bundle.ts'
import { packControls, PackDetail, RuleDetail, ruleExamples } from './catalog.ts'
import { PackBundle, PackIdParams, PackImport, PackList, PackListQuery, PackOverrides, PackOverridesUpdate, PackSummary } from './schemas.ts'

export const manifest = { name: 'packs-api', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const errors = errorResponses(400, 404, 409, 413, 422)
const YAML_TYPES = ['application/yaml', 'application/x-yaml', 'text/yaml']

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return
  // YAML bodies arrive as text; the route that takes them parses them, so its errors are its own.
  app.addContentTypeParser(YAML_TYPES, { parseAs: 'string' }, (_request, body, done) => done(null, body))

  // The packs are read from disk on every call: a folder dropped in applies at once, as it does to scans.
  const customDir = () => packDirs(undefined, kernel.cwd).find((d) => !d.builtin)!.dir
  const packs = () => loadPacks(packDirs(undefined, kernel.cwd))
  const findPack = (id: string): Pack => {
    const pack = packs().find((p) => p.id === id)
    if (!pack) throw new NotFoundError(`Pack not found: ${id}`)
    return pack
  }
  const known = async () => {
    const all = packs()
    return { packs: all, rules: await allRules(kernel.builtinRules, all, () => kernel.engineModules()), engines: await kernel.engineModules() }
  }
  const summary = (pack: Pack, rules: Awaited<ReturnType<typeof known>>['rules']): PackSummary => ({
    id: pack.id,
    name: pack.name,
    version: pack.version,
    tier: pack.tier ?? 'community',
    builtin: pack.builtin,
    enabled: (kernel.config.packs ?? DEFAULT_PACKS).includes(pack.id),
    rule_count: rules.filter((r) => standardsOf(r, [pack]).length).length,
  })
  const create = async (input: unknown, reply: { code(n: number): unknown }): Promise<PackSummary> => {
    const checked = checkBundle(input, await known())
    writePack(customDir(), checked)
    const after = await known()
    reply.code(201)
    return summary(after.packs.find((p) => p.id === checked.file.id)!, after.rules)
  }

  app.get('/api/packs', {
    config: { permission: 'packs:read' },
    schema: { summary: 'List the packs, built-in and custom', tags: ['packs'], querystring: PackListQuery, response: { 200: PackList, ...errors } },
  }, async (request) => {
    const { limit = 100, cursor } = request.query as { limit?: number; cursor?: string }
    const { packs: all, rules } = await known()
    const sorted = all.sort((a, b) => a.id.localeCompare(b.id))
    const page = sorted.filter((p) => cursor === undefined || p.id > cursor).slice(0, limit)
    const more = page.length === limit && sorted.at(-1)!.id > page.at(-1)!.id
    return { items: page.map((p) => summary(p, rules)), total: sorted.length, next_cursor: more ? page.at(-1)!.id : null }
  })

  app.get('/api/packs/:id', {
    config: { permission: 'packs:read' },
    schema: { summary: "A pack: its description, and the standard's controls with the rules mapped to each", tags: ['packs'], params: PackIdParams, response: { 200: PackDetail, ...errors } },
  }, async (request) => {
    const pack = findPack((request.params as { id: string }).id)
    const { rules } = await known()
    const infos = new Map((await listRules(kernel, { pack: pack.id })).map((r) => [r.id, r]))
    return { ...summary(pack, rules), description: pack.description ?? null, controls: packControls(pack, rules, infos) }
  })

  app.get('/rules/:id', {
    config: { permission: 'rules:read' },
    schema: { summary: 'A rule: what it finds and how to fix it, the packs and controls that map it, and the examples of its fixture', tags: ['core'], params: PackIdParams, response: { 200: RuleDetail, ...errors } },
  }, async (request) => {
    const { id } = request.params as { id: string }
    const { packs: all, rules } = await known()
    const def = rules.find((r) => r.id === id)
    const info = (await listRules(kernel, {})).find((r) => r.id === id)
    if (!def || !info) throw new NotFoundError(`Rule not found: ${id}`)
    return { ...info, confidence: def.confidence, tags: def.tags ?? [], standards: standardsOf(def, all), examples: await ruleExamples(def) }
  })

  app.post('/api/packs', {
    config: { permission: 'packs:manage' },
    schema: {
      summary: 'Create a custom pack, with its own rules',
      description: 'Every rule is validated with the installed engines (pattern compiles, regex not catastrophic, languages known). Written under GUARD_PACKS_DIR; the next scan sees it.',
      tags: ['packs'], body: PackBundle, response: { 201: PackSummary, ...errors },
    },
  }, async (request, reply) => create(request.body, reply))

  app.post('/api/packs/import', {
    config: { permission: 'packs:manage' },
    schema: {
      summary: 'Import a pack from YAML (the export format)',
      description: 'Body: `application/yaml`, or JSON `{"yaml": "..."}`.',
      tags: ['packs'], consumes: ['application/yaml', 'application/json'], body: PackImport, response: { 201: PackSummary, ...errors },
    },
  }, async (request, reply) => {
    const body = request.body as string | { yaml: string }
    return create(parseYamlInput(typeof body === 'string' ? body : body.yaml, 'The pack'), reply)
  })

  app.get('/api/packs/:id/export', {
    config: { permission: 'packs:read' },
    schema: {
      summary: 'Export a pack as YAML, its own rules included',
      tags: ['packs'], params: PackIdParams,
      response: { 200: { description: 'The pack, importable elsewhere unchanged', content: { 'application/yaml': { schema: { type: 'string' } } } }, ...errors },
    },
  }, async (request, reply) => {
    const pack = findPack((request.params as { id: string }).id)
    return reply.type('application/yaml; charset=utf-8').header('content-disposition', `attachment; filename="${pack.id}.yaml"`).send(await exportPack(pack))
  })

  app.delete('/api/packs/:id', {
    config: { permission: 'packs:manage' },
    schema: { summary: 'Delete a custom pack (built-in packs cannot be deleted)', tags: ['packs'], params: PackIdParams, response: { 204: { description: 'Deleted', type: 'null' }, ...errors } },
  }, async (request, reply) => {
    const pack = findPack((request.params as { id: string }).id)
    if (pack.builtin) throw new ForbiddenError(`Built-in pack ${pack.id} cannot be deleted`)
    if (path.dirname(pack.dir) !== customDir()) throw new ForbiddenError(`Pack ${pack.id} is not managed by this server`)
    if ((kernel.config.packs ?? DEFAULT_PACKS).includes(pack.id)) throw new ConflictError(`Pack ${pack.id} is enabled in the server's packs; disable it first`)
    // Renamed away first, so no scan sees a half-deleted pack.
    const gone = path.join(path.dirname(customDir()), `.pack-${pack.id}-deleted-${Date.now()}.tmp`)
    fs.renameSync(pack.dir, gone)
    fs.rmSync(gone, { recursive: true, force: true })
    return reply.code(204).send()
  })

  app.post('/api/packs/:id/overrides', {
    config: { permission: 'packs:manage' },
    schema: {
      summary: "Override the severity or enablement of a pack's rules",
      description: "A custom pack keeps them in its overrides.yaml (applied while it is enabled); a built-in pack's go to the server's `.guard.yaml` `rules:`. The next scan applies them.",
      tags: ['packs'], params: PackIdParams, body: PackOverridesUpdate, response: { 200: PackOverrides, ...errors },
    },
  }, async (request) => {
    const pack = findPack((request.params as { id: string }).id)
    const { rules: update } = request.body as { rules: RuleOverrides }
    const mapped = (await known()).rules.filter((r) => standardsOf(r, [pack]).length).map((r) => r.id)
    const strangers = Object.keys(update).filter((id) => !mapped.includes(id))
    if (strangers.length) throw new ValidationError('Unknown rules', strangers.map((id) => ({ path: `rules.${id}`, message: `pack ${pack.id} maps no rule named ${id}` })))
    let stored: RuleOverrides
    if (pack.builtin) {
      updateConfigFile(kernel.configPath, { rules: update })
      kernel.reloadConfig()
      stored = kernel.config.rules ?? {}
    } else {
      stored = { ...pack.overrides }
      for (const [id, o] of Object.entries(update)) stored[id] = { ...stored[id], ...o }
      writeFileAtomic(path.join(pack.dir, OVERRIDES_FILE), YAML.stringify(stored))
    }
    return { pack: pack.id, rules: Object.fromEntries(Object.entries(stored).filter(([id]) => mapped.includes(id))) }
  })
}
