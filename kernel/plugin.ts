// What a plugin is: a folder under plugins/ whose plugin.ts exports `manifest` and a default `register`.
import type { FastifyInstance } from 'fastify'
import type { Reporter } from './reporter.ts'
import type { Store } from './store.ts'
import type { Kernel } from './kernel.ts'

export interface PluginManifest {
  name: string
  version: string
  /** License tier that enables it: community plugins always load. */
  tier: 'community' | 'team' | 'enterprise'
  /** Names of plugins that must be registered first. */
  dependencies?: string[]
  /** Loads before every plugin without it (after its own dependencies), so its onRoute hooks see every route. */
  seesAllRoutes?: boolean
}

/** What a plugin may register. The kernel keeps registries; it never switches on a plugin's name. */
export interface PluginContext {
  kernel: Kernel
  /** The HTTP server, when the kernel runs as a service (absent for the CLI). */
  app?: FastifyInstance
  /** Module URL whose default export implements `Engine`; imported inside each worker thread. */
  registerEngine(moduleUrl: string): void
  registerReporter(reporter: Reporter): void
  /** A store for URLs of this scheme (`sqlite`, `postgres`); GUARD_DATABASE_URL picks one. */
  registerStore(scheme: string, open: (url: string, dataDir: string) => Store | Promise<Store>): void
}

export interface PluginModule {
  manifest: PluginManifest
  default: (ctx: PluginContext) => void | Promise<void>
}
