// Loads rule files (CONTRACT §6): one YAML rule per file, checked against the rule-file schema, ids unique.
import fs from 'node:fs'
import path from 'node:path'
import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { ValueErrorType } from '@sinclair/typebox/errors'
import { Value } from '@sinclair/typebox/value'
import { keyPath, ValidationError, type FieldError } from '../base/errors.ts'
import { readablePath } from '../base/files.ts'
import { globProblem } from '../base/globs.ts'
import { INSTALL_DIR } from '../base/install.ts'
import { ALL_LANGUAGES } from './languages.ts'
import type { Engine, RuleDef } from './rule.ts'
import { Confidence, Severity } from '../base/schemas.ts'
import { parseYaml, saveYamlCache } from '../base/yaml-cache.ts'
import { keepRules, keptRules, stampsOf } from './rules-cache.ts'

export const RULE_ID_PATTERN = '^[a-z0-9]+(\\.[a-z0-9-]+)+$'

const AstRule = Type.Record(Type.String(), Type.Unknown(), { description: 'An ast-grep rule object' })
const Globs = Type.Array(Type.String({ minLength: 1 }))
const TaintEntries = (description: string) => Type.Optional(Type.Array(AstRule, { description }))
const LIBRARY_ID = '^[a-z0-9]+(\\.[a-z0-9-]+)+$'

/** The taint entries a rule or a library states. */
const TaintFields = {
  sources: TaintEntries('Where tainted data comes from (ast-grep rule objects)'),
  sinks: TaintEntries('Where it must not arrive; `focus: $X` names the dangerous part of the match'),
  sanitizers: TaintEntries('Expressions whose value is safe whatever went in'),
  propagators: TaintEntries('`from: $A`, `to: $B`: a match carries $A\'s taint into $B'),
  guards: TaintEntries('A condition that validates `focus: $X` (an allow-list or prefix check): $X is clean where it holds, and after an `if` whose other side exits; `safe_when: false` for a check that holds when $X is bad'),
  include: Type.Optional(Type.Array(Type.String({ pattern: LIBRARY_ID }), { description: 'Taint libraries (`*.lib.yaml`) whose entries are added' })),
}

/** A taint library (`<name>.lib.yaml`): entries shared by many rules, such as one framework's request data. */
export const TaintLibraryFile = Type.Object(
  { library: Type.String({ pattern: LIBRARY_ID }), description: Type.Optional(Type.String()), ...TaintFields },
  { $id: 'TaintLibrary', additionalProperties: false },
)
export const LIBRARY_SUFFIX = '.lib.yaml'

/** The rule file as written (every RuleDef field but `source`, which the loader sets). */
export const RuleFile = Type.Object(
  {
    id: Type.String({ pattern: RULE_ID_PATTERN, description: 'e.g. js.eval-injection; the first segment is the language' }),
    name: Type.String({ minLength: 1 }),
    message: Type.String({ minLength: 1, description: 'What is wrong; $X names a metavariable of the match' }),
    severity: Severity,
    languages: Type.Array(Type.Union(ALL_LANGUAGES.map((l) => Type.Literal(l))), { minItems: 1 }),
    cwe: Type.Array(Type.String({ pattern: '^CWE-[0-9]+$' }), { description: 'Built-in rules name at least one' }),
    owasp: Type.Array(Type.String({ pattern: '^A[0-9]{2}:20[0-9]{2}$' })),
    confidence: Confidence,
    remediation: Type.String({ minLength: 1 }),
    description: Type.Optional(Type.String()),
    tags: Type.Optional(Type.Array(Type.String())),
    pattern: Type.Optional(Type.String({ minLength: 1 })),
    rule: Type.Optional(AstRule),
    constraints: Type.Optional(Type.Record(Type.String(), AstRule)),
    regex: Type.Optional(Type.String({ minLength: 1 })),
    regex_flags: Type.Optional(Type.String({ pattern: '^[dgimsuv]*$' })),
    absent: Type.Optional(Type.Boolean({ description: 'regex rules: report the file (at its first line of code) when no line matches' })),
    secret_group: Type.Optional(Type.Integer({ minimum: 0 })),
    entropy: Type.Optional(Type.Number({ minimum: 0, maximum: 8 })),
    generic: Type.Optional(Type.Boolean({ description: 'secrets: a catch-all detector (a keyword and a value): the value must look like a credential, and it stays quiet where a provider rule reports the same secret' })),
    checksum: Type.Optional(Type.Union([Type.Literal('crc32-base62')], { description: 'secrets: the format carries a checksum the match must pass (GitHub and npm tokens: CRC32 of the random part, base62, as the last 6 characters)' })),
    paths: Type.Optional(Type.Object({ include: Type.Optional(Globs), exclude: Type.Optional(Globs) }, { additionalProperties: false })),
    in_tests: Type.Optional(Type.Union([Type.Literal('skip'), Type.Literal('lower'), Type.Literal('keep')])),
    fix: Type.Optional(Type.String()),
    prefilter: Type.Optional(Type.Array(Type.String({ minLength: 1 }), { minItems: 1 })),
    enabled: Type.Optional(Type.Boolean()),
    mode: Type.Optional(Type.Literal('taint', { description: 'Follow data from `sources` to `sinks`' })),
    taint_arithmetic: Type.Optional(Type.Boolean({ description: 'Arithmetic carries taint (a weak random number times 1000 is as predictable); by default numbers are clean' })),
    ...TaintFields,
  },
  { $id: 'RuleFile', additionalProperties: false },
)

function explain(schema: TSchema, message: string): string {
  const options = (schema.anyOf as TSchema[] | undefined)?.map((s) => s.const)
  if (options?.length && options.every((o) => typeof o === 'string')) return `must be one of ${options.join(', ')}`
  if (typeof schema.pattern === 'string') return `must match ${schema.pattern}`
  return message
}

/** Schema problems of one parsed rule file, with field paths (`severity`, `languages[0]`), plus the one-matcher check. */
export function ruleFileErrors(data: unknown): FieldError[] {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return [{ path: '', message: 'a rule file holds one rule: a mapping of its fields' }]
  const errors = new Map<string, string>()
  // Valid files (nearly all) pass the quick check; only an invalid one is walked for every error.
  for (const e of Value.Check(RuleFile, data) ? [] : Value.Errors(RuleFile, data)) {
    const at = keyPath(e.path)
    if (!errors.has(at)) errors.set(at, e.type === ValueErrorType.ObjectRequiredProperty ? 'is required' : e.type === ValueErrorType.ObjectAdditionalProperties ? 'is not a rule field' : explain(e.schema, e.message))
  }
  for (const key of ['include', 'exclude'] as const) {
    const globs = (data as { paths?: Record<string, unknown> }).paths?.[key]
    if (Array.isArray(globs)) globs.forEach((g, i) => {
      const problem = typeof g === 'string' ? globProblem(g) : undefined
      if (problem && !errors.has(`paths.${key}[${i}]`)) errors.set(`paths.${key}[${i}]`, problem)
    })
  }
  const taint = (data as RuleDef).mode === 'taint'
  const matchers = (['pattern', 'rule', 'regex'] as const).filter((k) => (data as Record<string, unknown>)[k] !== undefined)
  if (taint) {
    if (matchers.length && !errors.has(matchers[0])) errors.set(matchers[0], 'a taint rule matches with sources and sinks, not a pattern, rule or regex')
    const given = (key: 'sources' | 'sinks') => (data as RuleDef)[key]?.length || (data as RuleDef).include?.length
    for (const key of ['sources', 'sinks'] as const) if (!given(key) && !errors.has(key)) errors.set(key, 'a taint rule needs at least one (or an include that gives them)')
  } else if (['sources', 'sinks', 'sanitizers', 'propagators', 'guards', 'include'].some((k) => (data as Record<string, unknown>)[k] !== undefined)) {
    errors.set('mode', 'sources, sinks, sanitizers, propagators, guards and include belong to a taint rule: add mode: taint')
  } else if (matchers.length !== 1) {
    const at = matchers[1] ?? 'pattern'
    if (!errors.has(at)) errors.set(at, `a rule needs exactly one matcher: pattern, rule or regex (found ${matchers.join(', ') || 'none'})`)
  }
  return [...errors].map(([p, message]) => ({ path: p, message }))
}

/** Schema problems and what the rule's engine cannot compile, for pack import. */
export function validateRule(rule: RuleDef, engines: Engine[]): FieldError[] {
  const { source: _source, ...written } = rule
  const errors = ruleFileErrors(written)
  if (errors.length) return errors
  const engine = engines.find((e) => e.handles(rule))
  if (!engine) return [{ path: rule.regex !== undefined ? 'regex' : 'pattern', message: 'no installed engine evaluates this matcher' }]
  try {
    engine.validate(rule)
    return []
  } catch (err) {
    const text = (err as Error).message
    const named = /^([\w.[\]]+): ([\s\S]*)$/.exec(text)
    return [named ? { path: named[1], message: named[2] } : { path: rule.regex !== undefined ? 'regex' : 'pattern', message: text }]
  }
}

async function ruleFilesUnder(dir: string): Promise<string[]> {
  let entries: string[]
  try {
    entries = fs.readdirSync(dir, { recursive: true }) as string[]
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  return entries
    .filter((f) => f.endsWith('.yaml') && !path.basename(f).includes('.fixture.'))
    .sort()
    .map((f) => path.resolve(dir, f))
}

/** How a rule file is named in errors: relative to the working directory when inside it, else to the rules dir's parent. */
function shownPath(dir: string, file: string): string {
  const fromCwd = path.relative(process.cwd(), file)
  const shown = fromCwd.startsWith('..') || path.isAbsolute(fromCwd) ? path.relative(path.dirname(path.resolve(dir)), file) : fromCwd
  return shown.split(path.sep).join('/')
}

type TaintLibrary = Static<typeof TaintLibraryFile>
const TAINT_KEYS = ['sources', 'sinks', 'sanitizers', 'propagators', 'guards'] as const

/** The built-in taint libraries, which a pack's rules may include as the library's rules do. */
let builtinLibraries: Map<string, TaintLibrary> | undefined
function builtinLibrary(name: string): TaintLibrary | undefined {
  if (!builtinLibraries) {
    builtinLibraries = new Map()
    const dir = path.join(INSTALL_DIR, 'rules')
    for (const f of (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(LIBRARY_SUFFIX))) {
      const lib = parseYaml(fs.readFileSync(path.join(dir, f), 'utf8'), f) as TaintLibrary
      builtinLibraries.set(lib.library, lib)
    }
  }
  return builtinLibraries.get(name)
}

/** A taint rule with the entries of the libraries it includes (and theirs) added, and `include` resolved away. */
function withIncludes(rule: RuleDef, libraries: Map<string, TaintLibrary>): { rule: RuleDef; missing: string[] } {
  const out: RuleDef = { ...rule }
  const missing: string[] = []
  const seen = new Set<string>()
  const add = (names: string[] | undefined) => {
    for (const name of names ?? []) {
      if (seen.has(name)) continue
      seen.add(name)
      const lib = libraries.get(name) ?? builtinLibrary(name)
      if (!lib) {
        missing.push(name)
        continue
      }
      for (const key of TAINT_KEYS) if (lib[key]?.length) out[key] = [...(out[key] ?? []), ...lib[key]]
      add(lib.include)
    }
  }
  add(rule.include)
  delete out.include
  return { rule: out, missing }
}

/**
 * Every rule file (`**\/*.yaml` except `*.fixture.*`) under the directories, with the taint libraries
 * (`*.lib.yaml`) their rules include resolved; throws ValidationError listing every problem. With `inside`
 * (a repository's packs), folders and files that link out of it are not read.
 */
export async function loadRules(dirs: string[], inside?: string): Promise<RuleDef[]> {
  // The server's own folders are kept while unchanged; a repository's packs (inside) are read as they are each time.
  const listed = await Promise.all(dirs.map(async (dir) => ({ dir, files: readablePath(dir, 'dir', inside) ? await ruleFilesUnder(dir) : undefined })))
  const key = inside === undefined ? JSON.stringify(dirs) : undefined
  const stamps = key && stampsOf(listed.flatMap((l) => l.files ?? []))
  const kept = key && stamps && keptRules(key, stamps)
  if (kept) return kept
  const rules: RuleDef[] = []
  const errors: FieldError[] = []
  const firstFile = new Map<string, string>()
  const libraries = new Map<string, TaintLibrary>()
  for (const { dir, files } of listed) {
    if (!files) continue
    for (const file of files.filter((f) => readablePath(f, 'file', inside))) {
      const shown = shownPath(dir, file)
      let data: unknown
      try {
        data = parseYaml(fs.readFileSync(file, 'utf8'), shown)
      } catch (err) {
        errors.push({ path: shown, message: `not valid YAML: ${(err as Error).message.replace(`${shown} is not readable YAML: `, '')}` })
        continue
      }
      if (file.endsWith(LIBRARY_SUFFIX)) {
        const problems = [...Value.Errors(TaintLibraryFile, data)].map((e) => ({ path: `${shown}: ${keyPath(e.path) || '(root)'}`, message: e.message }))
        if (problems.length) errors.push(...problems)
        else if (libraries.has((data as TaintLibrary).library)) errors.push({ path: `${shown}: library`, message: `duplicate library "${(data as TaintLibrary).library}"` })
        else libraries.set((data as TaintLibrary).library, data as TaintLibrary)
        continue
      }
      const problems = ruleFileErrors(data)
      if (problems.length) {
        errors.push(...problems.map((p) => ({ path: p.path ? `${shown}: ${p.path}` : shown, message: p.message })))
        continue
      }
      const rule = { ...(data as RuleDef), source: file }
      const other = firstFile.get(rule.id)
      if (other) {
        errors.push({ path: `${shown}: id`, message: `duplicate rule id "${rule.id}", also defined in ${other}` })
        continue
      }
      firstFile.set(rule.id, shown)
      rules.push(rule)
    }
  }
  for (const [i, rule] of rules.entries()) {
    if (rule.include === undefined) continue
    const resolved = withIncludes(rule, libraries)
    rules[i] = resolved.rule
    if (resolved.missing.length) errors.push({ path: `${firstFile.get(rule.id)}: include`, message: `no taint library named ${resolved.missing.join(', ')}` })
  }
  saveYamlCache()
  if (errors.length) throw new ValidationError(`Invalid rule files: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`, errors)
  if (key && stamps) keepRules(key, stamps, rules)
  return rules
}
