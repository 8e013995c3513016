// The web dashboard at /ui: static files from ./ui (ES modules, no build step, nothing fetched from elsewhere) under a
// strict Content-Security-Policy. The page is public, like a sign-in page; every figure it shows comes from the API,
// called with the credential the user pasted (kept in sessionStorage) or got from the identity provider.
import fs from 'node:fs'
import type { FastifyReply } from 'fastify'
import { NotFoundError, VERSION, type PluginContext } from '../../kernel/plugin.ts'
import { listAssets } from './assets.ts'
import { SignInOptions } from './sign-in.ts'

export const manifest = { name: 'dashboard', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

/** No inline script or style, nothing from another host, never framed; `extra` adds the identity provider's token endpoint. */
function contentSecurityPolicy(connectTo?: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${connectTo ? ` ${connectTo}` : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

const route = { config: { permission: 'public' as const }, schema: { hide: true } }

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return
  const assets = listAssets()
  const signIn = new SignInOptions(kernel)

  // Returns nothing: a reply is thenable, and awaiting one waits for it to be sent.
  const secure = async (reply: FastifyReply): Promise<void> => {
    const oidc = await signIn.oidc()
    reply
      .header('content-security-policy', contentSecurityPolicy(oidc && new URL(oidc.token_endpoint).origin))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-cache')
  }

  app.get('/ui', route, async (_request, reply) => reply.redirect('/ui/'))

  app.get('/ui/config.json', route, async (_request, reply) => {
    await secure(reply)
    return { version: VERSION, oidc: (await signIn.oidc()) ?? null }
  })

  app.get('/ui/*', route, async (request, reply) => {
    const name = (request.params as { '*': string })['*'] || 'index.html'
    const asset = assets.get(name)
    if (!asset) throw new NotFoundError(`Not found: GET /ui/${name}`)
    await secure(reply)
    return reply.type(asset.type).send(fs.readFileSync(asset.file))
  })
}
