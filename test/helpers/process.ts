// `guard` as a child process: the command's path, a free loopback port, waiting for /health.
import { execFile } from 'node:child_process'
import net from 'node:net'
import { fileURLToPath } from 'node:url'

export const GUARD = fileURLToPath(new URL('../../bin/guard.mjs', import.meta.url))

/** A port free on 127.0.0.1 right now (the kernel picks it; the caller binds it next). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/** Polls `${url}/health` until it answers 200; throws after `ms`. */
export async function waitForHealth(url: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms
  for (;;) {
    try {
      if ((await fetch(`${url}/health`)).ok) return
    } catch {
      /* not up yet */
    }
    if (Date.now() > end) throw new Error(`${url} did not come up`)
    await new Promise((r) => setTimeout(r, 150))
  }
}

/** Runs `guard` to its end: its exit code and output. */
export function runGuard(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [GUARD, ...args], { cwd: opts.cwd, env: { ...process.env, ...opts.env }, maxBuffer: 64 << 20 }, (err, stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    )
  })
}
