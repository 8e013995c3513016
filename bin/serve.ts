// `guard serve`: run the service until SIGTERM/SIGINT, then drain; `--reload` restarts it when sources change.
import fs from 'node:fs'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { buildServer } from '../kernel/server.ts'
import { INSTALL_DIR } from '../kernel/base/install.ts'
import { serverConfigPath } from '../kernel/config/config.ts'

const stopSignal = () =>
  new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'))
    process.once('SIGINT', () => resolve('SIGINT'))
  })

export async function serve(opts: { port: number; host: string; reload: boolean }): Promise<number> {
  if (opts.reload) return supervise(opts)
  const { app } = await buildServer()
  await app.listen({ port: opts.port, host: opts.host })
  await stopSignal()
  await app.close() // finishes in-flight requests before resolving
  return 0
}

/** Runs `guard serve` as a child and restarts it when kernel, plugin, rule, pack or config files change. */
async function supervise(opts: { port: number; host: string }): Promise<number> {
  const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'guard.mjs')
  let child: ChildProcess | undefined
  let stopping = false
  const start = () => {
    child = spawn(process.execPath, [entry, 'serve', '--port', String(opts.port), '--host', opts.host], { stdio: 'inherit' })
    child.once('exit', () => {
      child = undefined
      if (!stopping && restartPending) {
        restartPending = false
        start()
      }
    })
  }
  let restartPending = false
  let timer: NodeJS.Timeout | undefined
  const restart = (why: string) => {
    clearTimeout(timer)
    timer = setTimeout(() => {
      process.stderr.write(`guard: ${why} changed, restarting\n`)
      restartPending = true
      if (child) child.kill('SIGTERM')
      else {
        restartPending = false
        start()
      }
    }, 200)
  }
  const watchers = ['kernel', 'plugins', 'rules', 'packs']
    .map((d) => path.join(INSTALL_DIR, d))
    .filter((d) => fs.existsSync(d))
    .map((d) => fs.watch(d, { recursive: true }, (_e, file) => restart(path.join(path.basename(d), String(file)))))
  const config = serverConfigPath()
  watchers.push(fs.watch(path.dirname(config), (_e, file) => file === path.basename(config) && restart(path.basename(config))))
  // Installed plugins too (a module once imported stays as it was until the process restarts).
  const installed = path.resolve(process.env.GUARD_PLUGINS_DIR || '.guard/plugins')
  if (fs.existsSync(installed)) watchers.push(fs.watch(installed, { recursive: true }, (_e, file) => restart(path.join(path.basename(installed), String(file)))))
  start()
  await stopSignal()
  stopping = true
  for (const w of watchers) w.close()
  clearTimeout(timer)
  if (child) {
    const exited = new Promise((resolve) => child!.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  return 0
}
