// A loopback server with JWT auth on, and a request helper that acts as one of the five roles.
import YAML from 'yaml'
import { startServer, type TestServer } from './server.ts'
import { signToken } from '../../kernel/access/tokens.ts'
import type { Role } from '../../kernel/access/permissions.ts'

export const JWT_SECRET = 'roles-secret-0123456789abcdef012345'

export interface RoleServer extends TestServer {
  /** A request as `role` (a token with sub `user-<role>`); `yaml` sends an application/yaml body. */
  as(role: Role, pathname: string, init?: RequestInit & { json?: unknown; yaml?: string }): Promise<Response>
}

/** `config` may be a YAML text (to keep its comments) or an object; `auth` is added either way. */
export async function startRoleServer(opts: { config?: string | object; env?: Record<string, string | undefined>; files?: Record<string, string> } = {}): Promise<RoleServer> {
  const auth = `auth:\n  enabled: true\n  jwt_secret: ${JWT_SECRET}\n`
  const text = typeof opts.config === 'string' ? `${opts.config}${auth}` : `${opts.config ? YAML.stringify(opts.config) : ''}${auth}`
  const server = await startServer({ files: { '.guard.yaml': text, ...opts.files }, env: { GUARD_API_KEY: undefined, GUARD_JWT_SECRET: undefined, ...opts.env } })
  return {
    ...server,
    as(role, pathname, init = {}) {
      const { yaml, ...rest } = init
      const headers = new Headers(rest.headers)
      headers.set('authorization', `Bearer ${signToken(JWT_SECRET, { sub: `user-${role}`, role }, 1)}`)
      if (yaml !== undefined) headers.set('content-type', 'application/yaml')
      return server.request(pathname, { ...rest, headers, ...(yaml !== undefined ? { body: yaml } : {}) })
    },
  }
}

/** The body of a response, asserting nothing: for messages in failed assertions. */
export async function body<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T
}
