// The built-in standards packs: they load, map the rule library to each standard's own control ids, and drive scans.
import { describe, test, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { controlFor, loadPacks, parsePack, standardsOf, type Pack } from '../kernel/catalog/packs.ts'
import { loadRules } from '../kernel/catalog/rules.ts'
import type { RuleDef } from '../kernel/catalog/rule.ts'
import { startServer, type TestServer } from './helpers/server.ts'

const PACKS_DIR = fileURLToPath(new URL('../packs', import.meta.url))
const RULES_DIR = fileURLToPath(new URL('../rules', import.meta.url))

/** How each standard writes its control ids. */
const CONTROL_FORMAT: Record<string, RegExp> = {
  'owasp-top-10': /^A(0[1-9]|10):2021 \S/,
  secrets: /^CWE-798 /,
  'cwe-top-25': /^CWE-\d+ \(rank ([1-9]|1\d|2[0-5])\)$/,
  'pci-dss': /^\d{1,2}\.\d+\.\d+(\.\d+)?$/,
  hipaa: /^164\.312\([a-e]\)(\(\d\))?(\((i|ii|iii|iv)\))?$/,
  soc2: /^CC(6\.[1-8]|7\.[1-5]|8\.1)$/,
  'iso-27001': /^A\.8\.\d{1,2}$/,
  'iec-62304': /^5\.\d\.\d{1,2}$/,
  'misra-c': /^(Rule|Dir) \d{1,2}\.\d{1,2}$|^MISRA C:2012$/,
}

/** Rules each pack maps in the committed library plus rules/c: the library only grows. */
const MIN_RULES: Record<string, number> = {
  'owasp-top-10': 33,
  secrets: 4,
  'cwe-top-25': 29,
  'pci-dss': 34,
  hipaa: 34,
  soc2: 34,
  'iso-27001': 45,
  'iec-62304': 18,
  'misra-c': 18,
}

const MISRA_RULES = [
  'c.misra-7.1', 'c.misra-13.4', 'c.misra-15.1', 'c.misra-15.5', 'c.misra-15.6', 'c.misra-15.7',
  'c.misra-16.4', 'c.misra-21.3', 'c.misra-21.6', 'c.misra-21.7', 'c.misra-dir-4.9',
]

let packs: Pack[]
let rules: RuleDef[]
const pack = (id: string): Pack => packs.find((p) => p.id === id) ?? assert.fail(`no pack ${id}`)
const rule = (id: string): RuleDef => rules.find((r) => r.id === id) ?? assert.fail(`no rule ${id}`)

before(async () => {
  packs = loadPacks([{ dir: PACKS_DIR, builtin: true }])
  rules = await loadRules([RULES_DIR])
})

describe('built-in packs', () => {
  test('every pack folder holds a valid pack.yaml named after it, naming its edition', () => {
    const dirs = fs.readdirSync(PACKS_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort()
    assert.deepEqual(dirs, Object.keys(CONTROL_FORMAT).sort())
    for (const dir of dirs) {
      const parsed = parsePack(fs.readFileSync(path.join(PACKS_DIR, dir, 'pack.yaml'), 'utf8'), `${dir}/pack.yaml`)
      assert.equal(parsed.id, dir)
      assert.equal(parsed.tier, 'community', `${dir}: packs are a core feature`)
      // secrets is a house list, not a published standard: it has no edition.
      if (dir !== 'secrets') assert.ok(parsed.description && /\b(19|20)\d\d\b|v\d/.test(`${parsed.name} ${parsed.description}`), `${dir}: name or description names the edition`)
      assert.ok(parsed.rules.length > 0, `${dir}: maps something`)
      for (const sel of parsed.rules) {
        assert.match(sel.control, CONTROL_FORMAT[dir], `${dir}: control ${sel.control}`)
        assert.ok(sel.id ?? sel.tag ?? sel.cwe ?? sel.owasp, `${dir}: a selector names an id, tag, cwe or owasp`)
        if (sel.id) assert.ok(rules.some((r) => r.id === sel.id), `${dir}: selector names unknown rule ${sel.id}`)
      }
    }
    assert.equal(packs.length, dirs.length)
  })

  test('cwe-top-25 lists all 25 entries of the 2024 list by rank, each selected by its own CWE id', () => {
    const ranked = pack('cwe-top-25').rules.filter((s) => s.cwe && s.control.startsWith(`${s.cwe} `))
    assert.deepEqual(ranked.map((s) => Number(/rank (\d+)/.exec(s.control)![1])), Array.from({ length: 25 }, (_, i) => i + 1))
    assert.deepEqual(ranked.slice(0, 3).map((s) => s.cwe), ['CWE-79', 'CWE-787', 'CWE-89'])
  })

  test('every built-in rule is mapped by owasp-top-10, secrets, cwe-top-25 or misra-c, but code health and traceability by iec-62304', () => {
    const core = ['owasp-top-10', 'secrets', 'cwe-top-25', 'misra-c'].map(pack)
    const compliance = (r: RuleDef) => r.tags?.includes('code-health') || r.tags?.includes('traceability')
    const unmapped = rules.filter((r) => !compliance(r) && standardsOf(r, core).length === 0).map((r) => r.id)
    assert.deepEqual(unmapped, [])
    const untraced = rules.filter((r) => compliance(r) && controlFor(pack('iec-62304'), r) === undefined).map((r) => r.id)
    assert.deepEqual(untraced, [])
    assert.ok(rules.some((r) => r.tags?.includes('traceability')), 'a traceability rule exists')
    // An empty catch block carries its OWASP id (A09) but stays out of the security packs through their `exclude`.
    assert.deepEqual(rule('js.empty-catch').owasp, ['A09:2021'])
    for (const id of ['owasp-top-10', 'pci-dss', 'soc2', 'hipaa']) assert.equal(controlFor(pack(id), rule('js.empty-catch')), undefined, id)
    assert.equal(controlFor(pack('iec-62304'), rule('js.empty-catch')), '5.5.4')
    assert.throws(
      () => parsePack('id: p\nname: P\nversion: "1"\nrules: []\nexclude: [{ tag: x, control: y }]\n', 'p/pack.yaml'),
      (e: { errors?: { path: string }[] }) => e.errors?.some((x) => x.path.startsWith('p/pack.yaml: exclude')) === true,
    )
  })

  test('each pack maps at least the rules it mapped when written', () => {
    for (const [id, min] of Object.entries(MIN_RULES)) {
      const mapped = rules.filter((r) => controlFor(pack(id), r) !== undefined).length
      assert.ok(mapped >= min, `${id} maps ${mapped} rules, expected at least ${min}`)
    }
  })

  test('misra-c maps exactly the C rules, each MISRA rule to its own guideline number', () => {
    const misra = pack('misra-c')
    const mapped = rules.filter((r) => controlFor(misra, r) !== undefined)
    assert.ok(mapped.every((r) => r.id.startsWith('c.')), mapped.map((r) => r.id).join(', '))
    for (const id of MISRA_RULES) {
      const r = rule(id)
      assert.ok(r.tags?.includes('misra'), `${id} is tagged misra`)
      const number = /^c\.misra-(dir-)?(.+)$/.exec(id)!
      assert.equal(controlFor(misra, r), `${number[1] ? 'Dir' : 'Rule'} ${number[2]}`)
      assert.ok(r.description?.includes(`${number[1] ? 'Dir' : 'Rule'} ${number[2]}`) || r.description?.includes(`Directive ${number[2]}`), `${id}: description names the guideline`)
    }
    assert.equal(controlFor(misra, rule('c.gets')), 'Rule 21.6')
    assert.equal(controlFor(misra, rule('c.unchecked-malloc')), 'Dir 4.7')
    assert.equal(mapped.filter((r) => r.tags?.includes('misra')).length, MISRA_RULES.length)
  })

  test('representative rules land on the control each standard gives them', () => {
    const expect = (ruleId: string, controls: Record<string, string>) => {
      for (const [packId, control] of Object.entries(controls)) assert.equal(controlFor(pack(packId), rule(ruleId)), control, `${ruleId} in ${packId}`)
    }
    expect('secrets.hardcoded-password', { 'cwe-top-25': 'CWE-798 (rank 22)', 'pci-dss': '8.6.2', hipaa: '164.312(d)', soc2: 'CC6.1', 'iso-27001': 'A.8.5' })
    expect('secrets.private-key', { 'pci-dss': '3.6.1', hipaa: '164.312(a)(2)(iv)', 'iso-27001': 'A.8.24' })
    expect('py.sql-injection', { 'cwe-top-25': 'CWE-89 (rank 3)', 'pci-dss': '6.2.4', hipaa: '164.312(c)(1)', soc2: 'CC6.6', 'iso-27001': 'A.8.28' })
    expect('js.eval-injection', { 'cwe-top-25': 'CWE-94 (rank 11)', soc2: 'CC6.8' })
    expect('py.yaml-unsafe-load', { 'cwe-top-25': 'CWE-502 (rank 16)', soc2: 'CC6.8', hipaa: '164.312(c)(1)' })
    expect('java.weak-hash', { 'pci-dss': '6.2.4', hipaa: '164.312(a)(2)(iv)', soc2: 'CC6.1', 'iso-27001': 'A.8.24' })
    expect('c.sprintf', { 'cwe-top-25': 'CWE-787 (rank 2)', 'iec-62304': '5.5.4', 'misra-c': 'Rule 21.6' })
    expect('c.unchecked-malloc', { 'cwe-top-25': 'CWE-476 (rank 21)', 'iec-62304': '5.5.4' })
    expect('c.misra-15.1', { 'iec-62304': '5.5.3', 'iso-27001': 'A.8.28' })
    assert.equal(controlFor(pack('cwe-top-25'), rule('c.misra-15.1')), undefined)
    assert.equal(controlFor(pack('iec-62304'), { ...rule('c.misra-15.1'), id: 'x.trace', tags: ['traceability'] }), '5.1.1')
  })
})

describe('scanning with packs', () => {
  let server: TestServer
  before(async () => {
    server = await startServer()
  })
  after(async () => {
    await server.close()
  })

  const STRCPY = '#include <string.h>\nvoid f(char *s) {\n    char b[8];\n    strcpy(b, s);\n}\n'

  async function scan(files: Record<string, string>, packIds: string[]) {
    const res = await server.request('/scan', { method: 'POST', json: { files, config_overrides: { packs: packIds } } })
    assert.equal(res.status, 200)
    return (await res.json()) as { findings: { rule_id: string; line: number; standards: { pack: string; control: string }[] }[] }
  }

  test('a rule several enabled packs map yields one finding listing every pack and its control', async () => {
    const enabled = ['owasp-top-10', 'cwe-top-25', 'pci-dss', 'hipaa', 'soc2', 'iso-27001', 'iec-62304', 'misra-c']
    const { findings } = await scan({ 'src/copy.c': STRCPY }, enabled)
    const hits = findings.filter((f) => f.rule_id === 'c.strcpy')
    assert.equal(hits.length, 1)
    assert.equal(hits[0].line, 4)
    assert.deepEqual(hits[0].standards, [
      { pack: 'owasp-top-10', control: 'A03:2021 Injection' },
      { pack: 'cwe-top-25', control: 'CWE-119 (rank 20)' },
      { pack: 'pci-dss', control: '6.2.4' },
      { pack: 'hipaa', control: '164.312(c)(1)' },
      { pack: 'soc2', control: 'CC6.6' },
      { pack: 'iso-27001', control: 'A.8.28' },
      { pack: 'iec-62304', control: '5.5.4' },
      { pack: 'misra-c', control: 'Rule 21.17' },
    ])
  })

  test("with packs: ['misra-c'] only the rules misra-c maps run", async () => {
    const files = {
      'src/main.c': '#include <stdio.h>\nint main(int argc, char **argv) {\n    if (argc < 2) goto usage;\n    return 0;\nusage:\n    return 1;\n}\n',
      'src/copy.c': STRCPY,
      'web/app.js': 'eval(req.query.code)\n',
      'app.py': 'import os\nos.system(cmd)\n',
    }
    const { findings } = await scan(files, ['misra-c'])
    const ids = new Set(findings.map((f) => f.rule_id))
    for (const id of ['c.misra-21.6', 'c.misra-15.1', 'c.misra-15.5', 'c.strcpy']) assert.ok(ids.has(id), `${id} in ${[...ids].join(', ')}`)
    const misra = pack('misra-c')
    for (const f of findings) {
      assert.ok(controlFor(misra, rule(f.rule_id)) !== undefined, `${f.rule_id} is not a MISRA rule`)
      assert.deepEqual(f.standards.map((s) => s.pack), ['misra-c'])
    }
    assert.deepEqual(findings.find((f) => f.rule_id === 'c.misra-15.1')?.standards, [{ pack: 'misra-c', control: 'Rule 15.1' }])
  })

  test('MISRA rules stay off under the default packs', async () => {
    const { findings } = await scan({ 'src/main.c': '#include <stdio.h>\nint f(int a) {\n    goto out;\nout:\n    return a;\n}\n' }, ['owasp-top-10', 'secrets'])
    assert.deepEqual(findings.filter((f) => f.rule_id.startsWith('c.misra-')), [])
  })

  test('GET /rules?pack=misra-c lists only the rules misra-c maps', async () => {
    const res = await server.request('/rules?pack=misra-c')
    assert.equal(res.status, 200)
    const body = (await res.json()) as { rules: { id: string; packs: string[] }[]; total: number }
    const expected = rules.filter((r) => controlFor(pack('misra-c'), r) !== undefined).map((r) => r.id).sort()
    assert.deepEqual(body.rules.map((r) => r.id).sort(), expected)
    assert.equal(body.total, expected.length)
    assert.ok(body.rules.every((r) => r.packs.includes('misra-c') && r.id.startsWith('c.')))
    for (const id of MISRA_RULES) assert.ok(expected.includes(id), id)
  })
})
