// GET /api/me: who the caller is and what it may do, so a client (the dashboard) shows only the controls that apply.
// The server still checks every call: this only tells.
import { Type } from '@sinclair/typebox'
import { allows, errorResponses, PERMISSIONS, type Identity, type Permission, type PluginContext } from '../../kernel/plugin.ts'

export const manifest = { name: 'me', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

/** Permissions that name no capability a client could offer: every caller holds them. */
const IMPLICIT: Permission[] = ['self', 'public', 'docs']

const Me = Type.Object(
  {
    sub: Type.String({ description: 'The identity: a token’s sub, `api-key`, or `anonymous` when no method is configured' }),
    role: Type.String(),
    auth: Type.String({ description: 'api-key, jwt, oidc or anonymous' }),
    permissions: Type.Array(Type.String(), { description: 'Every permission the role holds (CONTRACT §5)' }),
    repo_access: Type.Optional(Type.Array(Type.String())),
  },
  { title: 'Me' },
)

function permissionsOf(identity: Identity): Permission[] {
  return PERMISSIONS.filter((p) => !IMPLICIT.includes(p) && allows(identity.role, p))
}

export default function register({ app }: PluginContext): void {
  if (!app) return
  app.get('/api/me', {
    config: { permission: 'self' },
    schema: { summary: 'The caller: identity, role, how it signed in, and the permissions its role holds', tags: ['auth'], response: { 200: Me, ...errorResponses() } },
  }, async (request) => {
    const identity = request.identity!
    return { sub: identity.sub, role: identity.role, auth: identity.auth, permissions: permissionsOf(identity), ...(identity.repo_access ? { repo_access: identity.repo_access } : {}) }
  })
}
