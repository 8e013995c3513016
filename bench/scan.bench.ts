// `npm run bench`: a cold scan of a large real code tree (the JavaScript of big packages in node_modules),
// with and without the worker pool: files/s, MB/s, findings, peak RSS. Each mode runs in its own process.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Kernel } from '../kernel/kernel.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** Started as the `guard` command starts: the same preload before tsx. */
const PRELOAD = path.join(ROOT, 'bin', 'preload.mjs')
/** Every package installed with the project: real, widely used code nobody here wrote. */
const PACKAGES = fs.readdirSync(path.join(ROOT, 'node_modules')).filter((p) => !p.startsWith('.'))

/** Copies the packages' source files into a corpus folder (outside node_modules, so the walker scans them). */
function buildCorpus(dir: string): void {
  const copy = (src: string, dst: string) => {
    for (const e of fs.readdirSync(src, { withFileTypes: true })) {
      const s = path.join(src, e.name)
      const d = path.join(dst, e.name)
      if (e.isDirectory()) copy(s, d)
      else if (e.isFile() && /\.(c|m)?(j|t)s$/.test(e.name) && !e.name.endsWith('.d.ts')) {
        fs.mkdirSync(dst, { recursive: true })
        fs.copyFileSync(s, d)
      }
    }
  }
  for (const p of PACKAGES) {
    const src = path.join(ROOT, 'node_modules', p)
    if (fs.existsSync(src)) copy(src, path.join(dir, p.replace('/', '_')))
  }
  // Nested node_modules of those packages are vendored again; the walker would skip them, so drop them here.
  execFileSync('find', [dir, '-type', 'd', '-name', 'node_modules', '-prune', '-exec', 'rm', '-rf', '{}', '+'])
}

/** The 29 starter rules of the core issue, as a pack: its speed target is set for them. */
const STARTER = (
  'c.gets c.strcpy cs.sql-injection cs.weak-hash go.command-injection go.sql-injection go.weak-hash java.command-injection ' +
  'java.sql-injection java.weak-hash js.command-injection js.eval-injection js.innerhtml-xss js.sql-injection ' +
  'php.command-injection php.eval-injection php.sql-injection py.eval-injection py.os-system-injection py.sql-injection ' +
  'py.subprocess-shell-injection py.weak-hash py.yaml-unsafe-load rb.command-injection rb.eval-injection ' +
  'secrets.aws-access-key secrets.github-token secrets.hardcoded-password secrets.private-key'
).split(' ')

/** A packs folder holding the starter pack, for GUARD_PACKS_DIR. */
function starterPackDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-bench-packs-'))
  fs.mkdirSync(path.join(dir, 'starter'))
  const rules = STARTER.map((id) => `  - { id: ${id}, control: starter }`).join('\n')
  fs.writeFileSync(path.join(dir, 'starter', 'pack.yaml'), `id: starter\nname: Starter rules\nversion: "1"\nrules:\n${rules}\n`)
  return dir
}

async function runMode(corpus: string, threads: number, packs?: string[], cacheDir?: string): Promise<void> {
  const started = performance.now()
  // As the `guard` command does: the scan starts the threads it needs (and tunes V8 for them, see kernel/scan/pool.ts).
  const kernel = await Kernel.boot({ cwd: corpus, threads })
  const booted = performance.now()
  // Cold unless a cache folder is given: no result kept from an earlier run is used.
  const outcome = await kernel.scan({ repo_path: '.', config_overrides: { limits: { scan_timeout_s: 3000 }, ...(packs ? { packs } : {}) } }, { roots: [corpus], cacheDir: cacheDir ?? null })
  const seconds = (performance.now() - started) / 1000
  const scanSeconds = (performance.now() - booted) / 1000
  const r = outcome.result
  const bytes = bytesScanned(corpus, r.files_skipped.map((s) => s.path))
  await kernel.close()
  const rssMb = process.resourceUsage().maxRSS / 1024
  // In-process, the taint analysis counts in this thread: the engine module is the one the kernel loaded.
  const taint = threads === 0 ? (await import(new URL('taint.ts', kernel.engines.find((u) => u.includes('engine-astgrep'))!).href)).taintStats : undefined
  process.stdout.write(
    JSON.stringify({ threads, files: r.files_scanned, cached: r.files_cached ?? 0, mb: bytes / 1e6, seconds, files_per_s: r.files_scanned / seconds, mb_per_s: bytes / 1e6 / seconds, scan_mb_per_s: bytes / 1e6 / scanSeconds, findings: r.findings.length, taint_findings: r.findings.filter((f) => f.trace).length, taint, by_severity: r.by_severity, rules: r.rules_evaluated, peak_rss_mb: rssMb }) + '\n',
  )
}

/** Bytes of the files the scan read: everything under the corpus but what it skipped. */
function bytesScanned(dir: string, skipped: string[]): number {
  const skip = new Set(skipped)
  let total = 0
  const walk = (d: string, rel: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name
      if (skip.has(r)) continue
      if (e.isDirectory()) walk(path.join(d, e.name), r)
      else if (e.isFile()) total += fs.statSync(path.join(d, e.name)).size
    }
  }
  walk(dir, '')
  return total
}

const [mode, corpusArg, threadsArg, packsArg, cacheArg] = process.argv.slice(2)
if (mode === '--run') {
  await runMode(corpusArg, Number(threadsArg), packsArg ? packsArg.split(',') : undefined, cacheArg)
} else {
  const corpus = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-bench-'))
  const packsDir = starterPackDir()
  try {
    buildCorpus(corpus)
    const threads = os.availableParallelism()
    const runs = Number(process.env.BENCH_RUNS ?? 3)
    const once = (t: number, packs: string, cache?: string) =>
      JSON.parse(
        execFileSync(process.execPath, ['--import', PRELOAD, '--import', 'tsx', fileURLToPath(import.meta.url), '--run', corpus, String(t), packs, ...(cache ? [cache] : [])], {
          encoding: 'utf8',
          maxBuffer: 1 << 26,
          env: { ...process.env, GUARD_PACKS_DIR: packsDir },
        }),
      )
    // Each run is a new process (cold); the median run by total time is shown.
    const median = (t: number, packs: string) => Array.from({ length: runs }, () => once(t, packs)).sort((a, b) => a.seconds - b.seconds)[Math.floor(runs / 2)]
    const sets = [
      { name: 'starter', packs: 'starter' },
      { name: 'default', packs: '' },
    ]
    console.log(`corpus: the JavaScript/TypeScript of ${PACKAGES.length} packages in node_modules; median of ${runs} cold runs, each a new process`)
    console.log('rules: "starter" = the 29 starter rules of the core issue; "default" = no configuration (owasp-top-10 + secrets)')
    console.log('MB/s counts boot, worker start and scan; scan-only MB/s starts after boot (workers still warming up)')
    console.log('rules    mode            files    MB     s      files/s   MB/s  scan-only MB/s  findings  rules  peak RSS MB')
    for (const set of sets) {
      const rows = [threads, 0].map((t) => median(t, set.packs))
      for (const r of rows) {
        const name = r.threads ? `pool x${r.threads}` : 'in-process'
        console.log(
          `${set.name.padEnd(8)} ${name.padEnd(14)} ${String(r.files).padStart(6)} ${r.mb.toFixed(1).padStart(6)} ${r.seconds.toFixed(2).padStart(6)} ${r.files_per_s.toFixed(0).padStart(9)} ${r.mb_per_s.toFixed(1).padStart(6)} ${r.scan_mb_per_s.toFixed(1).padStart(15)} ${String(r.findings).padStart(9)} ${String(r.rules).padStart(6)} ${r.peak_rss_mb.toFixed(0).padStart(11)}`,
        )
      }
      console.log(`${set.name} by severity (pool):`, JSON.stringify(rows[0].by_severity))
      const t = rows[1].taint
      if (t) console.log(`${set.name} taint (in-process): ${t.files} file analyses, ${t.functions} function analyses, ${t.budgetHits} over budget, ${rows[1].taint_findings} taint finding(s)`)
    }
    // Results kept between scans, as CI runs them: the `guard` command, a new process each time (start included),
    // cold into an empty --cache folder, then the unchanged tree, every file written again with its content (a fresh
    // checkout: read and hashed, none analysed), and 1% of the files changed.
    const cache = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-bench-cache-'))
    try {
      const cli = () => {
        const started = performance.now()
        const out = execFileSync(process.execPath, [path.join(ROOT, 'bin', 'guard.mjs'), 'scan', corpus, '--format', 'json', '--cache', cache], { encoding: 'utf8', maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, GUARD_PACKS_DIR: packsDir } })
        const r = JSON.parse(out) as { files_scanned: number; files_cached?: number; findings: unknown[] }
        return { seconds: (performance.now() - started) / 1000, files: r.files_scanned, cached: r.files_cached ?? 0, findings: r.findings.length }
      }
      const files = (fs.readdirSync(corpus, { recursive: true }) as string[]).filter((f) => /\.(c|m)?(j|t)s$/.test(f) && fs.statSync(path.join(corpus, f)).isFile()).sort()
      // Files written in the tick of the clock they are looked at are read again next time: the corpus ages first.
      await new Promise((resolve) => setTimeout(resolve, 2100))
      const fill = cli()
      const warm = Array.from({ length: runs }, cli).sort((a, b) => a.seconds - b.seconds)[Math.floor(runs / 2)]
      for (const f of files) fs.writeFileSync(path.join(corpus, f), fs.readFileSync(path.join(corpus, f)))
      await new Promise((resolve) => setTimeout(resolve, 2100))
      const checkout = cli()
      const touched = files.filter((_f, i) => i % 100 === 0)
      for (const f of touched) fs.appendFileSync(path.join(corpus, f), '\n// touched\n')
      const after = cli()
      const share = (r: { seconds: number }) => `${((r.seconds / fill.seconds) * 100).toFixed(1)}% of cold`
      console.log(`guard scan --cache (default rules, a new process each): cold ${fill.seconds.toFixed(2)} s (${fill.findings} findings)`)
      console.log(`  unchanged rescan ${warm.seconds.toFixed(2)} s, ${share(warm)} (${warm.cached} of ${warm.files} files kept, median of ${runs})`)
      console.log(`  every file rewritten, same content ${checkout.seconds.toFixed(2)} s, ${share(checkout)} (${checkout.cached} kept)`)
      console.log(`  ${touched.length} files changed ${after.seconds.toFixed(2)} s, ${share(after)} (${after.cached} kept, ${after.findings} findings)`)
    } finally {
      fs.rmSync(cache, { recursive: true, force: true })
    }
  } finally {
    fs.rmSync(corpus, { recursive: true, force: true })
    fs.rmSync(packsDir, { recursive: true, force: true })
  }
}
