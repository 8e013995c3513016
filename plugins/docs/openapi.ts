// The OpenAPI 3 document's options: info, security schemes, and each operation's permission and roles.
import type { FastifySchema } from 'fastify'
import type { SwaggerOptions, SwaggerTransform } from '@fastify/swagger'
import { rolesFor, VERSION, type Permission } from '../../kernel/plugin.ts'

/** The keys this plugin adds to an operation beyond Fastify's schema. */
export type DescribedSchema = FastifySchema & { 'x-permission': Permission }

/** Either method: a key, or a bearer token when JWT is enabled. */
const SECURITY: FastifySchema['security'] = [{ ApiKey: [] }, { BearerAuth: [] }]

const DESCRIPTION = [
  'Self-hosted code scanning: scan, gate, report, rules and standards packs.',
  '',
  'Authenticate with the `X-API-Key` header (acts as `admin`) or, when JWT is enabled, `Authorization: Bearer <token>`.',
  'Each operation names the permission it needs and the roles that hold it. `GET /health` needs no credentials.',
].join('\n')

/** The line every operation's description carries, e.g. "Permission: scan — roles: admin, developer". */
export function permissionLine(permission: Permission): string {
  if (permission === 'public') return 'Permission: public — no credentials needed'
  return `Permission: ${permission} — roles: ${rolesFor(permission).join(', ')}`
}

/** JSON Schema's numeric `exclusiveMinimum: n` (TypeBox, Ajv) in OpenAPI 3.0's form: `minimum: n, exclusiveMinimum: true`. */
function openApi30<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(openApi30) as T
  if (typeof schema !== 'object' || schema === null) return schema
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(schema)) {
    if ((k === 'exclusiveMinimum' || k === 'exclusiveMaximum') && typeof v === 'number') Object.assign(out, { [k === 'exclusiveMinimum' ? 'minimum' : 'maximum']: v, [k]: true })
    else out[k] = openApi30(v)
  }
  return out as T
}

/** Adds `x-permission`, the permission line and `security` to an operation; hides the documentation's own routes. */
export const describeOperation: SwaggerTransform = ({ schema, url, route }) => {
  const permission = route.config?.permission
  if (permission === 'docs') return { schema: { ...schema, hide: true }, url }
  // A route without a permission answers 500 (auth fails closed): left undescribed so tests notice.
  if (!permission) return { schema, url }
  const described: DescribedSchema = {
    ...openApi30(schema),
    description: [schema?.description, permissionLine(permission)].filter(Boolean).join('\n\n'),
    'x-permission': permission,
    // An empty list says explicitly that /health needs no credentials.
    security: permission === 'public' ? [] : SECURITY,
  }
  return { schema: described, url }
}

export const swaggerOptions: SwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: { title: 'guard', version: VERSION, description: DESCRIPTION },
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'GUARD_API_KEY; acts as admin' },
        BearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'HS256 token from `guard token`, with `role` and `exp`; or, with `auth.oidc` (Enterprise), an RS256/ES256 access token of the configured identity provider' },
      },
    },
  },
  transform: describeOperation,
}
