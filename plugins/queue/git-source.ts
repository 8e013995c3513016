// Which git URLs a scan may name (repo_url): only those the operator allows (GUARD_GIT_URLS), never with credentials.
// A scanner that clones any URL a client names is an SSRF and a disk-filling hole, so the list is required and the
// server and each worker check every URL against it.
import { ForbiddenError, globMatcher, ValidationError, type FieldError, type Identity, type ScanRequest } from '../../kernel/plugin.ts'

/** Schemes a repository may be cloned over: https, ssh, git; file only when an allowed entry names it. */
const SCHEMES = ['https', 'ssh', 'git', 'file'] as const
export type GitScheme = (typeof SCHEMES)[number]
const SETTING = 'GUARD_GIT_URLS'
/** Wildcards an entry may hold: a bounded number keeps its pattern linear enough on a 2,048-character URL. */
const MAX_WILDCARDS = 4
const MAX_REF = 256

/** A repository URL as checked: its canonical form (what is cloned, shown and stored) and its scheme. */
export interface GitUrl {
  url: string
  scheme: GitScheme
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')

/**
 * GUARD_GIT_URLS: URL prefixes separated by spaces or commas, each `scheme://host/path…` where `*` is any run of
 * characters within one path segment and `**` any run at all. A prefix allows itself, itself + `.git`, and what lies
 * below it (`https://git.example.com/acme` allows `…/acme/app.git`, not `…/acme-evil`).
 */
export function allowedGitUrls(raw = process.env[SETTING]): ((url: string) => boolean) | undefined {
  const entries = (raw ?? '').split(/[\s,]+/).filter(Boolean)
  if (!entries.length) return undefined
  const errors: FieldError[] = []
  const patterns = entries.map((entry) => {
    const m = /^([a-z]+):\/\/([^/]*)(.*)$/i.exec(entry)
    const scheme = m?.[1].toLowerCase()
    if (!m || !SCHEMES.includes(scheme as GitScheme)) errors.push({ path: SETTING, message: `${JSON.stringify(entry)}: must start with ${SCHEMES.map((s) => `${s}://`).join(', ')}` })
    else if ((entry.match(/\*+/g) ?? []).length > MAX_WILDCARDS) errors.push({ path: SETTING, message: `${JSON.stringify(entry)}: has more than ${MAX_WILDCARDS} wildcards` })
    // An ssh user (git@) is an account name; a password, or any user of another scheme, is a credential.
    else if (/[?#\s]/.test(m[2]) || (m[2].includes('@') && (scheme !== 'ssh' || /:.*@/.test(m[2]))) || (m[2] === '' && scheme !== 'file'))
      errors.push({ path: SETTING, message: `${JSON.stringify(entry)}: needs a host, without credentials` })
    const normal = m ? `${scheme}://${m[2].toLowerCase()}${m[3]}` : entry
    const body = normal.split(/(\*\*|\*)/).map((part) => (part === '**' ? '.*' : part === '*' ? '[^/]*' : escape(part))).join('')
    return new RegExp(normal.endsWith('/') ? `^${body}.*$` : `^${body}(?:\\.git)?(?:/.*)?$`, 's')
  })
  if (errors.length) throw new ValidationError(`Invalid ${SETTING}`, errors)
  return (url) => patterns.some((p) => p.test(url))
}

const refused = (message: string) => new ValidationError('Invalid repo_url', [{ path: 'repo_url', message }])

/** A client's repo_url, checked against the allow-list: its canonical form, or a 422 that never repeats what was sent. */
export function checkGitUrl(raw: string, allowed = allowedGitUrls()): GitUrl {
  if (!allowed) throw refused(`scanning by URL is off on this server: its operator allows repositories with ${SETTING} (URL prefixes)`)
  let parsed: URL
  try {
    parsed = new URL(raw)
  } catch {
    throw refused('is not a URL: write scheme://host/path (an scp-like user@host:path as ssh://user@host/path)')
  }
  const scheme = parsed.protocol.slice(0, -1) as GitScheme
  if (!SCHEMES.includes(scheme)) throw refused(`must be ${SCHEMES.map((s) => `${s}://`).join(', ')}`)
  // An ssh user (git@) names an account, not a secret; anything else before the host is a credential.
  if (parsed.password || (parsed.username && scheme !== 'ssh'))
    throw refused("must not carry credentials: the workers' own git credentials are used (a credential helper, GIT_ASKPASS, ssh keys)")
  if (parsed.search || parsed.hash) throw refused('must not have a query or a fragment')
  if (scheme !== 'file' && !parsed.hostname) throw refused('needs a host')
  const url = parsed.href
  // As sent (the parser drops tabs and newlines) and as encoded: git passes a path on as it is.
  if (/[\0-\x1f\x7f\s]/.test(raw) || /%(?:[01][0-9a-f]|7f|20)/i.test(url)) throw refused('must not hold control characters or spaces')
  if (!allowed(url)) throw refused(`is not among the repositories this server allows (${SETTING})`)
  return { url, scheme }
}

/** A ref a client names: a branch, tag or commit, spelled so git cannot take it for an option or a range. */
export function checkRef(ref: string): string {
  const ok = ref.length <= MAX_REF && /^[\w./+-]+$/.test(ref) && !/^[-./]|\.\.|\/\/|\/$|\.lock$|\.$/.test(ref)
  if (!ok) throw new ValidationError('Invalid ref', [{ path: 'ref', message: 'must be a branch, tag or commit name (letters, digits, . _ / + -; not starting with - or holding ..)' }])
  return ref
}

/** An agent scans a URL its repo_access names: globs over `host/path` (no scheme, user or `.git`), e.g. `git.example.com/acme/*`. */
function checkAgentAccess(url: string, identity: Identity | undefined): void {
  if (identity?.role !== 'agent') return
  const u = new URL(url)
  const name = `${u.host}${u.pathname}`.replace(/\/+$/, '').replace(/\.git$/, '')
  if (!globMatcher(identity.repo_access ?? [])(name)) throw new ForbiddenError(`Permission denied: repo_access does not include ${JSON.stringify(name)}`)
}

/**
 * The repository a request names by URL, checked as the server does before queueing and the worker again before it
 * clones: exactly one of repo_path, repo_url and files; an allowed URL without credentials; a plain ref; the agent's access.
 */
export function checkGitRequest(request: ScanRequest, identity: Identity | undefined): GitUrl & { ref?: string } {
  // repo_path '.' is its default, filled in by the schema: it is not a second repository.
  const also = (['repo_path', 'files', 'history', 'history_since'] as const).filter((k) => request[k] !== undefined && !(k === 'repo_path' && request[k] === '.'))
  if (also.length)
    throw new ValidationError('Invalid scan request', also.map((k) => ({ path: k, message: k.startsWith('history') ? "a repo_url's checkout has no history to read: scan it by repo_path" : 'give one of repo_path, repo_url and files' })))
  const source = checkGitUrl(request.repo_url!)
  checkAgentAccess(source.url, identity)
  return { ...source, ...(request.ref !== undefined ? { ref: checkRef(request.ref) } : {}) }
}
