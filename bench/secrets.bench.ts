// `npm run bench:secrets`: the secrets pack alone over a large mixed tree (every text file of the installed
// packages: code, JSON, YAML, Markdown, licences), and `--history` over a repository of a few thousand commits that
// the bench writes with git fast-import. Each measured run is a new process; the median of BENCH_RUNS is shown.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { Kernel } from '../kernel/kernel.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const PRELOAD = path.join(ROOT, 'bin', 'preload.mjs')
const MAX_TREE_BYTES = 120 * 1024 * 1024
const COMMITS = Number(process.env.BENCH_HISTORY_COMMITS ?? 3000)

/** Every text file under node_modules (nested copies included, binaries and huge files left out), up to 120 MB. */
function buildTree(dir: string): number {
  let total = 0
  const copy = (src: string, dst: string) => {
    for (const e of fs.readdirSync(src, { withFileTypes: true })) {
      if (total >= MAX_TREE_BYTES) return
      const s = path.join(src, e.name)
      // node_modules would be skipped by the walk: the tree keeps the files under another name.
      const d = path.join(dst, e.name === 'node_modules' ? 'deps' : e.name)
      if (e.isDirectory() && e.name !== '.cache' && e.name !== '.bin') copy(s, d)
      else if (e.isFile() && !/\.(node|wasm|png|jpg|gif|ico|woff2?|ttf|gz|zip|tgz|so|dylib|map)$/.test(e.name)) {
        const size = fs.statSync(s).size
        if (size > 1024 * 1024) continue
        fs.mkdirSync(dst, { recursive: true })
        fs.copyFileSync(s, d)
        total += size
      }
    }
  }
  copy(path.join(ROOT, 'node_modules'), dir)
  return total
}

/**
 * A repository of COMMITS commits over 200 files, written with git fast-import (a `git commit` each would take
 * minutes): each commit changes three files; every 500th adds a token, and a later one removes it.
 */
function buildHistory(dir: string): void {
  execFileSync('git', ['init', '-q', '-b', 'main', dir])
  const lines: string[] = []
  const blob = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`
  for (let c = 0; c < COMMITS; c++) {
    lines.push('commit refs/heads/main', `author Dev <dev@example.com> ${1_600_000_000 + c * 3600} +0000`, `committer Dev <dev@example.com> ${1_600_000_000 + c * 3600} +0000`, `data ${`change ${c}`.length}`, `change ${c}`)
    for (let k = 0; k < 3; k++) {
      const file = (c * 7 + k * 13) % 200
      const secret = c % 500 === 250 && k === 0 ? `const token = "glpat-${'Zq8vN2kLm4Rt7Wx9Yb1C'.slice(0, 20 - String(c).length)}${c}"\n` : ''
      let text = `// module ${file}, revision ${c}\n${secret}`
      for (let i = 0; i < 40; i++) text += `export function f${i}(x) { return x * ${c + i} + ${file} }\n`
      lines.push(`M 100644 inline src/m${file}.js`, blob(text).trimEnd())
    }
    lines.push('')
  }
  execFileSync('git', ['-C', dir, 'fast-import', '--quiet'], { input: lines.join('\n') + '\n', maxBuffer: 1 << 30 })
  execFileSync('git', ['-C', dir, 'reset', '-q', '--hard', 'main'])
}

async function runOne(kind: string, dir: string): Promise<void> {
  const started = performance.now()
  const kernel = await Kernel.boot({ cwd: dir, warm: true })
  const booted = performance.now()
  const outcome = await kernel.scan({ repo_path: '.', ...(kind === 'history' ? { history: true } : {}), config_overrides: { packs: ['secrets'], limits: { scan_timeout_s: 3000 } } }, { roots: [dir], cacheDir: null })
  const seconds = (performance.now() - started) / 1000
  const scanSeconds = (performance.now() - booted) / 1000
  await kernel.close()
  const r = outcome.result
  process.stdout.write(JSON.stringify({ seconds, scan_seconds: scanSeconds, files: r.files_scanned, findings: r.findings.length, rules: r.rules_evaluated, peak_rss_mb: process.resourceUsage().maxRSS / 1024 }) + '\n')
}

const [mode, kind, dirArg] = process.argv.slice(2)
if (mode === '--run') await runOne(kind, dirArg)
else {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-bench-secrets-'))
  try {
    const tree = path.join(work, 'tree')
    const bytes = buildTree(tree)
    const history = path.join(work, 'history')
    const built = performance.now()
    buildHistory(history)
    const buildSeconds = (performance.now() - built) / 1000
    const runs = Number(process.env.BENCH_RUNS ?? 3)
    const median = (kind: string, dir: string) =>
      Array.from({ length: runs }, () => JSON.parse(execFileSync(process.execPath, ['--import', PRELOAD, '--import', 'tsx', fileURLToPath(import.meta.url), '--run', kind, dir], { encoding: 'utf8', maxBuffer: 1 << 26 })))
        .sort((a, b) => a.seconds - b.seconds)[Math.floor(runs / 2)]
    const t = median('tree', tree)
    console.log(`secrets pack alone, ${t.rules} rules, median of ${runs} cold runs (each a new process, boot included):`)
    console.log(`  mixed tree: ${t.files} files, ${(bytes / 1e6).toFixed(1)} MB in ${t.seconds.toFixed(2)} s = ${(bytes / 1e6 / t.seconds).toFixed(1)} MB/s, ${t.findings} finding(s), peak RSS ${t.peak_rss_mb.toFixed(0)} MB`)
    console.log(`  the scan alone (boot excluded): ${t.scan_seconds.toFixed(2)} s = ${(bytes / 1e6 / t.scan_seconds).toFixed(1)} MB/s`)
    const h = median('history', history)
    console.log(`  --history: ${COMMITS} commits (written in ${buildSeconds.toFixed(1)} s), ${h.files} file versions read in ${h.seconds.toFixed(2)} s, ${h.findings} finding(s), peak RSS ${h.peak_rss_mb.toFixed(0)} MB`)
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}
