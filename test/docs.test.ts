// The documentation pages: the OpenAPI document, who may read it, and the pages rendered offline in a real browser.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import type { Browser, Page } from 'playwright-core'
import YAML from 'yaml'
import { VERSION } from '../kernel/base/install.ts'
import { PERMISSIONS, rolesFor, type Permission } from '../kernel/access/permissions.ts'
import { startServer, type TestServer } from './helpers/server.ts'
import { guardedTab, launchChromium } from './helpers/browser.ts'

interface Operation {
  summary?: string
  description?: string
  'x-permission'?: string
  security?: Record<string, string[]>[]
  parameters?: { in: string; name: string }[]
  requestBody?: { content: Record<string, { schema?: object }> }
  responses: Record<string, { content?: Record<string, { schema?: object }> }>
}
interface OpenApiDocument {
  openapi: string
  info: { title: string; version: string }
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, Record<string, string>> }
}

const KEY = 'docs-test-key-0123456789'
const PAGES = ['/docs', '/redoc', '/api', '/docs/json']
/** Every documentation route, the assets the pages load included. */
const DOC_ROUTES = [...PAGES, '/docs/', '/docs/yaml', '/docs/static/swagger-ui-bundle.js', '/docs/static/swagger-initializer.js', '/redoc/redoc.standalone.js']
const CORE = [
  ['post', '/scan'],
  ['post', '/gate'],
  ['post', '/report'],
  ['get', '/rules'],
  ['get', '/health'],
] as const
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'])

function operations(doc: OpenApiDocument): { method: string; path: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.has(method))
      .map(([method, op]) => ({ method, path, op })),
  )
}

function expectedLine(permission: Permission): string {
  return permission === 'public' ? 'Permission: public — no credentials needed' : `Permission: ${permission} — roles: ${rolesFor(permission).join(', ')}`
}

describe('docs: the OpenAPI document and the pages, no credentials configured', () => {
  let server: TestServer
  let doc: OpenApiDocument
  let browser: Browser

  before(async () => {
    server = await startServer({ env: { GUARD_API_KEY: undefined } })
    const res = await server.request('/docs/json')
    assert.equal(res.status, 200)
    doc = (await res.json()) as OpenApiDocument
    browser = await launchChromium()
  })
  after(async () => {
    await browser?.close()
    await server?.close()
  })

  test('/docs/json is a valid OpenAPI 3 document', async () => {
    assert.match(doc.openapi, /^3\.0\.\d+$/)
    assert.equal(doc.info.title, 'guard')
    assert.equal(doc.info.version, VERSION)
    const config = await createConfig({
      rules: { struct: 'error', 'no-unresolved-refs': 'error', 'security-defined': 'error', 'path-parameters-defined': 'error', 'operation-operationId-unique': 'error' },
    })
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config })
    assert.deepEqual(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`), [])
  })

  test('it lists the core endpoints with their request and response schemas', () => {
    for (const [method, path] of CORE) assert.ok(doc.paths[path]?.[method], `${method.toUpperCase()} ${path} is documented`)
    for (const path of ['/scan', '/gate', '/report']) {
      const op = doc.paths[path].post
      assert.ok(op.requestBody?.content['application/json']?.schema, `${path} has a request schema`)
      assert.ok(op.responses['200']?.content?.['application/json']?.schema, `${path} has a response schema`)
      assert.ok(op.responses['422']?.content?.['application/json']?.schema, `${path} documents its validation error`)
    }
    assert.ok(doc.paths['/report'].post.parameters?.some((p) => p.in === 'query' && p.name === 'format'))
    assert.ok(doc.paths['/rules'].get.parameters?.some((p) => p.in === 'query'))
    assert.ok(doc.paths['/rules'].get.responses['200']?.content?.['application/json']?.schema)
    assert.ok(doc.paths['/health'].get.responses['200']?.content?.['application/json']?.schema)
  })

  test('every operation carries its permission, the roles that hold it, and its security', () => {
    const ops = operations(doc)
    assert.ok(ops.length >= CORE.length)
    for (const { method, path, op } of ops) {
      const where = `${method.toUpperCase()} ${path}`
      const permission = op['x-permission'] as Permission
      assert.ok((PERMISSIONS as string[]).includes(permission), `${where} has x-permission (got ${permission})`)
      assert.notEqual(permission, 'docs', `${where}: documentation routes are hidden`)
      assert.ok(op.summary, `${where} has a summary`)
      assert.ok(op.description?.includes(expectedLine(permission)), `${where} describes its permission: ${op.description}`)
      if (permission === 'public') assert.deepEqual(op.security, [], `${where} needs no credentials`)
      else assert.deepEqual(op.security, [{ ApiKey: [] }, { BearerAuth: [] }], `${where} needs a key or a token`)
    }
    assert.equal(doc.paths['/scan'].post['x-permission'], 'scan')
    assert.equal(doc.paths['/rules'].get['x-permission'], 'rules:read')
    assert.equal(doc.paths['/health'].get['x-permission'], 'public')
    assert.equal(doc.paths['/scan'].post.description?.split('\n').at(-1), 'Permission: scan — roles: admin, security-lead, developer, agent')
  })

  test('the security schemes are the API key header and a bearer JWT', () => {
    assert.deepEqual({ ...doc.components.securitySchemes.ApiKey, description: undefined }, { type: 'apiKey', in: 'header', name: 'X-API-Key', description: undefined })
    assert.equal(doc.components.securitySchemes.BearerAuth.type, 'http')
    assert.equal(doc.components.securitySchemes.BearerAuth.scheme, 'bearer')
    assert.equal(doc.components.securitySchemes.BearerAuth.bearerFormat, 'JWT')
  })

  test('the documentation routes are not in the document', () => {
    for (const path of Object.keys(doc.paths)) {
      assert.ok(!['/docs', '/redoc', '/api'].includes(path) && !/^\/(docs|redoc)\//.test(path), `${path} is a documentation route`)
    }
  })

  test('/docs/yaml is the same document', async () => {
    const res = await server.request('/docs/yaml')
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-type') ?? '', /yaml/)
    assert.deepEqual(YAML.parse(await res.text()), doc)
  })

  test('every documentation route answers and forbids loading anything from elsewhere', async () => {
    for (const path of DOC_ROUTES) {
      const res = await server.request(path)
      assert.equal(res.status, 200, path)
      assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'self'/, path)
      await res.arrayBuffer()
    }
  })

  /** Opens a page with every request off this host aborted; returns what was blocked and what the CSP refused. */
  async function openOffline(path: string, ready: (page: Page) => Promise<void>): Promise<{ page: Page; external: string[]; refused: () => Promise<string[]>; errors: string[] }> {
    const thisHost = ({ protocol, hostname }: URL) =>
      ((protocol === 'http:' || protocol === 'https:') && (hostname === '127.0.0.1' || hostname === 'localhost')) || protocol === 'data:' || protocol === 'blob:'
    const { page, context, external, errors, cspRefused } = await guardedTab(browser, thisHost)
    // Closing the context races the browser's own close in `after`: a rejection then is not a failure.
    page.on('close', () => void context.close().catch(() => undefined))
    const res = await page.goto(server.url + path)
    assert.equal(res?.status(), 200)
    await ready(page)
    await page.waitForLoadState('networkidle')
    return { page, external, errors, refused: cspRefused }
  }

  test('Swagger UI at /docs renders every operation, offline', async () => {
    const { page, external, errors, refused } = await openOffline('/docs', (p) => p.locator('.opblock').first().waitFor())
    const shown = await page.locator('.opblock-summary').evaluateAll((els) =>
      els.map((el) => `${el.querySelector('.opblock-summary-method')?.textContent} ${el.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
    )
    for (const { method, path } of operations(doc)) assert.ok(shown.includes(`${method.toUpperCase()} ${path}`), `${method} ${path} in ${shown.join(', ')}`)
    assert.ok(shown.includes('POST /scan'))
    assert.equal(await page.locator('.validator-badge, img[src*="validator"]').count(), 0)
    assert.deepEqual(external, [], 'no request leaves the server')
    assert.deepEqual(await refused(), [], 'the CSP refused nothing')
    assert.deepEqual(errors, [])
    await page.close()
  })

  test('ReDoc at /redoc renders every operation by its summary, offline', async () => {
    const { page, external, errors, refused } = await openOffline('/redoc', (p) => p.locator('h2', { hasText: doc.paths['/scan'].post.summary }).first().waitFor())
    const headings = (await page.locator('h2').allTextContents()).map((h) => h.trim())
    for (const { op } of operations(doc)) assert.ok(headings.includes(op.summary ?? ''), `${op.summary} in ${headings.join(' | ')}`)
    assert.ok(await page.getByText(expectedLine('scan')).first().isVisible(), 'the permission line is rendered')
    assert.deepEqual(external, [], 'no request leaves the server')
    assert.deepEqual(await refused(), [], 'the CSP refused nothing')
    assert.deepEqual(errors, [])
    await page.close()
  })

  test('/api lists every endpoint with its permission and roles, offline', async () => {
    const { page, external, errors, refused } = await openOffline('/api', (p) => p.locator('tbody tr').first().waitFor())
    const rows = await page.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => ({ method: tr.getAttribute('data-method'), path: tr.getAttribute('data-path'), cells: [...tr.querySelectorAll('td')].map((td) => td.textContent) })),
    )
    const ops = operations(doc)
    assert.equal(rows.length, ops.length)
    for (const { method, path, op } of ops) {
      const row = rows.find((r) => r.method === method.toUpperCase() && r.path === path)
      assert.ok(row, `${method} ${path} has a row`)
      const permission = op['x-permission'] as Permission
      const roles = permission === 'public' ? 'everyone, no credentials' : rolesFor(permission).join(', ')
      assert.deepEqual(row.cells, [method.toUpperCase(), path, op.summary, permission, roles])
    }
    for (const href of ['/docs', '/redoc']) assert.equal(await page.locator(`a[href="${href}"]`).count(), 1, `links to ${href}`)
    assert.deepEqual(external, [], 'no request leaves the server')
    assert.deepEqual(await refused(), [], 'the CSP refused nothing')
    assert.deepEqual(errors, [])
    await page.close()
  })
})

describe('docs: with GUARD_API_KEY, the pages need the key', () => {
  let server: TestServer
  before(async () => {
    server = await startServer({ env: { GUARD_API_KEY: KEY } })
  })
  after(() => server?.close())

  test('401 without the key, 200 with it', async () => {
    for (const path of DOC_ROUTES) {
      const anonymous = await server.request(path)
      assert.equal(anonymous.status, 401, `${path} without a key`)
      await anonymous.arrayBuffer()
      const wrong = await server.request(path, { headers: { 'x-api-key': 'wrong' } })
      assert.equal(wrong.status, 401, `${path} with a wrong key`)
      await wrong.arrayBuffer()
      const keyed = await server.request(path, { headers: { 'x-api-key': KEY } })
      assert.equal(keyed.status, 200, `${path} with the key`)
      await keyed.arrayBuffer()
    }
  })

  test('/health still needs nothing', async () => {
    assert.equal((await server.request('/health')).status, 200)
  })
})

describe('docs: docs.public opens the pages and nothing else', () => {
  let server: TestServer
  before(async () => {
    server = await startServer({ env: { GUARD_API_KEY: KEY }, config: { docs: { public: true } } })
  })
  after(() => server?.close())

  test('the documentation answers without credentials', async () => {
    for (const path of DOC_ROUTES) {
      const res = await server.request(path)
      assert.equal(res.status, 200, path)
      await res.arrayBuffer()
    }
  })

  test('the API still needs the key', async () => {
    const scan = await server.request('/scan', { method: 'POST', json: { files: [{ path: 'a.js', content: 'eval(x)' }] } })
    assert.equal(scan.status, 401)
    assert.equal((await server.request('/rules')).status, 401)
    assert.equal((await server.request('/gate', { method: 'POST', json: {} })).status, 401)
    assert.equal((await server.request('/rules', { headers: { 'x-api-key': KEY } })).status, 200)
  })
})
