// GET /api/plugins: every plugin of this server, built-in and from GUARD_PLUGINS_DIR, loaded or not and why.
import { Type } from '@sinclair/typebox'
import { errorResponses, offsetPage, PageQuery, type PluginContext, type PluginStatus } from '../../kernel/plugin.ts'

export const manifest = { name: 'plugins-api', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const Status = Type.Union([Type.Literal('loaded'), Type.Literal('not-licensed'), Type.Literal('failed')])
const Source = Type.Union([Type.Literal('builtin'), Type.Literal('disk')])
const PluginInfo = Type.Object(
  {
    name: Type.String(),
    version: Type.Union([Type.String(), Type.Null()], { description: 'Null for a folder whose plugin.json could not be read' }),
    tier: Type.Union([Type.Literal('community'), Type.Literal('team'), Type.Literal('enterprise'), Type.Null()], { description: 'The license tier it needs' }),
    source: Source,
    status: Status,
    reason: Type.Optional(Type.String({ description: 'Why it is not loaded' })),
  },
  { title: 'Plugin' },
)
const PluginsQuery = Type.Object({ ...PageQuery.properties, status: Type.Optional(Status), source: Type.Optional(Source) })
const PluginsPage = Type.Object(
  { items: Type.Array(PluginInfo), total: Type.Integer({ description: 'Plugins matching the filters' }), next_cursor: Type.Union([Type.String(), Type.Null()]) },
  { title: 'PluginsPage' },
)

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return
  // config:read: which plugins this server runs and why one failed (its folder, its error) is its configuration,
  // for those who may read that; every caller sees the loaded plugins' names on GET /health.
  app.get('/api/plugins', {
    config: { permission: 'config:read' },
    schema: {
      summary: 'Plugins: built-in and from GUARD_PLUGINS_DIR, each loaded, not licensed (its tier) or failed (why)',
      tags: ['plugins'], querystring: PluginsQuery, response: { 200: PluginsPage, ...errorResponses(422) },
    },
  }, async (request) => {
    const { limit = 100, cursor, status, source } = request.query as { limit?: number; cursor?: string; status?: PluginStatus['status']; source?: PluginStatus['source'] }
    return offsetPage(kernel.pluginStatus.filter((p) => (!status || p.status === status) && (!source || p.source === source)), limit, cursor)
  })
}
