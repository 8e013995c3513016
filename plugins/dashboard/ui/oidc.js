// Sign-in through the identity provider: the authorization-code flow with PKCE (RFC 7636), entirely in the browser.
// The verifier and state live in sessionStorage between the redirect and the return; the code is exchanged once.
import { saveCredential } from './api.js'

const PENDING = 'guard.oidc.pending'

const base64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const random = (n) => base64url(crypto.getRandomValues(new Uint8Array(n)))
const redirectUri = () => `${location.origin}/ui/`

/** Sends the browser to the provider's authorization endpoint. */
export async function beginSignIn(oidc) {
  const verifier = random(32)
  const state = random(16)
  const challenge = base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
  sessionStorage.setItem(PENDING, JSON.stringify({ verifier, state, issuer: oidc.issuer }))
  const url = new URL(oidc.authorization_endpoint)
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: oidc.client_id,
    redirect_uri: redirectUri(),
    scope: oidc.scope,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString()
  location.assign(url.href)
}

/**
 * On the return from the provider (`?code=&state=` or `?error=`): checks the state, exchanges the code for tokens and
 * keeps the access token (the ID token when the access token is no JWT). Clears the query either way. Returns an
 * error message, or null when there was nothing to finish or it worked.
 */
export async function finishSignIn(oidc) {
  const params = new URLSearchParams(location.search)
  if (!params.has('code') && !params.has('error')) return null
  history.replaceState(null, '', `/ui/${location.hash}`)
  const pending = JSON.parse(sessionStorage.getItem(PENDING) ?? 'null')
  sessionStorage.removeItem(PENDING)
  if (params.has('error')) return `The identity provider refused the sign-in: ${params.get('error_description') ?? params.get('error')}`
  if (!oidc || !pending || pending.state !== params.get('state') || pending.issuer !== oidc.issuer) return 'The sign-in answer does not belong to a sign-in started here; try again.'
  const res = await fetch(oidc.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code: params.get('code'), redirect_uri: redirectUri(), client_id: oidc.client_id, code_verifier: pending.verifier }),
    credentials: 'omit',
  })
  const tokens = await res.json().catch(() => ({}))
  if (!res.ok) return `The identity provider did not issue a token: ${tokens.error_description ?? tokens.error ?? res.status}`
  const jwt = (t) => typeof t === 'string' && t.split('.').length === 3
  const token = jwt(tokens.access_token) ? tokens.access_token : tokens.id_token
  if (!jwt(token)) return 'The identity provider issued no token this service can read.'
  saveCredential(token, 'bearer')
  return null
}
