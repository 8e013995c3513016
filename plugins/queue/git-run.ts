// Runs git for the clone cache: no shell, one protocol, no prompt, no hooks, no submodules, killed (with its helpers)
// when the scan's time limit or a stop aborts it.
import { spawn } from 'node:child_process'
import { GuardError } from '../../kernel/plugin.ts'
import type { GitScheme } from './git-source.ts'

/** What git says on stderr is kept up to this (the end of it: where the reason is). */
const MAX_STDERR = 4096
/** stdout is read for short answers only (a commit id, a ref list). */
const MAX_STDOUT = 1 << 20

/** A git command that failed: its exit code and the end of what it said (credentials cut). */
export class GitError extends Error {
  constructor(
    readonly code: number | null,
    readonly stderr: string,
  ) {
    super(`git exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' / ')}`)
  }
}

/**
 * Settings given to every git process (children inherit them): only the repository's own scheme may be used (no
 * ext::, no file:// unless allowed, not another protocol after a redirect), redirects are not followed, hooks never
 * run, submodules are not fetched, and git never prompts or does maintenance in the background.
 */
function safety(scheme: GitScheme): string[] {
  const settings = [
    'protocol.allow=never',
    `protocol.${scheme}.allow=always`,
    'http.followRedirects=false',
    'core.hooksPath=/dev/null',
    'submodule.recurse=false',
    'fetch.recurseSubmodules=false',
    'credential.interactive=false',
    'gc.auto=0',
    'maintenance.auto=false',
    'core.fsmonitor=false',
  ]
  return settings.flatMap((s) => ['-c', s])
}

export interface GitRun {
  scheme: GitScheme
  signal: AbortSignal
  /** The error an abort by the time limit becomes (the scan's 504). */
  onAbort: (reason: unknown) => Error
  cwd?: string
  env?: Record<string, string>
}

/** Runs `git <args>` (an argument array, never a shell); resolves with its stdout, rejects with a GitError or the abort's error. */
export function git(args: string[], run: GitRun): Promise<string> {
  return new Promise((resolve, reject) => {
    if (run.signal.aborted) return reject(run.onAbort(run.signal.reason))
    const child = spawn('git', [...safety(run.scheme), ...args], {
      cwd: run.cwd,
      // Its own process group (and no terminal): a stop kills git and the helpers it started (remote-https, ssh).
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GCM_INTERACTIVE: 'never', GIT_LFS_SKIP_SMUDGE: '1', LC_ALL: 'C', ...run.env },
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => void (out.length < MAX_STDOUT && (out += c.toString())))
    child.stderr.on('data', (c: Buffer) => void (err = (err + c.toString()).slice(-MAX_STDERR)))
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        child.kill('SIGKILL')
      }
    }
    run.signal.addEventListener('abort', kill, { once: true })
    child.once('error', (e) => {
      run.signal.removeEventListener('abort', kill)
      reject(new GuardError(503, `git could not be started on this worker: ${e.message}`))
    })
    child.once('close', (code) => {
      run.signal.removeEventListener('abort', kill)
      if (run.signal.aborted) reject(run.onAbort(run.signal.reason))
      else if (code === 0) resolve(out)
      // URLs in git's words lose their userinfo (a credential helper's URL, a redirect's).
      else reject(new GitError(code, err.replace(/([a-z][a-z0-9+.-]*:\/\/)[^/\s]*@/gi, '$1***@')))
    })
  })
}
