// The kernel: configuration, plugin discovery in dependency order, registries, and the scan/gate/report API.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import pino, { type Logger } from 'pino'
import { effectiveScanConfig, loadConfigFile, readConfigLeniently, serverConfigPath, type GuardConfig } from './config/config.ts'
import { loadPacks } from './catalog/packs.ts'
import { allRules, packDirs, selectRules } from './catalog/catalog.ts'
import { NotFoundError, ValidationError, type FieldError } from './base/errors.ts'
import type { Reporter } from './scan/reporter.ts'
import type { Engine, RuleDef } from './catalog/rule.ts'
import { loadEngines } from './scan/evaluate.ts'
import type { Store } from './store/store.ts'
import { ScanPool, defaultThreads } from './scan/pool.ts'
import { noteCacheWrites, trimCache } from './scan/result-cache.ts'

/** New cache entries between two trims of the cache to its size. */
const TRIM_EVERY_ENTRIES = 5000
import { loadRules } from './catalog/rules.ts'
import { runScan, type ScanOptions, type ScanOutcome } from './scan/pipeline.ts'
import { decideGate } from './scan/gate.ts'
import { INSTALL_DIR, VERSION } from './base/install.ts'
import { currentLicense, type LicenseInfo } from './access/license.ts'
import type { GateRequest, GateResult, ReportFormat, ScanRequest } from './base/schemas.ts'

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

export interface BootOptions {
  app?: FastifyInstance
  /** Working directory: server config, default scan root and data dir are found from it. */
  cwd?: string
  /** Worker threads for rule evaluation; 0 evaluates in-process. */
  threads?: number
  logger?: Logger
  /** Start the worker threads while the rest boots (for commands and servers that are about to scan). */
  warm?: boolean
  /**
   * Have the threads build what the default rules need before the first scan (a server: its first requests find
   * them ready). A command that scans at once does not: its scan may use other rules, and would wait behind it.
   */
  prepare?: boolean
  /**
   * Read the working directory's .guard.yaml as a repository's is read (legacy keys mapped, unknown keys left out,
   * each a warning in `configWarnings`): the CLI, run inside a repository, finds that repository's file there.
   * The server's own file stays strict.
   */
  lenientConfig?: boolean
}

type StoreOpener = (url: string, dataDir: string) => Store | Promise<Store>

/** Plugins sorted so each comes after its dependencies; a missing or cyclic dependency is an error. */
export function orderPlugins(mods: PluginModule[]): PluginModule[] {
  const byName = new Map(mods.map((m) => [m.manifest.name, m]))
  const done = new Set<string>()
  const out: PluginModule[] = []
  const visit = (m: PluginModule, trail: string[]) => {
    const name = m.manifest.name
    if (done.has(name)) return
    if (trail.includes(name)) throw new Error(`plugin dependency cycle: ${[...trail, name].join(' → ')}`)
    for (const dep of m.manifest.dependencies ?? []) {
      const d = byName.get(dep)
      if (!d) throw new Error(`plugin ${name} needs ${dep}, which is not installed`)
      visit(d, [...trail, name])
    }
    done.add(name)
    out.push(m)
  }
  // Plugins that must see every route (the OpenAPI document) go first: Fastify's onRoute hooks miss earlier routes.
  const early = (m: PluginModule) => (m.manifest.seesAllRoutes ? 0 : 1)
  for (const m of [...mods].sort((a, b) => early(a) - early(b) || a.manifest.name.localeCompare(b.manifest.name))) visit(m, [])
  return out
}

export class Kernel {
  readonly engines: string[] = []
  readonly reporters = new Map<ReportFormat, Reporter>()
  readonly plugins: PluginModule['manifest'][] = []
  private readonly storeOpeners = new Map<string, StoreOpener>()
  private storeOpening: Promise<Store> | undefined
  private engineLoading: Promise<Engine[]> | undefined
  builtinRules: RuleDef[] = []

  private constructor(
    readonly cwd: string,
    readonly configPath: string,
    public config: GuardConfig,
    readonly pool: ScanPool,
    readonly log: Logger,
    /** What a lenient read of the config left out or mapped. */
    readonly configWarnings: FieldError[] = [],
  ) {}

  /** The working directory's .guard.yaml (GUARD_CONFIG, else in it), read leniently (for commands, not the server). */
  static readServerConfig(cwd = process.cwd()): GuardConfig {
    return readConfigLeniently(serverConfigPath(cwd)).config
  }

  static async boot(opts: BootOptions = {}): Promise<Kernel> {
    const cwd = path.resolve(opts.cwd ?? process.cwd())
    const configPath = serverConfigPath(cwd)
    const log = opts.logger ?? (opts.app?.log as Logger | undefined) ?? pino({ level: process.env.GUARD_LOG_LEVEL ?? 'warn' })
    const { config, warnings } = opts.lenientConfig ? readConfigLeniently(configPath) : { config: loadConfigFile(configPath), warnings: [] }
    const kernel = new Kernel(cwd, configPath, config, new ScanPool(opts.threads ?? defaultThreads()), log, warnings)
    await kernel.loadPlugins(opts.app)
    if (opts.warm) kernel.pool.start(kernel.engines)
    kernel.builtinRules = await loadRules([path.join(INSTALL_DIR, 'rules')])
    // The threads get ready for the rules a scan selects with no repository or request settings.
    if (opts.warm && opts.prepare) kernel.pool.prepare(await kernel.defaultRules())
    return kernel
  }

  private async loadPlugins(app?: FastifyInstance): Promise<void> {
    const dir = path.join(INSTALL_DIR, 'plugins')
    const files = fs.readdirSync(dir).sort().map((name) => path.join(dir, name, 'plugin.ts')).filter((f) => fs.existsSync(f))
    // Imported together (the module loader overlaps their reads and compiles), then registered in dependency order.
    const mods = (await Promise.all(files.map((f) => import(pathToFileURL(f).href)))) as PluginModule[]
    const ctx: PluginContext = {
      kernel: this,
      app,
      registerEngine: (url) => void this.engines.push(url),
      registerReporter: (r) => void this.reporters.set(r.format, r),
      registerStore: (scheme, open) => void this.storeOpeners.set(scheme, open),
    }
    for (const mod of orderPlugins(mods)) {
      await mod.default(ctx)
      this.plugins.push(mod.manifest)
    }
  }

  get dataDir(): string {
    return path.resolve(this.cwd, process.env.GUARD_DATA_DIR ?? '.guard/data')
  }

  /**
   * Results kept between scans: GUARD_CACHE_DIR (default the data directory's `cache`), at most GUARD_CACHE_MB
   * (default 512); GUARD_CACHE=off turns it off. Trimmed to size after every few thousand new entries.
   */
  get resultCache(): { dir: string; wrote(entries: number): void } | undefined {
    if (/^(0|off|false|no)$/i.test(process.env.GUARD_CACHE ?? '')) return undefined
    const dir = path.resolve(this.cwd, process.env.GUARD_CACHE_DIR ?? path.join(this.dataDir, 'cache'))
    return {
      dir,
      wrote: (entries) => {
        if (entries && noteCacheWrites(dir, entries) >= TRIM_EVERY_ENTRIES) trimCache(dir, Number(process.env.GUARD_CACHE_MB ?? 512) * 1024 * 1024)
      },
    }
  }

  /**
   * The store named by GUARD_DATABASE_URL (default: SQLite under GUARD_DATA_DIR), opened on first use. Callers
   * that arrive together share one opening; a failed opening (a database not reachable yet) is tried again next time.
   */
  store(): Promise<Store> {
    this.storeOpening ??= this.openStore().catch((e: unknown) => {
      this.storeOpening = undefined
      throw e
    })
    return this.storeOpening
  }

  private async openStore(): Promise<Store> {
    const url = process.env.GUARD_DATABASE_URL ?? 'sqlite:'
    const scheme = url.slice(0, url.indexOf(':'))
    const open = this.storeOpeners.get(scheme)
    if (!open) throw new Error(`no store plugin for ${scheme}: URLs`)
    fs.mkdirSync(this.dataDir, { recursive: true })
    return open(url, this.dataDir)
  }

  /** The engines loaded in this thread (the worker threads load their own), to check the packs' rules with. */
  engineModules(): Promise<Engine[]> {
    return (this.engineLoading ??= loadEngines(this.engines))
  }

  /** Re-reads the server's .guard.yaml (after an edit, or on --reload). */
  reloadConfig(): void {
    this.config = loadConfigFile(this.configPath)
  }

  /** The license tier and features (community when there is no valid key); other plugins ask this. */
  license(): LicenseInfo {
    return currentLicense(this.config, this.log)
  }

  /** The rules a scan runs with no repository or request settings: the server's packs and overrides. */
  async defaultRules(): Promise<RuleDef[]> {
    const packs = loadPacks(packDirs(undefined, this.cwd))
    return selectRules(await allRules(this.builtinRules, packs, () => this.engineModules()), packs, effectiveScanConfig(this.config, {}, {})).rules
  }

  scan(request: ScanRequest, opts: ScanOptions = {}): Promise<ScanOutcome> {
    return runScan(this, request, opts)
  }

  async gate(request: GateRequest, opts: ScanOptions = {}): Promise<ScanOutcome & { gate: GateResult }> {
    const outcome = await this.scan(request, opts)
    const gate = decideGate(outcome.result, outcome.config)
    await (await this.store()).saveGate(outcome.result.scan_id, gate)
    return { ...outcome, gate }
  }

  /** Renders a stored scan, or scans first; returns the report text. */
  async report(format: ReportFormat, request: ScanRequest & { scan_id?: string }, opts: ScanOptions = {}): Promise<{ content: string; reporter: Reporter }> {
    const reporter = this.reporters.get(format)
    if (!reporter) throw new ValidationError('Unknown report format', [{ path: 'format', message: `must be one of: ${[...this.reporters.keys()].join(', ')}` }])
    const { scan_id, ...scanRequest } = request
    let input
    if (scan_id !== undefined) {
      const stored = await (await this.store()).getScan(scan_id)
      if (!stored) throw new NotFoundError(`Scan not found: ${scan_id}`)
      input = { scan: stored.result, rules: new Map(stored.rules.map((r) => [r.id, r as RuleDef])), target: stored.target, startedAt: stored.started_at }
    } else {
      const o = await this.scan(scanRequest, opts)
      input = { scan: o.result, rules: new Map(o.rules.map((r) => [r.id, r])), target: o.target, startedAt: o.startedAt }
    }
    return { reporter, content: reporter.render({ ...input, toolVersion: VERSION }) }
  }

  async close(): Promise<void> {
    await this.pool.destroy()
    const opening = this.storeOpening
    this.storeOpening = undefined
    await (await opening?.catch(() => undefined))?.close()
  }
}

