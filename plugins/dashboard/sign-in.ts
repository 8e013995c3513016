// What the dashboard's sign-in page needs to offer an identity provider (auth.oidc, Enterprise): the endpoints of its
// discovery document, read by the server (so the page's CSP names only the token endpoint's origin).
import type { Kernel } from '../../kernel/plugin.ts'

export interface OidcSignIn {
  issuer: string
  client_id: string
  authorization_endpoint: string
  token_endpoint: string
  scope: string
}

const FETCH_TIMEOUT_MS = 5_000
/** A discovery document is read again after this long. */
const KEEP_MS = 10 * 60_000
/** After a failure, this long passes before the next try: a provider that is down does not slow every page. */
const RETRY_MS = 30_000

/** An endpoint the browser may be sent to: https, or on the issuer's own origin (a loopback issuer in a test). */
function endpoint(value: unknown, issuer: URL, name: string): string {
  if (typeof value !== 'string' || !URL.canParse(value)) throw new Error(`its discovery document has no ${name}`)
  const url = new URL(value)
  if (url.protocol !== 'https:' && url.origin !== issuer.origin) throw new Error(`${name} ${url.href} is neither https nor on the issuer's origin`)
  return url.href
}

export class SignInOptions {
  private cached: { at: number; issuer: string; value: OidcSignIn | undefined } | undefined

  constructor(private readonly kernel: Kernel) {}

  /** The identity provider's sign-in, when auth.oidc is set, JWT is on and the license covers it; else undefined. */
  async oidc(): Promise<OidcSignIn | undefined> {
    const config = this.kernel.config.auth?.oidc
    if (!config || this.kernel.config.auth?.enabled !== true || !this.kernel.license().features.oidc) return undefined
    const cached = this.cached
    if (cached && cached.issuer === config.issuer && Date.now() - cached.at < (cached.value ? KEEP_MS : RETRY_MS)) return cached.value
    const issuer = new URL(config.issuer)
    try {
      const res = await fetch(`${config.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } })
      if (!res.ok) throw new Error(`answered ${res.status}`)
      const doc = (await res.json()) as Record<string, unknown>
      const value = {
        issuer: config.issuer,
        client_id: config.client_id ?? config.audience,
        authorization_endpoint: endpoint(doc.authorization_endpoint, issuer, 'authorization_endpoint'),
        token_endpoint: endpoint(doc.token_endpoint, issuer, 'token_endpoint'),
        scope: 'openid profile email',
      }
      this.cached = { at: Date.now(), issuer: config.issuer, value }
      return value
    } catch (e) {
      this.kernel.log.warn(`dashboard: the discovery document of ${config.issuer} could not be read (${(e as Error).message}); sign-in through it is not offered for now`)
      this.cached = { at: Date.now(), issuer: config.issuer, value: undefined }
      return undefined
    }
  }
}
