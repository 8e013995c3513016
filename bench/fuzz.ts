// `npm run fuzz [-- --requests N --seed S --concurrency C --timeout MS]`: a deterministic HTTP fuzzer of every
// route of the service. It starts real servers on loopback (test/helpers/server.ts), once with no auth (every
// caller an anonymous admin) and once with GUARD_API_KEY, reads the routes from GET /docs/json, and sends
// malformed requests generated from a seeded PRNG. Every 5xx, timeout, connection error, and error answer that is
// not JSON `{detail: string}` is a failure; exit code 1 when there is any. test/fuzz.test.ts runs the same code.
import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import path from 'node:path'
import zlib from 'node:zlib'
import { fileURLToPath } from 'node:url'
import YAML from 'yaml'
import { startServer, type TestServer } from '../test/helpers/server.ts'

// ───────────────────────────── PRNG ─────────────────────────────

/** mulberry32: a tiny 32-bit PRNG, deterministic for a seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export class Rng {
  private readonly next: () => number
  constructor(seed: number) {
    this.next = mulberry32(seed)
  }
  float(): number {
    return this.next()
  }
  int(n: number): number {
    return Math.floor(this.next() * n)
  }
  chance(p: number): boolean {
    return this.next() < p
  }
  pick<T>(xs: readonly T[]): T {
    return xs[this.int(xs.length)]
  }
  weighted<T>(xs: readonly (readonly [T, number])[]): T {
    const total = xs.reduce((s, [, w]) => s + w, 0)
    let r = this.next() * total
    for (const [x, w] of xs) if ((r -= w) < 0) return x
    return xs[xs.length - 1][0]
  }
  shuffle<T>(xs: T[]): T[] {
    for (let i = xs.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      ;[xs[i], xs[j]] = [xs[j], xs[i]]
    }
    return xs
  }
}

/** A 32-bit seed from several numbers (each case gets its own, so cases can be generated lazily). */
function deriveSeed(...parts: number[]): number {
  let h = 0x811c9dc5
  for (const p of parts) {
    h = Math.imul(h ^ (p >>> 0), 0x01000193)
    h ^= h >>> 15
    h = Math.imul(h, 0x2c1b3c6d)
    h ^= h >>> 12
  }
  return h >>> 0
}

// ───────────────────────────── JSON text with raw parts ─────────────────────────────

/** JSON text written as is: NaN, 1e999, deep nesting, keys a JavaScript object cannot hold twice. */
class Raw {
  constructor(readonly text: string) {}
}

/** Serialises like JSON.stringify (lone surrogates escaped), with Raw parts and own `__proto__` keys kept. */
function ser(v: unknown): string {
  if (v instanceof Raw) return v.text
  if (v === null || v === undefined) return 'null'
  if (typeof v === 'boolean') return String(v)
  if (typeof v === 'number') return Number.isFinite(v) ? JSON.stringify(v) : 'null'
  if (typeof v === 'string') return JSON.stringify(v)
  if (Array.isArray(v)) {
    // A loop, not map(): the fuzzer may have given the array an own `constructor`.
    const parts: string[] = []
    for (let i = 0; i < v.length; i++) parts.push(ser(v[i]))
    return `[${parts.join(',')}]`
  }
  return `{${Object.keys(v as object).map((k) => `${JSON.stringify(k)}:${ser((v as Record<string, unknown>)[k])}`).join(',')}}`
}

/** Plain data (no Raw) for YAML.stringify. */
function hasRaw(v: unknown): boolean {
  if (v instanceof Raw) return true
  if (Array.isArray(v)) return v.some(hasRaw)
  if (v && typeof v === 'object') return Object.keys(v).some((k) => hasRaw((v as Record<string, unknown>)[k]))
  return false
}

function define(o: unknown, k: string | number, v: unknown): void {
  if (Array.isArray(o) && typeof k === 'number') o[Math.min(k, o.length)] = v
  else Object.defineProperty(o, String(k), { value: v, enumerable: true, writable: true, configurable: true })
}

type Key = string | number
type JsonPath = Key[]

/** Sets `p` in `root` (creating objects/arrays on the way); returns the new root. */
function setPath(root: unknown, p: JsonPath, value: unknown): unknown {
  if (p.length === 0) return value
  if (typeof root !== 'object' || root === null || root instanceof Raw) root = typeof p[0] === 'number' ? [] : {}
  let cur = root as Record<string, unknown>
  for (let i = 0; i < p.length - 1; i++) {
    let next = Object.prototype.hasOwnProperty.call(cur, p[i]) ? cur[p[i] as string] : undefined
    if (typeof next !== 'object' || next === null || next instanceof Raw) {
      next = typeof p[i + 1] === 'number' ? [] : {}
      define(cur, p[i], next)
    }
    cur = next as Record<string, unknown>
  }
  define(cur, p[p.length - 1], value)
  return root
}

function deletePath(root: unknown, p: JsonPath): void {
  let cur = root as Record<string, unknown>
  for (const k of p.slice(0, -1)) {
    cur = cur?.[k as string] as Record<string, unknown>
    if (typeof cur !== 'object' || cur === null) return
  }
  if (Array.isArray(cur) && typeof p.at(-1) === 'number') cur.splice(p.at(-1) as number, 1)
  else if (cur) delete cur[p.at(-1) as string]
}

/** Every node path of a value (depth- and breadth-capped), with whether it is an object/array. */
function valuePaths(v: unknown, prefix: JsonPath = [], out: { path: JsonPath; container: boolean }[] = [], depth = 0): { path: JsonPath; container: boolean }[] {
  const container = typeof v === 'object' && v !== null && !(v instanceof Raw)
  if (prefix.length) out.push({ path: prefix, container })
  if (!container || depth > 6) return out
  if (Array.isArray(v)) v.slice(0, 3).forEach((x, i) => valuePaths(x, [...prefix, i], out, depth + 1))
  else for (const k of Object.keys(v as object).slice(0, 12)) valuePaths((v as Record<string, unknown>)[k], [...prefix, k], out, depth + 1)
  return out
}

// ───────────────────────────── OpenAPI routes ─────────────────────────────

type Schema = Record<string, unknown> & {
  type?: string
  properties?: Record<string, Schema>
  items?: Schema
  additionalProperties?: boolean | Schema
  anyOf?: Schema[]
  enum?: unknown[]
  required?: string[]
  minimum?: number
  maximum?: number
  pattern?: string
  $ref?: string
}

interface Param {
  name: string
  in: string
  schema: Schema
}

export interface RouteDef {
  /** `METHOD /template`: the row of the summary table. */
  key: string
  method: string
  template: string
  pathParams: Param[]
  query: Param[]
  body?: Schema
  bodyTypes: string[]
  documented: boolean
}

function resolveRefs(doc: Record<string, unknown>, s: unknown, depth = 0): Schema {
  if (!s || typeof s !== 'object' || depth > 20) return (s ?? {}) as Schema
  const schema = s as Schema
  if (typeof schema.$ref === 'string' && schema.$ref.startsWith('#/')) {
    const target = schema.$ref.slice(2).split('/').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], doc)
    return resolveRefs(doc, target, depth + 1)
  }
  const out: Schema = { ...schema }
  if (schema.properties) out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, resolveRefs(doc, v, depth + 1)]))
  if (schema.items) out.items = resolveRefs(doc, schema.items, depth + 1)
  if (schema.anyOf) out.anyOf = schema.anyOf.map((x) => resolveRefs(doc, x, depth + 1))
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') out.additionalProperties = resolveRefs(doc, schema.additionalProperties, depth + 1)
  return out
}

/** The routes of the OpenAPI document, plus the undocumented pages and a bucket of unknown routes. */
export function routesOf(doc: Record<string, unknown>): RouteDef[] {
  const routes: RouteDef[] = []
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Record<string, unknown>>>
  for (const [template, ops] of Object.entries(paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase()
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue
      const params = ((op.parameters ?? []) as Param[]).map((p) => ({ ...p, schema: resolveRefs(doc, p.schema) }))
      const content = ((op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content ?? {}) as Record<string, { schema?: unknown }>
      const bodyTypes = Object.keys(content)
      const json = content['application/json'] ?? Object.values(content)[0]
      routes.push({
        key: `${method} ${template}`,
        method,
        template,
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        body: json ? resolveRefs(doc, json.schema) : undefined,
        bodyTypes,
        documented: true,
      })
    }
  }
  const extra = (method: string, template: string, pathParams: Param[] = []): RouteDef => ({ key: `${method} ${template}`, method, template, pathParams, query: [], bodyTypes: [], documented: false })
  for (const t of ['/docs', '/docs/json', '/docs/yaml', '/redoc', '/api', '/redoc/redoc.standalone.js']) if (!routes.some((r) => r.key === `GET ${t}`)) routes.push(extra('GET', t))
  routes.push(extra('GET', '/docs/static/{file}', [{ name: 'file', in: 'path', schema: { type: 'string' } }]))
  routes.push(extra('ANY', '(unknown routes)'))
  return routes
}

// ───────────────────────────── the server under test ─────────────────────────────

export type Mode = 'open' | 'apikey'
const API_KEY = 'k'
const SENTINEL = 'FZ-SENTINEL-7f3a9c'
const KB100 = 'A'.repeat(100 * 1024)
const KB10 = 'a'.repeat(10 * 1024)

function billionLaughs(levels = 9, width = 9, root = 'l'): string {
  let s = `${root}0: &${root}0 "lol"\n`
  for (let i = 1; i <= levels; i++) s += `${root}${i}: &${root}${i} [${Array(width).fill(`*${root}${i - 1}`).join(', ')}]\n`
  return s
}
const deepFlowSeq = (n: number) => '['.repeat(n) + ']'.repeat(n)
const deepFlowMap = (n: number) => '{a: '.repeat(n) + '1' + '}'.repeat(n)
const deepBlock = (n: number) => Array.from({ length: n }, (_, i) => `${' '.repeat(i)}a:`).join('\n') + ' 1\n'
const deepJsonObj = (n: number, leaf = '1') => '{"a":'.repeat(n) + leaf + '}'.repeat(n)
const deepJsonArr = (n: number) => '['.repeat(n) + ']'.repeat(n)

const JS_EVAL = "const express = require('express')\nconst app = express()\napp.get('/', (req, res) => { eval(req.query.x) })\n"

/** The files of the scanned tree: real findings, and repositories whose own .guard.yaml is broken in some way. */
export const SERVER_FILES: Record<string, string> = {
  'app.js': JS_EVAL,
  'svc/handler.py': 'import os\n\ndef handler(request):\n    os.system("ls " + request.args["d"])\n    eval(request.args["x"])\n',
  'svc/Main.java': 'class Main { void f(javax.servlet.http.HttpServletRequest r) throws Exception { Runtime.getRuntime().exec(r.getParameter("c")); } }\n',
  'svc/main.go': 'package main\nimport ("net/http"; "os/exec")\nfunc h(w http.ResponseWriter, r *http.Request) { exec.Command("sh", "-c", r.URL.Query().Get("c")).Run() }\n',
  'web/index.ts': 'document.body.innerHTML = location.hash\n',
  'cfg/settings.env': 'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n',
  'unicode/ñ-文件-💩.js': 'eval(req.body.x) // ☃ \u202e\n',
  'private/notes.txt': `${SENTINEL}\n`,
  'not-yaml.yaml': '\u0000\u0001\u0002 binary \uFFFE',
  'repo-ok/.guard.yaml': 'packs: [owasp-top-10]\nsuppressions:\n  - {rule_id: js.eval-injection, path: "*.js", reason: fuzz, expires: "2001-01-01"}\n',
  'repo-ok/a.js': JS_EVAL,
  'repo-yaml-syntax/.guard.yaml': 'packs: [owasp-top-10\ngate: {\n',
  'repo-yaml-syntax/a.js': JS_EVAL,
  'repo-alias/.guard.yaml': 'packs: *nope\n',
  'repo-alias/a.js': JS_EVAL,
  'repo-bomb/.guard.yaml': billionLaughs() + 'packs: [owasp-top-10]\n',
  'repo-bomb/a.js': JS_EVAL,
  'repo-deep/.guard.yaml': `devops: ${deepFlowSeq(10000)}\n`,
  'repo-deep/a.js': JS_EVAL,
  'repo-proto/.guard.yaml': '__proto__:\n  fz_polluted: yes\nrules:\n  __proto__: {severity: low}\n  constructor: {severity: low}\n',
  'repo-proto/a.js': JS_EVAL,
  'repo-invalid/.guard.yaml': 'packs: [no-such-pack]\ngate: {fail_on: [bogus]}\nlimits: {max_file_kb: -1}\n',
  'repo-invalid/a.js': JS_EVAL,
  'repo-timeout/.guard.yaml': 'limits: {scan_timeout_s: 0.0001}\n',
  'repo-timeout/a.js': JS_EVAL,
  'repo-unknown-pack/.guard.yaml': 'packs: [no-such-pack]\n',
  'repo-unknown-pack/a.js': JS_EVAL,
}
const REPO_PATHS = ['.', 'svc', 'web', 'unicode', 'repo-ok', 'repo-yaml-syntax', 'repo-alias', 'repo-bomb', 'repo-deep', 'repo-proto', 'repo-invalid', 'repo-timeout', 'repo-unknown-pack', 'links', 'links/out', 'links/loop']
const SERVER_CONFIG = { packs: ['owasp-top-10', 'secrets'], gate: { fail_on: ['critical', 'high'] } }

const INLINE_SETS: Record<string, string>[] = [
  { 'a.js': 'eval(req.query.x)\n' },
  { 'svc/h.py': 'import os\ndef h(request):\n    os.system("ls " + request.args["d"])\n' },
  { 'x.go': SERVER_FILES['svc/main.go'], 'Main.java': SERVER_FILES['svc/Main.java'] },
  { 'src/app.ts': 'document.body.innerHTML = location.hash\n', 'cfg/.env': 'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\n' },
  { 'test/a.test.js': 'eval(req.query.x)\n' },
  { 'a.c': '#include <stdio.h>\nint main(void) { char b[8]; gets(b); return 0; }\n' },
  { 'app.rb': 'eval(params[:x])\n', 'a.php': '<?php eval($_GET["x"]);\n' },
]

// ───────────────────────────── values ─────────────────────────────

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf']
const protoPayload = () => ({ fz_polluted: 'yes' })

/** A wrong / odd value for a field, with its label. */
function weirdValue(rng: Rng): [string, unknown] {
  return rng.weighted<() => [string, unknown]>([
    [() => ['null', null], 3],
    [() => rng.pick<[string, unknown]>([['true', true], ['false', false]]), 2],
    [() => rng.pick<[string, unknown]>([['0', 0], ['-1', -1], ['-0.5', -0.5], ['1.5', 1.5], ['0.0001', 0.0001], ['12.3456', 12.3456], ['1e308', 1e308], ['-1e308', -1e308], ['5e-324', 5e-324], ['2^53+1', new Raw('9007199254740993')], ['1e400-digits', new Raw('1' + '0'.repeat(400))], ['-2^31', -2147483648], ['2^32', 4294967296]]), 6],
    [() => rng.pick<[string, unknown]>([['1e999', new Raw('1e999')], ['-1e999', new Raw('-1e999')], ['1e-400', new Raw('1e-400')], ['-0', new Raw('-0')], ['0.1e1', new Raw('0.1e1')]]), 2],
    [() => rng.pick<[string, unknown]>([['empty-string', ''], ['space', ' '], ['huge-string-100KB', KB100], ['huge-unicode', '💩'.repeat(25_000)], ['nul', '\u0000'], ['nul-mid', 'a\u0000b'], ['lone-high-surrogate', '\ud800'], ['lone-low-surrogate', '\udc00x'], ['rtl-override', '\u202e'], ['bom', '\ufeff'], ['crlf', 'a\r\nb'], ['combining', 'e\u0301\u0301\u0301']]), 6],
    [() => rng.pick<[string, unknown]>([['path-traversal', '../../../../etc/passwd'], ['absolute', '/etc/passwd'], ['glob', '**/*'], ['bad-glob', '[!'], ['redos', '(a+)+$'], ['percent', '%00%ff'], ['template', '${7*7}{{7*7}}'], ['sql', "'; DROP TABLE scans; --"], ['html', '<script>alert(1)</script>'], ['bad-date', '2024-02-30'], ['huge-date', '+275760-09-13T00:00:00.001Z'], ['numeric-string', '123'], ['bool-string', 'true'], ['upper-enum', 'CRITICAL'], ['mask', '***'], ['proto-string', '__proto__']]), 5],
    [() => rng.pick<[string, unknown]>([['empty-array', []], ['array-null', [null]], ['array-mixed', [1, 'a', null, {}, []]], ['array-10000', Array(10_000).fill('x')], ['array-of-huge', [KB100]], ['empty-object', {}], ['object', { a: 1 }], ['nested-object', { a: { b: { c: {} } } }]]), 5],
    [() => ['proto-object', protoObject(rng)], 2],
    [() => rng.pick<[string, unknown]>([['deep-object-1000', new Raw(deepJsonObj(1000))], ['deep-array-1000', new Raw(deepJsonArr(1000))], ['deep-object-10000', new Raw(deepJsonObj(10_000))], ['deep-array-10000', new Raw(deepJsonArr(10_000))]]), 2],
  ])()
}

function protoObject(rng: Rng): Record<string, unknown> {
  const o: Record<string, unknown> = {}
  define(o, rng.pick(PROTO_KEYS), rng.chance(0.5) ? protoPayload() : { prototype: protoPayload() })
  return o
}

/** Percent-encodes text as UTF-8, lone surrogates as their (invalid) 3-byte form. */
function enc(s: string): string {
  let out = ''
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (c >= 0xd800 && c <= 0xdfff) out += `%${(0xe0 | (c >> 12)).toString(16).toUpperCase()}%${(0x80 | ((c >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (c & 0x3f)).toString(16).toUpperCase()}`
    else out += encodeURIComponent(ch)
  }
  return out
}

/** Path/query text variants: [label, already-encoded text (latin1-safe: sent by http.request as is)]. */
const TEXT_VARIANTS: [string, string][] = [
  ['empty', ''],
  ['space', '%20'],
  ['plus', '+'],
  ['dotdot', '..'],
  ['dot', '.'],
  ['enc-dotdot', '%2e%2e'],
  ['traversal', '..%2F..%2F..%2Fetc%2Fpasswd'],
  ['slash', '%2F'],
  ['backslash', '%5C'],
  ['nul', '%00'],
  ['nul-mid', 'a%00b'],
  ['newline', '%0D%0A'],
  ['unicode', enc('文件-ñ-💩')],
  ['rtl', enc('\u202e')],
  ['lone-surrogate', '%ED%A0%80'],
  ['overlong-utf8', '%C0%AE'],
  ['invalid-utf8', '%FF%FE'],
  ['bad-percent', '%'],
  ['bad-percent-ZZ', '%ZZ'],
  ['truncated-percent', '%E0%A4%A'],
  ['raw-latin1', '\u00ff\u00e9'],
  ['100-chars', 'a'.repeat(100)],
  ['101-chars', 'a'.repeat(101)],
  ['10KB', KB10],
  ['10KB-unicode', enc('💩'.repeat(700))],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['prototype', 'prototype'],
  ['toString', 'toString'],
  ['hasOwnProperty', 'hasOwnProperty'],
  ['negative', '-1'],
  ['huge-number', '1e308'],
  ['NaN', 'NaN'],
  ['null', 'null'],
  ['undefined', 'undefined'],
  ['json', enc('{"a":1}')],
  ['array', '[]'],
  ['star', '*'],
  ['semicolon', ';x=1'],
  ['question-enc', '%3F'],
  ['hash-enc', '%23'],
  ['sql', enc("' OR 1=1 --")],
]

// ───────────────────────────── cases ─────────────────────────────

export interface FuzzCase {
  /** The row of the summary table. */
  route: string
  method: string
  /** Path and query as sent (latin1 text); `socket` cases may hold bytes http.request refuses. */
  path: string
  headers: Record<string, string | string[]>
  body?: Buffer
  /** Sent over a raw socket (path or headers that http.request refuses), or these exact bytes. */
  socket?: boolean
  rawBytes?: Buffer
  label: string
}

interface Harvest {
  scanIds: string[]
  findingIds: string[]
  builtinPacks: string[]
  customPacks: string[]
}

interface Ctx {
  rng: Rng
  mode: Mode
  ids: Harvest
  routes: RouteDef[]
}

const json = (v: unknown) => Buffer.from(ser(v))
const JSON_CT = { 'content-type': 'application/json' }

function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x')
}

function validParam(p: Param, ctx: Ctx, template = ''): string {
  const { rng, ids } = ctx
  const byName: Record<string, () => string> = {
    id: () => rng.pick(template.includes('/scans/') ? ids.scanIds : template.includes('/findings/') ? ids.findingIds : template.includes('/packs/') ? [...ids.builtinPacks, ...ids.customPacks, 'fz-p1', 'fz-p2'] : [...ids.scanIds, ...ids.findingIds]),
    limit: () => rng.pick(['1', '2', '10', '100', '1000']),
    scan_id: () => rng.pick(ids.scanIds),
    severity: () => rng.pick(['critical', 'high', 'medium', 'low', 'info']),
    rule_id: () => rng.pick(['js.eval-injection', 'py.eval-injection', 'nope']),
    file: () => rng.pick(['app.js', 'a.js', 'svc/handler.py']),
    pack: () => rng.pick(['owasp-top-10', 'secrets', 'cwe-top-25', 'nope']),
    language: () => rng.pick(['javascript', 'python', 'generic', 'c']),
    suppressed: () => rng.pick(['true', 'false']),
    expired: () => rng.pick(['true', 'false']),
    scans: () => rng.pick(['1', '5', '100']),
    days: () => rng.pick(['1', '30', '365']),
    actor: () => rng.pick(['anonymous', 'api-key']),
    action: () => rng.pick(['scan', 'gate', 'config.update']),
    since: () => rng.pick(['2020-01-01', '2020-01-01T00:00:00Z']),
    until: () => rng.pick(['2100-01-01', '2100-01-01T00:00:00%2B02:00']),
    format: () => rng.pick(['sarif', 'junit', 'html', 'csv', 'markdown']),
    path: () => enc(rng.chance(0.4) ? rng.pick(['.guard.yaml', 'repo-ok', 'repo-ok/.guard.yaml', '.']) : rng.pick([...REPO_PATHS, 'repo-alias/.guard.yaml', 'repo-bomb/.guard.yaml', 'not-yaml.yaml', 'app.js', 'private/notes.txt', 'unicode/ñ-文件-💩.js', 'links/out/passwd', 'links/loop/.guard.yaml', '.guard', '.guard/data', 'nope.yaml', '/etc/passwd', '../..', ''])),
    cursor: () => rng.pick(['a', 'owasp-top-10', '0']),
  }
  if (p.in === 'path' && p.name === 'file') return rng.pick(['index.html', 'swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'])
  const f = byName[p.name]
  if (f) return f()
  const e = enumOf(p.schema)
  if (e.length) return String(rng.pick(e))
  if (p.schema.type === 'integer' || p.schema.type === 'number') return String(p.schema.minimum ?? 1)
  if (p.schema.type === 'boolean') return 'true'
  return 'x'
}

function enumOf(s: Schema): unknown[] {
  if (s.enum) return s.enum
  if (s.anyOf) return s.anyOf.flatMap((x) => enumOf(x))
  if ('const' in s) return [s.const]
  return []
}

/** A wrong query value for a parameter, by its type. */
function weirdParam(p: Param, rng: Rng): [string, string] {
  const t = p.schema.type ?? (enumOf(p.schema).length ? 'enum' : 'string')
  if (t === 'integer' || t === 'number')
    return rng.pick<[string, string]>([['abc', 'abc'], ['empty', ''], ['-1', '-1'], ['0', '0'], ['max+1', String((p.schema.maximum ?? 1e6) + 1)], ['1.5', '1.5'], ['0.0001', '0.0001'], ['12.3456', '12.3456'], ['1e308', '1e308'], ['1e3', '1e3'], ['huge-int', '99999999999999999999999'], ['NaN', 'NaN'], ['Infinity', 'Infinity'], ['-0', '-0'], ['hex', '0x10'], ['spaces', '%205%20'], ['plus', '%2B5'], ['arabic-digits', enc('١٢')], ['true', 'true'], ['null', 'null'], ['array-text', '[]'], ['nul', '%00'], ['10KB-digits', '9'.repeat(10_240)]])
  if (t === 'boolean') return rng.pick<[string, string]>([['1', '1'], ['0', '0'], ['yes', 'yes'], ['TRUE', 'TRUE'], ['empty', ''], ['null', 'null'], ['maybe', 'maybe'], ['tru', 'tru']])
  if (p.schema.pattern) return rng.pick<[string, string]>([['feb-30', '2024-02-30'], ['month-13', '2024-13-45'], ['zeros', '0000-00-00'], ['max', '9999-12-31T23:59:59Z'], ['bad-time', '2024-01-01T25:61'], ['bad-offset', '2024-01-01T00:00:00%2B99:99'], ['year-275760', '275760-09-13'], ['space-time', '2024-01-01%2000:00'], ['long-fraction', '2024-01-01T00:00:00.000000000001Z'], ['not-a-date', 'yesterday'], ['empty', '']])
  const e = enumOf(p.schema)
  if (e.length && rng.chance(0.5)) return rng.pick<[string, string]>([['upper', String(e[0]).toUpperCase()], ['trailing-space', `${String(e[0])}%20`], ['csv', e.slice(0, 2).join(',')], ['unknown', 'pdf'], ['empty', ''], ['proto', '__proto__'], ['toString', 'toString']])
  const [label, text] = rng.pick(TEXT_VARIANTS)
  return [label, text]
}

function buildQuery(route: RouteDef, ctx: Ctx, mutate: boolean): [string, string] {
  const { rng } = ctx
  const parts: string[] = []
  const labels: string[] = []
  for (const p of route.query) {
    if (!rng.chance(mutate ? 0.6 : 0.4)) continue
    if (mutate && rng.chance(0.6)) {
      const form = rng.weighted<string>([['value', 6], ['repeated', 1], ['array[]', 1], ['index[0]', 1], ['no-equals', 1], ['proto-bracket', 1]])
      const [l, v] = weirdParam(p, rng)
      labels.push(`${p.name}=${form === 'value' ? l : form}`)
      if (form === 'value') parts.push(`${p.name}=${v}`)
      else if (form === 'repeated') parts.push(`${p.name}=${validParam(p, ctx)}`, `${p.name}=${v}`)
      else if (form === 'array[]') parts.push(`${p.name}[]=${validParam(p, ctx)}`)
      else if (form === 'index[0]') parts.push(`${p.name}[0]=${validParam(p, ctx)}`)
      else if (form === 'no-equals') parts.push(p.name)
      else parts.push(`${p.name}[__proto__][fz_polluted]=1`)
    } else parts.push(`${p.name}=${validParam(p, ctx)}`)
  }
  if (mutate && (route.query.length === 0 || rng.chance(0.3))) {
    const [l, q] = rng.pick<[string, string]>([
      ['unknown-param', 'fz=1'],
      ['__proto__', '__proto__=1'],
      ['proto-nested', '__proto__[fz_polluted]=1'],
      ['constructor', 'constructor[prototype][fz_polluted]=1'],
      ['hasOwnProperty', 'hasOwnProperty=1'],
      ['many-params', Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&')],
      ['empty-pairs', '&&&=&'],
      ['equals-in-value', 'a=b=c'],
      ['bad-percent-key', '%ZZ=1'],
      ['nul-key', '%00=1'],
      ['semicolons', 'a=1;b=2'],
    ])
    labels.push(l)
    parts.push(q)
  }
  const q = parts.join('&')
  const tail = mutate && rng.chance(0.05) ? rng.pick(['?', '#frag', '&']) : ''
  return [q ? `?${q}${tail}` : tail ? `?${tail}` : '', labels.join(',')]
}

function pathValues(route: RouteDef, ctx: Ctx, valid: boolean): [Record<string, string>, string] {
  const values: Record<string, string> = {}
  const labels: string[] = []
  for (const p of route.pathParams) {
    if (valid) values[p.name] = enc(validParam(p, ctx, route.template))
    else {
      const [l, v] = ctx.rng.pick(TEXT_VARIANTS)
      values[p.name] = v
      labels.push(`${p.name}=${l}`)
    }
  }
  return [values, labels.join(',')]
}

// ── valid bodies

function validScanOverrides(rng: Rng): Record<string, unknown> {
  const o: Record<string, unknown> = {}
  if (rng.chance(0.4)) o.packs = rng.pick([['owasp-top-10'], ['secrets'], ['owasp-top-10', 'secrets'], ['cwe-top-25'], ['misra-c'], ['iec-62304']])
  if (rng.chance(0.4)) o.gate = rng.pick([{ fail_on: ['critical'] }, { max: { critical: 0, high: 5 } }, { fail_on: ['low', 'info'], max: { low: 100 } }])
  if (rng.chance(0.2)) o.include = rng.pick([['**/*.js'], ['svc/**'], ['*.py', '*.go']])
  if (rng.chance(0.2)) o.exclude = rng.pick([['vendor/**'], ['**/*.test.js'], ['repo-*/**']])
  if (rng.chance(0.2)) o.suppressions = [{ rule_id: 'js.eval-injection', path: '*.js', reason: 'fuzz', by: 'fz', expires: rng.pick(['2099-12-31', '2001-01-01']) }]
  if (rng.chance(0.2)) o.rules = { 'js.eval-injection': rng.pick([{ severity: 'low' }, { enabled: false }, { severity: 'info', enabled: true }]) }
  if (rng.chance(0.3)) o.limits = rng.pick([{ max_file_kb: 64 }, { scan_timeout_s: 30 }, { max_file_kb: 1, scan_timeout_s: 5 }])
  return o
}

const SCAN_OVERRIDE_PATHS: JsonPath[] = [
  ['packs'], ['packs', 0], ['gate'], ['gate', 'fail_on'], ['gate', 'fail_on', 0], ['gate', 'max'], ['gate', 'max', 'critical'], ['gate', 'max', 'info'],
  ['include'], ['include', 0], ['exclude'], ['exclude', 0], ['suppressions'], ['suppressions', 0], ['suppressions', 0, 'rule_id'], ['suppressions', 0, 'path'], ['suppressions', 0, 'expires'], ['suppressions', 0, 'reason'],
  ['rules'], ['rules', 'js.eval-injection'], ['rules', 'js.eval-injection', 'severity'], ['rules', 'js.eval-injection', 'enabled'],
  ['limits'], ['limits', 'max_file_kb'], ['limits', 'scan_timeout_s'], ['limits', 'rate_per_minute'], ['auth'], ['governance'], ['license_key'],
]
const CONFIG_PATHS: JsonPath[] = [
  ...SCAN_OVERRIDE_PATHS,
  ['auth', 'jwt_secret'], ['auth', 'jwt_algorithm'], ['auth', 'token_expiry_hours'], ['auth', 'oidc'], ['auth', 'oidc', 'issuer'], ['docs'], ['docs', 'public'], ['devops'], ['devops', 'x'],
  ['governance', 'locked_keys'], ['governance', 'locked_keys', 0], ['governance', 'approvals'], ['governance', 'approvals', 'required_approvals'], ['governance', 'approvals', 'expiry_hours'],
  ['governance', 'approvals', 'approver_roles'], ['governance', 'suppressions', 'max_expiry_days'], ['governance', 'audit_retention_days'],
]

/** Numeric fields, for the numeric-edge mutation (schema paths of type integer/number are added per route). */
const NUMERIC_CONFIG_PATHS: JsonPath[] = [
  ['limits', 'max_file_kb'], ['limits', 'scan_timeout_s'], ['limits', 'rate_per_minute'], ['gate', 'max', 'critical'], ['gate', 'max', 'high'], ['gate', 'max', 'low'],
]
const NUMERIC_SERVER_PATHS: JsonPath[] = [
  ...NUMERIC_CONFIG_PATHS, ['auth', 'token_expiry_hours'], ['governance', 'approvals', 'required_approvals'], ['governance', 'approvals', 'expiry_hours'],
  ['governance', 'suppressions', 'max_expiry_days'], ['governance', 'audit_retention_days'],
]
/** [label, value, weight]: small fractions (the ones that break arithmetic on limits) come up most. */
const NUMERIC_EDGES: [string, unknown, number][] = [
  ['0', 0, 2], ['-1', -1, 1], ['0.0001', 0.0001, 4], ['12.3456', 12.3456, 3], ['0.5', 0.5, 2], ['1e308', 1e308, 2], ['-1e308', -1e308, 1], ['5e-324', 5e-324, 2], ['1e-7', 1e-7, 2],
  ['2^31', 2147483648, 1], ['2^53+1', new Raw('9007199254740993'), 1], ['1e999', new Raw('1e999'), 1], ['1e-400', new Raw('1e-400'), 1], ['-0', new Raw('-0'), 1], ['1.0', new Raw('1.0'), 1],
  ['1e2', new Raw('1e2'), 1], ['999999', 999999, 1], ['string-number', '5', 1], ['null', null, 1], ['true', true, 1],
]

function numericPaths(s: Schema | undefined, prefix: JsonPath = [], out: JsonPath[] = [], depth = 0): JsonPath[] {
  if (!s || depth > 5) return out
  if (s.type === 'integer' || s.type === 'number') out.push(prefix)
  for (const [k, sub] of Object.entries(s.properties ?? {})) numericPaths(sub, [...prefix, k], out, depth + 1)
  if (s.items) numericPaths(s.items, [...prefix, 0], out, depth + 1)
  if (s.additionalProperties && typeof s.additionalProperties === 'object') numericPaths(s.additionalProperties, [...prefix, 'fz-key'], out, depth + 1)
  for (const x of s.anyOf ?? []) numericPaths(x, prefix, out, depth + 1)
  return out
}

function validConfig(rng: Rng): Record<string, unknown> {
  const o: Record<string, unknown> = validScanOverrides(rng)
  if (rng.chance(0.15)) o.docs = { public: rng.chance(0.5) }
  if (rng.chance(0.15)) o.devops = { provider: 'github', nested: { a: [1, 2] } }
  if (rng.chance(0.15)) o.governance = validGovernance(rng)
  if (rng.chance(0.1)) o.license_key = rng.pick(['garbage', 'a.b', '***'])
  // auth.enabled is left alone: a server that enabled it would lock the rest of the run out (it needs a restart anyway).
  if (rng.chance(0.1)) o.auth = rng.pick([{ jwt_algorithm: 'HS256' }, { token_expiry_hours: 1 }, { jwt_secret: '***' }, { enabled: false }])
  if (rng.chance(0.1)) o.limits = { ...(o.limits as object), rate_per_minute: 0 }
  if (Object.keys(o).length === 0) o.gate = { fail_on: ['critical', 'high'] }
  return o
}

function validGovernance(rng: Rng): Record<string, unknown> {
  const o: Record<string, unknown> = {}
  if (rng.chance(0.5)) o.gate = rng.pick([{ fail_on: ['critical'] }, { max: { high: 2 } }, { fail_on: ['critical', 'high'], max: { critical: 0 } }])
  if (rng.chance(0.3)) o.locked_keys = rng.pick([['limits.scan_timeout_s'], ['gate.fail_on'], ['packs', 'rules']])
  if (rng.chance(0.3)) o.approvals = { required: rng.chance(0.5), approver_roles: ['admin', 'security-lead'], required_approvals: 1, expiry_hours: 24 }
  if (rng.chance(0.3)) o.suppressions = { reason_required: true, max_expiry_days: 90 }
  if (rng.chance(0.2)) o.audit_retention_days = 365
  if (Object.keys(o).length === 0) o.gate = { fail_on: ['critical', 'high'] }
  return o
}

function ownRule(id: string, rng: Rng): Record<string, unknown> {
  const base = { id, name: 'Fuzz rule', message: 'fuzz', severity: rng.pick(['low', 'high']), languages: ['javascript'], cwe: ['CWE-95'], owasp: ['A03:2021'], confidence: 'low', remediation: 'none' }
  return rng.weighted<Record<string, unknown>>([
    [{ ...base, regex: 'fuzz[0-9]+' }, 3],
    [{ ...base, pattern: 'eval($X)' }, 2],
    [{ ...base, rule: { kind: 'call_expression', has: { pattern: 'fuzzme' } } }, 1],
    [{ ...base, languages: ['generic'], regex: 'FUZZ-[A-Z]{4}', secret_group: 0 }, 1],
  ])
}

function validPack(rng: Rng): Record<string, unknown> {
  const n = rng.int(200)
  const o: Record<string, unknown> = { id: `fz-p${n}`, name: `Fuzz pack ${n}` }
  if (rng.chance(0.5)) o.version = rng.pick(['1.0.0', '2.1.0-beta'])
  if (rng.chance(0.4)) o.description = 'made by the fuzzer'
  if (rng.chance(0.4)) o.tier = rng.pick(['community', 'team', 'enterprise'])
  if (rng.chance(0.6)) o.selectors = [{ id: 'js.eval-injection', control: 'C-1' }, { tag: 'secrets', control: 'C-2' }]
  if (rng.chance(0.6)) o.rules = [ownRule(`fz.rule-${n}-${rng.int(1000)}`, rng)]
  if (o.selectors && rng.chance(0.4)) o.overrides = { 'js.eval-injection': { severity: 'low' } }
  return o
}

/** Packs and a rule each maps, for valid override requests. */
const OVERRIDE_TARGETS: [string, string][] = [['owasp-top-10', 'js.eval-injection'], ['owasp-top-10', 'py.eval-injection'], ['secrets', 'secrets.aws-access-key'], ['fz-seed', 'fz.seed-rule'], ['fz-seed', 'js.eval-injection'], ['cwe-top-25', 'js.eval-injection']]

function scanBody(route: RouteDef, ctx: Ctx): Record<string, unknown> {
  const { rng } = ctx
  if (route.template === '/report' && ctx.ids.scanIds.length && rng.chance(0.5)) return { scan_id: rng.pick(ctx.ids.scanIds) }
  const b: Record<string, unknown> = {}
  const r = rng.float()
  if (r < 0.5) b.files = { ...rng.pick(INLINE_SETS) }
  else if (r < 0.85) b.repo_path = rng.chance(0.7) ? rng.pick(REPO_PATHS.slice(0, 6)) : rng.pick(REPO_PATHS)
  if (rng.chance(0.2)) b.changed_files = b.files ? [Object.keys(b.files as object)[0]] : ['app.js', 'svc/handler.py']
  if (rng.chance(0.35)) b.config_overrides = validScanOverrides(rng)
  if (route.template === '/gate' && rng.chance(0.5)) b.require_approval = rng.chance(0.5)
  return b
}

/** A value valid for a schema (for routes this file knows nothing special about). */
function exampleOf(s: Schema | undefined, depth = 0): unknown {
  if (!s || depth > 5) return {}
  const e = enumOf(s)
  if (e.length) return e[0]
  if (s.anyOf?.length) return exampleOf(s.anyOf[0], depth + 1)
  switch (s.type) {
    case 'object': {
      const o: Record<string, unknown> = {}
      for (const k of s.required ?? []) o[k] = exampleOf(s.properties?.[k], depth + 1)
      return o
    }
    case 'array':
      return []
    case 'integer':
    case 'number':
      return s.minimum ?? 1
    case 'boolean':
      return true
    case 'string':
      return 'fz-x'
    default:
      return {}
  }
}

/** Schema property paths (objects, array items as [0], records as a made-up key). */
function schemaPaths(s: Schema | undefined, prefix: JsonPath = [], out: JsonPath[] = [], depth = 0): JsonPath[] {
  if (!s || depth > 4) return out
  const objectish = s.anyOf?.find((x) => x.type === 'object' || x.properties) ?? s
  for (const [k, sub] of Object.entries(objectish.properties ?? {})) {
    out.push([...prefix, k])
    schemaPaths(sub, [...prefix, k], out, depth + 1)
  }
  if (objectish.items) {
    out.push([...prefix, 0])
    schemaPaths(objectish.items, [...prefix, 0], out, depth + 1)
  }
  if (objectish.additionalProperties && typeof objectish.additionalProperties === 'object' && Object.keys(objectish.additionalProperties).length) {
    out.push([...prefix, 'fz-key'])
    schemaPaths(objectish.additionalProperties, [...prefix, 'fz-key'], out, depth + 1)
  }
  return out
}

interface BodyKnowledge {
  valid(ctx: Ctx): Record<string, unknown>
  paths: JsonPath[]
  numeric: JsonPath[]
}

function knowledgeOf(route: RouteDef, ctx: Ctx): BodyKnowledge {
  const sp = schemaPaths(route.body)
  const np = numericPaths(route.body)
  const overridden = (p: JsonPath[]) => p.map((x) => ['config_overrides', ...x])
  const t = route.template
  const k = (k: Omit<BodyKnowledge, 'numeric'> & { numeric?: JsonPath[] }): BodyKnowledge => ({ ...k, numeric: [...np, ...(k.numeric ?? [])] })
  if (['/scan', '/gate', '/report'].includes(t)) return k({ valid: (c) => scanBody(route, c), paths: [...sp, ...overridden(SCAN_OVERRIDE_PATHS), ['files', 'a.js'], ['files', '.guard.yaml'], ['changed_files', 0]], numeric: overridden(NUMERIC_CONFIG_PATHS) })
  if (t === '/api/config') return k({ valid: (c) => validConfig(c.rng), paths: [...sp, ...CONFIG_PATHS], numeric: NUMERIC_SERVER_PATHS })
  if (t === '/api/governance') return k({ valid: (c) => validGovernance(c.rng), paths: sp })
  if (t === '/api/packs') {
    const rulePaths: JsonPath[] = ['id', 'name', 'message', 'severity', 'languages', 'cwe', 'owasp', 'confidence', 'remediation', 'pattern', 'rule', 'regex', 'regex_flags', 'constraints', 'secret_group', 'entropy', 'paths', 'in_tests', 'prefilter', 'absent'].map((k) => ['rules', 0, k])
    return k({ valid: (c) => validPack(c.rng), paths: [...sp, ...rulePaths, ['rules', 0, 'languages', 0], ['rules', 0, 'rule', 'kind'], ['rules', 0, 'paths', 'include']], numeric: [['rules', 0, 'secret_group'], ['rules', 0, 'entropy']] })
  }
  if (t === '/api/packs/import') return k({ valid: (c) => ({ yaml: YAML.stringify(validPack(c.rng)) }), paths: [['yaml']] })
  if (t === '/api/packs/{id}/overrides') return k({ valid: (c) => ({ rules: { [c.rng.pick(OVERRIDE_TARGETS)[1]]: c.rng.pick([{ severity: 'low' }, { enabled: false }, { severity: 'critical', enabled: true }]) } }), paths: [...sp, ['rules', 'js.eval-injection'], ['rules', 'js.eval-injection', 'severity'], ['rules', 'js.eval-injection', 'enabled']] })
  return k({ valid: () => exampleOf(route.body) as Record<string, unknown>, paths: sp })
}

// ── body mutations

const MALFORMED: [string, (s: string, rng: Rng) => string][] = [
  ['truncated', (s, rng) => s.slice(0, Math.max(1, rng.int(s.length)))],
  ['trailing-comma', (s) => s.replace(/([}\]])$/, ',$1').replace(/^\{\}$/, '{,}')],
  ['trailing-comma-inner', (s) => s.replace(/"(,|})/, '",,$1')],
  ['garbage-suffix', (s, rng) => s + rng.pick(['x', '}', ']', ',', '{}', ' // comment', '\u0000', '\n\n{"b":1}'])],
  ['bom-prefix', (s) => `\ufeff${s}`],
  ['single-quotes', (s) => s.replace(/"/g, "'")],
  ['unquoted-keys', (s) => s.replace(/"(\w+)":/g, '$1:')],
  ['comment', (s) => s.replace('{', '{/* c */')],
  ['two-documents', (s) => s + s],
  ['raw-newline-in-string', (s) => s.replace(/"([^"]*)"/, '"$1\n\t"')],
  ['bad-escape', (s, rng) => s.replace(/"([^"]*)"/, `"$1${rng.pick(['\\x41', '\\u12', '\\', '\\uZZZZ', '\\a'])}"`)],
  ['NaN-value', (s) => s.replace(/:(\s*)("[^"]*"|\d+|true|false|null)/, ':NaN')],
  ['Infinity-value', (s) => s.replace(/:(\s*)("[^"]*"|\d+|true|false|null)/, ':-Infinity')],
  ['undefined-value', (s) => s.replace(/:(\s*)("[^"]*"|\d+|true|false|null)/, ':undefined')],
  ['huge-number-value', (s) => s.replace(/:(\s*)("[^"]*"|\d+|true|false|null)/, `:1${'0'.repeat(5000)}`)],
  ['raw-nul', (s) => s.replace(',', ',\u0000')],
  ['whitespace-only', () => ' \n\t\r '],
  ['lone-token', (_s, rng) => rng.pick(['{', '}', '[', ']', '"', ':', ',', 'nul', 'tru', 'undefined', '-', '+1', '.', '{"a"}', '{"a":}', '{:1}', '[,]', '{"a" 1}'])],
  ['unclosed-deep', () => '['.repeat(10_000)],
  ['unclosed-deep-object', () => '{"a":'.repeat(10_000)],
  ['duplicate-keys', (s) => s.replace(/^\{/, '{"repo_path":".","id":"fz-dup","yaml":"a: 1","rules":{},')],
]

const CONTENT_TYPES: [string, (body: string, rng: Rng) => [Record<string, string>, Buffer | undefined]][] = [
  ['text/plain', (b) => [{ 'content-type': 'text/plain' }, Buffer.from(b)]],
  ['text/plain;charset=utf-8', (b) => [{ 'content-type': 'text/plain; charset=utf-8' }, Buffer.from(b)]],
  ['form-urlencoded', (b, rng) => [{ 'content-type': 'application/x-www-form-urlencoded' }, Buffer.from(rng.chance(0.5) ? b : 'repo_path=.&files[a.js]=eval(x)&__proto__[fz_polluted]=1')]],
  ['multipart-junk-boundary', (b) => [{ 'content-type': 'multipart/form-data; boundary=junk' }, Buffer.from(`--other\r\nContent-Disposition: form-data; name="x"\r\n\r\n${b}\r\n--other--\r\n`)]],
  ['multipart-no-boundary', (b) => [{ 'content-type': 'multipart/form-data' }, Buffer.from(b)]],
  ['multipart-valid', (b) => [{ 'content-type': 'multipart/form-data; boundary=XyZ' }, Buffer.from(`--XyZ\r\nContent-Disposition: form-data; name="body"\r\nContent-Type: application/json\r\n\r\n${b}\r\n--XyZ--\r\n`)]],
  ['application/yaml-bad', (_b, rng) => [{ 'content-type': 'application/yaml' }, Buffer.from(rng.pick(['a: [', 'a: *nope', billionLaughs(), `a: ${deepFlowSeq(5000)}`, 'a:\tb', '- - -\n  x: :']))]],
  ['application/yaml-valid', (b) => [{ 'content-type': 'application/yaml' }, Buffer.from(YAML.stringify(safeParse(b)))]],
  ['text/yaml', (b) => [{ 'content-type': 'text/yaml' }, Buffer.from(b)]],
  ['no-content-type', (b) => [{}, Buffer.from(b)]],
  ['json;charset=utf-16le', (b) => [{ 'content-type': 'application/json; charset=utf-16le' }, Buffer.from(b, 'utf16le')]],
  ['json;charset=utf-16 (utf8 body)', (b) => [{ 'content-type': 'application/json; charset=utf-16' }, Buffer.from(b)]],
  ['json;charset=latin1', (b) => [{ 'content-type': 'application/json; charset=latin1' }, Buffer.from(b.replace('{', '{"x":"\u00e9\u00ff",'), 'latin1')]],
  ['json;charset=bogus', (b) => [{ 'content-type': 'application/json; charset=bogus-42' }, Buffer.from(b)]],
  ['json;charset=', (b) => [{ 'content-type': 'application/json; charset=' }, Buffer.from(b)]],
  ['json;', (b) => [{ 'content-type': 'application/json;' }, Buffer.from(b)]],
  ['APPLICATION/JSON', (b) => [{ 'content-type': 'APPLICATION/JSON' }, Buffer.from(b)]],
  ['json, text/plain', (b) => [{ 'content-type': 'application/json, text/plain' }, Buffer.from(b)]],
  ['json;boundary', (b) => [{ 'content-type': 'application/json; boundary=x; q=0.5' }, Buffer.from(b)]],
  ['application/jsonx', (b) => [{ 'content-type': 'application/jsonx' }, Buffer.from(b)]],
  ['vnd.api+json', (b) => [{ 'content-type': 'application/vnd.api+json' }, Buffer.from(b)]],
  ['text/json', (b) => [{ 'content-type': 'text/json' }, Buffer.from(b)]],
  ['*/*', (b) => [{ 'content-type': '*/*' }, Buffer.from(b)]],
  ['empty-content-type', (b) => [{ 'content-type': '' }, Buffer.from(b)]],
  ['garbage-content-type', (b, rng) => [{ 'content-type': rng.pick([';', '/', 'application', ' ', '\u00ff/\u00fe', 'a'.repeat(4096)]) }, Buffer.from(b)]],
  ['octet-stream', (b) => [{ 'content-type': 'application/octet-stream' }, Buffer.from(b)]],
  ['xml-xxe', () => [{ 'content-type': 'application/xml' }, Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>')]],
  ['gzip-junk', (b) => [{ 'content-type': 'application/json', 'content-encoding': 'gzip' }, Buffer.from(b)]],
  ['gzip-real', (b) => [{ 'content-type': 'application/json', 'content-encoding': 'gzip' }, zlib.gzipSync(b)]],
  ['encoding-bogus', (b) => [{ 'content-type': 'application/json', 'content-encoding': 'br, bogus' }, Buffer.from(b)]],
]

function safeParse(s: string): unknown {
  try {
    return JSON.parse(s)
  } catch {
    return { text: s }
  }
}

const INVALID_UTF8: [string, Buffer][] = [
  ['0xFF', Buffer.from([0xff, 0xfe])],
  ['overlong', Buffer.from([0xc0, 0xaf])],
  ['cesu-surrogate', Buffer.from([0xed, 0xa0, 0x80])],
  ['truncated-multibyte', Buffer.from([0xe2, 0x82])],
  ['raw-nul', Buffer.from([0x00])],
]

/** Puts invalid UTF-8 bytes inside the first string of a JSON text. */
function withBytes(s: string, bytes: Buffer): Buffer {
  const i = s.indexOf('"', s.indexOf('"') + 1)
  if (i < 0) return Buffer.concat([Buffer.from(s), bytes])
  return Buffer.concat([Buffer.from(s.slice(0, i)), bytes, Buffer.from(s.slice(i))])
}

// ── YAML bodies (pack import)

function yamlCase(ctx: Ctx): [string, string] {
  const { rng } = ctx
  const pack = validPack(rng)
  const valid = YAML.stringify(pack)
  const head = `id: ${pack.id}\nname: fuzz\n`
  return rng.weighted<() => [string, string]>([
    [() => ['valid-export', `# guard pack\n${valid}`], 6],
    [() => ['valid-pack.yaml', `${head}version: "1.0.0"\nrules:\n  - { tag: secrets, control: "C-1" }\n  - { id: js.eval-injection, control: "C-2" }\n`], 3],
    [() => ['undefined-alias', rng.pick([`${head.replace('name: fuzz', 'name: *nope')}`, `${head}rules: [*nope]\n`, '*nope\n', `${head}<<: *nope\n`, `${head}selectors:\n  - *nope\n`, `${head}overrides: {x: *nope}\n`])], 5],
    [() => ['alias-before-anchor', `${head}description: *later\nversion: &later "1"\n`], 1],
    [() => ['billion-laughs', `${billionLaughs()}${head}`], 3],
    [() => ['alias-bomb-in-field', `${billionLaughs(9, 9, 'b')}${head}description: *b9\n`], 2],
    [() => ['alias-99-refs-to-100KB', `big: &big "${KB100.slice(0, 50_000)}"\n${head}selectors: [${Array(99).fill('*big').join(', ')}]\n`], 1],
    [() => ['anchors-valid', `base: &b { control: C-1 }\n${head}selectors:\n  - { <<: *b, id: js.eval-injection }\n`], 2],
    [() => ['deep-flow-seq', `${head}rules: ${deepFlowSeq(rng.pick([1000, 10_000]))}\n`], 2],
    [() => ['deep-flow-map', `${head}overrides: ${deepFlowMap(rng.pick([1000, 10_000]))}\n`], 2],
    [() => ['deep-block-1000', `${head}description:\n${deepBlock(1000).replace(/^/gm, '  ')}`], 1],
    [() => ['deep-rule-object', `${head}rules:\n  - id: fz.deep\n    name: n\n    message: m\n    severity: low\n    languages: [javascript]\n    cwe: [CWE-1]\n    owasp: []\n    confidence: low\n    remediation: r\n    rule: ${'{not: '.repeat(rng.pick([200, 2000])) + '{pattern: x}' + '}'.repeat(rng.pick([200, 2000]))}\n`], 1],
    [() => ['syntax-error', rng.pick(['id: [', 'id: "unterminated', 'a: b: c', 'id:\tfz', '- a\nb: c', 'id: fz\n  name: x\n bad', '? [a\n', ': :', '{', '%YAML 9.9\n---\nid: x'])], 4],
    [() => ['duplicate-keys', `${head}id: other\n`], 1],
    [() => ['multi-document', `${valid}---\n${valid}`], 1],
    [() => ['tags', `${head}description: ${rng.pick(['!!js/function "function(){}"', '!!binary aGVsbG8=', '!custom x', '!!set {a, b}', '!!omap [a: 1]', '!!timestamp 2001-12-14', '!!float .nan', '!!int 0x10', '!<tag:yaml.org,2002:str> x', '!!python/object:os.system ls'])}\n`], 3],
    [() => ['proto-keys', rng.pick([`__proto__: {fz_polluted: yes}\n${head}`, `${head}overrides:\n  __proto__: {severity: low}\n`, `${head}selectors:\n  - {__proto__: {fz_polluted: yes}, control: x}\n`, `${head}rules:\n  - __proto__: {fz_polluted: yes}\n`, `constructor: {prototype: {fz_polluted: yes}}\n${head}`, `${head}overrides:\n  constructor: {prototype: {fz_polluted: yes}}\n`])], 4],
    [() => ['wrong-types', rng.pick(['id: 123\nname: x\n', 'id: [a]\nname: x\n', 'id: fz-t\nname: {a: 1}\n', 'id: fz-t\nname: x\nversion: 1.0\n', 'id: fz-t\nname: x\nrules: x\n', 'id: fz-t\nname: x\ntier: 5\n', 'id: fz-t\nname: x\nselectors: {a: 1}\n', 'id: fz-t\nname: x\noverrides: [1]\n', 'id: null\nname: ~\n', 'id: no\nname: yes\n', 'id: fz-t\nname: x\nversion: .inf\n', 'id: fz-t\nname: x\nversion: 1e999\n'])], 4],
    [() => ['unicode', rng.pick([`${head}description: "\\0 \\uD800 \\U0001F4A9"\n`, `${head}description: "\u0000"\n`, `\ufeff${head}`, `${head}description: \u202e\u0301\n`, `id: fz-ñ\nname: 文件\n`])], 2],
    [() => ['empty-ish', rng.pick(['', '---', '~', 'null', '[]', '"str"', '42', '...', '#only a comment', '- 1\n- 2'])], 3],
    [() => ['huge-field', `${head}description: "${KB100}"\n`], 1],
    [() => {
      const [l, v] = weirdValue(rng)
      const base = validPack(rng)
      const p = rng.pick([['id'], ['name'], ['version'], ['tier'], ['selectors'], ['selectors', 0], ['selectors', 0, 'control'], ['rules'], ['rules', 0], ['rules', 0, 'regex'], ['rules', 0, 'languages'], ['overrides'], ['overrides', 'js.eval-injection']] as JsonPath[])
      const text = hasRaw(v) ? YAML.stringify(setPath(base, p, 'FZ-RAW-PLACEHOLDER')).replace('FZ-RAW-PLACEHOLDER', (v as Raw).text) : YAML.stringify(setPath(base, p, v))
      return [`field:${p.join('.')}=${l}`, text]
    }, 6],
  ])()
}

// ── the generators

const WRONG_METHODS = ['PUT', 'PATCH', 'DELETE', 'POST', 'GET', 'OPTIONS', 'HEAD']

function bodyCase(route: RouteDef, ctx: Ctx): FuzzCase {
  const { rng } = ctx
  const know = knowledgeOf(route, ctx)
  const isImport = route.template === '/api/packs/import'
  const [values, plabel] = pathValues(route, ctx, !route.pathParams.length || rng.chance(0.8))
  const target = rng.pick(OVERRIDE_TARGETS)
  if (route.template === '/api/packs/{id}/overrides' && !plabel && rng.chance(0.7)) values.id = target[0]
  let query = ''
  let qlabel = ''
  if (route.query.length) [query, qlabel] = buildQuery(route, ctx, rng.chance(0.2))
  const url = fillPath(route.template, values) + query
  const c = (label: string, headers: Record<string, string>, body?: Buffer): FuzzCase => ({
    route: route.key, method: route.method, path: url, headers, body, label: [label, plabel, qlabel].filter(Boolean).join(' | '),
  })
  const op = rng.weighted<string>([
    ['valid', 12], ['field', 24], ['proto', 7], ['deep', 6], ['extra-field', 4], ['remove-field', 3], ['malformed', 12], ['content-type', 10],
    ['empty', 4], ['root-type', 5], ['invalid-utf8', 3], ['wrong-method', 1.5], ['path-param', route.pathParams.length ? 6 : 0],
    ['files', ['/scan', '/gate', '/report'].includes(route.template) ? 8 : 0], ['yaml', isImport ? 45 : 0], ['json-yaml', isImport ? 12 : 0],
    ['numeric', know.numeric.length ? 14 : 0],
  ])
  const base = know.valid(ctx)
  if (route.template === '/api/packs/{id}/overrides' && values.id === target[0]) base.rules = { [target[1]]: (Object.values(base.rules as object)[0] as object) ?? { severity: 'low' } }
  const text = ser(base)
  switch (op) {
    case 'valid':
      return c('valid', { ...JSON_CT }, Buffer.from(text))
    case 'path-param': {
      const [bad, l] = pathValues(route, ctx, false)
      return { ...c(`path-param:${l}`, { ...JSON_CT }, Buffer.from(text)), path: fillPath(route.template, bad) + query, label: `path-param:${l}` }
    }
    case 'field': {
      const candidates = [...valuePaths(base).map((x) => x.path), ...know.paths]
      const p = rng.pick(candidates.length ? candidates : [['fz']])
      const [l, v] = weirdValue(rng)
      return c(`field:${p.join('.')}=${l}`, { ...JSON_CT }, json(setPath(base, p, v)))
    }
    case 'numeric': {
      const p = rng.pick(know.numeric)
      const [l, v] = rng.weighted(NUMERIC_EDGES.map(([l, v, w]) => [[l, v] as const, w] as const))
      return c(`numeric:${p.join('.')}=${l}`, { ...JSON_CT }, json(setPath(base, p, v)))
    }
    case 'proto': {
      const containers = [[], ...valuePaths(base).filter((x) => x.container).map((x) => x.path), ...know.paths]
      const p = rng.pick(containers) as JsonPath
      const key = rng.pick(PROTO_KEYS)
      const value = rng.pick<unknown>([protoPayload(), { prototype: protoPayload() }, 'x', 1, null, []])
      return c(`proto:${[...p, key].join('.') || key}`, { ...JSON_CT }, json(setPath(base, [...p, key], value)))
    }
    case 'deep': {
      const n = rng.weighted<number>([[1000, 4], [10_000, 4], [100_000, 1]])
      const kind = rng.pick(['object', 'array', 'mixed'])
      const raw = new Raw(kind === 'object' ? deepJsonObj(n) : kind === 'array' ? deepJsonArr(n) : '[{"a":'.repeat(n / 2) + '1' + '}]'.repeat(n / 2))
      const p = rng.chance(0.15) ? [] : rng.pick([...valuePaths(base).map((x) => x.path), ...know.paths, ['fz']])
      return c(`deep:${kind}-${n}@${p.join('.') || '(root)'}`, { ...JSON_CT }, json(setPath(base, p, raw)))
    }
    case 'extra-field': {
      const containers = [[], ...valuePaths(base).filter((x) => x.container).map((x) => x.path)]
      const p = rng.pick(containers) as JsonPath
      const key = rng.pick(['fz_unknown', '', ' ', '\u0000', '💩', KB10, 'a.b', '$ref', 'repo_path', 'id'])
      return c(`extra-field@${p.join('.') || '(root)'}:${key.length > 20 ? `${key.length}-chars` : JSON.stringify(key)}`, { ...JSON_CT }, json(setPath(base, [...p, key], rng.pick<unknown>(['x', 1, null, {}]))))
    }
    case 'remove-field': {
      const all = valuePaths(base)
      if (!all.length) return c('remove-field:(none)->empty-object', { ...JSON_CT }, Buffer.from('{}'))
      const p = rng.pick(all).path
      deletePath(base, p)
      return c(`remove-field:${p.join('.')}`, { ...JSON_CT }, json(base))
    }
    case 'malformed': {
      const [l, f] = rng.pick(MALFORMED)
      return c(`malformed:${l}`, { ...JSON_CT }, Buffer.from(f(text, rng)))
    }
    case 'content-type': {
      const [l, f] = rng.pick(CONTENT_TYPES)
      const [h, b] = f(text, rng)
      return c(`content-type:${l}`, h, b)
    }
    case 'empty':
      return rng.pick<FuzzCase>([
        c('empty:json-ct-empty-body', { ...JSON_CT }, Buffer.alloc(0)),
        c('empty:no-ct-no-body', {}),
        c('empty:json-ct-no-body', { ...JSON_CT }),
        c('empty:null', { ...JSON_CT }, Buffer.from('null')),
        c('empty:content-length-0-text', { 'content-type': 'text/plain' }, Buffer.alloc(0)),
        c('empty:yaml-ct-empty', { 'content-type': 'application/yaml' }, Buffer.alloc(0)),
      ])
    case 'root-type': {
      const [l, b] = rng.pick<[string, string]>([['array', '[]'], ['array-of-object', '[{}]'], ['string', '"x"'], ['number', '123'], ['zero', '0'], ['negative', '-1'], ['null', 'null'], ['true', 'true'], ['false', 'false'], ['empty-string', '""'], ['wrapped-valid', `[${text}]`], ['huge-string', JSON.stringify(KB100)]])
      return c(`root-type:${l}`, { ...JSON_CT }, Buffer.from(b))
    }
    case 'invalid-utf8': {
      const [l, bytes] = rng.pick(INVALID_UTF8)
      return c(`invalid-utf8:${l}`, { ...JSON_CT }, withBytes(text, bytes))
    }
    case 'wrong-method': {
      const m = rng.pick(WRONG_METHODS.filter((x) => x !== route.method))
      return { ...c(`wrong-method:${m}`, { ...JSON_CT }, m === 'GET' || m === 'HEAD' ? undefined : Buffer.from(text)), method: m }
    }
    case 'files': {
      const name = rng.pick(['', '/abs.js', '../x.js', 'a/../../x.js', 'C:\\x.js', 'a\\..\\..\\x.js', '\u0000', 'a\u0000b.js', `${KB10}.js`, 'ñ/文件/💩.js', '.guard.yaml', '.', './', 'a//b.js', '~/x.js', 'CON', `${'x'.repeat(300)}.js`, '__proto__', 'constructor', 'toString', '.git/config', 'node_modules/x.js', 'a.js\n', ' a.js', 'a.js '])
      const content = rng.pick<[string, string]>([
        ['eval', 'eval(req.query.x)\n'], ['empty', ''], ['100KB', KB100], ['nul-bytes', 'eval(req.query.x)\u0000\u0000'], ['lone-surrogates', 'eval("\ud800")\udc00'],
        ['2MB', 'x'.repeat(2 * 1024 * 1024)], ['long-line', 'eval(req.query.x);'.repeat(5000)], ['yaml-alias', 'packs: *nope\n'], ['yaml-bomb', billionLaughs()],
        ['yaml-timeout', 'limits: {scan_timeout_s: 0.0001}\n'], ['deep-js', `var a = ${deepJsonArr(5000)};eval(req.query.x)`], ['crlf', 'eval(req.query.x)\r\n\r\n'], ['bom', '\ufeffeval(req.query.x)'],
      ])
      const b: Record<string, unknown> = { ...base }
      delete b.scan_id
      const files: Record<string, string> = {}
      if (rng.chance(0.05)) for (let i = 0; i < 200; i++) files[`many/f${i}.js`] = 'eval(req.query.x)\n'
      define(files, name, content[1])
      b.files = files
      if (rng.chance(0.2)) b.changed_files = [name, rng.pick(['../x', '', 'nope.js', '*'])]
      return c(`files:name=${name.length > 30 ? `${name.length}-chars` : JSON.stringify(name)},content=${content[0]}`, { ...JSON_CT }, json(b))
    }
    case 'yaml': {
      const [l, y] = yamlCase(ctx)
      const ct = rng.weighted<string>([['application/yaml', 6], ['application/x-yaml', 1], ['text/yaml', 1], ['application/yaml; charset=utf-8', 1], ['application/yaml; charset=utf-16le', 0.5], ['text/plain', 0.5]])
      return c(`yaml:${l} (${ct})`, { 'content-type': ct }, Buffer.from(y, ct.endsWith('utf-16le') ? 'utf16le' : 'utf8'))
    }
    case 'json-yaml': {
      const [l, y] = yamlCase(ctx)
      const wrapper = rng.chance(0.85) ? { yaml: y } : rng.pick<unknown>([{ yaml: null }, { yaml: 1 }, { yaml: [y] }, { yaml: { a: 1 } }, { yaml: y, extra: 1 }, y])
      return c(`json-yaml:${l}`, { ...JSON_CT }, json(wrapper))
    }
  }
  return c('valid', { ...JSON_CT }, Buffer.from(text))
}

const ODD_HEADERS: [string, Record<string, string>][] = [
  ['accept-xml', { accept: 'application/xml' }],
  ['accept-none', { accept: 'application/x-nothing' }],
  ['accept-garbage', { accept: ';;;,,,*/*;q=abc' }],
  ['range', { range: 'bytes=0-1,5-2,-999999999999' }],
  ['if-none-match', { 'if-none-match': '*' }],
  ['if-modified-since', { 'if-modified-since': 'Thu, 01 Jan 2099 00:00:00 GMT' }],
  ['accept-encoding', { 'accept-encoding': 'gzip;q=0, br;q=abc, *;q=2' }],
  ['huge-cookie', { cookie: `a=${'b'.repeat(8000)}` }],
  ['x-forwarded', { 'x-forwarded-for': '1.1.1.1, 2.2.2.2', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'gopher' }],
  ['x-request-id', { 'x-request-id': '../../etc/passwd' }],
  ['content-type-on-get', { 'content-type': 'application/json' }],
  ['latin1-header', { 'x-fz': '\u00ff\u00fe' }],
  ['origin', { origin: 'https://evil.example' }],
]

function getCase(route: RouteDef, ctx: Ctx): FuzzCase {
  const { rng } = ctx
  const op = rng.weighted<string>([
    ['valid', 14], ['query', route.query.length ? 45 : 8], ['path-param', route.pathParams.length ? 30 : 0], ['path-variant', 5], ['headers', 5], ['wrong-method', 3], ['body-on-get', 3], ['head', 2],
  ])
  const [values, plabel] = pathValues(route, ctx, op !== 'path-param')
  const [query, qlabel] = route.query.length || op === 'query' ? buildQuery(route, ctx, op === 'query') : ['', '']
  const base = fillPath(route.template, values)
  const c = (label: string, extra: Partial<FuzzCase> = {}): FuzzCase => ({ route: route.key, method: route.method, path: base + query, headers: {}, label: [label, plabel, qlabel].filter(Boolean).join(' | '), ...extra })
  switch (op) {
    case 'path-variant': {
      const [l, p] = rng.pick<[string, string]>([
        ['trailing-slash', `${base}/`], ['double-slash', `/${base}`], ['upper-case', base.toUpperCase()], ['encoded-first-char', `/%${base.charCodeAt(1).toString(16)}${base.slice(2)}`],
        ['dot-segment', `/.${base}`], ['dotdot-segment', `/fz/..${base}`], ['semicolon', `${base};x=1`], ['encoded-slash', base.replace(/\/([^/]*)$/, '%2F$1')], ['fragment', `${base}#frag`], ['backslash', base.replace(/\//g, '\\')],
      ])
      return c(`path-variant:${l}`, { path: p + query })
    }
    case 'headers': {
      const [l, h] = rng.pick(ODD_HEADERS)
      return c(`headers:${l}`, { headers: h })
    }
    case 'wrong-method': {
      const m = rng.pick(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].filter((x) => x !== route.method))
      return c(`wrong-method:${m}`, { method: m, headers: { ...JSON_CT }, body: Buffer.from(rng.pick(['{}', '{"a":1}', '['])) })
    }
    case 'body-on-get': {
      const [l, b] = rng.pick<[string, string]>([['json', '{"a":1}'], ['malformed', '{'], ['deep', deepJsonArr(10_000)], ['proto', '{"__proto__":{"fz_polluted":1}}']])
      return c(`body-on-${route.method}:${l}`, { headers: { ...JSON_CT }, body: Buffer.from(b) })
    }
    case 'head':
      return c('head', { method: 'HEAD' })
    case 'path-param':
      return c(`path-param:${plabel}`)
    default:
      return c(op)
  }
}

const UNKNOWN_PATHS = [
  '/nope', '/api/nope', '/api/scans/x/y/z', '/api/packs/x/y', '/admin', '/.env', '/.git/config', '/.guard.yaml', '/.guard/data/guard.db', '/private/notes.txt',
  '/%2e%2e/%2e%2e/etc/passwd', '/docs/../.guard.yaml', '/docs/static/../../.guard.yaml', '/docs/static/%2e%2e/%2e%2e/private/notes.txt', '/docs/static/..%2F..%2Fpackage.json',
  '/redoc/../package.json', '/api/', '/favicon.ico', '/robots.txt', '/*', `/${'a'.repeat(5000)}`, '/%00', '/%ZZ', '/\u00ff', '/scan/', '/health/', '/health/x', '/api//scans', '//api/scans',
]

function unknownCase(route: RouteDef, ctx: Ctx): FuzzCase {
  const { rng } = ctx
  const p = rng.pick(UNKNOWN_PATHS)
  const m = rng.pick(['GET', 'GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'PROPFIND'])
  const body = ['POST', 'PUT', 'PATCH'].includes(m) ? Buffer.from(rng.pick(['{}', '{', 'x'])) : undefined
  return { route: route.key, method: m, path: p, headers: body ? { ...JSON_CT } : {}, body, label: `unknown:${m} ${p.length > 40 ? `${p.slice(0, 20)}…(${p.length})` : p}` }
}

function staticCase(route: RouteDef, ctx: Ctx): FuzzCase {
  const { rng } = ctx
  const file = rng.pick(['index.html', 'swagger-ui.css', 'swagger-initializer.js', '..%2F..%2F.guard.yaml', '%2e%2e/%2e%2e/private/notes.txt', '..%5C..%5C.guard.yaml', '....//....//.guard.yaml', '%00', 'nope', KB10, '%ED%A0%80', '.%2e/.%2e/package.json'])
  return { route: route.key, method: rng.pick(['GET', 'GET', 'HEAD']), path: `/docs/static/${file}`, headers: {}, label: `static:${file.length > 40 ? `${file.length}-chars` : file}` }
}

/** Raw-socket cases: path bytes http.request refuses (space, NUL, raw UTF-8, control characters). */
function socketPathCase(route: RouteDef, ctx: Ctx): FuzzCase {
  const { rng } = ctx
  const [l, bytes] = rng.pick<[string, string]>([['raw-nul', '\u0000'], ['raw-space', 'a b'], ['raw-utf8', Buffer.from('文件💩', 'utf8').toString('latin1')], ['raw-tab', '\t'], ['raw-del', '\u007f'], ['raw-cesu-surrogate', '\u00ed\u00a0\u0080']])
  const values = Object.fromEntries(route.pathParams.map((p) => [p.name, bytes]))
  const p = route.pathParams.length ? fillPath(route.template, values) : `${route.template}?q=${bytes}`
  return { route: route.key, method: route.method === 'ANY' ? 'GET' : route.method, path: p, headers: {}, socket: true, label: `socket-path:${l}` }
}

function generate(route: RouteDef, ctx: Ctx): FuzzCase {
  if (ctx.rng.chance(0.02) && route.key !== 'ANY (unknown routes)') return socketPathCase(route, ctx)
  if (route.key === 'ANY (unknown routes)') return unknownCase(route, ctx)
  if (route.template === '/docs/static/{file}') return staticCase(route, ctx)
  if (route.body) return bodyCase(route, ctx)
  return getCase(route, ctx)
}

// ── credentials

function jwt(payload: object, secret: string, alg = 'HS256'): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const head = `${b64({ alg, typ: 'JWT' })}.${b64(payload)}`
  return alg === 'none' ? `${head}.` : `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`
}

const BAD_CREDENTIALS: [string, Record<string, string | string[]>][] = [
  ['missing', {}],
  ['key-empty', { 'x-api-key': '' }],
  ['key-wrong', { 'x-api-key': 'K' }],
  ['key-prefix', { 'x-api-key': 'kk' }],
  ['key-10KB', { 'x-api-key': KB10 }],
  ['key-latin1', { 'x-api-key': 'k\u00ff' }],
  ['key-twice', { 'x-api-key': [API_KEY, API_KEY] }],
  ['key-null-text', { 'x-api-key': 'null' }],
  ['bearer-garbage', { authorization: `Bearer ${'garbage.'.repeat(3)}` }],
  ['bearer-empty', { authorization: 'Bearer ' }],
  ['bearer-only', { authorization: 'Bearer' }],
  ['bearer-abc', { authorization: 'Bearer a.b.c' }],
  ['bearer-alg-none', { authorization: `Bearer ${jwt({ sub: 'fz', role: 'admin' }, '', 'none')}` }],
  ['bearer-wrong-secret', { authorization: `Bearer ${jwt({ sub: 'fz', role: 'admin', exp: 4102444800 }, 'wrong')}` }],
  ['bearer-8KB', { authorization: `Bearer ${'x'.repeat(8192)}` }],
  ['basic', { authorization: `Basic ${Buffer.from(`admin:${API_KEY}`).toString('base64')}` }],
  ['digest', { authorization: 'Digest username="admin", realm="guard", nonce="x", uri="/", response="y"' }],
  ['negotiate', { authorization: 'Negotiate YIIB' }],
  ['apikey-scheme', { authorization: `ApiKey ${API_KEY}` }],
  ['bare-key-in-authorization', { authorization: API_KEY }],
  ['lowercase-bearer', { authorization: `bearer ${API_KEY}` }],
  ['authorization-empty', { authorization: '' }],
  ['authorization-latin1', { authorization: '\u00ff\u00fe' }],
  ['bearer-garbage+valid-key', { authorization: 'Bearer garbage', 'x-api-key': API_KEY }],
  ['bearer-garbage+wrong-key', { authorization: 'Bearer garbage', 'x-api-key': 'wrong' }],
]

function credentials(rng: Rng, mode: Mode): [string, Record<string, string | string[]>] {
  if (mode === 'open') return rng.chance(0.03) ? rng.pick(BAD_CREDENTIALS) : ['none', {}]
  return rng.chance(0.85) ? ['key', { 'x-api-key': API_KEY }] : rng.pick(BAD_CREDENTIALS)
}

const goodAuth = (mode: Mode): Record<string, string> => (mode === 'apikey' ? { 'x-api-key': API_KEY } : {})

// ── special requests (limits of the HTTP layer), once per mode

function specials(mode: Mode): FuzzCase[] {
  const auth = goodAuth(mode)
  const authLines = Object.entries(auth).map(([k, v]) => `${k}: ${v}\r\n`).join('')
  const raw = (label: string, text: string): FuzzCase => ({ route: '(HTTP layer)', method: 'RAW', path: text.split('\r\n')[0].slice(0, 120), headers: {}, rawBytes: Buffer.from(text, 'latin1'), label })
  // Over a socket of their own: the server may answer and close before the request is fully written.
  const r = (label: string, method: string, p: string, headers: Record<string, string | string[]>, body?: Buffer): FuzzCase => ({ route: '(HTTP layer)', method, path: p, headers: { ...auth, ...headers }, body, label, socket: true })
  return [
    r('header-64KB-single', 'GET', '/api/scans', { 'x-fz': 'h'.repeat(64 * 1024) }),
    r('header-64KB-many', 'GET', '/api/scans', Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`x-fz-${i}`, 'v'.repeat(56)]))),
    r('header-64KB-on-health', 'GET', '/health', { 'x-fz': 'h'.repeat(64 * 1024) }),
    r('cookie-64KB', 'POST', '/scan', { ...JSON_CT, cookie: `c=${'c'.repeat(64 * 1024)}` }, Buffer.from('{}')),
    r('url-20KB-query', 'GET', `/rules?pack=${'p'.repeat(20 * 1024)}`, {}),
    r('url-20KB-path-param', 'GET', `/api/scans/${'s'.repeat(20 * 1024)}`, {}),
    r('url-20KB-unknown', 'GET', `/${'u'.repeat(20 * 1024)}`, {}),
    r('url-70KB', 'GET', `/api/findings?file=${'f'.repeat(70 * 1024)}`, {}),
    r('path-param-101-chars', 'GET', `/api/scans/${'s'.repeat(101)}`, {}),
    r('body-21MB', 'POST', '/scan', { ...JSON_CT }, Buffer.from(`{"files":{"a.js":"${'x'.repeat(21 * 1024 * 1024)}"}}`)),
    raw('content-length-not-a-number', `POST /scan HTTP/1.1\r\nHost: x\r\n${authLines}content-type: application/json\r\ncontent-length: abc\r\nconnection: close\r\n\r\n{}`),
    raw('content-length-and-chunked', `POST /scan HTTP/1.1\r\nHost: x\r\n${authLines}content-type: application/json\r\ncontent-length: 2\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n`),
    raw('bad-chunk-size', `POST /scan HTTP/1.1\r\nHost: x\r\n${authLines}content-type: application/json\r\ntransfer-encoding: chunked\r\nconnection: close\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n`),
    raw('nul-in-header', `GET /api/scans HTTP/1.1\r\nHost: x\r\n${authLines}x-fz: a\u0000b\r\nconnection: close\r\n\r\n`),
    raw('obs-fold-header', `GET /api/scans HTTP/1.1\r\nHost: x\r\n${authLines}x-fz: a\r\n b\r\nconnection: close\r\n\r\n`),
    raw('garbage-request-line', 'GARBAGE\r\n\r\n'),
    raw('unknown-method', `FUZZ /scan HTTP/1.1\r\nHost: x\r\n${authLines}connection: close\r\n\r\n`),
    raw('http-1.1-no-host', `GET /api/scans HTTP/1.1\r\n${authLines}connection: close\r\n\r\n`),
    raw('http-1.0', `GET /api/scans HTTP/1.0\r\n${authLines}\r\n`),
    raw('http-2.0-in-1.1', `GET /api/scans HTTP/2.0\r\nHost: x\r\n${authLines}connection: close\r\n\r\n`),
    raw('absolute-uri', `GET http://evil.example/api/scans HTTP/1.1\r\nHost: x\r\n${authLines}connection: close\r\n\r\n`),
    raw('asterisk-uri', `OPTIONS * HTTP/1.1\r\nHost: x\r\n${authLines}connection: close\r\n\r\n`),
    raw('x-api-key-with-nul', `GET /api/scans HTTP/1.1\r\nHost: x\r\nx-api-key: k\u0000\r\nconnection: close\r\n\r\n`),
    raw('space-before-colon', `GET /api/scans HTTP/1.1\r\nHost: x\r\n${authLines}x-fz : 1\r\nconnection: close\r\n\r\n`),
  ]
}

// ───────────────────────────── sending ─────────────────────────────

interface Outcome {
  status?: number
  headers?: http.IncomingHttpHeaders
  body?: string
  size?: number
  error?: string
  timedOut?: boolean
  /** http.request refused the request itself (a fuzzer problem, not the server's). */
  clientRefused?: string
  /** The error came on a kept-alive socket the server had closed after its previous answer. */
  reusedSocket?: boolean
  ms: number
}

/** Answers are kept whole up to this size (a 422 listing thousands of errors is large, and must still parse). */
const KEEP_BYTES = 16 * 1024 * 1024
/** Requests sent on each kept-alive socket (Node's `reusedSocket` misses sockets handed over from the agent's queue). */
const socketUses = new WeakMap<net.Socket, number>()

function sendHttp(c: FuzzCase, port: number, agent: http.Agent, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const t0 = performance.now()
    let done = false
    let timer: NodeJS.Timeout | undefined
    const finish = (o: Omit<Outcome, 'ms'>) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve({ ...o, ms: performance.now() - t0 })
    }
    let req: http.ClientRequest
    try {
      // An explicit length: Node frames no body of a GET/DELETE/OPTIONS otherwise, and the server reads it as the next request.
      const headers = c.body && !Object.keys(c.headers).some((k) => k.toLowerCase() === 'content-length') ? { ...c.headers, 'content-length': String(c.body.length) } : c.headers
      req = http.request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers, agent }, (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (d: Buffer) => {
          if (size < KEEP_BYTES) chunks.push(d)
          size += d.length
        })
        res.on('end', () => {
          // The HTTP parser's own error answers (400, 414, 431) close the connection without saying `Connection: close`;
          // a socket whose answer did not say keep-alive is not given back to the agent, or the next request gets ECONNRESET.
          if (res.headers.connection !== 'keep-alive') res.socket?.destroy()
          finish({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), size })
        })
        res.on('error', (e: NodeJS.ErrnoException) => finish({ error: `response: ${e.code ?? e.message}` }))
        res.on('aborted', () => finish({ error: 'response aborted' }))
      })
    } catch (e) {
      finish({ clientRefused: (e as NodeJS.ErrnoException).code ?? (e as Error).message })
      return
    }
    timer = setTimeout(() => {
      finish({ timedOut: true })
      req.destroy()
    }, timeoutMs)
    let reused = false
    req.on('socket', (socket: net.Socket) => {
      const n = (socketUses.get(socket) ?? 0) + 1
      socketUses.set(socket, n)
      reused = n > 1
    })
    req.on('error', (e: NodeJS.ErrnoException) => finish({ error: e.code ?? e.message, reusedSocket: reused || req.reusedSocket }))
    if (c.body) req.end(c.body)
    else req.end()
  })
}

/** One request over a fresh socket, `Connection: close`, read to the end and parsed crudely. */
function sendSocket(c: FuzzCase, port: number, timeoutMs: number): Promise<Outcome> {
  return new Promise((resolve) => {
    const t0 = performance.now()
    let bytes = c.rawBytes
    if (!bytes) {
      const head = [`${c.method} ${c.path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close']
      for (const [k, v] of Object.entries(c.headers)) for (const x of Array.isArray(v) ? v : [v]) head.push(`${k}: ${x}`)
      if (c.body) head.push(`Content-Length: ${c.body.length}`)
      bytes = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), c.body ?? Buffer.alloc(0)])
    }
    const chunks: Buffer[] = []
    let done = false
    const finish = (o: Omit<Outcome, 'ms'>) => {
      if (done) return
      done = true
      clearTimeout(timer)
      socket.destroy()
      resolve({ ...o, ms: performance.now() - t0 })
    }
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes))
    const timer = setTimeout(() => finish({ timedOut: true }), timeoutMs)
    socket.on('data', (d: Buffer) => chunks.push(d))
    const parse = () => {
      const all = Buffer.concat(chunks)
      if (!all.length) return finish({ error: 'connection closed without a response' })
      const split = all.indexOf('\r\n\r\n')
      const headText = all.subarray(0, split < 0 ? all.length : split).toString('latin1')
      const status = Number(/^HTTP\/\d\.\d (\d{3})/.exec(headText)?.[1])
      const headers: http.IncomingHttpHeaders = {}
      for (const line of headText.split('\r\n').slice(1)) {
        const i = line.indexOf(':')
        if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
      }
      let body = split < 0 ? Buffer.alloc(0) : all.subarray(split + 4)
      if (/chunked/i.test(String(headers['transfer-encoding'] ?? ''))) {
        const parts: Buffer[] = []
        let at = 0
        while (at < body.length) {
          const eol = body.indexOf('\r\n', at)
          if (eol < 0) break
          const n = parseInt(body.subarray(at, eol).toString('latin1'), 16)
          if (!(n > 0)) break
          parts.push(body.subarray(eol + 2, eol + 2 + n))
          at = eol + 2 + n + 2
        }
        body = Buffer.concat(parts)
      }
      if (!status) return finish({ error: `unparsable response: ${JSON.stringify(headText.slice(0, 80))}` })
      finish({ status, headers, body: body.subarray(0, KEEP_BYTES).toString('utf8'), size: body.length })
    }
    socket.on('end', parse)
    socket.on('close', parse)
    socket.on('error', (e: NodeJS.ErrnoException) => (chunks.length ? parse() : finish({ error: e.code ?? e.message })))
  })
}

// ───────────────────────────── recording ─────────────────────────────

export interface RouteStats {
  requests: number
  s2xx: number
  s3xx: number
  s4xx: number
  s5xx: number
  timeouts: number
  connErrors: number
  badBodies: number
  maxMs: number
}

export type FailureKind = 'server-error' | 'timeout' | 'connection-error' | 'bad-error-body' | 'bad-success-body' | 'prototype-pollution' | 'leak' | 'process-error'

export interface Failure {
  kind: FailureKind
  mode: Mode
  route: string
  method: string
  url: string
  contentType: string
  sent: string
  label: string
  status?: number
  response?: string
  serverError?: string
  /** The failure class: same route, kind, status and (normalised) answer or server error. */
  key: string
}

export interface FuzzReport {
  seed: number
  requested: number
  durationMs: number
  modes: { mode: Mode; requests: number; durationMs: number }[]
  totals: RouteStats
  routes: Record<string, RouteStats>
  failures: Failure[]
  /** Requests http.request refused to send (a fuzzer bug; should be 0). */
  clientRefused: { label: string; reason: string }[]
  /** 504 answers of scans over their time limit (in the 5xx counts, but the contract's answer, not failures). */
  contract504: number
}

const newStats = (): RouteStats => ({ requests: 0, s2xx: 0, s3xx: 0, s4xx: 0, s5xx: 0, timeouts: 0, connErrors: 0, badBodies: 0, maxMs: 0 })

function printable(s: string, max: number): string {
  const cut = s.length > max ? `${s.slice(0, max)}…(${s.length} chars)` : s
  // eslint-disable-next-line no-control-regex
  return cut.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

function normalise(s: string): string {
  return s
    .replace(/(Unresolved alias[^:]*): \S+/g, '$1: <name>')
    .replace(/(Invalid regular expression: \/).*?(\/[a-z]*: )/g, '$1…$2')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/'[^']*'/g, "'…'")
    .replace(/(Not found: \w+ )\S+/g, '$1<path>')
    .replace(/(not found: ).*?(")/gi, '$1<x>$2')
    .replace(/\b[0-9a-f]{16,}\b/gi, '<hex>')
    .replace(/\d+/g, 'N')
    .slice(0, 160)
}

function isErrorBody(body: string | undefined): boolean {
  try {
    const v = JSON.parse(body ?? '')
    return typeof v === 'object' && v !== null && !Array.isArray(v) && typeof v.detail === 'string'
  } catch {
    return false
  }
}

/** The server's own account of a 500 (its error handler logs `{err}` on the request's child logger). */
class ErrorCapture {
  readonly byRequest = new Map<string, string>()
  install(app: TestServer['app']): void {
    const log = app.log as unknown as { child: (...a: unknown[]) => Record<string, unknown> }
    const original = log.child
    const byRequest = this.byRequest
    log.child = function (this: unknown, ...args: unknown[]) {
      const child = original.apply(this, args)
      const reqId = (args[0] as { reqId?: string } | undefined)?.reqId
      if (reqId) {
        for (const level of ['error', 'fatal'] as const) {
          const inner = child[level] as (...a: unknown[]) => unknown
          child[level] = function (this: unknown, obj: unknown, ...rest: unknown[]) {
            const err = (obj as { err?: Error })?.err ?? (obj instanceof Error ? obj : undefined)
            if (err) byRequest.set(reqId, describeError(err))
            return inner.call(this, obj, ...rest)
          }
        }
      }
      return child
    }
  }
}

/** `Name: message @ innermost frame [< first frame in kernel/ or plugins/]`, paths relative to the project. */
function describeError(err: Error): string {
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l))
  const show = (l: string | undefined) => (l ?? '').trim().replace(/^at /, '').replace(/\S*\/main\//, '')
  const own = frames.find((l) => /\/(kernel|plugins)\//.test(l))
  const where = [show(frames[0]), own && own !== frames[0] ? `< ${show(own)}` : ''].filter(Boolean).join(' ')
  return `${err.name}: ${String(err.message).split('\n')[0].slice(0, 200)}${where ? ` @ ${where}` : ''}`
}

class Recorder {
  readonly routes: Record<string, RouteStats> = {}
  readonly totals = newStats()
  readonly failures: Failure[] = []
  readonly clientRefused: { label: string; reason: string }[] = []
  contract504 = 0
  constructor(private readonly capture: () => ErrorCapture | undefined) {}

  record(mode: Mode, c: FuzzCase, o: Outcome): void {
    if (o.clientRefused) {
      this.clientRefused.push({ label: `${c.route} ${c.label}`, reason: o.clientRefused })
      return
    }
    const s = (this.routes[c.route] ??= newStats())
    for (const st of [s, this.totals]) {
      st.requests++
      st.maxMs = Math.max(st.maxMs, Math.round(o.ms))
    }
    const fail = (kind: FailureKind, extra: Partial<Failure> = {}) => {
      const reqId = String(o.headers?.['x-request-id'] ?? '')
      const serverError = reqId ? this.capture()?.byRequest.get(reqId) : undefined
      const what = kind === 'server-error' && serverError ? normalise(serverError) : kind === 'timeout' ? c.label.split(/[:|]/)[0] : kind === 'connection-error' ? String(o.error) : normalise(o.body ?? '')
      this.failures.push({
        kind,
        mode,
        route: c.route,
        method: c.method,
        url: printable(c.path, 300),
        contentType: String(c.headers['content-type'] ?? (c.rawBytes ? '(raw request)' : '(none)')),
        sent: printable((c.rawBytes ?? c.body ?? Buffer.alloc(0)).toString(c.rawBytes ? 'latin1' : 'utf8'), 300),
        label: c.label,
        status: o.status,
        response: o.body !== undefined ? printable(o.body, 400) : o.error,
        serverError,
        key: kind === 'timeout' || kind === 'connection-error' ? `${kind}|${c.route}|${what}` : `${kind}|${o.status ?? '-'}|${what}`,
        ...extra,
      })
    }
    if (o.timedOut) {
      s.timeouts++
      this.totals.timeouts++
      fail('timeout')
    } else if (o.error || o.status === undefined) {
      s.connErrors++
      this.totals.connErrors++
      fail('connection-error')
    } else {
      const cls = Math.floor(o.status / 100)
      const field = cls === 2 ? 's2xx' : cls === 3 ? 's3xx' : cls === 4 ? 's4xx' : cls === 5 ? 's5xx' : undefined
      if (field) {
        s[field]++
        this.totals[field]++
      }
      // A scan over its time limit answers 504 by contract (README): with a proper body it is not a failure.
      const detail = o.status === 504 ? (safeParse(o.body ?? '') as { detail?: unknown } | null)?.detail : undefined
      const contract504 = typeof detail === 'string' && /time limit/.test(detail)
      if (contract504) this.contract504++
      else if (o.status >= 500) fail('server-error')
      if (o.status >= 400 && c.method !== 'HEAD' && !isErrorBody(o.body)) {
        s.badBodies++
        this.totals.badBodies++
        fail('bad-error-body')
      }
      const type = String(o.headers?.['content-type'] ?? '')
      if (cls === 2 && c.method !== 'HEAD' && type.includes('json') && (o.size ?? 0) < KEEP_BYTES) {
        try {
          JSON.parse(o.body ?? '')
        } catch {
          fail('bad-success-body')
        }
      }
      if (o.body?.includes(SENTINEL)) fail('leak', { serverError: `response contains the content of private/notes.txt` })
    }
    for (const proto of [Object.prototype, Array.prototype] as Record<string, unknown>[]) {
      if (Object.prototype.hasOwnProperty.call(proto, 'fz_polluted')) {
        fail('prototype-pollution', { serverError: `${proto === Object.prototype ? 'Object' : 'Array'}.prototype.fz_polluted = ${String(proto.fz_polluted)}` })
        delete proto.fz_polluted
      }
    }
  }
}

// ───────────────────────────── running ─────────────────────────────

export interface FuzzOptions {
  /** Total requests over both modes (about; the probes after accepted config changes come on top). Default 6000. */
  requests?: number
  seed?: number
  concurrency?: number
  timeoutMs?: number
  /** Progress lines (stderr in the CLI); default silent. */
  log?: (line: string) => void
  modes?: Mode[]
}

/** How much of the budget each route gets: scans are real work, state-changing routes run one at a time. */
function weightOf(r: RouteDef): number {
  const w: Record<string, number> = {
    'POST /scan': 4, 'POST /gate': 3, 'POST /report': 3,
    'POST /api/config': 7, 'POST /api/governance': 4, 'POST /api/packs': 5, 'POST /api/packs/import': 6, 'POST /api/packs/{id}/overrides': 3, 'DELETE /api/packs/{id}': 2,
    'GET /api/config/validate': 4, 'GET /api/audit': 3, 'GET /api/findings': 3, 'GET /api/findings/{id}': 2.5, 'GET /api/scans/{id}': 2.5, 'GET /api/packs/{id}/export': 2.5, 'GET /api/suppressions': 2.5, 'GET /rules': 2.5,
    'GET /docs': 0.3, 'GET /docs/json': 0.3, 'GET /docs/yaml': 0.2, 'GET /redoc': 0.3, 'GET /api': 0.3, 'GET /redoc/redoc.standalone.js': 0.1, 'GET /docs/static/{file}': 1, 'ANY (unknown routes)': 3,
  }
  return w[r.key] ?? (r.body ? 4 : r.method === 'GET' ? 1.5 : 2)
}

/** Routes whose requests may change the server's state: sent one at a time, the config restored after each. */
const isStateful = (r: RouteDef) => r.method !== 'GET' && r.method !== 'ANY' && !['/scan', '/gate', '/report'].includes(r.template)

async function pool<T>(items: Iterable<T>, concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  const it = items[Symbol.iterator]()
  const worker = async () => {
    for (let n = it.next(); !n.done; n = it.next()) await fn(n.value)
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}

async function runMode(mode: Mode, modeIndex: number, budget: number, opts: Required<Omit<FuzzOptions, 'log' | 'modes'>> & { log: (l: string) => void }, rec: Recorder, setCapture: (c: ErrorCapture | undefined) => void): Promise<number> {
  const t0 = performance.now()
  const server = await startServer({ config: SERVER_CONFIG, files: SERVER_FILES, env: mode === 'apikey' ? { GUARD_API_KEY: API_KEY } : { GUARD_API_KEY: undefined } })
  const capture = new ErrorCapture()
  try {
    capture.install(server.app)
  } catch {
    // Without it a 500 is still reported, only without the server's error message.
  }
  setCapture(capture)
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.concurrency })
  const fresh = new http.Agent({ keepAlive: false })
  const port = Number(new URL(server.url).port)
  let sent = 0
  const send = async (c: FuzzCase): Promise<Outcome> => {
    let o = c.socket || c.rawBytes ? await sendSocket(c, port, opts.timeoutMs) : await sendHttp(c, port, agent, opts.timeoutMs)
    // A kept-alive socket the server closed after its previous answer (a 400 from the HTTP parser closes it) is not
    // this request's fault: send it once more on a connection of its own.
    if (o.error && o.reusedSocket) {
      const first = o.error
      o = await sendHttp(c, port, fresh, opts.timeoutMs)
      if (o.error) o.error = `${o.error} (on a fresh connection, after ${first} on a kept-alive one)`
    } else if (o.error) o.error = `${o.error} (on a ${c.socket || c.rawBytes ? 'raw socket' : 'fresh connection'})`
    rec.record(mode, c, o)
    if (!o.clientRefused && ++sent % 500 === 0) opts.log(`[fuzz] ${mode}: ${sent} requests, ${Math.round((performance.now() - t0) / 1000)} s`)
    return o
  }
  const auth = goodAuth(mode)
  const setup = (route: string, method: string, p: string, body?: unknown): FuzzCase => ({ route, method, path: p, headers: body === undefined ? { ...auth } : { ...auth, ...JSON_CT }, body: body === undefined ? undefined : json(body), label: 'setup' })
  try {
    fs.mkdirSync(path.join(server.dir, 'links'), { recursive: true })
    fs.symlinkSync('/etc', path.join(server.dir, 'links', 'out'))
    fs.symlinkSync('..', path.join(server.dir, 'links', 'loop'))

    // Routes from the document, and ids to make valid requests with.
    const docOutcome = await send(setup('GET /docs/json', 'GET', '/docs/json'))
    const doc = JSON.parse(docOutcome.body ?? '{}') as Record<string, unknown>
    const routes = routesOf(doc)
    if (routes.filter((r) => r.documented).length === 0) throw new Error(`GET /docs/json gave no routes (status ${docOutcome.status})`)
    const ids: Harvest = { scanIds: [], findingIds: [], builtinPacks: [], customPacks: ['fz-seed'] }
    for (const body of [{}, { files: INLINE_SETS[0] }, { repo_path: 'svc' }]) {
      const o = await send(setup('POST /scan', 'POST', '/scan', body))
      const r = safeParse(o.body ?? '') as { scan_id?: string; findings?: { id: string }[] }
      if (r.scan_id) ids.scanIds.push(r.scan_id)
      for (const f of r.findings ?? []) if (!ids.findingIds.includes(f.id)) ids.findingIds.push(f.id)
    }
    await send(setup('POST /api/packs', 'POST', '/api/packs', { id: 'fz-seed', name: 'Fuzz seed', selectors: [{ id: 'js.eval-injection', control: 'C-1' }], rules: [ownRule('fz.seed-rule', new Rng(1))] }))
    const packs = safeParse((await send(setup('GET /api/packs', 'GET', '/api/packs'))).body ?? '') as { items?: { id: string; builtin: boolean }[] }
    ids.builtinPacks = (packs.items ?? []).filter((p) => p.builtin).map((p) => p.id)
    if (!ids.scanIds.length) ids.scanIds.push('00000000-0000-0000-0000-000000000000')
    if (!ids.findingIds.length) ids.findingIds.push('0'.repeat(32))

    const configPath = path.join(server.dir, '.guard.yaml')
    const snapshot = fs.readFileSync(configPath, 'utf8')
    const restore = () => {
      let now: string | undefined
      try {
        now = fs.readFileSync(configPath, 'utf8')
      } catch {
        now = undefined
      }
      if (now !== snapshot) {
        fs.writeFileSync(configPath, snapshot)
        server.kernel.reloadConfig()
      }
    }

    // The plan: each route's share of the budget, each case with its own seed, shuffled; specials at the end.
    const extra = specials(mode)
    // About 5% of the budget is left for the probes after accepted changes; phase 2 stops at the budget.
    const left = Math.max(0, Math.round(budget * 0.95) - sent - extra.length)
    const weights = routes.map(weightOf)
    const sum = weights.reduce((a, b) => a + b, 0)
    const shares = weights.map((w) => Math.floor((left * w) / sum))
    const order = weights.map((w, i) => [i, (left * w) / sum - shares[i]] as const).sort((a, b) => b[1] - a[1])
    for (let i = 0, rest = left - shares.reduce((a, b) => a + b, 0); i < rest; i++) shares[order[i % order.length][0]]++
    const plan: { route: RouteDef; seed: number }[] = []
    routes.forEach((route, i) => {
      for (let k = 0; k < shares[i]; k++) plan.push({ route, seed: deriveSeed(opts.seed, modeIndex, i, k) })
    })
    new Rng(deriveSeed(opts.seed, modeIndex, 0xfeed)).shuffle(plan)
    const make = (entry: { route: RouteDef; seed: number }): FuzzCase => {
      const rng = new Rng(entry.seed)
      const ctx: Ctx = { rng, mode, ids, routes }
      const c = generate(entry.route, ctx)
      if (!c.rawBytes) {
        const [label, headers] = credentials(rng, mode)
        c.headers = { ...c.headers, ...headers }
        if (label !== 'none' && label !== 'key') c.label += ` | auth:${label}`
      }
      return c
    }
    function* cases(list: { route: RouteDef; seed: number }[]): Generator<FuzzCase> {
      for (const e of list) yield make(e)
    }

    // Phase 1: everything that does not change state, concurrently.
    await pool(cases(plan.filter((e) => !isStateful(e.route))), opts.concurrency, async (c) => void (await send(c)))
    await pool(extra, Math.min(4, opts.concurrency), async (c) => void (await send(c)))

    // Phase 2: state-changing requests one at a time; after an accepted change, probe the server, then restore its config.
    let accepted = 0
    for (const c of cases(plan.filter((e) => isStateful(e.route)))) {
      if (sent >= budget) break
      const o = await send(c)
      if (o.status !== undefined && o.status < 300 && c.route !== 'DELETE /api/packs/{id}') {
        accepted++
        const why = `probe after ${c.route} ${c.label}`.slice(0, 200)
        await send({ ...setup('GET /api/config/validate', 'GET', '/api/config/validate'), label: why })
        if (accepted % 3 === 0) await send({ ...setup('POST /scan', 'POST', '/scan', { files: INLINE_SETS[accepted % INLINE_SETS.length] }), label: why })
      }
      restore()
    }
  } finally {
    agent.destroy()
    fresh.destroy()
    setCapture(undefined)
    await server.close()
  }
  return performance.now() - t0
}

export async function runFuzz(options: FuzzOptions = {}): Promise<FuzzReport> {
  const opts = { requests: options.requests ?? 6000, seed: options.seed ?? 1, concurrency: options.concurrency ?? 8, timeoutMs: options.timeoutMs ?? 30_000, log: options.log ?? (() => {}) }
  const modes = options.modes ?? ['open', 'apikey']
  const t0 = performance.now()
  let current: ErrorCapture | undefined
  const rec = new Recorder(() => current)
  const processErrors: string[] = []
  const onProcessError = (e: unknown) => processErrors.push(e instanceof Error ? describeError(e) : String(e))
  process.on('unhandledRejection', onProcessError)
  process.on('uncaughtException', onProcessError)
  // Deep enough stacks to name the project's frame under a stack overflow (the server runs in this process).
  const stackTraceLimit = Error.stackTraceLimit
  Error.stackTraceLimit = 200
  const modeResults: FuzzReport['modes'] = []
  try {
    for (const [i, mode] of modes.entries()) {
      const budget = modes.length === 1 ? opts.requests : Math.round(opts.requests * (i === 0 ? 0.6 : 0.4 / (modes.length - 1)))
      const before = rec.totals.requests
      const ms = await runMode(mode, i, budget, opts, rec, (c) => (current = c))
      modeResults.push({ mode, requests: rec.totals.requests - before, durationMs: ms })
    }
  } finally {
    process.off('unhandledRejection', onProcessError)
    process.off('uncaughtException', onProcessError)
    Error.stackTraceLimit = stackTraceLimit
  }
  for (const e of processErrors)
    rec.failures.push({ kind: 'process-error', mode: modes[0], route: '(process)', method: '-', url: '-', contentType: '-', sent: '', label: 'unhandled rejection / uncaught exception', serverError: e, key: `process-error|${normalise(e)}` })
  return { seed: opts.seed, requested: opts.requests, durationMs: performance.now() - t0, modes: modeResults, totals: rec.totals, routes: rec.routes, failures: rec.failures, clientRefused: rec.clientRefused, contract504: rec.contract504 }
}

// ───────────────────────────── reporting ─────────────────────────────

/** Failures that make the run fail (every kind does). */
export function failureCount(r: FuzzReport): number {
  return r.failures.length
}

export interface FailureClass {
  key: string
  count: number
  modes: Mode[]
  routes: string[]
  labels: string[]
  first: Failure
}

export function failureClasses(r: FuzzReport): FailureClass[] {
  const byKey = new Map<string, FailureClass>()
  for (const f of r.failures) {
    let c = byKey.get(f.key)
    if (!c) byKey.set(f.key, (c = { key: f.key, count: 0, modes: [], routes: [], labels: [], first: f }))
    c.count++
    if (!c.modes.includes(f.mode)) c.modes.push(f.mode)
    if (!c.routes.includes(f.route)) c.routes.push(f.route)
    const l = f.label
    if (c.labels.length < 8 && !c.labels.includes(l)) c.labels.push(l)
  }
  return [...byKey.values()]
}

export function formatFailures(r: FuzzReport, max = 50): string {
  const classes = failureClasses(r)
  const lines: string[] = [`${r.failures.length} failures in ${classes.length} distinct classes${classes.length > max ? ` (first ${max} shown)` : ''}:`]
  classes.slice(0, max).forEach((c, i) => {
    const f = c.first
    lines.push('')
    lines.push(`#${i + 1} ${f.kind} ×${c.count} [${c.modes.join(',')}] → ${f.status ?? '-'}`)
    lines.push(`   routes: ${c.routes.slice(0, 12).join(', ')}${c.routes.length > 12 ? `, … (${c.routes.length})` : ''}`)
    if (f.serverError) lines.push(`   server error: ${f.serverError}`)
    lines.push(`   inputs: ${c.labels.map((l) => printable(l, 140)).join('  ‖  ')}`)
    lines.push(`   first: ${f.method} ${printable(f.url, 300)}`)
    lines.push(`   content-type: ${f.contentType}`)
    lines.push(`   sent: ${f.sent || '(no body)'}`)
    lines.push(`   status ${f.status ?? '-'}: ${f.response ?? ''}`)
  })
  if (r.clientRefused.length) {
    lines.push('', `${r.clientRefused.length} generated requests were refused by http.request itself (not sent):`)
    for (const x of r.clientRefused.slice(0, 10)) lines.push(`   ${x.reason}: ${printable(x.label, 160)}`)
  }
  return lines.join('\n')
}

export function formatReport(r: FuzzReport, maxFailures = 50): string {
  const cols = ['requests', '2xx', '3xx', '4xx', '5xx', 'timeout', 'conn-err', 'bad-body', 'max ms'] as const
  const row = (name: string, s: RouteStats) => [name, s.requests, s.s2xx, s.s3xx, s.s4xx, s.s5xx, s.timeouts, s.connErrors, s.badBodies, s.maxMs].map(String)
  const rows = Object.keys(r.routes).sort().map((k) => row(k, r.routes[k]))
  const all = [['route', ...cols], ...rows, row('TOTAL', r.totals)]
  const widths = all[0].map((_, i) => Math.max(...all.map((x) => x[i].length)))
  const fmt = (x: string[]) => x.map((v, i) => (i === 0 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ')
  const out = [
    `guard HTTP fuzz: seed ${r.seed}, ${r.totals.requests} requests in ${(r.durationMs / 1000).toFixed(1)} s (${r.modes.map((m) => `${m.mode}: ${m.requests} in ${(m.durationMs / 1000).toFixed(1)} s`).join(', ')})`,
    '',
    fmt(all[0]),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...rows.map(fmt),
    widths.map((w) => '-'.repeat(w)).join('  '),
    fmt(all[all.length - 1]),
    '',
    `totals: ${r.totals.requests} requests · 2xx ${r.totals.s2xx} · 3xx ${r.totals.s3xx} · 4xx ${r.totals.s4xx} · 5xx ${r.totals.s5xx} (of which ${r.contract504} are 504 "scan exceeded its time limit", the contract's answer, not failures) · timeouts ${r.totals.timeouts} · connection errors ${r.totals.connErrors} · bad error bodies ${r.totals.badBodies} · other failures ${r.failures.filter((f) => ['bad-success-body', 'prototype-pollution', 'leak', 'process-error'].includes(f.kind)).length}`,
    '',
    r.failures.length ? formatFailures(r, maxFailures) : 'no failures',
  ]
  return out.join('\n')
}

// ───────────────────────────── CLI ─────────────────────────────

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`)
    return i >= 0 ? Number(args[i + 1]) : undefined
  }
  const report = await runFuzz({ requests: arg('requests'), seed: arg('seed'), concurrency: arg('concurrency'), timeoutMs: arg('timeout'), log: (l) => process.stderr.write(`${l}\n`) })
  process.stdout.write(`${formatReport(report)}\n`)
  process.exit(failureCount(report) > 0 ? 1 : 0)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    process.stderr.write(`${(e as Error).stack ?? e}\n`)
    process.exit(2)
  })
}
