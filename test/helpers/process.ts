// `guard` as a child process: the command's path, a free loopback port, waiting for /health.
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
