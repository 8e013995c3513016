// What the taint analysis needs to know of each grammar: which nodes are functions, assignments, calls, branches and
// references. Everything else propagates taint from its children, so string building of every form (concatenation,
// templates, f-strings, interpolation, format calls) needs no entry here.
import type { Node } from './tree.ts'

/** A node's grammar kind. */
export const kindOf = (n: Node): string => n.kind() as string

export interface CallShape {
  /** The called function or method (its last name decides summaries, mutators and clean calls). */
  callee(n: Node): Node | null
  /** The object a method is called on, if any. */
  receiver(n: Node): Node | null
  /** The method or function name. */
  name(n: Node): string | undefined
  args(n: Node): Node[]
}

export interface TaintSyntax {
  /** Function-like nodes: each is analysed with its parameters as its own variables. */
  functions: Set<string>
  /** Functions that do not see the variables around them (PHP's named functions and methods, Ruby's `def`). */
  isolated: Set<string>
  /** Functions whose last expression is their value (Ruby's methods and blocks). */
  implicitReturn: boolean
  /** An operator that appends its right operand to the variable on its left (Ruby's `<<`). */
  appendOperator?: string
  /** The parameters of a function: each parameter node, an identifier it binds, and the argument position it takes. */
  parameters(fn: Node): { param: Node; name: Node; index: number }[]
  /** A method's receiver variable (Go's `func (s *S) m()`: `s`), which works as `this` in it, and its type. */
  receiver(fn: Node): { name: string; owner: string } | undefined
  /** Nodes that hold a function's name (to find a local function by the name a call uses). */
  functionName(fn: Node): string | undefined
  /** Class-like nodes: a method's fields are shared with the other methods of its class. */
  classes: Set<string>
  /**
   * Assignment-like nodes (loop headers that bind a variable too): the target(s), the value, and whether the target's
   * old value stays (`+=`). `values`, when there are as many as targets, pairs them one to one (`a, b := x, y`).
   */
  assignment(n: Node): { targets: Node[]; value: Node | null; values?: Node[]; augmented: boolean } | undefined
  /** Variable references. */
  references: Set<string>
  /** `this` / `self`, which a field access starts from. */
  selfWords: Set<string>
  /** Instance-variable nodes that are fields on their own (Ruby `@x`). */
  fieldNodes: Set<string>
  /** Children that name something rather than refer to a variable: `${parentKind}.${field}` */
  names: Set<string>
  /** Member access: object and property name (constant string subscripts count as members). */
  member(n: Node): { object: Node; property: string } | undefined
  calls: Record<string, CallShape>
  /** if / ternary: condition and the two branches. */
  branch(n: Node): { condition: Node | null; then: Node | null; otherwise: Node | null } | undefined
  loops: Set<string>
  returns: Set<string>
  /** Nodes whose value is a constant (numbers, booleans, null, strings without interpolation). */
  constant(n: Node): boolean
  /** A literal dict, object or map with constant keys: each key with its value node. */
  pairs(n: Node): { key: string; value: Node }[] | undefined
  /** A constant subscript or key (`"a"`, `:a`, `0`) as text. */
  constantKey(n: Node): string | undefined
  /** Operators whose result is a boolean or a number whatever the operands (comparisons, arithmetic). */
  cleanOperators: Set<string>
  /** Expression nodes that carry an operator between children. */
  operators: Set<string>
}

/** Comparisons and arithmetic. Not `+` or `%` (strings are built with them), nor `and`/`or`/`&&`/`||`/`??`, which
 * return an operand in Python, JavaScript and Ruby (`request.args.get("next") or "/"`). */
const CLEAN_OPERATORS = ['==', '!=', '===', '!==', '<', '>', '<=', '>=', 'not', 'in', 'not in', 'is', 'is not', 'instanceof', '-', '*', '/', '<<', '>>', '>>>', '&', '|', '^', '**', '<=>', '=~', '!~']

const field = (n: Node, name: string) => n.field(name)
const fields = (n: Node, name: string): Node[] => n.fieldChildren(name)
/** The operator token of a binary node: its first unnamed child between the operands. */
export function operatorOf(n: Node): string | undefined {
  for (const c of n.children()) if (!c.isNamed()) return c.text()
  return undefined
}
const namedArgs = (list: Node | null): Node[] =>
  (list?.namedChildren() ?? []).map((a) => (kindOf(a) === 'argument' && a.namedChildren().length === 1 ? a.namedChildren()[0] : a)).filter((a) => kindOf(a) !== 'comment')
const lastName = (n: Node | null): string | undefined => {
  if (!n) return undefined
  const text = n.text()
  const m = /([A-Za-z_$][\w$]*)\s*$/.exec(text)
  return m?.[1]
}
/** Every identifier a parameter or pattern binds (destructuring, defaults, type annotations left out). */
function boundNames(n: Node, references: Set<string>, skip: Set<string>): Node[] {
  if (references.has(kindOf(n))) return [n]
  const out: Node[] = []
  for (const c of n.namedChildren()) {
    if (/^(modifiers?|annotation|marker_annotation|decorator|attribute_list|attribute)$/.test(kindOf(c))) continue
    const f = fieldNameOf(n, c)
    if (f && skip.has(f)) continue
    out.push(...boundNames(c, references, skip))
  }
  return out
}
function fieldNameOf(parent: Node, child: Node): string | undefined {
  for (const name of ['type', 'value', 'default', 'key', 'annotation', 'right', 'decorator']) {
    const f = field(parent, name)
    if (f && f.id() === child.id()) return name
  }
  return undefined
}
const PARAM_SKIP = new Set(['type', 'value', 'default', 'key', 'annotation', 'right', 'decorator'])

function simpleCall(calleeField: string, argsField: string): CallShape {
  return {
    callee: (n) => field(n, calleeField),
    receiver: (n) => {
      const c = field(n, calleeField)
      return c && (field(c, 'object') ?? field(c, 'operand') ?? field(c, 'expression'))
    },
    name: (n) => lastName(field(n, calleeField)),
    args: (n) => namedArgs(field(n, argsField)),
  }
}

function params(fn: Node, references: Set<string>): { param: Node; name: Node; index: number }[] {
  const list = field(fn, 'parameters') ?? field(fn, 'parameter')
  if (!list) return []
  if (references.has(kindOf(list))) return [{ param: list, name: list, index: 0 }] // `x => x`
  const out: { param: Node; name: Node; index: number }[] = []
  let index = 0
  for (const param of list.namedChildren()) {
    if (kindOf(param) === 'comment') continue
    // A parameter's own name field when the grammar has one (not an annotation's name before it), else what it binds.
    const named = fields(param, 'name').filter((n) => references.has(kindOf(n)))
    const names = named.length ? named : boundNames(param, references, PARAM_SKIP)
    // Go's `func f(a, b string)` declares two parameters in one node; a destructured parameter (`{a, b}`) is one.
    if (kindOf(param) === 'parameter_declaration' && fields(param, 'name').length > 1) for (const name of names) out.push({ param, name, index: index++ })
    else {
      for (const name of names) out.push({ param, name, index })
      index++
    }
  }
  return out
}

const assignBy = (kinds: Record<string, { left: string; right: string; augmented?: boolean }>) => (n: Node) => {
  const shape = kinds[kindOf(n)]
  if (!shape) return undefined
  const left = field(n, shape.left)
  const op = operatorOf(n) ?? '='
  return { targets: left ? [left] : [], value: field(n, shape.right), augmented: shape.augmented ?? (op !== '=' && op !== ':=') }
}

const branchBy = (ifKinds: string[], ternaries: Record<string, [string, string, string]>) => (n: Node) => {
  const kind = kindOf(n)
  if (ifKinds.includes(kind)) return { condition: field(n, 'condition'), then: field(n, 'consequence'), otherwise: field(n, 'alternative') }
  const t = ternaries[kind]
  return t ? { condition: field(n, t[0]), then: field(n, t[1]), otherwise: field(n, t[2]) } : undefined
}

const memberBy = (kinds: Record<string, [string, string]>, subscripts: Record<string, [string, string]> = {}) => (n: Node) => {
  const m = kinds[kindOf(n)]
  if (m) {
    const object = field(n, m[0])
    const property = field(n, m[1])
    return object && property ? { object, property: property.text() } : undefined
  }
  const s = subscripts[kindOf(n)]
  if (!s) return undefined
  const object = field(n, s[0]) ?? n.namedChildren()[0]
  const index = field(n, s[1]) ?? n.namedChildren()[1]
  const key = index && constantKey(index)
  return object && key !== undefined ? { object, property: key } : undefined
}

/** A subscript that is a literal string, symbol or number: `x["a"]`, `x[:a]`, `x[0]`. */
function constantKey(n: Node): string | undefined {
  const inner = n.namedChildren().length === 1 && /argument|subscript|index/.test(kindOf(n)) ? n.namedChildren()[0] : n
  const text = inner.text()
  const m = /^(?:["']([^"'\\]*)["']|:([A-Za-z_]\w*)|(\d+))$/.exec(text)
  return m ? (m[1] ?? m[2] ?? m[3]) : undefined
}

const constantBy = (kinds: string[], strings: string[], interpolations: string[]) => (n: Node) => {
  const kind = kindOf(n)
  if (kinds.includes(kind)) return true
  if (!strings.includes(kind)) return false
  // Interpolations are children of the string or of its body (a heredoc's); a search of the subtree would cost a call
  // into ast-grep each time.
  const interpolated = (node: Node, depth: number): boolean =>
    node.namedChildren().some((c) => interpolations.includes(kindOf(c)) || (depth < 2 && interpolated(c, depth + 1)))
  return !interpolated(n, 0)
}

const CONTAINER_LITERALS = new Set(['dictionary', 'object', 'hash', 'array_creation_expression', 'composite_literal', 'literal_value'])
/** Literal lists (JavaScript's and Ruby's `array`, Python's `list`): their elements are keyed by position. */
const LIST_LITERALS = new Set(['array', 'list'])
const SPREAD = /spread|splat/

/**
 * Pairs of a literal container whose keys are all constants (else undefined: the container is one value); a literal
 * list's elements by their position (`["a", x][1]` is x).
 */
function literalPairs(n: Node): { key: string; value: Node }[] | undefined {
  let node = n
  if (kindOf(node) === 'composite_literal') node = field(node, 'body') ?? node
  if (LIST_LITERALS.has(kindOf(node))) {
    const elements = node.namedChildren().filter((c) => kindOf(c) !== 'comment')
    return elements.some((e) => SPREAD.test(kindOf(e))) ? undefined : elements.map((value, i) => ({ key: String(i), value }))
  }
  if (!CONTAINER_LITERALS.has(kindOf(node))) return undefined
  const out: { key: string; value: Node }[] = []
  for (const child of node.namedChildren()) {
    if (kindOf(child) === 'comment') continue
    const key = field(child, 'key') ?? (child.namedChildren().length === 2 ? child.namedChildren()[0] : null)
    const value = field(child, 'value') ?? (child.namedChildren().length === 2 ? child.namedChildren()[1] : null)
    const name = key ? constantKey(key) ?? (/identifier|symbol|field_identifier/.test(kindOf(key)) ? key.text().replace(/^:/, '').replace(/:$/, '') : undefined) : undefined
    if (!value || name === undefined) return undefined
    out.push({ key: name, value })
  }
  return out
}

const COMMON = { pairs: literalPairs, constantKey, receiver: () => undefined, isolated: new Set<string>(), implicitReturn: false }

/** Tuple targets and values (`a, b = x, y`): their parts, to pair one to one. */
const TUPLES = /^(pattern_list|tuple_pattern|expression_list|tuple|left_assignment_list|right_assignment_list|array_pattern)$/
const parts = (n: Node | null) => (n && TUPLES.test(kindOf(n)) ? n.namedChildren() : undefined)

const JS: TaintSyntax = {
  ...COMMON,
  functions: new Set(['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration', 'function']),
  parameters: (fn) => params(fn, JS.references),
  functionName: (fn) => field(fn, 'name')?.text() ?? ((fn.parent() ? kindOf(fn.parent()!) : '') === 'variable_declarator' ? field(fn.parent()!, 'name')?.text() : undefined),
  classes: new Set(['class_declaration', 'class']),
  assignment: (n) => {
    if (kindOf(n) === 'variable_declarator') return { targets: [field(n, 'name')!].filter(Boolean), value: field(n, 'value'), augmented: false }
    return assignBy({ assignment_expression: { left: 'left', right: 'right' }, augmented_assignment_expression: { left: 'left', right: 'right', augmented: true } })(n)
  },
  references: new Set(['identifier', 'shorthand_property_identifier', 'shorthand_property_identifier_pattern']),
  selfWords: new Set(['this']),
  fieldNodes: new Set(),
  names: new Set(['pair.key', 'pair_pattern.key', 'jsx_attribute.name']),
  member: memberBy({ member_expression: ['object', 'property'] }, { subscript_expression: ['object', 'index'] }),
  calls: { call_expression: simpleCall('function', 'arguments'), new_expression: simpleCall('constructor', 'arguments') },
  branch: branchBy(['if_statement'], { ternary_expression: ['condition', 'consequence', 'alternative'] }),
  loops: new Set(['for_statement', 'for_in_statement', 'while_statement', 'do_statement']),
  returns: new Set(['return_statement']),
  constant: constantBy(['number', 'true', 'false', 'null', 'undefined', 'regex'], ['string', 'template_string'], ['template_substitution']),
  cleanOperators: new Set([...CLEAN_OPERATORS, 'typeof', 'void', 'delete']),
  operators: new Set(['binary_expression', 'unary_expression', 'update_expression']),
}

const PY: TaintSyntax = {
  ...COMMON,
  functions: new Set(['function_definition', 'lambda']),
  parameters: (fn) => params(fn, PY.references),
  functionName: (fn) => field(fn, 'name')?.text(),
  classes: new Set(['class_definition']),
  assignment: (n) => {
    const kind = kindOf(n)
    if (kind !== 'assignment' && kind !== 'augmented_assignment' && kind !== 'named_expression') return undefined
    const left = field(n, kind === 'named_expression' ? 'name' : 'left')
    const value = field(n, kind === 'named_expression' ? 'value' : 'right')
    const targets = parts(left)
    return { targets: targets ?? (left ? [left] : []), value, values: targets && parts(value), augmented: kind === 'augmented_assignment' }
  },
  references: new Set(['identifier']),
  selfWords: new Set(['self', 'cls']),
  fieldNodes: new Set(),
  names: new Set(['attribute.attribute', 'keyword_argument.name', 'function_definition.name', 'class_definition.name', 'decorator.identifier', 'import_from_statement.name', 'aliased_import.alias', 'dotted_name.identifier']),
  member: memberBy({ attribute: ['object', 'attribute'] }, { subscript: ['value', 'subscript'] }),
  calls: { call: simpleCall('function', 'arguments') },
  branch: branchBy(['if_statement', 'elif_clause'], { conditional_expression: ['', '', ''] }),
  loops: new Set(['for_statement', 'while_statement']),
  returns: new Set(['return_statement']),
  constant: constantBy(['integer', 'float', 'true', 'false', 'none'], ['string', 'concatenated_string'], ['interpolation']),
  // `Path("/srv") / name` builds a path.
  cleanOperators: new Set(CLEAN_OPERATORS.filter((op) => op !== '/')),
  operators: new Set(['binary_operator', 'comparison_operator', 'boolean_operator', 'not_operator', 'unary_operator']),
}
// Python's conditional expression is `then if condition else otherwise`: three named children, no fields.
PY.branch = ((base) => (n: Node) => {
  if (kindOf(n) !== 'conditional_expression') return base(n)
  const [then, condition, otherwise] = n.namedChildren()
  return { condition, then, otherwise }
})(branchBy(['if_statement', 'elif_clause'], {}))

const JAVA: TaintSyntax = {
  ...COMMON,
  functions: new Set(['method_declaration', 'constructor_declaration', 'lambda_expression']),
  parameters: (fn) => params(fn, JAVA.references),
  functionName: (fn) => field(fn, 'name')?.text(),
  classes: new Set(['class_declaration', 'enum_declaration', 'record_declaration']),
  assignment: (n) => {
    if (kindOf(n) === 'variable_declarator') return { targets: [field(n, 'name')!].filter(Boolean), value: field(n, 'value'), augmented: false }
    return assignBy({ assignment_expression: { left: 'left', right: 'right' } })(n)
  },
  references: new Set(['identifier']),
  selfWords: new Set(['this']),
  fieldNodes: new Set(),
  names: new Set(['field_access.field', 'method_invocation.name', 'method_declaration.name', 'class_declaration.name', 'annotation.name', 'marker_annotation.name', 'scoped_identifier.name', 'scoped_type_identifier.name', 'element_value_pair.key', 'constructor_declaration.name']),
  member: memberBy({ field_access: ['object', 'field'] }),
  calls: {
    method_invocation: {
      callee: (n) => field(n, 'name'),
      receiver: (n) => field(n, 'object'),
      name: (n) => field(n, 'name')?.text(),
      args: (n) => namedArgs(field(n, 'arguments')),
    },
    object_creation_expression: { ...simpleCall('type', 'arguments'), receiver: () => null },
  },
  branch: branchBy(['if_statement'], { ternary_expression: ['condition', 'consequence', 'alternative'] }),
  loops: new Set(['for_statement', 'enhanced_for_statement', 'while_statement', 'do_statement']),
  returns: new Set(['return_statement']),
  constant: constantBy(['decimal_integer_literal', 'hex_integer_literal', 'decimal_floating_point_literal', 'true', 'false', 'null_literal', 'character_literal', 'class_literal'], ['string_literal', 'text_block'], []),
  cleanOperators: new Set(CLEAN_OPERATORS),
  operators: new Set(['binary_expression', 'unary_expression', 'update_expression', 'instanceof_expression']),
}

const GO: TaintSyntax = {
  ...COMMON,
  functions: new Set(['function_declaration', 'method_declaration', 'func_literal']),
  parameters: (fn) => params(fn, GO.references),
  receiver: (fn) => {
    const decl = field(fn, 'receiver')?.namedChildren()[0]
    const name = decl && field(decl, 'name')?.text()
    const type = decl && field(decl, 'type')?.text().replace(/^\*/, '').replace(/\[.*$/, '')
    return name && type ? { name, owner: `go:${type}` } : undefined
  },
  functionName: (fn) => field(fn, 'name')?.text(),
  classes: new Set(),
  assignment: (n) => {
    const kind = kindOf(n)
    if (kind === 'short_var_declaration' || kind === 'assignment_statement' || kind === 'range_clause') {
      const left = field(n, 'left')?.namedChildren() ?? []
      const right = field(n, 'right')
      const values = right && kindOf(right) === 'expression_list' ? right.namedChildren() : right ? [right] : []
      const op = operatorOf(n) ?? '='
      // `a, b := f()` gives every target the call's taint; `a, b := x, y` pairs them.
      return { targets: left, value: values[0] ?? null, values, augmented: op !== '=' && op !== ':=' && op !== 'range' }
    }
    if (kind === 'var_spec' || kind === 'const_spec') return { targets: fields(n, 'name'), value: field(n, 'value')?.namedChildren()[0] ?? null, augmented: false }
    return undefined
  },
  references: new Set(['identifier']),
  selfWords: new Set(),
  fieldNodes: new Set(),
  names: new Set(['keyed_element.key', 'literal_element.key']),
  member: memberBy({ selector_expression: ['operand', 'field'] }, { index_expression: ['operand', 'index'] }),
  calls: { call_expression: simpleCall('function', 'arguments') },
  branch: branchBy(['if_statement'], {}),
  loops: new Set(['for_statement']),
  returns: new Set(['return_statement']),
  constant: constantBy(['int_literal', 'float_literal', 'true', 'false', 'nil', 'rune_literal'], ['interpreted_string_literal', 'raw_string_literal'], []),
  cleanOperators: new Set(CLEAN_OPERATORS),
  operators: new Set(['binary_expression', 'unary_expression']),
}

const CSHARP: TaintSyntax = {
  ...COMMON,
  functions: new Set(['method_declaration', 'constructor_declaration', 'local_function_statement', 'lambda_expression', 'anonymous_method_expression']),
  parameters: (fn) => params(fn, CSHARP.references),
  functionName: (fn) => field(fn, 'name')?.text(),
  classes: new Set(['class_declaration', 'struct_declaration', 'record_declaration']),
  assignment: (n) => {
    if (kindOf(n) === 'variable_declarator') {
      const name = field(n, 'name') ?? n.namedChildren()[0]
      const value = n.namedChildren().find((c) => c.id() !== name?.id()) ?? null
      return { targets: name ? [name] : [], value: value && kindOf(value) === 'equals_value_clause' ? value.namedChildren()[0] : value, augmented: false }
    }
    return assignBy({ assignment_expression: { left: 'left', right: 'right' } })(n)
  },
  references: new Set(['identifier']),
  selfWords: new Set(['this']),
  fieldNodes: new Set(),
  names: new Set(['member_access_expression.name', 'method_declaration.name', 'class_declaration.name', 'attribute.name', 'named_argument.name', 'argument.name', 'qualified_name.name']),
  member: memberBy({ member_access_expression: ['expression', 'name'] }, { element_access_expression: ['expression', 'subscript'] }),
  calls: {
    invocation_expression: simpleCall('function', 'arguments'),
    object_creation_expression: { ...simpleCall('type', 'arguments'), receiver: () => null },
  },
  branch: branchBy(['if_statement'], { conditional_expression: ['condition', 'consequence', 'alternative'] }),
  loops: new Set(['for_statement', 'foreach_statement', 'while_statement', 'do_statement']),
  returns: new Set(['return_statement']),
  constant: constantBy(['integer_literal', 'real_literal', 'boolean_literal', 'null_literal', 'character_literal'], ['string_literal', 'verbatim_string_literal', 'raw_string_literal', 'interpolated_string_expression'], ['interpolation']),
  cleanOperators: new Set(CLEAN_OPERATORS),
  operators: new Set(['binary_expression', 'prefix_unary_expression', 'postfix_unary_expression', 'is_expression']),
}

/** The else/elseif clauses after a PHP elseif clause, in order. */
function nextClauses(n: Node): Node[] {
  const out: Node[] = []
  for (let c = n.next(); c; c = c.next()) if (/^else(_if)?_clause$/.test(kindOf(c))) out.push(c)
  return out
}

const PHP: TaintSyntax = {
  ...COMMON,
  functions: new Set(['function_definition', 'method_declaration', 'anonymous_function', 'arrow_function', 'anonymous_function_creation_expression']),
  isolated: new Set(['function_definition', 'method_declaration']),
  parameters: (fn) => params(fn, PHP.references),
  functionName: (fn) => field(fn, 'name')?.text(),
  classes: new Set(['class_declaration']),
  assignment: assignBy({ assignment_expression: { left: 'left', right: 'right' }, augmented_assignment_expression: { left: 'left', right: 'right', augmented: true }, reference_assignment_expression: { left: 'left', right: 'right' } }),
  references: new Set(['variable_name']),
  selfWords: new Set(['$this']),
  fieldNodes: new Set(),
  names: new Set(['member_call_expression.name', 'member_access_expression.name', 'scoped_call_expression.name', 'function_call_expression.function', 'named_argument.name']),
  member: memberBy({ member_access_expression: ['object', 'name'] }, { subscript_expression: ['', ''] }),
  calls: {
    function_call_expression: simpleCall('function', 'arguments'),
    member_call_expression: { callee: (n) => field(n, 'name'), receiver: (n) => field(n, 'object'), name: (n) => field(n, 'name')?.text(), args: (n) => namedArgs(field(n, 'arguments')) },
    scoped_call_expression: { callee: (n) => field(n, 'name'), receiver: () => null, name: (n) => field(n, 'name')?.text(), args: (n) => namedArgs(field(n, 'arguments')) },
    object_creation_expression: { callee: (n) => n.namedChildren()[0] ?? null, receiver: () => null, name: (n) => lastName(n.namedChildren()[0] ?? null), args: (n) => namedArgs(n.namedChildren().find((c) => kindOf(c) === 'arguments') ?? null) },
  },
  // PHP's if has a `body`, and its elseif and else clauses follow one another (not nested); `a ?: b` has no body.
  branch: (n) => {
    const kind = kindOf(n)
    if (kind === 'conditional_expression') {
      const condition = field(n, 'condition')
      return { condition, then: field(n, 'body') ?? condition, otherwise: field(n, 'alternative') }
    }
    if (kind !== 'if_statement' && kind !== 'else_if_clause') return undefined
    const clauses = kind === 'if_statement' ? n.namedChildren().filter((c) => /^else(_if)?_clause$/.test(kindOf(c))) : nextClauses(n)
    return { condition: field(n, 'condition'), then: field(n, 'body'), otherwise: clauses[0] ? (kindOf(clauses[0]) === 'else_clause' ? field(clauses[0], 'body') ?? clauses[0] : clauses[0]) : null }
  },
  loops: new Set(['for_statement', 'foreach_statement', 'while_statement', 'do_statement']),
  returns: new Set(['return_statement']),
  constant: constantBy(['integer', 'float', 'boolean', 'null'], ['string', 'encapsed_string', 'heredoc', 'nowdoc'], ['variable_name', 'member_access_expression', 'subscript_expression', 'function_call_expression', 'member_call_expression']),
  cleanOperators: new Set(CLEAN_OPERATORS),
  operators: new Set(['binary_expression', 'unary_op_expression']),
}

const RUBY: TaintSyntax = {
  ...COMMON,
  functions: new Set(['method', 'singleton_method', 'lambda', 'block', 'do_block']),
  isolated: new Set(['method', 'singleton_method']),
  implicitReturn: true,
  appendOperator: '<<',
  parameters: (fn) => params(fn, RUBY.references),
  functionName: (fn) => field(fn, 'name')?.text(),
  classes: new Set(['class', 'module']),
  assignment: (n) => {
    const kind = kindOf(n)
    if (kind !== 'assignment' && kind !== 'operator_assignment') return undefined
    const left = field(n, 'left')
    const value = field(n, 'right')
    return { targets: parts(left) ?? (left ? [left] : []), value, values: parts(value), augmented: kind === 'operator_assignment' }
  },
  references: new Set(['identifier', 'instance_variable']),
  selfWords: new Set(['self']),
  fieldNodes: new Set(['instance_variable']),
  names: new Set(['call.method', 'method.name', 'pair.key', 'keyword_parameter.name']),
  member: memberBy({}, { element_reference: ['object', ''] }),
  calls: {
    call: { callee: (n) => field(n, 'method'), receiver: (n) => field(n, 'receiver'), name: (n) => field(n, 'method')?.text(), args: (n) => namedArgs(field(n, 'arguments')) },
  },
  // `x if c` keeps x in `body`; `unless` takes its first branch when the condition is false.
  branch: (n) => {
    const kind = kindOf(n)
    if (kind === 'conditional') return { condition: field(n, 'condition'), then: field(n, 'consequence'), otherwise: field(n, 'alternative') }
    if (!['if', 'unless', 'elsif', 'if_modifier', 'unless_modifier'].includes(kind)) return undefined
    const then = field(n, 'consequence') ?? field(n, 'body')
    const otherwise = field(n, 'alternative')
    const negated = kind.startsWith('unless')
    return { condition: field(n, 'condition'), then: negated ? otherwise : then, otherwise: negated ? then : otherwise }
  },
  loops: new Set(['for', 'while', 'until', 'while_modifier', 'until_modifier']),
  returns: new Set(['return']),
  constant: constantBy(['integer', 'float', 'true', 'false', 'nil', 'simple_symbol'], ['string'], ['interpolation']),
  cleanOperators: new Set(CLEAN_OPERATORS),
  operators: new Set(['binary', 'unary']),
}
// Ruby's `h[:k]` keeps its key as the second named child.
RUBY.member = (n) => {
  if (kindOf(n) !== 'element_reference') return undefined
  const [object, index] = n.namedChildren()
  const key = index && n.namedChildren().length === 2 ? constantKey(index) : undefined
  return object && key !== undefined ? { object, property: key } : undefined
}
PHP.member = ((base) => (n: Node) => {
  if (kindOf(n) !== 'subscript_expression') return base(n)
  const [object, index] = n.namedChildren()
  const key = index ? constantKey(index) : undefined
  return object && key !== undefined ? { object, property: key } : undefined
})(PHP.member)

export const TAINT_SYNTAX: Record<string, TaintSyntax> = {
  JavaScript: JS,
  TypeScript: JS,
  Tsx: JS,
  python: PY,
  java: JAVA,
  go: GO,
  csharp: CSHARP,
  php: PHP,
  ruby: RUBY,
}

export { field as fieldOf }
