// `npm run bench:taint [-- DIR...]`: the data flow engine on real code of each language, in this thread so its counts
// are read here: per folder, the default rule set's scan time and MB/s, and the taint engine's counts (files it
// analysed, functions analysed, functions past their budget) with its share of the findings. Without folders: the
// Python standard library and Debian's Python packages, and Go, PHP and Ruby web frameworks unpacked from Debian
// packages under /tmp/clean/root, when present (`npm run bench` covers JavaScript).
import fs from 'node:fs'
import path from 'node:path'
import { Kernel } from '../kernel/kernel.ts'

const DEFAULTS = [
  ...(fs.existsSync('/root/.pyenv/versions') ? fs.readdirSync('/root/.pyenv/versions').filter((v) => v.startsWith('3.')).map((v) => `/root/.pyenv/versions/${v}/lib/python${v.split('.').slice(0, 2).join('.')}`).slice(0, 1) : []),
  '/usr/lib/python3/dist-packages',
  '/tmp/clean/root',
].filter((d) => fs.existsSync(d))

/** Bytes of the files the scan read: everything under the folder but what it skipped, as the walk saw it. */
function bytesRead(dir: string, skipped: Set<string>, scanned: number): number {
  let total = 0
  let files = 0
  for (const rel of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (skipped.has(rel)) continue
    const s = fs.statSync(path.join(dir, rel), { throwIfNoEntry: false })
    if (s?.isFile()) (total += s.size), files++
  }
  // The walk leaves out ignored folders (node_modules below the root, .git): scale to the files it scanned.
  return files > scanned ? (total * scanned) / files : total
}

const dirs = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULTS
console.log('folder                                                  files      MB      s   MB/s  taint: files  functions  over budget  findings (taint)')
for (const dir of dirs) {
  const kernel = await Kernel.boot({ cwd: dir, threads: 0 })
  const engine = kernel.engines.find((u) => u.includes('engine-astgrep'))!
  const { taintStats } = (await import(new URL('taint.ts', engine).href)) as { taintStats: { files: number; functions: number; budgetHits: number } }
  const before = { ...taintStats }
  const started = performance.now()
  const { result } = await kernel.scan({ repo_path: '.', config_overrides: { limits: { scan_timeout_s: 3600 } } }, { roots: [dir], cacheDir: null })
  const seconds = (performance.now() - started) / 1000
  await kernel.close()
  const mb = bytesRead(dir, new Set(result.files_skipped.map((s) => s.path)), result.files_scanned) / 1e6
  const taint = result.findings.filter((f) => f.trace).length
  console.log(
    `${dir.slice(-54).padEnd(54)} ${String(result.files_scanned).padStart(7)} ${mb.toFixed(1).padStart(7)} ${seconds.toFixed(1).padStart(6)} ${(mb / seconds).toFixed(1).padStart(6)}` +
      `  ${String(taintStats.files - before.files).padStart(11)} ${String(taintStats.functions - before.functions).padStart(10)} ${String(taintStats.budgetHits - before.budgetHits).padStart(12)}  ${result.findings.length} (${taint})`,
  )
}
