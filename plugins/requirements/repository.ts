// The source files traceability reads: the kernel's walk (.gitignore, vendored, build and VCS folders, the
// repository's include/exclude), languages with a syntax tree only, bounded in count and bytes.
import { constants } from 'node:fs'
import fs from 'node:fs/promises'
import { GuardError, isTestPath, languageOf, STRUCTURAL_LANGUAGES, unscannableReason, walkTarget, type SkippedFile } from '../../kernel/plugin.ts'

export interface SourceText {
  /** POSIX, relative to the repository. */
  path: string
  language: string
  text: string
  isTest: boolean
}

/** What the reading left out: why it stopped before the end (null when it read everything), and the files read. */
export interface ReadScope {
  truncated: string | null
  files: number
}

export interface ReadOptions {
  maxFileBytes: number
  include?: string[]
  exclude?: string[]
  gitignore: boolean
  /** Stops the reading: a client gone (silently) or the time limit (504). */
  signal?: AbortSignal
  timeoutS?: number
}

const envNumber = (name: string, fallback: number) => {
  const value = Number(process.env[name])
  return process.env[name] && value > 0 ? value : fallback
}
/** At most this many source files are read (GUARD_TRACE_MAX_FILES): a monorepo's worth, not a disk's. */
export const maxFiles = () => envNumber('GUARD_TRACE_MAX_FILES', 20_000)
/** At most this much source text is read (GUARD_TRACE_MAX_MB). */
export const maxBytes = () => envNumber('GUARD_TRACE_MAX_MB', 200) * 1024 * 1024

const STRUCTURAL = new Set<string>(STRUCTURAL_LANGUAGES)

/**
 * The repository's source files, one at a time (each is analysed and let go: only what it holds is kept). Files
 * over the per-file limit, binary and minified ones are passed over; the count and byte limits end the reading,
 * noted in `scope.truncated`.
 */
export async function* sourceFiles(root: string, opts: ReadOptions, scope: ReadScope): AsyncGenerator<SourceText> {
  const skipped: SkippedFile[] = []
  const [fileLimit, byteLimit] = [maxFiles(), maxBytes()]
  const deadline = opts.timeoutS !== undefined ? Date.now() + opts.timeoutS * 1000 : Infinity
  let bytes = 0
  for (const walked of walkTarget(root, { maxFileBytes: opts.maxFileBytes, include: opts.include, exclude: opts.exclude, gitignore: opts.gitignore }, skipped)) {
    opts.signal?.throwIfAborted()
    if (Date.now() > deadline) throw new GuardError(504, `Reading the repository exceeded its time limit of ${opts.timeoutS} s`)
    const language = languageOf(walked.path)
    if (!STRUCTURAL.has(language)) continue
    if (scope.files >= fileLimit) return void (scope.truncated = `stopped after ${fileLimit} source files (GUARD_TRACE_MAX_FILES)`)
    const text = await readSource(walked.abs, opts.maxFileBytes, byteLimit - bytes)
    if (text === 'over') return void (scope.truncated = `stopped after ${Math.round(bytes / 1024 / 1024)} MB of source (GUARD_TRACE_MAX_MB)`)
    if (text === undefined || unscannableReason(text)) continue
    bytes += Buffer.byteLength(text)
    scope.files++
    yield { path: walked.path, language, text, isTest: isTestPath(walked.path) }
  }
}

/**
 * A regular file's text (opened without blocking: a FIFO put in its place after the walk is passed over), undefined
 * when it is too large, not a regular file or unreadable; `over` when it would pass the bytes left.
 */
async function readSource(abs: string, maxFileBytes: number, bytesLeft: number): Promise<string | 'over' | undefined> {
  let handle: fs.FileHandle | undefined
  try {
    handle = await fs.open(abs, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW)
    const stat = await handle.stat()
    if (!stat.isFile() || stat.size > maxFileBytes) return undefined
    if (stat.size > bytesLeft) return 'over'
    return await handle.readFile('utf8')
  } catch {
    return undefined // gone or unreadable since the walk listed it
  } finally {
    await handle?.close()
  }
}
