// `guard trace [PATH] [--format html|csv|md] [--output FILE|DIR]`: the traceability matrix of a repository, for an
// auditor: Markdown on stdout, one file, or all three formats in a folder.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { BadRequestError, VERSION, writeFileAtomic, type Command, type Kernel } from '../../kernel/plugin.ts'
import { renderMatrixHtml } from './matrix-html.ts'
import { MATRIX_FORMATS, renderMatrixCsv, renderMatrixMarkdown, type MatrixFormat, type MatrixInput } from './matrix.ts'
import { coverageOf } from './traceability.ts'

const USAGE = 'usage: guard trace [PATH] [--format html|csv|md] [--output FILE|DIR]'
const RENDER: Record<MatrixFormat, (input: MatrixInput) => string> = { html: renderMatrixHtml, csv: renderMatrixCsv, md: renderMatrixMarkdown }
/** The name of each format's file in an --output folder. */
const FILE_NAME = (format: MatrixFormat) => `traceability.${format}`

const usageError = (message: string) => new BadRequestError(`${message}\n${USAGE}`)

const isFormat = (name: string): name is MatrixFormat => (MATRIX_FORMATS as readonly string[]).includes(name)

/** --format (`markdown` is `md`), else the output file's extension when it names one. */
function formatOf(given: string | undefined, file: string | undefined): MatrixFormat | undefined {
  if (given !== undefined) {
    const name = given === 'markdown' ? 'md' : given
    if (!isFormat(name)) throw usageError(`unknown format ${given}; one of ${MATRIX_FORMATS.join(', ')}`)
    return name
  }
  const extension = file ? path.extname(file).slice(1).toLowerCase().replace(/^(markdown|htm)$/, (e) => (e === 'htm' ? 'html' : 'md')) : ''
  return isFormat(extension) ? extension : undefined
}

/** What git says of the repository: HEAD, whether the tree differs from it, and its remote (credentials removed). */
function gitInfo(root: string): { commit: string | null; dirty: boolean; remote: string | null } {
  const git = (...args: string[]) => {
    try {
      return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    } catch {
      return null
    }
  }
  const commit = git('rev-parse', '--verify', 'HEAD')
  if (!commit) return { commit: null, dirty: false, remote: null }
  const remote = git('config', '--get', 'remote.origin.url')
  return { commit, dirty: Boolean(git('status', '--porcelain', '--untracked-files=no')), remote: remote ? remote.replace(/\/\/[^/@]*@/, '//') : null }
}

/** Writes a matrix file; a symbolic link there is refused (it could lead anywhere), a device or FIFO is written into. */
function writeMatrix(file: string, content: string): void {
  if (fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) throw new BadRequestError(`refusing to write ${file}: it is a symbolic link`)
  writeFileAtomic(file, content)
}

async function trace(kernel: Kernel, args: string[]): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args, options: { format: { type: 'string', short: 'f' }, output: { type: 'string', short: 'o' } }, allowPositionals: true, strict: true })
  } catch (e) {
    throw usageError((e as Error).message)
  }
  const { values, positionals } = parsed
  if (positionals.length > 1) throw usageError('one PATH at most')
  const given = positionals[0] ?? '.'
  if (!fs.statSync(given, { throwIfNoEntry: false })?.isDirectory()) throw usageError(`not a directory: ${given}`)
  const root = fs.realpathSync(given)
  const output = values.output
  const toDir = output !== undefined && (/[/\\]$/.test(output) || (fs.statSync(output, { throwIfNoEntry: false })?.isDirectory() ?? false))
  const format = formatOf(values.format, toDir ? undefined : output)
  if (output !== undefined && !toDir && !format) throw usageError(`cannot tell the format of ${output}: give --format, or a .html, .csv or .md name`)

  const coverage = await coverageOf(kernel, root)
  const git = gitInfo(root)
  const input: MatrixInput = { coverage, repository: git.remote ?? path.basename(root), commit: git.commit, dirty: git.dirty, generatedAt: new Date().toISOString(), toolVersion: VERSION }
  if (output === undefined) process.stdout.write(RENDER[format ?? 'md'](input))
  else if (toDir) {
    fs.mkdirSync(output, { recursive: true })
    for (const f of format ? [format] : MATRIX_FORMATS) writeMatrix(path.join(output, FILE_NAME(f)), RENDER[f](input))
  } else writeMatrix(output, RENDER[format!](input))

  const s = coverage.summary
  process.stderr.write(
    `guard: ${s.total} requirement(s): ${s.covered} covered, ${s.untested} untested, ${s.unimplemented} unimplemented; ` +
      `${coverage.orphans.length} orphan tag(s); ${coverage.files_scanned} source file(s) read\n`,
  )
  if (coverage.truncated) process.stderr.write(`guard: warning: the matrix is incomplete: ${coverage.truncated}\n`)
  if (coverage.note) process.stderr.write(`guard: ${coverage.note}\n`)
  return 0
}

export function traceCommand(kernel: Kernel): Command {
  return { name: 'trace', run: (args) => trace(kernel, args) }
}
