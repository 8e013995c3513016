// Roles and the permission matrix of CONTRACT §5. Every route declares one permission in `config.permission`.

export const ROLES = ['admin', 'security-lead', 'developer', 'viewer', 'agent'] as const
export type Role = (typeof ROLES)[number]

const ALL: Role[] = [...ROLES]
const MATRIX = {
  scan: ['admin', 'security-lead', 'developer', 'agent'],
  'rules:read': ALL,
  'packs:read': ALL,
  'findings:read': ALL,
  'license:read': ALL,
  'metrics:read': ALL,
  'packs:manage': ['admin', 'security-lead'],
  'config:read': ['admin', 'security-lead', 'developer'],
  'config:write': ['admin'],
  'governance:write': ['admin', 'security-lead'],
  'audit:read': ['admin', 'security-lead', 'viewer'],
  devops: ['admin', 'security-lead', 'developer', 'viewer'],
  'devops:write': ['admin', 'security-lead'],
  requirements: ['admin', 'security-lead', 'developer'],
  'approvals:read': ALL,
  'approvals:decide': ['admin', 'security-lead'],
  /** The documentation pages: any authenticated caller, or everyone with `docs.public: true`. */
  docs: ALL,
  /** Any authenticated caller, whatever its role (GET /api/me: who am I, what may I do). */
  self: ALL,
  /** Needs no credentials at all (GET /health). */
  public: ALL,
} satisfies Record<string, Role[]>

export type Permission = keyof typeof MATRIX
export const PERMISSIONS = Object.keys(MATRIX) as Permission[]

/** Who made a request, as the auth plugin established it (or the CLI, acting locally). */
export interface Identity {
  sub: string
  role: Role
  /** `jwt`: an HS256 token of ours; `oidc`: a token of the identity provider in auth.oidc. */
  auth: 'api-key' | 'jwt' | 'oidc' | 'anonymous' | 'local'
  repo_access?: string[]
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

export function allows(role: Role, permission: Permission): boolean {
  return (MATRIX[permission] as Role[]).includes(role)
}

export function rolesFor(permission: Permission): Role[] {
  return MATRIX[permission]
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission
  }
  interface FastifyRequest {
    identity?: Identity
  }
}
