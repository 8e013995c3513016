// The license tiers of plugins (community < team < enterprise) and what the routes of one not loaded answer.
import type { FastifyInstance, HTTPMethods } from 'fastify'
import { ForbiddenError } from '../base/errors.ts'
import { TIERS, type Tier } from '../access/license.ts'

export function tierCovers(license: Tier, needed: Tier): boolean {
  return TIERS.indexOf(license) >= TIERS.indexOf(needed)
}

const METHODS: HTTPMethods[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']

/**
 * Requests under the path prefixes of a plugin the license does not cover answer 403 with `message` instead of 404,
 * once authenticated like any route (every role may read the license, so only credentials are checked first).
 * A route some loaded plugin serves keeps its answer.
 */
export function refuseUnlicensedRoutes(app: FastifyInstance, prefixes: readonly string[], message: string): void {
  for (const url of prefixes.flatMap((prefix) => [prefix, `${prefix}/*`])) {
    const method = METHODS.filter((m) => !app.hasRoute({ url, method: m }))
    if (!method.length) continue
    app.route({
      method,
      url,
      config: { permission: 'license:read' },
      schema: { hide: true },
      handler: async () => {
        throw new ForbiddenError(message)
      },
    })
  }
}
