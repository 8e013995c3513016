// What a file imports from the other files of its repository, read from its text per language: each import as the
// candidate paths the kernel resolves (relative to the scan root, `|` between alternatives: see kernel/scan/linked.ts),
// and the names the file uses for what it imported. Only paths inside the repository are ever named: a package from
// a registry or the standard library resolves to no file of the scan and is left alone.
import path from 'node:path'

export interface ImportBinding {
  /** The name the file uses: an identifier (a function, a class, a module object) or a dotted module (`pkg.mod`). */
  local: string
  /** The import it came from. */
  spec: string
  /** What it names in the imported file: a function by name, `default` its default export, `*` the module itself. */
  name: string
}

export interface FileImports {
  /** Every import, as candidate paths. */
  specs: string[]
  bindings: ImportBinding[]
  /** Imports whose functions the file calls by their bare names (Go's own package, PHP's and Ruby's required files). */
  open: string[]
  /**
   * Imports whose functions the file exports as its own (`export * from './x'`, `module.exports = require('./x')`, a
   * package's `__init__.py` importing from its modules): every one, or [exported, original] names.
   */
  reexports: { spec: string; names: [string, string][] | '*' }[]
}

const JS_EXTENSIONS = ['.js', '.ts', '.tsx', '.mjs', '.cjs', '.jsx', '.mts', '.cts']
const JS_INDEX = ['/index.js', '/index.ts', '/index.tsx', '/index.mjs']

/** A path joined to a folder of the repository, or undefined when it climbs out of the repository. */
function within(dir: string, relative: string): string | undefined {
  const joined = path.posix.normalize(path.posix.join(dir, relative))
  return joined === '..' || joined.startsWith('../') || path.posix.isAbsolute(joined) || joined === '.' ? undefined : joined
}

class Collector {
  readonly out: FileImports = { specs: [], bindings: [], open: [], reexports: [] }
  spec(spec: string | undefined): string | undefined {
    if (spec && !this.out.specs.includes(spec)) this.out.specs.push(spec)
    return spec
  }
  bind(local: string, spec: string | undefined, name: string): void {
    if (spec && local && !this.out.bindings.some((b) => b.local === local && b.spec === spec && b.name === name)) this.out.bindings.push({ local, spec, name })
  }
  open(spec: string | undefined): void {
    if (spec && !this.out.open.includes(spec)) this.out.open.push(spec)
  }
}

/** `./x` from `routes/a.js`: routes/x.js, routes/x.ts, …, routes/x/index.js, …; an extension given is tried first. */
function jsSpec(file: string, specifier: string): string | undefined {
  if (!/^\.\.?(\/|$)/.test(specifier)) return undefined
  const base = within(path.posix.dirname(file), specifier)
  if (!base) return undefined
  const ext = path.posix.extname(base)
  // TypeScript's ESM imports name the emitted `.js` of a `.ts` file.
  const stem = JS_EXTENSIONS.includes(ext) ? base.slice(0, -ext.length) : base
  const candidates = JS_EXTENSIONS.includes(ext) ? [base, ...JS_EXTENSIONS.map((e) => stem + e)] : [...JS_EXTENSIONS.map((e) => base + e), ...JS_INDEX.map((e) => base + e)]
  return [...new Set(candidates)].join('|')
}

/** `a, b as c, type D` → [[a, a], [c, b], [D, D]] (local, imported). */
function namedList(list: string, as: RegExp): [string, string][] {
  return list
    .split(',')
    .map((item) => item.trim().replace(/^type\s+/, ''))
    .flatMap((item) => {
      const m = as.exec(item)
      if (m) return [[m[2], m[1]] as [string, string]]
      return /^[\w$]+$/.test(item) ? [[item, item] as [string, string]] : []
    })
}

/** What a `require(…)` is assigned to, read back from just before it: `const x =`, `const { a, b: c } =`, `module.exports =`. */
const ASSIGNED = /(?:\b(?:const|let|var|import)\s+)?(?:([\w$.]+)|\{([^{}]*)\})\s*=\s*$/

function javascript(file: string, text: string, c: Collector): void {
  // const x = require('./x'); const { a, b: c } = require('./x'); const f = require('./x').f; import x = require('./x')
  for (const m of text.matchAll(/\brequire\s*\(\s*(['"`])([^'"`\n]+)\1\s*\)(?:\s*\.\s*([\w$]+))?/g)) {
    const spec = c.spec(jsSpec(file, m[2]))
    if (!spec) continue
    const [, variable, destructured] = ASSIGNED.exec(text.slice(Math.max(0, m.index! - 200), m.index)) ?? []
    // module.exports = require('./x'): this file's functions are those of ./x.
    if (variable === 'module.exports') c.out.reexports.push({ spec, names: '*' })
    else if (variable && !variable.includes('.')) c.bind(variable, spec, m[3] ?? '*')
    else if (destructured) for (const [local, name] of namedList(destructured, /^([\w$]+)\s*:\s*([\w$]+)$/)) c.bind(local, spec, name)
  }
  // import d, { a, b as c } from './x'; import * as m from './x'; export { a } from './x'; export * from './x'
  const IMPORT = /\b(import|export)\s+(?:type\s+)?([^'";]*?)\s*\bfrom\s*(['"])([^'"\n]+)\3/g
  for (const m of text.matchAll(IMPORT)) {
    const spec = c.spec(jsSpec(file, m[4]))
    if (!spec) continue
    const clause = m[2]
    if (m[1] === 'export') {
      const braces = /\{([^{}]*)\}/.exec(clause)
      c.out.reexports.push({ spec, names: braces ? namedList(braces[1], /^([\w$]+)\s+as\s+([\w$]+)$/) : '*' })
      continue
    }
    const namespace = /\*\s*as\s+([\w$]+)/.exec(clause)
    if (namespace) c.bind(namespace[1], spec, '*')
    const braces = /\{([^{}]*)\}/.exec(clause)
    if (braces) for (const [local, name] of namedList(braces[1], /^([\w$]+)\s+as\s+([\w$]+)$/)) c.bind(local, spec, name)
    const def = /^([\w$]+)\s*(,|$)/.exec(clause)
    if (def) c.bind(def[1], spec, 'default')
  }
  // A bare import for its effects: import './x'
  for (const m of text.matchAll(/\bimport\s*(['"])(\.[^'"\n]+)\1/g)) c.spec(jsSpec(file, m[2]))
}

/** A module path's file: `a.b` → a/b.py or a/b/__init__.py, in `dir` (the repository root when empty). */
const pyFiles = (dir: string, module: string) => {
  const rel = module.replace(/\./g, '/')
  return [`${dir ? `${dir}/` : ''}${rel}.py`, `${dir ? `${dir}/` : ''}${rel}/__init__.py`]
}

/**
 * `from .m import f` (the file's package), `from pkg.m import f` (the repository root, the file's folder, or a
 * package of that path at any depth: a project kept in a subfolder), `import pkg.m as m`.
 */
function pySpec(file: string, dots: string, module: string): string | undefined {
  const dir = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file)
  if (dots) {
    let base: string | undefined = dir
    for (let i = 1; i < dots.length && base !== undefined; i++) base = base ? (path.posix.dirname(base) === '.' ? '' : path.posix.dirname(base)) : undefined
    if (base === undefined) return undefined
    return module ? pyFiles(base, module).join('|') : `${base ? `${base}/` : ''}__init__.py`
  }
  if (!module) return undefined
  const rel = module.replace(/\./g, '/')
  return [...pyFiles('', module), ...(dir ? pyFiles(dir, module) : []), `**/${rel}.py`, `**/${rel}/__init__.py`].join('|')
}

function python(file: string, text: string, c: Collector): void {
  const FROM = /^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]+)/gm
  for (const m of text.matchAll(FROM)) {
    const [, dots, module, list] = m
    const spec = c.spec(pySpec(file, dots, module))
    for (const [local, name] of namedList(list.replace(/[()\\\n]/g, ' ').replace(/\s+/g, ' '), /^(\w+)\s+as\s+(\w+)$/)) {
      if (spec) c.bind(local, spec, name)
      // A package's __init__.py makes what it imports from its modules the package's own.
      if (spec && dots && path.posix.basename(file) === '__init__.py') c.out.reexports.push({ spec, names: [[local, name]] })
      // `from pkg import mod` may name a module of the package.
      const sub = c.spec(pySpec(file, dots, module ? `${module}.${name}` : name))
      if (sub) c.bind(local, sub, '*')
    }
    if (spec && /^\s*\*/.test(list)) c.open(spec)
  }
  const IMPORT = /^[ \t]*import[ \t]+([^\n#]+)/gm
  for (const m of text.matchAll(IMPORT)) {
    for (const item of m[1].split(',')) {
      const parts = /^\s*([\w.]+)(?:\s+as\s+(\w+))?\s*$/.exec(item)
      if (!parts) continue
      const spec = c.spec(pySpec(file, '', parts[1]))
      if (spec) c.bind(parts[2] ?? parts[1], spec, '*')
    }
  }
}

/** Class names the code uses as a type, a receiver of a static call or in `new` (the candidates of its own package). */
const JAVA_TYPES = /\bnew\s+([A-Z]\w*)|\b([A-Z]\w*)\s*\.\s*[a-z]\w*\s*\(|\b([A-Z]\w*)(?:<[^<>()]*>)?\s+[a-z]\w*\s*[=;,)]/g

function java(file: string, text: string, c: Collector): void {
  const dir = path.posix.dirname(file)
  const explicit = new Set<string>()
  const wildcards: string[] = []
  for (const m of text.matchAll(/^[ \t]*import[ \t]+(static[ \t]+)?([\w.]+?)(\.\*)?[ \t]*;/gm)) {
    const [, isStatic, name, star] = m
    const parts = name.split('.')
    if (isStatic) {
      // import static com.x.Helper.f;  import static com.x.Helper.*;
      const cls = star ? parts : parts.slice(0, -1)
      const spec = c.spec(`**/${cls.join('/')}.java`)
      if (star) c.open(spec)
      else c.bind(parts.at(-1)!, spec, parts.at(-1)!)
    } else if (star) wildcards.push(parts.join('/'))
    else {
      explicit.add(parts.at(-1)!)
      c.bind(parts.at(-1)!, c.spec(`**/${parts.join('/')}.java`), '*')
    }
  }
  // The same package (the file's folder), then a wildcard import's package, for each class the code uses.
  const used = new Set<string>()
  for (const m of text.matchAll(JAVA_TYPES)) used.add(m[1] ?? m[2] ?? m[3])
  for (const name of used) {
    if (explicit.has(name)) continue
    const spec = c.spec([`${dir === '.' ? '' : `${dir}/`}${name}.java`, ...wildcards.map((w) => `**/${w}/${name}.java`)].join('|'))
    c.bind(name, spec, '*')
  }
}

function go(file: string, text: string, c: Collector): void {
  const dir = path.posix.dirname(file)
  // The file's own package: every Go file of its folder.
  c.open(c.spec(`${dir === '.' ? '' : `${dir}/`}*.go`))
  const block = /^import[ \t]*\(([^)]*)\)/gm
  const single = /^import[ \t]+((?:[\w.]+[ \t]+)?"[^"\n]+")/gm
  const lines = [...[...text.matchAll(block)].flatMap((m) => m[1].split('\n')), ...[...text.matchAll(single)].map((m) => m[1])]
  for (const line of lines) {
    const m = /^\s*([\w.]+\s+)?"([^"]+)"/.exec(line)
    if (!m || m[1]?.trim() === '_' || m[1]?.trim() === '.') continue
    const importPath = m[2]
    if (importPath.split('/').some((p) => p === '..' || p === '.')) continue
    // Packages of the module: the import path less the module's own path (go.mod) is a folder of the repository.
    c.bind(m[1]?.trim() ?? importPath.split('/').at(-1)!, c.spec(`…/${importPath}/*.go`), '*')
  }
}

/** `Benefits` → benefits.rb, `UserMailer` → user_mailer.rb (Rails loads a constant from the file of its name). */
const snake = (name: string) => name.replace(/([a-z\d])([A-Z])/g, '$1_$2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2').toLowerCase()

function ruby(file: string, text: string, c: Collector): void {
  const dir = path.posix.dirname(file)
  for (const m of text.matchAll(/\brequire_relative\s*\(?\s*['"]([^'"\n]+)['"]/g)) {
    const rel = within(dir, m[1].endsWith('.rb') ? m[1] : `${m[1]}.rb`)
    if (rel) c.open(c.spec(rel))
  }
  for (const m of text.matchAll(/\brequire\s*\(?\s*['"]([\w/.-]+)['"]/g)) {
    const rel = m[1].endsWith('.rb') ? m[1] : `${m[1]}.rb`
    if (within('.', rel) === rel) c.open(c.spec(`${rel}|lib/${rel}`))
  }
  // Class methods of the application's own classes: `Benefits.save(…)`, `User.authenticate(…)`.
  for (const m of text.matchAll(/(?<![\w:])([A-Z][A-Za-z0-9]*)\s*\.\s*[a-z_]\w*[?!]?/g)) c.bind(m[1], c.spec(`**/${snake(m[1])}.rb`), '*')
}

function php(file: string, text: string, c: Collector): void {
  const dir = path.posix.dirname(file)
  for (const m of text.matchAll(/\b(?:require|include)(?:_once)?\s*\(?\s*(__DIR__\s*\.\s*|dirname\(__FILE__\)\s*\.\s*)?['"]([^'"\n$]+\.php)['"]/gi)) {
    const fromDir = within(dir, m[2].replace(/^\//, ''))
    const fromRoot = m[1] ? undefined : within('.', m[2])
    const candidates = [fromDir, fromRoot].filter((x): x is string => !!x)
    if (candidates.length) c.open(c.spec([...new Set(candidates)].join('|')))
  }
  const uses = new Map<string, string>()
  for (const m of text.matchAll(/^[ \t]*use[ \t]+\\?([\w\\]+)(?:[ \t]+as[ \t]+(\w+))?[ \t]*;/gm)) uses.set(m[2] ?? m[1].split('\\').at(-1)!, m[1])
  for (const m of text.matchAll(/\bnew\s+\\?([A-Z][\w\\]*)|\b\\?([A-Z][\w\\]*)::[a-zA-Z_]\w*\s*\(/g)) {
    const written = (m[1] ?? m[2]).split('\\')
    const name = written.at(-1)!
    const full = uses.get(name)?.split('\\') ?? written
    // PSR-4: the namespace's last folders and the class's file (App\Models\User → …/Models/User.php).
    const spec = c.spec([...(full.length > 1 ? [`**/${full.slice(-2).join('/')}.php`] : []), `**/${name}.php`].join('|'))
    c.bind(name, spec, '*')
  }
}

const BY_LANGUAGE: Record<string, (file: string, text: string, c: Collector) => void> = {
  javascript,
  typescript: javascript,
  python,
  java,
  go,
  ruby,
  php,
}

/** The file's imports of other files of the repository (none for a language it does not read). */
export function fileImports(file: { path: string; language: string; text: string }): FileImports {
  const c = new Collector()
  BY_LANGUAGE[file.language]?.(file.path, file.text, c)
  return c.out
}

/** Whether imports are read for this language. */
export const readsImports = (language: string) => language in BY_LANGUAGE

/**
 * Variables that hold an object of an imported class (`dao = new AllocationsDAO(db)`, `Helper h`, `u = User()`,
 * `@b = Benefits.new`): method calls on them name that class's file. Field writes (`this.dao = new …`) count by the
 * field's name.
 */
export function instanceBindings(language: string, text: string, bindings: ImportBinding[]): ImportBinding[] {
  const classes = new Map<string, ImportBinding>()
  for (const b of bindings) if (/^[\w$]+$/.test(b.local) && !classes.has(b.local)) classes.set(b.local, b)
  if (!classes.size || classes.size > 500) return []
  // Found by the class's name (literal text leads the search), then the variable read back from just before it.
  const names = [...classes.keys()].map((n) => n.replace(/\$/g, '\\$')).join('|')
  const [made, variableBefore] =
    language === 'python'
      ? [`\\b(${names})\\s*\\(`, /(?:\bself\.)?(\w+)\s*(?::[^=\n]+)?=\s*$/]
      : language === 'ruby'
        ? [`\\b(${names})\\.new\\b`, /@?(\w+)\s*=\s*$/]
        : language === 'php'
          ? [`\\bnew\\s+\\\\?(?:[\\w\\\\]*\\\\)?(${names})\\b`, /\$(?:this->)?(\w+)\s*=\s*$/]
          : [`\\bnew\\s+(${names})\\b`, /(?:\bthis\.)?([\w$]+)\s*=\s*(?:await\s+)?$/]
  const out: ImportBinding[] = []
  const add = (variable: string | undefined, cls: string) => {
    const binding = classes.get(cls)
    if (variable && binding && !classes.has(variable) && !out.some((b) => b.local === variable && b.spec === binding.spec)) out.push({ local: variable, spec: binding.spec, name: '*' })
  }
  for (const m of text.matchAll(new RegExp(made, 'g'))) add(variableBefore.exec(text.slice(Math.max(0, m.index! - 120), m.index))?.[1], m[1])
  // Java's fields and variables by their type: `private Helper helper;`, `Helper h = …`.
  if (language === 'java') for (const m of text.matchAll(new RegExp(`\\b(${names})(?:<[^<>()]*>)?\\s+([a-z]\\w*)\\s*[=;,)]`, 'g'))) add(m[2], m[1])
  return out
}

/** Receiver text as a name: `this.dao` → dao, `self.dao`, `@dao`, `$this->dao`, `$dao`, `new Helper()` → Helper; a dotted module stays whole. */
export function receiverName(text: string): string | undefined {
  const created = /^new\s+\\?([\w$\\]+)\s*\(/.exec(text)
  if (created) return created[1].split('\\').at(-1)
  const field = /^(?:this\.|self\.|@|\$this->)([\w$]+)$/.exec(text)
  if (field) return field[1]
  return /^\$?([\w$]+(?:\.[\w$]+)*)$/.exec(text)?.[1]
}
