// A disk plugin's failure stays its own. It registers inside its own Fastify scope; an error or a hang there (or in a
// Fastify plugin it registers) is caught and returned, never thrown at the server's start; and the routes it added
// before failing answer 404, as unknown routes do (Fastify cannot remove a route once added).
import type { FastifyInstance, RouteOptions } from 'fastify'
import { NotFoundError } from '../base/errors.ts'

/** Importing and registering a plugin may take this long (Fastify itself gives up on a plugin after 10 s). */
export const PLUGIN_TIMEOUT_MS = 5000

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The disk plugin that added the route. */
    plugin?: string
  }
}

type FastifyPluginFunction = (instance: FastifyInstance, opts: unknown, done?: (err?: Error) => void) => unknown

const asError = (e: unknown): Error => (e instanceof Error ? e : new Error(String(e)))

/** The error of `work`, or of its taking longer than PLUGIN_TIMEOUT_MS; undefined when it succeeded in time. */
async function settle(work: () => Promise<unknown>): Promise<Error | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<Error>((resolve) => {
    timer = setTimeout(() => resolve(new Error(`it did not finish loading within ${PLUGIN_TIMEOUT_MS / 1000} s`)), PLUGIN_TIMEOUT_MS)
  })
  try {
    return await Promise.race([work().then(() => undefined, asError), late])
  } finally {
    clearTimeout(timer)
  }
}

const contained = new WeakSet<FastifyInstance>()

/**
 * Every Fastify plugin registered under `instance`, at any depth, runs with its error caught and given to `fail`:
 * one that threw would otherwise stop the server's start, and leave its routes half set up (a request to them
 * would crash the process).
 */
function containRegistrations(instance: FastifyInstance, fail: (e: unknown) => void): void {
  if (contained.has(instance)) return
  contained.add(instance)
  const register = instance.register.bind(instance)
  instance.register = ((plugin: unknown, opts?: unknown) => {
    if (typeof plugin !== 'function') return register(plugin as never, opts as never)
    const fn = plugin as FastifyPluginFunction
    const wrapped = async (inner: FastifyInstance, innerOpts: unknown) => {
      containRegistrations(inner, fail)
      try {
        await (fn.length >= 3 ? new Promise<void>((resolve, reject) => void fn(inner, innerOpts, (err) => (err ? reject(err) : resolve()))) : fn(inner, innerOpts))
      } catch (e) {
        fail(e)
      }
    }
    // fastify-plugin's marks (no encapsulation, name, dependencies) are symbols on the function: they carry over.
    for (const key of Object.getOwnPropertySymbols(fn)) Object.assign(wrapped, { [key]: (fn as unknown as Record<symbol, unknown>)[key] })
    return register(wrapped as never, opts as never)
  }) as FastifyInstance['register']
}

/** Runs disk plugins' registrations, each contained; made before any plugin registers, so its hook runs first. */
export class PluginScopes {
  private readonly failed = new Set<string>()

  constructor(private readonly app?: FastifyInstance) {
    app?.addHook('onRequest', async (request) => {
      const owner = request.routeOptions.config.plugin
      if (owner !== undefined && this.failed.has(owner)) throw new NotFoundError(`Not found: ${request.method} ${request.url.split('?')[0]}`)
    })
  }

  /** `register` with the plugin's own Fastify scope (none without a server); its failure, or undefined. */
  async run(name: string, register: (scope?: FastifyInstance) => Promise<unknown>): Promise<Error | undefined> {
    if (!this.app) return settle(() => register(undefined))
    let failure: Error | undefined
    const fail = (e: unknown) => void (failure ??= asError(e))
    const routes: RouteOptions[] = []
    await this.app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, plugin: name }
        routes.push(route)
      })
      containRegistrations(scope, fail)
      const error = await settle(() => register(scope))
      if (error) fail(error)
      // The Fastify plugins it registered load once this function returns; what fails then arrives here.
      scope.after((err) => err && fail(err))
    })
    if (!failure) return undefined
    this.failed.add(name)
    // Out of the OpenAPI document too: @fastify/swagger reads this from the routes' options when it builds it (their
    // `config` is the copy made above: the route's own options are not touched).
    const hidden = ({ schema, url }: { schema?: object; url: string }) => ({ schema: { ...schema, hide: true }, url })
    for (const route of routes) Object.assign(route.config as object, { swaggerTransform: hidden })
    return failure
  }
}
