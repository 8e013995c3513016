// The dashboard's shell: sign-in, the header and navigation for the caller's role, and a hash router over the pages.
import { api, ApiError, credential, forgetCredential, saveCredential } from './api.js'
import { h, mount, notice } from './dom.js'
import { beginSignIn, finishSignIn } from './oidc.js'
import * as overview from './pages/overview.js'
import * as findings from './pages/findings.js'
import * as finding from './pages/finding.js'
import * as packs from './pages/packs.js'
import * as pack from './pages/pack.js'
import * as rule from './pages/rule.js'
import * as audit from './pages/audit.js'
import * as approvals from './pages/approvals.js'
import * as workItems from './pages/work-items.js'

const ROUTES = [
  { pattern: /^\/?$/, page: overview, nav: 'overview' },
  { pattern: /^\/findings$/, page: findings, nav: 'findings' },
  { pattern: /^\/findings\/([^/]+)$/, page: finding, nav: 'findings' },
  { pattern: /^\/packs$/, page: packs, nav: 'packs' },
  { pattern: /^\/packs\/([^/]+)$/, page: pack, nav: 'packs' },
  { pattern: /^\/rules\/([^/]+)$/, page: rule, nav: 'packs' },
  { pattern: /^\/approvals$/, page: approvals, nav: 'approvals' },
  { pattern: /^\/work-items$/, page: workItems, nav: 'work-items' },
  { pattern: /^\/audit$/, page: audit, nav: 'audit' },
]

/** The navigation; an entry with a permission is shown only to roles that hold it. */
const NAV = [
  { id: 'overview', label: 'Overview', href: '#/' },
  { id: 'findings', label: 'Findings', href: '#/findings' },
  { id: 'packs', label: 'Packs & rules', href: '#/packs' },
  { id: 'approvals', label: 'Approvals', href: '#/approvals', permission: 'approvals:read' },
  { id: 'work-items', label: 'Work items', href: '#/work-items', permission: 'devops' },
  { id: 'audit', label: 'Audit', href: '#/audit', permission: 'audit:read' },
]

const header = document.getElementById('top')
const main = document.getElementById('main')
let session = null
let config = { oidc: null, version: '' }
let rendering = 0

function parseHash() {
  const raw = location.hash.replace(/^#/, '') || '/'
  const [path, qs = ''] = raw.split('?')
  return { path, query: Object.fromEntries(new URLSearchParams(qs)) }
}

function renderHeader(active) {
  const can = (p) => !p || session.me.permissions.includes(p)
  const who = session.me.auth === 'anonymous' ? 'No sign-in configured' : `${session.me.sub} (${session.me.role})`
  mount(
    header,
    h('div', { class: 'brand' }, h('a', { href: '#/' }, 'guard'), h('span', { class: 'version' }, config.version)),
    h(
      'nav',
      { 'aria-label': 'Main' },
      h('ul', {}, NAV.filter((n) => can(n.permission)).map((n) => h('li', {}, h('a', { href: n.href, 'aria-current': n.id === active ? 'page' : undefined, 'data-nav': n.id }, n.label)))),
    ),
    h(
      'div',
      { class: 'who' },
      h('span', { 'data-testid': 'who' }, who),
      credential() ? h('button', { type: 'button', class: 'secondary', onclick: signOut }, 'Sign out') : null,
    ),
  )
}

async function renderRoute() {
  const { path, query } = parseHash()
  const match = ROUTES.map((r) => ({ r, m: r.pattern.exec(path) })).find((x) => x.m)
  const ticket = ++rendering
  if (!match) {
    renderHeader(null)
    return mount(main, h('h1', { tabindex: '-1' }, 'Not found'), notice(`No page at ${path}.`))
  }
  const { r, m } = match
  renderHeader(r.nav)
  main.setAttribute('aria-busy', 'true')
  mount(main, h('p', { class: 'loading' }, 'Loading…'))
  const ctx = {
    me: session.me,
    config,
    query,
    params: m.slice(1).map(decodeURIComponent),
    can: (p) => session.me.permissions.includes(p),
    /** Re-renders the current page (after an action changed what it shows). */
    refresh: () => renderRoute(),
    /** Whether this render is still the current one (a slow answer must not overwrite a newer page). */
    current: () => ticket === rendering,
  }
  try {
    const node = await r.page.render(ctx)
    if (ticket !== rendering) return
    mount(main, node)
    document.title = `${r.page.title(ctx)} — guard`
  } catch (e) {
    if (ticket !== rendering) return
    if (e instanceof ApiError && e.status === 401) return
    mount(main, h('h1', { tabindex: '-1' }, 'Something went wrong'), notice(e instanceof ApiError ? `${e.status}: ${e.message}` : String(e.message ?? e), 'error'))
  } finally {
    if (ticket === rendering) main.removeAttribute('aria-busy')
  }
  main.querySelector('h1')?.focus({ preventScroll: true })
}

function signOut() {
  forgetCredential()
  session = null
  location.hash = '#/'
  showSignIn('You are signed out.')
}

function showSignIn(message, kind = 'info') {
  session = null
  mount(header, h('div', { class: 'brand' }, h('span', {}, 'guard'), h('span', { class: 'version' }, config.version)))
  const input = h('input', { id: 'credential', name: 'credential', type: 'password', autocomplete: 'off', required: true, spellcheck: 'false', 'aria-describedby': 'credential-help' })
  const status = h('div', { id: 'signin-status', 'aria-live': 'polite' }, message ? notice(message, kind) : null)
  const form = h(
    'form',
    {
      class: 'card signin',
      onsubmit: async (event) => {
        event.preventDefault()
        saveCredential(input.value)
        input.value = ''
        await start('That key or token was not accepted.')
      },
    },
    h('label', { for: 'credential' }, 'API key or access token'),
    input,
    h('p', { id: 'credential-help', class: 'help' }, 'Pasted once, kept in this tab only (session storage) and sent as X-API-Key, or as a Bearer token when it is a JWT.'),
    h('button', { type: 'submit' }, 'Sign in'),
  )
  const oidc = config.oidc
    ? h(
        'div',
        { class: 'card signin' },
        h('p', {}, 'Or sign in through your organisation’s identity provider.'),
        h('button', { type: 'button', 'data-testid': 'oidc-signin', onclick: () => beginSignIn(config.oidc) }, `Sign in with ${new URL(config.oidc.issuer).host}`),
      )
    : null
  mount(main, h('h1', { tabindex: '-1' }, 'Sign in'), status, form, oidc)
  document.title = 'Sign in — guard'
  input.focus()
}

/** Asks who the credential (or no credential) is; opens the dashboard, or the sign-in page saying `refused`. */
async function start(refused) {
  try {
    session = { me: await api('/api/me') }
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      forgetCredential()
      showSignIn(refused, refused ? 'error' : 'info')
      return
    }
    mount(main, h('h1', {}, 'guard'), notice(`The service could not be reached: ${e.message}`, 'error'))
    return
  }
  await renderRoute()
}

window.addEventListener('hashchange', () => session && renderRoute())
window.addEventListener('guard:unauthorized', () => {
  if (!session) return
  forgetCredential()
  showSignIn('Your session ended (the key or token is no longer accepted). Sign in again.', 'error')
})

async function boot() {
  config = await fetch('/ui/config.json', { cache: 'no-store' }).then((r) => r.json()).catch(() => config)
  const failed = await finishSignIn(config.oidc).catch((e) => `The sign-in could not be finished: ${e.message}`)
  if (failed) return showSignIn(failed, 'error')
  await start()
}

boot()
