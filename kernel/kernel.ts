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
import type { WorkItemProvider } from './devops/provider.ts'
import { ScanPool, defaultThreads } from './scan/pool.ts'
import { noteCacheWrites, trimCache } from './scan/result-cache.ts'

/** New cache entries between two trims of the cache to its size, and between two updates of its count. */
const TRIM_EVERY_ENTRIES = 5000
const NOTE_EVERY_ENTRIES = 200
import { loadRules } from './catalog/rules.ts'
import { runScan, type ScanOptions, type ScanOutcome } from './scan/pipeline.ts'
import { decideGate } from './scan/gate.ts'
import { INSTALL_DIR, VERSION } from './base/install.ts'
import { runtimeModule } from './base/modules.ts'
import { currentLicense, type LicenseInfo, type Tier } from './access/license.ts'
import { findDiskPlugins, orderDiskPlugins, type DiskPlugin } from './plugins/disk.ts'
import { importEntry } from './plugins/entry.ts'
import { PluginScopes } from './plugins/contain.ts'
import { refuseUnlicensedRoutes, tierCovers } from './plugins/tiers.ts'
import type { GateRequest, GateResult, QueueStatus, QueueWait, ReportFormat, ScanJob, ScanPriority, ScanRequest, ScanResult } from './base/schemas.ts'
import { REPORT_FORMAT_PATTERN } from './base/schemas.ts'
import type { Identity } from './access/permissions.ts'

export interface PluginManifest {
  name: string
  version: string
  /** License tier that enables it: community plugins always load. */
  tier: 'community' | 'team' | 'enterprise'
  /** Names of plugins that must be registered first. */
  dependencies?: string[]
  /** Loads before every plugin without it (after its own dependencies), so its onRoute hooks see every route. */
  seesAllRoutes?: boolean
  /** Path prefixes the plugin serves (e.g. `/api/approvals`): answered 403 with `license_message` when its tier is not covered. */
  routes?: string[]
  /** The 403 detail for `routes` when the license does not cover the plugin's tier. */
  license_message?: string
}

/** What a gate review sees: the kernel's decision, the scan it was taken on, the request, and who asked. */
export interface GateReviewInput {
  gate: GateResult
  scan: ScanResult
  /** The scanned repository relative to its scan root, or `inline`. */
  target: string
  request: GateRequest
  identity?: Identity
  /** The HTTP request the gate answers, when there is one (for the audit entries a review writes). */
  requestId?: string
}

/** A second look at a gate decision (approvals): returns an amended decision, or undefined to leave it. */
export type GateReview = (input: GateReviewInput) => GateResult | undefined | Promise<GateResult | undefined>

/** A `guard` subcommand a plugin adds (`guard trace`): bin/cli.ts runs it with the arguments after its name. */
export interface Command {
  name: string
  /** Runs the command; returns the exit code. A GuardError thrown is printed by the CLI (exit 2). */
  run(args: string[]): Promise<number>
}

/**
 * How the kernel's scans run: its own executor runs them in this process (runScan on its threads); a plugin may
 * register another (queue mode: workers elsewhere), which may also take scans that answer at once, and report on itself.
 */
export interface ScanExecutor {
  scan(request: ScanRequest, opts: ScanOptions): Promise<ScanOutcome>
  /** Accepts a scan (gated and stored later, by whoever runs it); resolves with its id once it is safely queued. */
  submit?(request: ScanRequest, opts: ScanOptions & { priority?: ScanPriority }): Promise<string>
  /** A submitted scan not stored yet (queued, running or failed); undefined for a scan it does not know. */
  job?(scanId: string): Promise<ScanJob | undefined>
  /** A submitted scan to follow (undefined for one it does not know): the returned call waits for its end, telling its progress through `opts`. */
  follow?(scanId: string): Promise<((opts: Pick<ScanOptions, 'signal' | 'onStart' | 'onProgress'>) => Promise<ScanOutcome & { gate: GateResult }>) | undefined>
  /** Its state for GET /health; throws when it cannot tell (the service is then degraded). */
  health?(): Promise<QueueStatus>
  /** Its figures for GET /api/metrics. */
  metrics?(): Promise<QueueWait>
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
  /** A review every gate decision goes through, in registration order (`kernel.gate()`: POST /gate, the streamed scan). */
  registerGateReview(review: GateReview): void
  /** A work-item tracker (kernel/devops/provider.ts); `devops.provider` names the one in use. */
  registerWorkItemProvider(provider: WorkItemProvider): void
  /** A `guard` subcommand (the kernel boots for it, as for `guard scan`). */
  registerCommand(command: Command): void
  /** Replaces how scans run (the kernel's own executor runs them in this process). */
  registerScanExecutor(executor: ScanExecutor): void
}

export interface PluginModule {
  manifest: PluginManifest
  default: (ctx: PluginContext) => void | Promise<void>
}

/** A plugin of this server, built-in or from GUARD_PLUGINS_DIR, and whether it was loaded (GET /api/plugins). */
export interface PluginStatus {
  name: string
  /** Null for a folder whose plugin.json could not be read. */
  version: string | null
  tier: Tier | null
  source: 'builtin' | 'disk'
  status: 'loaded' | 'not-licensed' | 'failed'
  /** Why it is not loaded. */
  reason?: string
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
  private readonly gateReviews: GateReview[] = []
  /** Work-item trackers by `devops.provider` name. */
  readonly workItemProviders = new Map<string, WorkItemProvider>()
  /** `guard` subcommands plugins add, by name. */
  readonly commands = new Map<string, Command>()
  readonly plugins: PluginModule['manifest'][] = []
  /** Every plugin, loaded or not, in the order it was considered. */
  readonly pluginStatus: PluginStatus[] = []
  private readonly storeOpeners = new Map<string, StoreOpener>()
  private storeOpening: Promise<Store> | undefined
  private engineLoading: Promise<Engine[]> | undefined
  builtinRules: RuleDef[] = []
  private scanExecutor: ScanExecutor = { scan: (request, opts) => runScan(this, request, opts) }

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
    // Without a server, logs go to stderr: a command's standard output may be its report.
    const log = opts.logger ?? (opts.app?.log as Logger | undefined) ?? pino({ level: process.env.GUARD_LOG_LEVEL ?? 'warn' }, pino.destination({ dest: 2, sync: true }))
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
    const mods = (await Promise.all(files.map((f) => import(runtimeModule(pathToFileURL(f).href))))) as PluginModule[]
    const ctx: PluginContext = {
      kernel: this,
      app,
      registerEngine: (url) => void this.engines.push(url),
      registerReporter: (r) => void this.reporters.set(r.format, r),
      registerStore: (scheme, open) => void this.storeOpeners.set(scheme, open),
      registerGateReview: (review) => void this.gateReviews.push(review),
      registerWorkItemProvider: (provider) => void this.workItemProviders.set(provider.name, provider),
      registerCommand: (command) => void this.commands.set(command.name, command),
      registerScanExecutor: (executor) => void (this.scanExecutor = executor),
    }
    const tier = this.license().tier
    const disk = findDiskPlugins(this.pluginsDir, new Set(mods.map((m) => m.manifest.name)))
    // Made before any plugin registers: its hook (the routes of a plugin that failed are unknown) runs before auth's.
    const scopes = new PluginScopes(disk.found.length ? app : undefined)
    for (const mod of orderPlugins(mods)) {
      if (this.unlicensed(mod.manifest, 'builtin', tier, app)) continue
      // A built-in plugin that fails is our bug: the start fails with it.
      await mod.default(ctx)
      this.listPlugin(mod.manifest, 'builtin', 'loaded')
    }
    for (const { name, manifest, reason } of disk.problems) this.listPlugin(manifest ?? { name }, 'disk', 'failed', reason)
    for (const plugin of orderDiskPlugins(disk.found)) {
      if (this.unlicensed(plugin.manifest, 'disk', tier, app)) continue
      const problem = plugin.problem ?? this.dependencyProblem(plugin.manifest.dependencies)
      const failure = problem ?? (await scopes.run(plugin.manifest.name, (scope) => this.registerDiskPlugin(plugin, { ...ctx, app: scope })))?.message
      this.listPlugin(plugin.manifest, 'disk', failure === undefined ? 'loaded' : 'failed', failure)
    }
  }

  /** Lists a plugin (a failed one is logged); a loaded plugin's manifest joins `plugins`. */
  private listPlugin(manifest: Pick<PluginManifest, 'name'> & Partial<PluginManifest>, source: PluginStatus['source'], status: PluginStatus['status'], reason?: string): void {
    this.pluginStatus.push({ name: manifest.name, version: manifest.version ?? null, tier: manifest.tier ?? null, source, status, ...(reason !== undefined && { reason }) })
    if (status === 'loaded') this.plugins.push(manifest as PluginManifest)
    if (status === 'failed') this.log.error(`plugin ${manifest.name} (${source}) failed to load: ${reason}`)
  }

  /**
   * The tier check, for every plugin: one the license does not cover, or one needing such a plugin, is listed and
   * never registered; requests under its `routes` answer 403 with its `license_message`.
   */
  private unlicensed(manifest: PluginManifest, source: PluginStatus['source'], tier: Tier, app?: FastifyInstance): boolean {
    const needs = manifest.dependencies?.find((d) => this.pluginStatus.some((p) => p.name === d && p.status === 'not-licensed'))
    const reason = !tierCovers(tier, manifest.tier) ? `its tier is ${manifest.tier}, this server's license is ${tier}` : needs && `it needs ${needs}, which the ${tier} license does not cover`
    if (!reason) return false
    this.listPlugin(manifest, source, 'not-licensed', reason)
    // Said once at start by a server; a command (no server) says it only at GUARD_LOG_LEVEL=info.
    this.log[app ? 'warn' : 'info'](`plugin ${manifest.name} not loaded: ${reason}`)
    if (app && manifest.routes?.length) refuseUnlicensedRoutes(app, manifest.routes, manifest.license_message ?? `The ${manifest.name} plugin requires a ${manifest.tier} license`)
    return true
  }

  /** Why a disk plugin cannot load for want of a dependency (built-in or disk, loaded before it), or undefined. */
  private dependencyProblem(dependencies: string[] = []): string | undefined {
    for (const dep of dependencies) {
      const status = this.pluginStatus.find((p) => p.name === dep)?.status
      if (status !== 'loaded') return status ? `it needs ${dep}, which is not loaded (${status})` : `it needs ${dep}, which is not installed`
    }
    return undefined
  }

  /**
   * A disk plugin's register(ctx), in its own scope. What it registers takes effect once it has returned: a plugin
   * that throws halfway leaves no reporter, engine, store or other registration behind.
   */
  private async registerDiskPlugin(plugin: DiskPlugin, base: PluginContext): Promise<void> {
    const register = (await importEntry(plugin.entry)) as PluginModule['default']
    const staged: (() => void)[] = []
    const ctx: Record<string, unknown> = { ...base }
    for (const [key, value] of Object.entries(base))
      if (key.startsWith('register') && typeof value === 'function') ctx[key] = (...args: unknown[]) => void staged.push(() => value(...args))
    const registerReporter = ctx.registerReporter as PluginContext['registerReporter']
    ctx.registerReporter = (reporter: Reporter) => {
      if (!new RegExp(REPORT_FORMAT_PATTERN).test(String(reporter?.format))) throw new Error(`report format ${JSON.stringify(reporter?.format)} must be lower-case letters, digits and hyphens`)
      if (typeof reporter.render !== 'function') throw new Error(`reporter ${reporter.format} has no render(input) function`)
      if (this.reporters.has(reporter.format)) throw new Error(`report format ${reporter.format} is already registered by another plugin`)
      registerReporter(reporter)
    }
    const registerStore = ctx.registerStore as PluginContext['registerStore']
    ctx.registerStore = (scheme: string, open: StoreOpener) => {
      if (this.storeOpeners.has(scheme)) throw new Error(`a store for ${scheme}: URLs is already registered by another plugin`)
      registerStore(scheme, open)
    }
    await register(ctx as unknown as PluginContext)
    for (const commit of staged) commit()
  }

  get dataDir(): string {
    return path.resolve(this.cwd, process.env.GUARD_DATA_DIR ?? '.guard/data')
  }

  /** Plugins installed beside the built-in ones: one folder each, with a plugin.json. */
  get pluginsDir(): string {
    return path.resolve(this.cwd, process.env.GUARD_PLUGINS_DIR || '.guard/plugins')
  }

  /**
   * Results kept between scans: GUARD_CACHE_DIR (default the data directory's `cache`), at most GUARD_CACHE_MB
   * (default 512); GUARD_CACHE=off turns it off. Trimmed to size after every few thousand new entries.
   */
  get resultCache(): { dir: string; wrote(dir: string, entries: number): void } | undefined {
    if (/^(0|off|false|no)$/i.test(process.env.GUARD_CACHE ?? '')) return undefined
    return {
      dir: path.resolve(this.cwd, process.env.GUARD_CACHE_DIR ?? path.join(this.dataDir, 'cache')),
      // The folder the results were written to: this one, or the one a scan was given (the CLI's --cache).
      wrote: (dir, entries) => {
        // Counted in memory and added to the cache's own count now and then (and at close), not after every scan:
        // a small scan should not wait for a file write.
        this.cacheWrites.set(dir, (this.cacheWrites.get(dir) ?? 0) + entries)
        if (this.cacheWrites.get(dir)! >= NOTE_EVERY_ENTRIES) this.noteCacheWrites(dir)
      },
    }
  }

  /** New cache entries not yet added to the cache's count, per cache folder. */
  private readonly cacheWrites = new Map<string, number>()

  private noteCacheWrites(dir: string): void {
    const entries = this.cacheWrites.get(dir) ?? 0
    this.cacheWrites.delete(dir)
    if (entries && noteCacheWrites(dir, entries) >= TRIM_EVERY_ENTRIES) trimCache(dir, Number(process.env.GUARD_CACHE_MB ?? 512) * 1024 * 1024)
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

  /** How scans run: in this process, unless a plugin registered another executor (queue mode). */
  get executor(): ScanExecutor {
    return this.scanExecutor
  }

  scan(request: ScanRequest, opts: ScanOptions = {}): Promise<ScanOutcome> {
    return this.scanExecutor.scan(request, opts)
  }

  async gate(request: GateRequest, opts: ScanOptions = {}): Promise<ScanOutcome & { gate: GateResult }> {
    const outcome = await this.scan(request, { purpose: 'gate', ...opts })
    let gate = decideGate(outcome.result, outcome.config)
    // Plugins may amend the decision (an approval that covers the blocking findings, a request for one).
    for (const review of this.gateReviews)
      gate = (await review({ gate, scan: outcome.result, target: outcome.target, request, identity: opts.identity, requestId: opts.requestId })) ?? gate
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
      const o = await this.scan(scanRequest, { purpose: 'report', ...opts })
      input = { scan: o.result, rules: new Map(o.rules.map((r) => [r.id, r])), target: o.target, startedAt: o.startedAt }
    }
    return { reporter, content: reporter.render({ ...input, toolVersion: VERSION }) }
  }

  async close(): Promise<void> {
    for (const dir of [...this.cacheWrites.keys()]) this.noteCacheWrites(dir)
    await this.pool.destroy()
    const opening = this.storeOpening
    this.storeOpening = undefined
    await (await opening?.catch(() => undefined))?.close()
  }
}

