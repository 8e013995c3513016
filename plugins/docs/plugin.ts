// API documentation: the OpenAPI 3 document, Swagger UI (/docs), ReDoc (/redoc) and the /api landing page, all offline.
import type { FastifyInstance } from 'fastify'
import type { PluginContext } from '../../kernel/plugin.ts'
import { renderLanding, type ApiDocument } from './landing.ts'
import { swaggerOptions } from './openapi.ts'
import { readRedocBundle, renderRedocPage } from './redoc.ts'

// seesAllRoutes: load before the plugins that add routes, since @fastify/swagger only sees routes added after it.
export const manifest = { name: 'docs', version: '1.0.0', tier: 'community', dependencies: ['auth'], seesAllRoutes: true } as const

/** Pages may load only what this server serves: a browser then blocks any stray request to the internet. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

const docsConfig = { permission: 'docs' } as const
const hidden = { hide: true }

async function documentationRoutes(child: FastifyInstance): Promise<void> {
  // Every route in here, including those swagger-ui and @fastify/static add, is a documentation page.
  child.addHook('onRoute', (route) => {
    route.config = { ...route.config, permission: 'docs' }
  })
  child.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', CSP)
  })

  await child.register((await import('@fastify/swagger-ui')).default, {
    routePrefix: '/docs',
    // No validator badge: it would send the document to validator.swagger.io (false is rendered as null).
    validatorUrl: false,
    uiConfig: { validatorUrl: null, deepLinking: true, displayRequestDuration: true },
    theme: { title: 'guard API — Swagger UI' },
  })

  const bundle = readRedocBundle()
  child.get('/redoc', { config: docsConfig, schema: hidden }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(renderRedocPage({ title: 'guard API', specUrl: '/docs/json', bundleUrl: '/redoc/redoc.standalone.js' })),
  )
  child.get('/redoc/redoc.standalone.js', { config: docsConfig, schema: hidden }, async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(bundle),
  )

  let landing: string | undefined
  child.get('/api', { config: docsConfig, schema: hidden }, async (_request, reply) => {
    // The document is fixed once the server is ready, so the page is rendered once.
    landing ??= renderLanding(child.swagger() as ApiDocument)
    return reply.type('text/html; charset=utf-8').send(landing)
  })
}

export default async function register({ app }: PluginContext): Promise<void> {
  if (!app) return
  // Loaded only by a server: the CLI never pays for the documentation stack.
  await app.register((await import('@fastify/swagger')).default, swaggerOptions)
  await app.register(documentationRoutes)
}
