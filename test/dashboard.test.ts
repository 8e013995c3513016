// The dashboard (/ui) in a real Chromium, offline: each page as each role (what is shown, what is hidden), actions
// whose effect is checked through the API and the audit log, an accessibility check (axe-core) of every page,
// screenshots at laptop and phone width (test-output/ui-screens/, not committed), and OIDC sign-in with PKCE against
// an identity provider on loopback.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { createRequire } from 'node:module'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { guardedTab, launchChromium } from './helpers/browser.ts'
import { JWT_SECRET, startRoleServer, type RoleServer } from './helpers/roles.ts'
import { startServer, type TestServer } from './helpers/server.ts'
import { signToken } from '../kernel/access/tokens.ts'
import { issueLicense } from '../kernel/access/license.ts'
import { allows, type Permission, type Role } from '../kernel/access/permissions.ts'

const SCREENS = path.resolve(import.meta.dirname, '..', 'test-output', 'ui-screens')
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const VIEWPORTS = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } } as const
const ROLES: Role[] = ['admin', 'security-lead', 'developer', 'viewer']

const TAINT = 'def run(request):\n    code = request.args.get("code")\n    wrapped = "(" + code + ")"\n    return eval(wrapped)\n'
const FILES = {
  'shop/app/views.py': TAINT,
  'shop/app/settings.py': '# settings\nAWS_ACCESS_KEY_ID = "AKIAZ7Q3VXNPL2MWK4RT"\nDEBUG = False\n',
  'shop/web/page.js': 'function show(req, res) {\n  res.send(eval(req.query.expr))\n}\n',
  'blog/index.js': 'const token = require("crypto").randomBytes(2)\nmodule.exports = (req) => eval(req.body.x)\n',
}
const CONFIG = 'governance:\n  suppressions:\n    reason_required: true\n    max_expiry_days: 90\n'

const token = (role: Role) => signToken(JWT_SECRET, { sub: `user-${role}`, role }, 1)

interface Opened {
  page: Page
  context: BrowserContext
  /** Requests that tried to leave loopback (blocked), CSP refusals, script errors. */
  problems(): Promise<string[]>
}

describe('dashboard in Chromium', () => {
  let server: RoleServer
  let browser: Browser
  const screenshots: string[] = []

  before(async () => {
    server = await startRoleServer({ config: CONFIG, files: FILES })
    fs.rmSync(SCREENS, { recursive: true, force: true })
    fs.mkdirSync(SCREENS, { recursive: true })
    // Two scans of shop (the second after a fix, for a history), one of blog, one inline.
    await server.as('admin', '/gate', { method: 'POST', json: { repo_path: 'shop' } }).then((r) => r.arrayBuffer())
    fs.writeFileSync(path.join(server.dir, 'shop/web/page.js'), 'function show(req, res) {\n  res.send(String(req.query.expr))\n}\n')
    await server.as('admin', '/gate', { method: 'POST', json: { repo_path: 'blog' } }).then((r) => r.arrayBuffer())
    await server.as('admin', '/scan', { method: 'POST', json: { files: { 'snippet.js': 'eval(location.hash)\n' } } }).then((r) => r.arrayBuffer())
    await server.as('admin', '/gate', { method: 'POST', json: { repo_path: 'shop' } }).then((r) => r.arrayBuffer())
    // A small custom pack: its page is walked by every role (a built-in pack's page lists hundreds of rules).
    const pack = { id: 'team-web', name: 'Team web baseline', description: 'What the web team gates on.', selectors: [{ id: 'py.eval-injection', control: 'WEB-1 No code from requests' }, { id: 'js.eval-injection', control: 'WEB-1 No code from requests' }, { id: 'secrets.aws-access-key', control: 'WEB-2 No keys in code' }] }
    assert.equal((await server.as('admin', '/api/packs', { method: 'POST', json: pack }).then(async (r) => [r.status, await r.text()]))[0], 201)
    browser = await launchChromium()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  /** A fresh tab where every request off loopback is blocked and counted, as are CSP refusals and page errors. */
  async function open(viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<Opened> {
    const loopback = ({ protocol, hostname }: URL) => (protocol === 'http:' && hostname === '127.0.0.1') || protocol === 'data:'
    const { page, context, external, errors, cspRefused } = await guardedTab(browser, loopback, { viewport: VIEWPORTS[viewport] })
    return {
      page,
      context,
      async problems() {
        const refused = await cspRefused().catch(() => [])
        return [...external.map((u) => `external request ${u}`), ...refused.map((r) => `CSP refused ${r}`), ...errors.map((e) => `page error ${e}`)]
      },
    }
  }

  async function signIn(page: Page, role: Role): Promise<void> {
    await page.goto(`${server.url}/ui/`)
    await page.locator('#credential').fill(token(role))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('who').filter({ hasText: `(${role})` }).waitFor()
  }

  /** Goes to a page of the dashboard and waits until it has rendered. */
  async function visit(page: Page, hash: string): Promise<void> {
    await page.evaluate((h) => (location.hash = h), hash)
    await page.waitForFunction(() => !document.querySelector('main[aria-busy]') && !document.querySelector('main > .loading') && !document.querySelector('[aria-busy="true"]'))
  }

  async function shoot(page: Page, name: string): Promise<void> {
    const file = path.join(SCREENS, `${name}.png`)
    await page.screenshot({ path: file, fullPage: true })
    screenshots.push(file)
  }

  /** axe-core run in the page (evaluated by the driver: the page's CSP allows no injected script); serious and critical violations. */
  async function axeViolations(page: Page): Promise<string[]> {
    await page.evaluate(AXE_SOURCE)
    const found = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(c: Document, o: object): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe
      const result = await axe.run(document, { resultTypes: ['violations'] })
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`)
    })
    return found
  }

  const firstFinding = async (page: Page, rule: string) => {
    await visit(page, `#/findings?rule_id=${rule}`)
    await page.locator('td.msg a').first().click()
    await page.locator('h2', { hasText: 'History' }).waitFor()
    await page.waitForFunction(() => !document.querySelector('main[aria-busy]'))
  }

  test('without a credential the page shows only the sign-in form; a key stays in this tab, never in the URL', async () => {
    const { page, context, problems } = await open()
    const apiCalls: string[] = []
    page.on('request', (r) => r.url().includes('/api/') && apiCalls.push(new URL(r.url()).pathname))
    await page.goto(`${server.url}/ui/#/findings`)
    await page.locator('#credential').waitFor()
    assert.equal(await page.locator('nav[aria-label="Main"]').count(), 0, 'no navigation before sign-in')
    assert.deepEqual([...new Set(apiCalls)], ['/api/me'], 'nothing but who-am-I is asked without a credential')
    assert.equal(await page.locator('table').count(), 0)
    assert.deepEqual(await axeViolations(page), [])
    await shoot(page, 'signin-desktop')

    await page.locator('#credential').fill('not-a-key')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByText('That key or token was not accepted.').waitFor()
    assert.equal(await page.evaluate(() => sessionStorage.getItem('guard.credential')), null, 'a refused credential is not kept')

    const viewerToken = token('viewer')
    await page.locator('#credential').fill(viewerToken)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.locator('h1', { hasText: 'Findings' }).waitFor()
    const kept = JSON.parse((await page.evaluate(() => sessionStorage.getItem('guard.credential'))) ?? '{}') as { kind: string; value: string }
    assert.deepEqual([kept.kind, kept.value], ['bearer', viewerToken])
    assert.ok(!page.url().includes(kept.value.slice(0, 20)), 'the token is not in the URL')
    assert.equal(await page.evaluate(() => localStorage.length), 0, 'nothing in localStorage')
    // A reload keeps the tab's session; a new tab (another context) has none.
    await page.reload()
    await page.getByTestId('who').filter({ hasText: 'user-viewer (viewer)' }).waitFor()
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.locator('#credential').waitFor()
    assert.equal(await page.evaluate(() => sessionStorage.getItem('guard.credential')), null)
    assert.deepEqual(await problems(), [])
    await context.close()
  })

  for (const role of ROLES) {
    test(`each page as ${role}: what is shown and what is hidden, accessible, offline`, async () => {
      const { page, context, problems } = await open()
      await signIn(page, role)
      // What the page offers each role is what the contract's matrix grants it.
      const can = (permission: Permission) => allows(role, permission)
      const nav = await page.locator('nav[aria-label="Main"] a').allTextContents()
      assert.equal(nav.includes('Audit'), can('audit:read'), `Audit in the navigation of ${role}`)
      assert.ok(['Overview', 'Findings', 'Packs & rules', 'Approvals', 'Work items'].every((n) => nav.includes(n)), nav.join(','))

      // Overview: the latest scan of each repository with its gate, the severity bars and the trend.
      await visit(page, '#/')
      assert.deepEqual((await page.locator('table.repos tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-target')))).sort(), ['blog', 'inline', 'shop'])
      assert.equal(await page.locator('tr[data-target="shop"] .badge').textContent(), 'failed')
      assert.equal(await page.locator('svg.chart').count(), 1)
      await page.getByRole('button', { name: '90 days' }).click()
      await page.locator('button[data-days="90"][aria-pressed="true"]').waitFor()
      const pages: [string, string][] = [['overview', '#/']]

      // Findings: the latest scan (shop), sortable and filterable.
      await visit(page, '#/findings')
      assert.ok(Number(await page.locator('table.findings').getAttribute('data-total')) >= 2)
      pages.push(['findings', '#/findings'])

      // A taint finding: code with the line highlighted, the path step by step, rule, standards, history.
      await firstFinding(page, 'py.eval-injection')
      assert.equal(await page.locator('pre.code .hl').count(), 1)
      assert.match((await page.locator('pre.code .hl').textContent()) ?? '', /eval\(wrapped\)/)
      assert.ok((await page.locator('ol.trace li').count()) >= 2, 'the taint path')
      assert.match((await page.locator('ol.trace li').first().textContent()) ?? '', /source/)
      assert.ok(await page.locator('ul.standards li').count())
      assert.equal(await page.locator('ol.events li[data-kind="first_seen"]').count(), 1)
      assert.equal(await page.getByTestId('suppress-form').count(), can('governance:write') ? 1 : 0, `suppress form for ${role}`)
      assert.equal(await page.getByTestId('reconcile').count(), can('devops:write') && (await page.getByTestId('work-items').count()) ? 1 : 0, `reconcile for ${role}`)
      pages.push(['finding', page.url().split('#')[1] ? `#${page.url().split('#')[1]}` : '#/'])

      // The secret's code is masked in the page as in the API.
      await firstFinding(page, 'secrets.aws-access-key')
      const code = (await page.locator('pre.code').first().textContent()) ?? ''
      assert.ok(code.includes('AKIA****') && !code.includes('AKIAZ7Q3VXNPL2MWK4RT'), code)

      await visit(page, '#/packs')
      assert.equal(await page.locator('button[data-toggle]').count() > 0, can('config:write'), `pack toggles for ${role}`)
      pages.push(['packs', '#/packs'])
      await visit(page, '#/packs/team-web')
      assert.deepEqual(await page.locator('main h2').allTextContents(), ['Control WEB-1 No code from requests', 'Control WEB-2 No keys in code'])
      assert.equal(await page.locator('select[data-severity]').count(), can('packs:manage') ? 3 : 0, `severity controls for ${role}`)
      pages.push(['pack', '#/packs/team-web'])
      await visit(page, '#/rules/py.eval-injection')
      assert.ok(await page.locator('ul.examples[data-kind="ruleid"] li').count())
      assert.ok(await page.locator('ul.examples[data-kind="ok"] li').count())
      pages.push(['rule', '#/rules/py.eval-injection'])

      await visit(page, '#/audit')
      if (can('audit:read')) {
        await page.locator('#audit-verify .notice-success').waitFor()
        assert.ok(await page.locator('table.audit tbody tr').count())
        pages.push(['audit', '#/audit'])
      } else {
        assert.match((await page.locator('main .notice-error').textContent()) ?? '', /403: Permission denied: audit:read required/, 'the server refuses what the page does not offer')
      }
      // Approvals and work items: shown when the server offers them, a short note when it does not.
      for (const [name, hash] of [['approvals', '#/approvals'], ['work-items', '#/work-items']]) {
        await visit(page, hash)
        assert.ok((await page.locator('main table').count()) + (await page.locator('main .notice, main .empty').count()) > 0, `${name} shows a table or a note`)
        pages.push([name, hash])
      }

      for (const [name, hash] of pages) {
        for (const viewport of ['desktop', 'phone'] as const) {
          await page.setViewportSize(VIEWPORTS[viewport])
          await visit(page, hash)
          if (name === 'finding') await page.locator('h2', { hasText: 'History' }).waitFor()
          // Every role's pages at both widths are checked; screenshots of all of them would be ten thousand pixels of the same.
          if (role === 'admin' || role === 'viewer' || viewport === 'desktop') assert.deepEqual(await axeViolations(page), [], `${name} at ${viewport} as ${role}`)
          await shoot(page, `${name}-${role}-${viewport}`)
          // Nothing sticks out sideways at phone width (tables scroll inside their own region).
          if (viewport === 'phone') assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), `${name} fits a phone`)
          // A chart wider than the phone opens scrolled to its latest day.
          if (viewport === 'phone' && name === 'overview')
            await page.waitForFunction(() => {
              const wrap = document.querySelector('.chart-wrap')
              const chart = wrap?.querySelector('svg.chart')
              return !!chart && wrap!.scrollWidth > wrap!.clientWidth && chart.getBoundingClientRect().right <= wrap!.getBoundingClientRect().right + 1
            }, undefined, { timeout: 5000 })
        }
        await page.setViewportSize(VIEWPORTS.desktop)
      }
      assert.deepEqual(await problems(), [])
      await context.close()
    })
  }

  test('findings: filters, search, sort and paging run on the server and show in the table', async () => {
    const { page, context, problems } = await open()
    await signIn(page, 'developer')
    const asked: string[] = []
    page.on('request', (r) => r.url().includes('/api/findings?') && asked.push(new URL(r.url()).search))
    await visit(page, '#/findings')
    const rows = () => page.locator('table.findings tbody tr')
    await page.locator('#f-severity').selectOption('critical')
    await page.locator('table.findings[data-total]').first().waitFor()
    await page.waitForFunction(() => !document.querySelector('#findings-results[aria-busy]'))
    assert.ok(asked.some((q) => q.includes('severity=critical') && q.includes('limit=50')), asked.join(' '))
    assert.ok((await rows().count()) > 0)
    for (const badge of await page.locator('table.findings tbody tr td:first-child .badge').allTextContents()) assert.equal(badge, 'critical')
    assert.match(page.url(), /severity=critical/, 'the filter is in the address, for a reload or a link')
    await page.locator('#f-q').fill('settings')
    await page.waitForFunction(() => document.querySelectorAll('table.findings tbody tr').length === 1 || document.querySelector('.empty'))
    assert.match((await rows().first().textContent()) ?? '', /settings\.py/)
    await page.getByRole('button', { name: 'Clear filters' }).click()
    await page.waitForFunction(() => !document.querySelector('#findings-results[aria-busy]') && !new URLSearchParams(location.hash.split('?')[1]).has('severity'))
    await page.locator('button[data-sort="file"]').click()
    await page.locator('th[aria-sort="ascending"] button[data-sort="file"]').waitFor()
    const files = await page.locator('td.loc code').allTextContents()
    assert.deepEqual(files, [...files].sort((a, b) => a.localeCompare(b)))
    await page.locator('button[data-sort="file"]').click()
    await page.locator('th[aria-sort="descending"] button[data-sort="file"]').waitFor()
    await page.locator('#f-limit').selectOption('25')
    assert.equal(await page.getByRole('button', { name: 'Previous' }).isDisabled(), true)
    assert.deepEqual(await problems(), [])
    await context.close()
  })

  test('a security lead suppresses a finding: written to .guard.yaml with reason, expiry and name, audited', async () => {
    const { page, context, problems } = await open()
    await signIn(page, 'security-lead')
    await firstFinding(page, 'py.eval-injection')
    const file = await page.locator('dd code').first().textContent()
    // The reason is required by governance: the browser will not send the form without it.
    await page.getByRole('button', { name: 'Suppress' }).click()
    assert.equal(await page.locator('#s-reason').evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing), true)
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    await page.locator('#s-reason').fill('only reachable by admins, ticket SEC-12')
    await page.locator('#s-expires').fill(expires)
    await page.getByRole('button', { name: 'Suppress' }).click()
    await page.locator('.notice-success', { hasText: 'applies from the next scan' }).waitFor()
    await shoot(page, 'finding-suppressed-security-lead-desktop')
    const config = (await (await server.as('admin', '/api/config')).json()) as { suppressions: { rule_id: string; path: string; reason: string; by: string; expires: string }[] }
    const added = config.suppressions.at(-1)!
    assert.deepEqual(added, { rule_id: 'py.eval-injection', path: file!.replace(/:\d+:\d+$/, ''), reason: 'only reachable by admins, ticket SEC-12', by: 'user-security-lead', expires })
    const audit = (await (await server.as('admin', '/api/audit?action=suppressions.create')).json()) as { items: { actor: string; outcome: string }[] }
    assert.deepEqual([audit.items[0].actor, audit.items[0].outcome], ['user-security-lead', 'success'])
    // A developer has no form, and the server refuses the call all the same.
    const refused = await server.as('developer', '/api/suppressions', { method: 'POST', json: { rule_id: 'py.eval-injection', reason: 'x', expires } })
    assert.equal(refused.status, 403)
    assert.deepEqual(await problems(), [])
    await context.close()
  })

  test('an admin disables and enables a pack; a security lead changes a rule severity: the API shows both, the audit log too', async () => {
    const { page, context, problems } = await open()
    await signIn(page, 'admin')
    await visit(page, '#/packs')
    await page.getByRole('button', { name: 'Disable secrets' }).click()
    await page.getByRole('button', { name: 'Enable secrets' }).waitFor()
    const packs = async () => ((await (await server.as('admin', '/api/config')).json()) as { packs?: string[] }).packs
    assert.ok(!(await packs())!.includes('secrets'))
    assert.equal(await page.locator('tr[data-pack="secrets"] .badge').textContent(), 'disabled')
    await page.getByRole('button', { name: 'Enable secrets' }).click()
    await page.getByRole('button', { name: 'Disable secrets' }).waitFor()
    assert.ok((await packs())!.includes('secrets'))
    await context.close()

    const lead = await open()
    await signIn(lead.page, 'security-lead')
    await visit(lead.page, '#/packs/owasp-top-10')
    await lead.page.locator('select[data-severity="js.eval-injection"]').selectOption('medium')
    await lead.page.locator('.notice-success', { hasText: 'severity set to medium' }).waitFor()
    const rule = (await (await server.as('viewer', '/rules/js.eval-injection')).json()) as { severity: string }
    assert.equal(rule.severity, 'medium')
    const audit = (await (await server.as('admin', '/api/audit?action=packs.overrides')).json()) as { items: { actor: string; target: string }[] }
    assert.deepEqual([audit.items[0].actor, audit.items[0].target], ['user-security-lead', 'owasp-top-10'])
    await server.as('admin', '/api/packs/owasp-top-10/overrides', { method: 'POST', json: { rules: { 'js.eval-injection': { severity: 'critical' } } } }).then((r) => r.arrayBuffer())
    assert.deepEqual([...(await problems()), ...(await lead.problems())], [])
    await lead.context.close()
  })

  test('the screenshots were written, one per page, role and width', () => {
    for (const file of screenshots) assert.ok(fs.statSync(file).size > 5000, file)
    assert.ok(screenshots.length >= 4 * 8 * 2, `${screenshots.length} screenshots`)
  })
})

/** An identity provider on loopback that signs the user in at once: discovery, keys, /authorize (PKCE), /token. */
async function startProvider(audience: string) {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const codes = new Map<string, { challenge: string; redirect: string; client: string }>()
  const seen: { challenge_method?: string; verified?: boolean; tokenOrigin?: string } = {}
  let issuer = ''
  const jws = (claims: object) => {
    const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url')
    const input = `${part({ alg: 'RS256', typ: 'JWT', kid: 'k1' })}.${part(claims)}`
    return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`
  }
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer)
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': req.headers.origin ?? '*' }).end(JSON.stringify(body))
    if (url.pathname === '/.well-known/openid-configuration') return json(200, { issuer, jwks_uri: `${issuer}/jwks`, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token` })
    if (url.pathname === '/jwks') return json(200, { keys: [{ ...publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }] })
    if (url.pathname === '/authorize') {
      const p = url.searchParams
      seen.challenge_method = p.get('code_challenge_method') ?? undefined
      if (p.get('response_type') !== 'code' || !p.get('code_challenge') || !p.get('state')) return json(400, { error: 'invalid_request' })
      const code = randomBytes(12).toString('hex')
      codes.set(code, { challenge: p.get('code_challenge')!, redirect: p.get('redirect_uri')!, client: p.get('client_id')! })
      return res.writeHead(302, { location: `${p.get('redirect_uri')}?code=${code}&state=${encodeURIComponent(p.get('state')!)}` }).end()
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      seen.tokenOrigin = req.headers.origin
      let body = ''
      for await (const chunk of req) body += chunk
      const form = new URLSearchParams(body)
      const pending = codes.get(form.get('code') ?? '')
      codes.delete(form.get('code') ?? '')
      const challenge = createHash('sha256').update(form.get('code_verifier') ?? '').digest('base64url')
      seen.verified = !!pending && pending.challenge === challenge && pending.redirect === form.get('redirect_uri') && pending.client === form.get('client_id')
      if (!seen.verified) return json(400, { error: 'invalid_grant' })
      const now = Math.floor(Date.now() / 1000)
      return json(200, { token_type: 'Bearer', expires_in: 600, access_token: jws({ iss: issuer, aud: audience, sub: 'u-42', email: 'lead@example.test', groups: ['appsec'], iat: now, exp: now + 600 }) })
    }
    json(404, {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    issuer,
    seen,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

describe('dashboard sign-in through an identity provider (OIDC, authorization code with PKCE)', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>
  let server: TestServer
  let browser: Browser

  before(async () => {
    provider = await startProvider('guard-api')
    const vendor = generateKeyPairSync('ed25519')
    const license = issueLicense(vendor.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), { org: 'Acme', tier: 'enterprise', expires_at: new Date(Date.now() + 86_400_000).toISOString() })
    server = await startServer({
      config: { auth: { enabled: true, jwt_secret: JWT_SECRET, oidc: { issuer: provider.issuer, audience: 'guard-api', client_id: 'guard-dashboard', groups_claim: 'groups', role_map: { appsec: 'security-lead' } } } },
      env: { GUARD_API_KEY: undefined, GUARD_JWT_SECRET: undefined, GUARD_LICENSE_PUBLIC_KEY: vendor.publicKey.export({ format: 'pem', type: 'spki' }).toString(), GUARD_LICENSE_KEY: license },
    })
    browser = await launchChromium()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
    await provider?.close()
  })

  test('"Sign in with" the provider: redirect, code exchanged with the verifier, the token used as Bearer', async () => {
    const config = (await (await server.request('/ui/config.json')).json()) as { oidc: { client_id: string; token_endpoint: string } }
    assert.deepEqual([config.oidc.client_id, config.oidc.token_endpoint], ['guard-dashboard', `${provider.issuer}/token`])
    const csp = (await server.request('/ui/')).headers.get('content-security-policy') ?? ''
    assert.ok(csp.includes(`connect-src 'self' ${provider.issuer}`), csp)
    const context = await browser.newContext()
    await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${server.url}/ui/`)
    await page.getByTestId('oidc-signin').click()
    await page.getByTestId('who').filter({ hasText: '(security-lead)' }).waitFor()
    assert.match((await page.getByTestId('who').textContent()) ?? '', /u-42 \(lead@example\.test\) \(security-lead\)/)
    assert.deepEqual([provider.seen.challenge_method, provider.seen.verified, provider.seen.tokenOrigin], ['S256', true, server.url])
    assert.ok(!page.url().includes('code='), 'the code is taken out of the address')
    const kept = JSON.parse((await page.evaluate(() => sessionStorage.getItem('guard.credential'))) ?? '{}') as { kind: string }
    assert.equal(kept.kind, 'bearer')
    // A return with a state this tab never sent is refused.
    await page.goto(`${server.url}/ui/?code=stolen&state=forged`)
    await page.getByText('does not belong to a sign-in started here').waitFor()
    assert.deepEqual(errors, [])
    await context.close()
  })
})

describe('dashboard with an Enterprise license: approvals decided and work items reconciled from the page', () => {
  let server: RoleServer
  let browser: Browser

  before(async () => {
    const vendor = generateKeyPairSync('ed25519')
    const license = issueLicense(vendor.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), { org: 'Acme', tier: 'enterprise', expires_at: new Date(Date.now() + 86_400_000).toISOString() })
    server = await startRoleServer({
      files: { 'shop/app/views.py': TAINT },
      env: { GUARD_LICENSE_PUBLIC_KEY: vendor.publicKey.export({ format: 'pem', type: 'spki' }).toString(), GUARD_LICENSE_KEY: license },
    })
    const gate = await server.as('developer', '/gate', { method: 'POST', json: { repo_path: 'shop', require_approval: true } })
    assert.equal(gate.status, 200, await gate.clone().text())
    browser = await launchChromium()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  async function signedIn(role: Role): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
    const context = await browser.newContext()
    await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(`${server.url}/ui/`)
    await page.locator('#credential').fill(token(role))
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.getByTestId('who').filter({ hasText: `(${role})` }).waitFor()
    return { page, context, errors }
  }

  test('the developer who asked sees the request without buttons; a security lead approves it', async () => {
    const list = (await (await server.as('viewer', '/api/approvals')).json()) as { items: { id: string; status: string; requested_by: string }[] }
    assert.deepEqual(list.items.map((a) => [a.status, a.requested_by]), [['pending', 'user-developer']])
    const id = list.items[0].id
    const dev = await signedIn('developer')
    await dev.page.evaluate(() => (location.hash = '#/approvals'))
    await dev.page.locator(`tr[data-approval="${id}"]`).waitFor()
    assert.equal(await dev.page.locator('button[data-decide]').count(), 0)
    await dev.context.close()

    const lead = await signedIn('security-lead')
    await lead.page.evaluate(() => (location.hash = '#/approvals'))
    await lead.page.locator(`tr[data-approval="${id}"] button[data-decide="approve"]`).waitFor()
    await lead.page.locator(`#c-${id}`).fill('accepted risk until the fix ships')
    await lead.page.locator(`tr[data-approval="${id}"] button[data-decide="approve"]`).click()
    await lead.page.locator(`tr[data-approval="${id}"] .badge`, { hasText: 'approved' }).waitFor()
    const status = (await (await server.as('viewer', `/api/approvals/${id}/status`)).json()) as { status: string }
    assert.equal(status.status, 'approved')
    const audit = (await (await server.as('admin', '/api/audit?actor=user-security-lead')).json()) as { items: { action: string; target: string }[] }
    assert.ok(audit.items.some((e) => e.target === id && e.action.startsWith('approvals')), JSON.stringify(audit.items))
    assert.deepEqual(lead.errors, [])
    await lead.context.close()
  })

  test('a security lead previews and applies a reconcile: the work items appear, through the API too', async () => {
    const lead = await signedIn('security-lead')
    await lead.page.evaluate(() => (location.hash = '#/work-items'))
    await lead.page.getByTestId('reconcile-preview').click()
    await lead.page.getByText(/Dry run for shop: 1 to create/).waitFor()
    await lead.page.getByTestId('reconcile-apply').click()
    await lead.page.locator('tr[data-item]').first().waitFor()
    const items = (await (await server.as('viewer', '/api/work-items')).json()) as { items: { rule_id: string; state: string }[] }
    assert.deepEqual(items.items.map((w) => [w.rule_id, w.state]), [['py.eval-injection', 'open']])
    assert.equal(await lead.page.locator('tr[data-item] td code').first().textContent(), 'py.eval-injection')
    await lead.context.close()
    const viewer = await signedIn('viewer')
    await viewer.page.evaluate(() => (location.hash = '#/work-items'))
    await viewer.page.locator('tr[data-item]').first().waitFor()
    assert.equal(await viewer.page.getByTestId('reconcile-preview').count(), 0, 'viewers may read work items, not reconcile')
    assert.deepEqual([...lead.errors, ...viewer.errors], [])
    await viewer.context.close()
  })
})
