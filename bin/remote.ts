// Commands that talk to a running server: its URL (--server, else GUARD_URL) and credentials from the environment
// (GUARD_TOKEN, a bearer token; else GUARD_API_KEY), never from the command line where `ps` would show them.
import { GuardError } from '../kernel/base/errors.ts'

export interface Remote {
  get<T>(pathname: string): Promise<T>
  patch<T>(pathname: string, body: unknown): Promise<T>
}

export function remoteServer(server: string | undefined, env: NodeJS.ProcessEnv = process.env): Remote {
  const base = server ?? env.GUARD_URL
  if (!base) throw new GuardError(400, 'no server: pass --server URL or set GUARD_URL')
  let url: URL
  try {
    url = new URL(base)
  } catch {
    throw new GuardError(400, `not a URL: ${base}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new GuardError(400, `the server URL must be http(s): ${base}`)
  const headers: Record<string, string> = { accept: 'application/json' }
  if (env.GUARD_TOKEN) headers.authorization = `Bearer ${env.GUARD_TOKEN}`
  else if (env.GUARD_API_KEY) headers['x-api-key'] = env.GUARD_API_KEY

  async function call<T>(method: string, pathname: string, body?: unknown): Promise<T> {
    const target = new URL(pathname.replace(/^\//, ''), url.href.endsWith('/') ? url.href : `${url.href}/`)
    let res: Response
    try {
      res = await fetch(target, { method, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })
    } catch (e) {
      throw new GuardError(503, `cannot reach ${url.origin}: ${((e as Error).cause as Error | undefined)?.message ?? (e as Error).message}`)
    }
    const text = await res.text()
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    if (!res.ok) {
      const error = json as { detail?: unknown; errors?: { path: string; message: string }[] } | undefined
      throw new GuardError(res.status, `${res.status}: ${typeof error?.detail === 'string' ? error.detail : text.slice(0, 200) || res.statusText}`, Array.isArray(error?.errors) ? error.errors : undefined)
    }
    if (json === undefined) throw new GuardError(502, `${method} ${target.pathname}: the server's answer is not JSON`)
    return json as T
  }
  return { get: (pathname) => call('GET', pathname), patch: (pathname, body) => call('PATCH', pathname, body) }
}
