// The `guard` command (CONTRACT §1): serve, scan, gate, report, rules, rules test, packs, token, license, approvals.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { Kernel } from '../kernel/kernel.ts'
import { GuardError } from '../kernel/base/errors.ts'
import { REPORT_FORMATS, type ReportFormat, type ScanRequest, type Severity } from '../kernel/base/schemas.ts'
import { listRules } from '../kernel/catalog/catalog.ts'
import { loadPacks, parsePack } from '../kernel/catalog/packs.ts'
import { packDirs } from '../kernel/catalog/catalog.ts'
import { loadRules } from '../kernel/catalog/rules.ts'
import { loadEngines } from '../kernel/scan/evaluate.ts'
import { testRules, formatRuleTestResults } from '../kernel/scan/fixtures.ts'
import { isRole, ROLES } from '../kernel/access/permissions.ts'
import { jwtSecret, signToken } from '../kernel/access/tokens.ts'
import { issueLicense, TIERS, type Tier } from '../kernel/access/license.ts'
import { INSTALL_DIR } from '../kernel/base/install.ts'
import { writeFileAtomic } from '../kernel/base/files.ts'
import { baselineOf, readBaseline } from '../kernel/scan/baseline.ts'
import { analysisFailedEverywhere } from '../kernel/scan/gate.ts'
import { migrateConfigText } from '../kernel/config/legacy.ts'
import { progressBar, formatText, formatGate, formatApproval, formatApprovals } from './output.ts'
import { remoteServer } from './remote.ts'
import type { ApprovalRequest } from '../plugins/approvals/schemas.ts'
import { failureOf, streamScan } from '../plugins/stream/events.ts'
import type { StreamEvent } from '../plugins/stream/schemas.ts'

/** The help text, also printed by bin/guard.mjs without loading anything else. */
const USAGE = fs.readFileSync(new URL('./usage.txt', import.meta.url), 'utf8')

const SCAN_FLAGS = {
  format: { type: 'string', short: 'f' },
  output: { type: 'string', short: 'o' },
  'changed-files': { type: 'string', multiple: true },
  pack: { type: 'string', multiple: true },
  history: { type: 'boolean' },
  since: { type: 'string' },
  baseline: { type: 'string' },
  'write-baseline': { type: 'string' },
  progress: { type: 'string' },
  cache: { type: 'string' },
  'no-cache': { type: 'boolean' },
} satisfies ParseArgsConfig['options']

class UsageError extends Error {}

function parse<T extends ParseArgsConfig['options']>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true })
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
}

function write(output: string | undefined, content: string): void {
  if (!output) return void process.stdout.write(content.endsWith('\n') ? content : `${content}\n`)
  // A failed run never leaves half a report.
  writeFileAtomic(output, content)
}

/** Warnings go to stderr, once each: the working directory's config and a scanned repository's may be one file. */
const shownWarnings = new Set<string>()
function warn(warnings: { path: string; message: string }[]): void {
  for (const w of warnings) {
    const line = `guard: warning: ${w.path}: ${w.message}\n`
    if (!shownWarnings.has(line)) process.stderr.write(line)
    shownWarnings.add(line)
  }
}

async function withKernel<T>(fn: (kernel: Kernel) => Promise<T>): Promise<T> {
  // A scan starts the threads once its walk has listed more files than this thread takes (kernel/scan/pool.ts).
  const kernel = await Kernel.boot({ lenientConfig: true })
  warn(kernel.configWarnings)
  try {
    return await fn(kernel)
  } finally {
    await kernel.close()
  }
}

/** `guard scan|gate|report [PATH]`: the directory becomes the only scan root. */
async function scanCommand(command: 'scan' | 'gate' | 'report', args: string[]): Promise<number> {
  const { values, positionals } = parse(args, SCAN_FLAGS)
  const target = path.resolve(positionals[0] ?? '.')
  if (!fs.existsSync(target) || !fs.statSync(target).isDirectory()) throw new UsageError(`not a directory: ${positionals[0] ?? '.'}`)
  const format = values.format ?? (command === 'report' ? 'sarif' : 'text')
  // Plugins (GUARD_PLUGINS_DIR too) may add formats: a report format is checked once the kernel has loaded them.
  if (command === 'report' && (format === 'text' || format === 'json')) throw new UsageError('report --format takes one of ' + REPORT_FORMATS.join(', ') + ", or a plugin's format")
  if (values.since !== undefined && !values.history) throw new UsageError('--since goes with --history')
  if (values.progress !== undefined && values.progress !== 'json') throw new UsageError('--progress takes json')
  // The events are the standard output, one JSON object a line: a report there would break every line reader.
  const events = values.progress === 'json'
  if (events && values.output === undefined && (command === 'report' || format !== 'text'))
    throw new UsageError('with --progress json the standard output carries the events: write the report with --output FILE')
  const request: ScanRequest = {
    repo_path: '.',
    ...(values['changed-files'] ? { changed_files: values['changed-files'] } : {}),
    ...(values.pack ? { config_overrides: { packs: values.pack } } : {}),
    ...(values.history ? { history: true, ...(values.since !== undefined && { history_since: values.since }) } : {}),
  }
  // Writing a baseline records every finding: no baseline leaves any out then.
  let baseline: Set<string> | undefined = values['write-baseline'] !== undefined ? new Set() : undefined
  if (values.baseline !== undefined && !baseline) {
    const read = readBaseline(path.resolve(values.baseline))
    if ('problem' in read) throw new UsageError(`--baseline ${values.baseline}: ${read.problem}`)
    baseline = read.ids
  }
  return withKernel(async (kernel) => {
    if (format !== 'text' && format !== 'json' && !kernel.reporters.has(format))
      throw new UsageError(`unknown format ${format}; one of ${[...(command === 'report' ? [] : ['text', 'json']), ...kernel.reporters.keys()].join(', ')}`)
    const bar = progressBar()
    const opts = { roots: [fs.realpathSync(target)], onProgress: bar.update, identity: { sub: 'cli', role: 'admin' as const, auth: 'local' as const }, baseline, cacheDir: values['no-cache'] ? null : values.cache && path.resolve(values.cache) }
    try {
      const { result, gate } = events
        ? await scanWithEvents(kernel, request, { ...opts, onProgress: undefined }).then((o) => (command === 'scan' ? { ...o, gate: undefined } : o))
        : command === 'gate' ? await kernel.gate(request, opts) : { ...(await kernel.scan(request, opts)), gate: undefined }
      bar.done()
      warn(result.warnings ?? [])
      if (values['write-baseline'] !== undefined) {
        writeFileAtomic(values['write-baseline'], `${JSON.stringify(baselineOf(result.findings), null, 1)}\n`)
        process.stderr.write(`guard: baseline of ${result.findings.length} finding(s) written to ${values['write-baseline']}\n`)
      }
      if (events && values.output === undefined) {
        // The `completed` event was the result.
      } else if (format === 'text') write(values.output, formatText(result))
      else if (format === 'json') write(values.output, JSON.stringify(gate ? { ...result, gate } : result, null, 2))
      else write(values.output, (await kernel.report(format as ReportFormat, { scan_id: result.scan_id })).content)
      if (gate) process.stderr.write(formatGate(gate))
      if (analysisFailedEverywhere(result)) {
        process.stderr.write(`guard: the analysis failed on every file it tried (${result.files_skipped.find((s) => s.reason.startsWith('analysis failed'))!.reason})\n`)
        return 2
      }
      return gate && !gate.passed ? 1 : 0
    } finally {
      bar.done()
    }
  })
}

/** `--progress json`: the streamed scan's events as JSON lines on stdout; a failure ends them with an `error` event. */
async function scanWithEvents(kernel: Kernel, request: ScanRequest, opts: NonNullable<Parameters<Kernel['scan']>[1]>) {
  const line = (event: StreamEvent) => void process.stdout.write(`${JSON.stringify(event)}\n`)
  let end
  try {
    end = await streamScan(kernel, request, opts, line)
  } catch (e) {
    line({ id: 1, event: 'error', data: { detail: failureOf(e).detail } })
    throw e
  }
  if (!end.completed) throw new GuardError(end.status, end.detail ?? 'Internal server error')
  const { gate, ...result } = end.completed
  return { result, gate }
}

async function rulesCommand(args: string[]): Promise<number> {
  if (args[0] === 'test') {
    const { positionals } = parse(args.slice(1), {})
    const dirs = positionals.length ? positionals.map((p) => path.resolve(p)) : [path.join(INSTALL_DIR, 'rules')]
    return withKernel(async (kernel) => {
      const results = await testRules(await loadRules(dirs), await loadEngines(kernel.engines))
      process.stdout.write(formatRuleTestResults(results))
      return results.every((r) => r.failures.length === 0) ? 0 : 1
    })
  }
  const { values } = parse(args, { pack: { type: 'string' }, language: { type: 'string' }, severity: { type: 'string' }, json: { type: 'boolean' } })
  return withKernel(async (kernel) => {
    const rules = await listRules(kernel, { pack: values.pack, language: values.language, severity: values.severity as Severity | undefined })
    if (values.json) write(undefined, JSON.stringify({ rules, total: rules.length }, null, 2))
    else write(undefined, rules.map((r) => `${r.enabled ? ' ' : '-'} ${r.severity.padEnd(8)} ${r.id.padEnd(40)} ${r.languages.join(',')}  [${r.packs.join(', ')}]`).join('\n') + `\n${rules.length} rule(s)`)
    return 0
  })
}

async function packsCommand(args: string[]): Promise<number> {
  const [sub, arg] = args
  const packs = () => loadPacks(packDirs(undefined, process.cwd()))
  if (sub === 'list') {
    write(undefined, packs().map((p) => `${p.id.padEnd(20)} ${p.version.padEnd(10)} ${p.builtin ? 'builtin' : 'custom '} ${p.name}`).join('\n'))
    return 0
  }
  if (sub === 'export' && arg) {
    const pack = packs().find((p) => p.id === arg)
    if (!pack) throw new GuardError(404, `no pack named ${arg}`)
    write(undefined, fs.readFileSync(path.join(pack.dir, 'pack.yaml'), 'utf8'))
    return 0
  }
  if ((sub === 'validate' || sub === 'import') && arg) {
    const text = fs.readFileSync(arg, 'utf8')
    const pack = parsePack(text, path.basename(arg))
    if (sub === 'validate') {
      write(undefined, `${arg}: valid pack ${pack.id} (${pack.rules.length - pack.inlineRules.length} selector(s), ${pack.inlineRules.length} inline rule(s))`)
      return 0
    }
    const dir = path.resolve(process.env.GUARD_PACKS_DIR ?? '.guard/packs', pack.id)
    if (packs().some((p) => p.id === pack.id)) throw new GuardError(409, `a pack named ${pack.id} already exists`)
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(path.join(dir, 'pack.yaml'), text)
    write(undefined, `imported ${pack.id} into ${dir}`)
    return 0
  }
  throw new UsageError('packs list | export ID | import FILE | validate FILE')
}

function tokenCommand(args: string[]): number {
  const { values } = parse(args, { sub: { type: 'string' }, role: { type: 'string' }, repo: { type: 'string', multiple: true }, hours: { type: 'string' } })
  if (!values.sub || !values.role) throw new UsageError('token needs --sub and --role')
  if (!isRole(values.role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`)
  const config = Kernel.readServerConfig()
  const secret = jwtSecret(config)
  if (!secret) throw new UsageError('no signing secret: set GUARD_JWT_SECRET or auth.jwt_secret in .guard.yaml')
  const hours = values.hours !== undefined ? Number(values.hours) : config.auth?.token_expiry_hours ?? 24
  if (!(hours > 0)) throw new UsageError('--hours must be a positive number')
  write(undefined, signToken(secret, { sub: values.sub, role: values.role, ...(values.repo ? { repo_access: values.repo } : {}) }, hours))
  return 0
}

/** `guard config migrate [FILE] [--dry-run]`: the original product's keys rewritten in ours, comments kept. */
function configCommand(args: string[]): number {
  if (args[0] !== 'migrate') throw new UsageError('config migrate [FILE] [--dry-run]')
  const { values, positionals } = parse(args.slice(1), { 'dry-run': { type: 'boolean' } })
  const file = path.resolve(positionals[0] ?? '.guard.yaml')
  if (!fs.existsSync(file)) throw new UsageError(`no such file: ${positionals[0] ?? '.guard.yaml'}`)
  let migrated: ReturnType<typeof migrateConfigText>
  try {
    migrated = migrateConfigText(fs.readFileSync(file, 'utf8'))
  } catch (e) {
    throw new GuardError(400, `${path.basename(file)} is not readable YAML: ${(e as Error).message.split('\n')[0]}`)
  }
  for (const change of migrated.changes) process.stderr.write(`  ${change}\n`)
  if (values['dry-run']) write(undefined, migrated.text)
  else if (migrated.changes.length) writeFileAtomic(file, migrated.text)
  process.stderr.write(migrated.changes.length ? `${values['dry-run'] ? 'would migrate' : 'migrated'} ${positionals[0] ?? '.guard.yaml'}\n` : 'nothing to migrate\n')
  return 0
}

/** `guard approvals list|show|approve|reject`: the approval requests of a running server, over its HTTP API. */
async function approvalsCommand(args: string[]): Promise<number> {
  const [sub, ...rest] = args
  const { values, positionals } = parse(rest, {
    server: { type: 'string' }, json: { type: 'boolean' }, comment: { type: 'string' },
    status: { type: 'string' }, repo: { type: 'string' }, 'scan-id': { type: 'string' }, limit: { type: 'string' },
  })
  const filters = { status: values.status, repo: values.repo, scan_id: values['scan-id'], limit: values.limit }
  const filtered = Object.values(filters).some((v) => v !== undefined)
  const print = (answer: unknown, text: string) => write(undefined, values.json ? JSON.stringify(answer, null, 2) : text)
  if (sub === 'list' && positionals.length === 0 && values.comment === undefined) {
    const query = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => e[1] !== undefined))
    const page = await remoteServer(values.server).get<{ items: ApprovalRequest[]; total: number }>(`/api/approvals${query.size ? `?${query}` : ''}`)
    print(page, formatApprovals(page))
    return 0
  }
  const [id] = positionals
  const resource = `/api/approvals/${encodeURIComponent(id ?? '')}`
  if (sub === 'show' && positionals.length === 1 && !filtered && values.comment === undefined) {
    const approval = await remoteServer(values.server).get<ApprovalRequest>(resource)
    print(approval, formatApproval(approval))
    return 0
  }
  if ((sub === 'approve' || sub === 'reject') && positionals.length === 1 && !filtered) {
    const approval = await remoteServer(values.server).patch<ApprovalRequest>(resource, { decision: sub, ...(values.comment !== undefined && { comment: values.comment }) })
    print(approval, formatApproval(approval))
    return 0
  }
  throw new UsageError('approvals list [--status S] [--repo R] [--scan-id ID] [--limit N] | show ID | approve ID [--comment TEXT] | reject ID [--comment TEXT]')
}

/** `guard license issue`: signs a license key with the vendor's Ed25519 private key (PEM). */
function licenseCommand(args: string[]): number {
  if (args[0] !== 'issue') throw new UsageError('license issue --private-key FILE --org O --tier T --days N')
  const { values } = parse(args.slice(1), { 'private-key': { type: 'string' }, org: { type: 'string' }, tier: { type: 'string' }, days: { type: 'string' }, feature: { type: 'string', multiple: true } })
  if (!values['private-key'] || !values.org || !values.tier || !values.days) throw new UsageError('license issue needs --private-key, --org, --tier and --days')
  if (!(TIERS as readonly string[]).includes(values.tier)) throw new UsageError(`--tier must be one of ${TIERS.join(', ')}`)
  const days = Number(values.days)
  if (!(days > 0)) throw new UsageError('--days must be a positive number')
  const expires_at = new Date(Date.now() + days * 86_400_000).toISOString()
  const features = values.feature ? Object.fromEntries(values.feature.map((f) => [f, true])) : undefined
  write(undefined, issueLicense(fs.readFileSync(values['private-key'], 'utf8'), { org: values.org, tier: values.tier as Tier, expires_at, ...(features ? { features } : {}) }))
  return 0
}

/** A command a plugin registers (`guard trace`): the kernel boots, and the plugin runs it. */
async function pluginCommand(name: string, args: string[]): Promise<number> {
  return withKernel(async (kernel) => {
    const command = kernel.commands.get(name)
    if (!command) throw new UsageError(`unknown command ${name}`)
    return command.run(args)
  })
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  try {
    switch (command) {
      case 'serve': {
        const { values } = parse(args, { port: { type: 'string', short: 'p' }, host: { type: 'string' }, reload: { type: 'boolean' } })
        const port = Number(values.port ?? process.env.GUARD_PORT ?? 8000)
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535`)
        // Loaded for this command only: the other commands never load Fastify.
        const { serve } = await import('./serve.ts')
        return await serve({ port, host: values.host ?? process.env.GUARD_HOST ?? '0.0.0.0', reload: values.reload === true })
      }
      case 'scan':
      case 'gate':
      case 'report':
        return await scanCommand(command, args)
      case 'rules':
        return await rulesCommand(args)
      case 'packs':
        return await packsCommand(args)
      case 'token':
        return tokenCommand(args)
      case 'license':
        return licenseCommand(args)
      case 'config':
        return configCommand(args)
      case 'approvals':
        return await approvalsCommand(args)
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        process.stdout.write(USAGE)
        return command === undefined ? 2 : 0
      default:
        return await pluginCommand(command, args)
    }
  } catch (e) {
    if (e instanceof UsageError) process.stderr.write(`guard: ${e.message}\n\n${USAGE}`)
    else if (e instanceof GuardError) {
      process.stderr.write(`guard: ${e.message}\n`)
      for (const err of e.errors ?? []) process.stderr.write(`  ${err.path}: ${err.message}\n`)
    } else process.stderr.write(`guard: ${(e as Error).stack ?? e}\n`)
    return 2
  }
}
