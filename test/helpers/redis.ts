// A real Redis for tests: redis-server on 127.0.0.1 and a free port, append-only persistence in a temp dir, stopped
// (and restarted on the same port and data) by its pid.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './process.ts'

export interface TestRedis {
  /** `redis://127.0.0.1:<port>` (add `/<db>` for another database) */
  url: string
  port: number
  /** Stops it (SIGTERM: it writes its append-only file and exits), runs `whileDown`, and starts it again on the same port and data. */
  restart(whileDown?: () => Promise<void>): Promise<void>
  stop(): Promise<void>
}

const INSTALL_HINT = 'redis-server is needed by this test and was not found: install it (Debian: apt-get install redis-server, as .ci/system-deps does)'

/** Answers true once the server at `port` replies to PING. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port })
    let reply = ''
    const done = (ok: boolean) => {
      socket.destroy()
      resolve(ok)
    }
    socket.setTimeout(1000, () => done(false))
    socket.once('error', () => done(false))
    socket.once('connect', () => socket.write('PING\r\n'))
    socket.on('data', (chunk) => {
      reply += chunk.toString()
      if (reply.includes('\r\n')) done(reply.startsWith('+PONG'))
    })
  })
}

export async function startRedis(): Promise<TestRedis> {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'guard-redis-')))
  const port = await freePort()
  let child: ChildProcess | undefined
  let exited = Promise.resolve()

  const launch = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--daemonize', 'no', '--logfile', path.join(dir, 'redis.log')]
    let proc: ChildProcess
    try {
      proc = spawn('redis-server', args, { stdio: 'ignore' })
    } catch {
      throw new Error(INSTALL_HINT)
    }
    const failed = new Promise<Error>((resolve) => proc.once('error', (e) => resolve(new Error(`${INSTALL_HINT} (${e.message})`))))
    exited = new Promise((resolve) => proc.once('exit', () => resolve()))
    proc.unref()
    child = proc
    const deadline = Date.now() + 15_000
    for (;;) {
      const early = await Promise.race([failed, new Promise<undefined>((r) => setTimeout(r, 50))])
      if (early) throw early
      if (await pings(port)) return
      if (proc.exitCode !== null || Date.now() > deadline) {
        const log = fs.existsSync(path.join(dir, 'redis.log')) ? fs.readFileSync(path.join(dir, 'redis.log'), 'utf8') : ''
        throw new Error(`redis-server did not start:\n${log}`)
      }
    }
  }
  const halt = async () => {
    if (child && child.exitCode === null) {
      // Waited for with the event loop held open (it runs unref'd).
      child.ref()
      child.kill('SIGTERM')
      await exited
    }
  }
  // A test process that ends without stopping it does not leave it running.
  const killNow = () => {
    if (child?.exitCode === null) child.kill('SIGKILL')
    fs.rmSync(dir, { recursive: true, force: true })
  }
  process.once('exit', killNow)

  await launch()
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async restart(whileDown) {
      await halt()
      try {
        await whileDown?.()
      } finally {
        await launch()
      }
    },
    async stop() {
      process.removeListener('exit', killNow)
      await halt()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
