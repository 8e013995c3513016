// Calls to the guard API with the credential of this browser tab (sessionStorage: gone when the tab closes, never in a URL).

const KEY = 'guard.credential'

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.detail ?? `HTTP ${status}`)
    this.status = status
    this.errors = body?.errors ?? []
  }
}

/** {kind: 'key' | 'bearer', value} or null. */
export function credential() {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? 'null')
  } catch {
    return null
  }
}

/** A pasted secret: three dot-separated base64url parts is a token (Bearer), anything else an API key. */
export function saveCredential(value, kind) {
  const text = value.trim()
  const guessed = kind ?? (/^[\w-]+\.[\w-]+\.[\w-]*$/.test(text) ? 'bearer' : 'key')
  sessionStorage.setItem(KEY, JSON.stringify({ kind: guessed, value: text }))
}

export function forgetCredential() {
  sessionStorage.removeItem(KEY)
}

function headers(extra = {}) {
  const c = credential()
  const out = { accept: 'application/json', ...extra }
  if (c?.kind === 'bearer') out.authorization = `Bearer ${c.value}`
  else if (c?.kind === 'key') out['x-api-key'] = c.value
  return out
}

/** GET/POST/PATCH a path of the API; JSON in, JSON out; an error answer throws ApiError (a 401 also signs out). */
export async function api(path, { method = 'GET', query, body } = {}) {
  const q = query ? new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '')).toString() : ''
  const res = await fetch(`${path}${q ? `?${q}` : ''}`, {
    method,
    headers: headers(body !== undefined ? { 'content-type': 'application/json' } : {}),
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'omit',
    cache: 'no-store',
  })
  const text = await res.text()
  let parsed = null
  try {
    parsed = text ? JSON.parse(text) : null
  } catch {
    parsed = { detail: text }
  }
  if (!res.ok) {
    if (res.status === 401) window.dispatchEvent(new CustomEvent('guard:unauthorized', { detail: parsed?.detail }))
    throw new ApiError(res.status, parsed)
  }
  return parsed
}

/** GET that answers null for a route this server lacks (404) or the caller may not use (403), with the reason. */
export async function optional(path, options) {
  try {
    return { data: await api(path, options), missing: null }
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 403)) return { data: null, missing: e }
    throw e
  }
}
