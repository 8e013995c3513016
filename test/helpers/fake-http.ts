// The HTTP plumbing the fake trackers (fake-github.ts, fake-jira.ts, fake-azure.ts) share: a server on loopback, every
// request logged, an outage from request N on, faults injected for the next matching requests, connection resets
// before or after the request is processed, and JSON bodies read. Each fake says what its answers look like.
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** What every fake logs of a request; a fake may log more. */
export interface LoggedBase {
  method: string
  /** Path and query, as the fake names them (without its base path). */
  path: string
  /** 0 when the connection was reset instead. */
  status: number
}

interface PendingFault<F> {
  fault: F
  method?: string
  path?: RegExp
  times: number
}

/**
 * A request's way through a fake: logged, the outage, an injected fault, then the fake's own answer. A fault of kind
 * `reset` destroys the connection without an answer; with `after: true`, once the request has been processed.
 */
export abstract class FakeHttp<Fault extends { kind: string; after?: boolean }, Entry extends LoggedBase, Answer> {
  readonly requests: Entry[] = []
  /** Answers from request number `outageFrom` (1-based) on fail as `outage` says. */
  outageFrom: number | undefined
  outage: 'reset' | 503 = 503
  /** Milliseconds before each answer (to make runs overlap). */
  delayMs = 0
  url = ''
  origin = ''
  private faults: PendingFault<Fault>[] = []
  private server: http.Server | undefined

  /** Listens on a free loopback port: `origin`, and `url` = origin + `base` (a prefix, a context path, a collection). */
  protected async listen(base: string): Promise<void> {
    const server = http.createServer((req, res) => void this.receive(req, res))
    this.server = server
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    this.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    this.url = this.origin + base
  }

  close(): Promise<void> {
    const server = this.server
    if (!server) return Promise.resolve()
    server.closeAllConnections()
    return new Promise((resolve) => server.close(() => resolve()))
  }

  /** The next `times` requests matching `method` and `path` (a regex over the path the fake matches faults on) fail so. */
  inject(fault: Fault, match: { method?: string; path?: RegExp; times?: number } = {}): void {
    this.faults.push({ fault, method: match.method, path: match.path, times: match.times ?? 1 })
  }

  /** The request's log entry (pushed to `requests`). */
  protected abstract entryOf(method: string, url: URL, raw: string): Entry
  /** The fake's answer while the outage lasts (when `outage` is 503). */
  protected abstract unavailable(): Answer
  /** The answer an injected fault other than a reset stands for. */
  protected abstract faultAnswer(fault: Fault): Answer | undefined
  /** The fake's own answer to the request. */
  protected abstract answer(method: string, url: URL, headers: http.IncomingHttpHeaders, raw: string, entry: Entry): Answer
  /** Writes the answer (and sets `entry.status`). */
  protected abstract send(res: http.ServerResponse, entry: Entry, answer: Answer): void

  /** The path injected faults match (default: the logged path). */
  protected faultPath(entry: Entry): string {
    return entry.path
  }

  /** Called once the request is logged, before anything else (a fake's hooks, its own outage rule). */
  protected arrived(_entry: Entry, _faultPath: string): void {}

  private async receive(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req)
    const url = new URL(req.url ?? '/', this.origin)
    const method = req.method ?? 'GET'
    const entry = this.entryOf(method, url, raw)
    this.requests.push(entry)
    const faultPath = this.faultPath(entry)
    this.arrived(entry, faultPath)
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs))
    const reset = () => {
      entry.status = 0
      req.socket.destroy()
    }
    if (this.outageFrom !== undefined && this.requests.length >= this.outageFrom) return this.outage === 'reset' ? reset() : this.send(res, entry, this.unavailable())
    const pending = this.faults.find((f) => f.times > 0 && (!f.method || f.method === method) && (!f.path || f.path.test(faultPath)))
    if (pending) pending.times--
    const fault = pending?.fault
    if (fault?.kind === 'reset' && !fault.after) return reset()
    const injected = fault && fault.kind !== 'reset' ? this.faultAnswer(fault) : undefined
    if (injected) return this.send(res, entry, injected)
    const answer = this.answer(method, url, req.headers, raw, entry)
    if (fault?.kind === 'reset') return reset()
    this.send(res, entry, answer)
  }
}

/** `outageAfter` as GitHub's and Azure's fakes count it: answers with success matching it; true once `count` is reached. */
export function countsToOutage(after: { method: string; path: RegExp; count: number } | undefined, entry: LoggedBase): boolean {
  return !!after && entry.status < 300 && entry.method === after.method && after.path.test(entry.path) && --after.count <= 0
}

/** A JSON object body, or undefined (not JSON, or not an object); an empty body is `{}`. */
export function parseObject(raw: string): Record<string, unknown> | undefined {
  try {
    const parsed = JSON.parse(raw || '{}')
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : undefined
  } catch {
    return undefined
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', () => resolve(''))
  })
}
