// A repository's history, read for secrets: every file version that a commit reachable from HEAD brought in, once,
// with the first commit that brought it. git lists the commits and reads the blobs, both streamed, so a history of
// any length is never held in memory: one blob at a time, and the ids of the blobs already seen.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ScanTimeoutError, ValidationError } from '../base/errors.ts'
import { isTestPath, languageOf } from '../catalog/languages.ts'
import type { Engine, RuleDef } from '../catalog/rule.ts'
import { analyzeFile } from './analyze.ts'
import type { FileResult } from './batch.ts'
import { fileFilter, unscannableReason, type SkippedFile, type WalkOptions } from './walk.ts'

export interface HistoryFile {
  /** The path in the commit (POSIX, relative to the repository). */
  path: string
  commit: string
  /** The commit's author date (ISO 8601). */
  date: string
  blob: string
}

/** git never runs a repository's hooks, fsmonitor or filters for us, nor asks for credentials. */
const SAFE_GIT = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'safe.directory=*', '-c', 'core.quotePath=false']
const GIT_ENV = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_CONFIG_NOSYSTEM: '1', GIT_OPTIONAL_LOCKS: '0' }
/** A history's revision range starts at a revision name, not at an option. */
const REVISION = /^[A-Za-z0-9][A-Za-z0-9._/@{}~^-]{0,199}$/

function git(root: string, args: string[]): ChildProcessWithoutNullStreams {
  return spawn('git', [...SAFE_GIT, '-C', root, ...args], { env: GIT_ENV })
}

/** Whether the folder is the top of a git working tree (a `.git` folder, or a `.git` file for a worktree). */
export function isGitRepository(root: string): boolean {
  try {
    return fs.lstatSync(path.join(root, '.git')).isDirectory() || fs.lstatSync(path.join(root, '.git')).isFile()
  } catch {
    return false
  }
}

/**
 * The file versions of the commits reachable from HEAD (or, with `since`, of `since..HEAD`), oldest commit first,
 * each blob once: at the first commit that added or changed a file to it. Merges count against each parent, so a
 * version made while resolving a conflict is read too. Submodules and deletions carry no content.
 */
export async function* historyFiles(root: string, since?: string): AsyncGenerator<HistoryFile> {
  if (!isGitRepository(root)) throw new ValidationError('history needs a git repository', [{ path: 'history', message: 'the repository is not a git working tree (no .git at its top)' }])
  if (since !== undefined && !REVISION.test(since)) throw new ValidationError('history_since is not a revision', [{ path: 'history_since', message: 'must be a revision name (a branch, tag or commit)' }])
  const log = git(root, ['log', '--reverse', '--raw', '-m', '--no-abbrev', '--no-renames', '--no-textconv', '--no-ext-diff', '-z', '--format=%x01%H %aI', since ? `${since}..HEAD` : 'HEAD', '--'])
  const errors: Buffer[] = []
  log.stderr.on('data', (d: Buffer) => errors.length < 16 && errors.push(d))
  const exited = new Promise<number>((resolve) => log.on('close', (code) => resolve(code ?? 1)))
  const seen = new Set<string>()
  let commit = ''
  let date = ''
  let pending: string | undefined // the raw entry whose path comes next
  let rest = ''
  try {
    for await (const chunk of log.stdout as AsyncIterable<Buffer>) {
      const tokens = (rest + chunk.toString('utf8')).split('\0')
      rest = tokens.pop()!
      for (const raw of tokens) {
        const token = raw.replace(/^\n/, '')
        if (pending !== undefined) {
          const [, mode, blob] = pending.split(' ')
          pending = undefined
          if (mode !== '160000' && !/^0+$/.test(blob) && !seen.has(blob)) {
            seen.add(blob)
            yield { path: token, commit, date, blob }
          }
        } else if (token.startsWith('\x01')) [commit, date] = token.slice(1).split(' ')
        else if (token.startsWith(':')) {
          // `:100644 100644 <old> <new> M`: the new side's mode and blob.
          const fields = token.slice(1).split(' ')
          pending = `${fields[0]} ${fields[1]} ${fields[3]}`
        }
      }
    }
  } finally {
    if (log.exitCode === null) log.kill()
  }
  const code = await exited
  if (code !== 0) {
    const message = Buffer.concat(errors).toString('utf8').trim().split('\n')[0]?.slice(0, 200) ?? ''
    if (/does not have any commits yet/.test(message)) return // a new repository: no history
    throw new ValidationError('history could not be read', [{ path: 'history', message: `git log failed${message ? `: ${message}` : ''}` }])
  }
}

/** Reads blobs one at a time through one `git cat-file --batch-command`, asking each one's size first. */
export class BlobReader {
  private readonly proc: ChildProcessWithoutNullStreams
  private chunks: Buffer[] = []
  private length = 0
  private waiting: (() => void) | undefined
  private ended = false

  constructor(root: string) {
    this.proc = git(root, ['cat-file', '--batch-command'])
    this.proc.stdout.on('data', (d: Buffer) => {
      this.chunks.push(d)
      this.length += d.length
      this.waiting?.()
    })
    this.proc.on('close', () => {
      this.ended = true
      this.waiting?.()
    })
    this.proc.stdin.on('error', () => undefined) // a closed pipe shows as an end of output instead
  }

  /** The next `bytes` bytes of output, or undefined when git ended first. */
  private async take(bytes: number): Promise<Buffer | undefined> {
    while (this.length < bytes) {
      if (this.ended) return undefined
      await new Promise<void>((resolve) => (this.waiting = resolve))
      this.waiting = undefined
    }
    const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks)
    this.chunks = all.length > bytes ? [all.subarray(bytes)] : []
    this.length -= bytes
    return all.subarray(0, bytes)
  }

  /** The next line of output, without its newline. */
  private async line(): Promise<string | undefined> {
    for (;;) {
      const all = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks)
      this.chunks = all.length ? [all] : []
      const end = all.indexOf(0x0a)
      if (end >= 0) return (await this.take(end + 1))!.subarray(0, end).toString('utf8')
      if (this.ended) return undefined
      await new Promise<void>((resolve) => (this.waiting = resolve))
      this.waiting = undefined
    }
  }

  /** The blob's bytes; its size alone when it is over `maxBytes`; undefined when git has no such blob. */
  async read(blob: string, maxBytes: number): Promise<{ content?: Buffer; size: number } | undefined> {
    this.proc.stdin.write(`info ${blob}\n`)
    const info = /^[0-9a-f]+ blob (\d+)$/.exec((await this.line()) ?? '')
    if (!info) return undefined // `<id> missing`, or another kind of object
    const size = Number(info[1])
    if (size > maxBytes) return { size }
    this.proc.stdin.write(`contents ${blob}\n`)
    if (!/^[0-9a-f]+ blob \d+$/.test((await this.line()) ?? '')) return undefined
    const content = await this.take(size + 1)
    return content && { content: Buffer.from(content.subarray(0, size)), size }
  }

  close(): void {
    this.proc.stdin.end()
    if (this.proc.exitCode === null) this.proc.kill()
  }
}

/** A file version of the history and what the secrets rules found in it. */
export interface HistoryResult extends FileResult {
  commit: string
  commit_date: string
}

export interface HistoryScan {
  since?: string
  rules: RuleDef[]
  engines: Engine[]
  filter: Pick<WalkOptions, 'include' | 'exclude' | 'maxFileBytes'>
  signal: AbortSignal
  scanTimeoutS: number
  onFile?: (result: HistoryResult, seen: number) => void
}

/**
 * Every file version of the history through the secrets rules, in this thread, one at a time (the regex engine reads
 * 100 MB/s and more; a history is mostly versions already seen). Versions without findings are counted, not kept.
 */
export async function scanHistory(root: string, scan: HistoryScan, skipped: SkippedFile[]): Promise<{ results: HistoryResult[]; versions: number }> {
  const reader = new BlobReader(root)
  const filter = fileFilter(scan.filter, true)
  const seen = new Set<string>()
  const results: HistoryResult[] = []
  let versions = 0
  try {
    for await (const f of historyFiles(root, scan.since)) {
      if (scan.signal.aborted) throw new ScanTimeoutError(scan.scanTimeoutS)
      if (filter(f.path) !== undefined) continue // left out by the configuration, or a vendored folder
      const blob = await reader.read(f.blob, scan.filter.maxFileBytes)
      if (!blob) continue
      versions++
      const reason = blob.content ? unscannableReason(blob.content.toString('latin1', 0, Math.min(blob.size, 8000))) : filter(f.path, blob.size)
      if (reason === 'binary' || !blob.content) {
        if (reason && reason !== 'binary') skipped.push({ path: `${f.path}@${f.commit.slice(0, 12)}`, reason })
        continue
      }
      const text = blob.content.toString('utf8')
      const file = { path: f.path, language: languageOf(f.path), text, isTest: isTestPath(f.path) }
      const { findings, found } = analyzeFile(file, scan.rules, scan.engines, seen)
      const result: HistoryResult = { path: f.path, bytes: blob.size, findings, found, commit: f.commit, commit_date: f.date }
      scan.onFile?.(result, versions)
      if (findings.length) results.push(result)
    }
  } finally {
    reader.close()
  }
  return { results, versions }
}
