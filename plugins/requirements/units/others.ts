// C, C++, PHP and Ruby units: functions with external linkage and classes at file or namespace level.
import type { SgNode } from '@ast-grep/napi'
import { kindOf } from '../syntax.ts'
import { signatureOf, unitAt, type CodeUnit, type UnitFinder } from './unit.ts'

/** Where C and C++ declare at file level: the file, a namespace's body, an include guard or other conditional. */
const C_SCOPES = new Set(['declaration_list', 'preproc_ifdef', 'preproc_if', 'preproc_else', 'linkage_specification'])

function cFamily(root: SgNode, language: string): CodeUnit[] {
  const out: CodeUnit[] = []
  const visit = (scope: SgNode) => {
    for (const node of scope.namedChildren()) {
      if (node.kind() === 'namespace_definition' || C_SCOPES.has(kindOf(node))) visit(node.kind() === 'namespace_definition' ? node.field('body') ?? node : node)
      else if (node.kind() === 'function_definition') {
        // `static` keeps a function in its file; `A::f` is a method, traced through its class.
        const isStatic = node.namedChildren().some((n) => n.kind() === 'storage_class_specifier' && n.text() === 'static')
        const name = node.field('declarator')?.field('declarator')
        if (!isStatic && name?.kind() === 'identifier')
          out.push(unitAt(node, language, { kind: 'function', name: name.text(), signature: signatureOf(node, node.field('body')) }))
      } else if (language === 'cpp' && node.kind() === 'class_specifier' && node.field('body') && node.field('name')) {
        out.push(unitAt(node, language, { kind: 'class', name: node.field('name')!.text(), signature: signatureOf(node, node.field('body')) }))
      }
    }
  }
  visit(root)
  return out
}

function php(root: SgNode, language: string): CodeUnit[] {
  return root.findAll({ rule: { any: [{ kind: 'function_definition' }, { kind: 'class_declaration' }] } })
    .filter((n) => n.kind() === 'class_declaration' || !n.ancestors().some((a) => a.kind() === 'function_definition' || a.kind() === 'method_declaration'))
    .map((n) => unitAt(n, language, { kind: n.kind() === 'class_declaration' ? 'class' : 'function', name: n.field('name')?.text() ?? '?', signature: signatureOf(n, n.field('body')) }))
}

/** Ruby: classes, and top-level methods; a module is a namespace whose classes are the units (or a unit itself without any). */
function ruby(root: SgNode, language: string): CodeUnit[] {
  const out: CodeUnit[] = []
  const unit = (n: SgNode, prefix: string) => {
    const body = n.namedChildren().find((c) => c.kind() === 'body_statement')
    out.push(unitAt(n, language, { kind: n.kind() === 'method' ? 'function' : 'class', name: prefix + (n.field('name')?.text() ?? '?'), signature: signatureOf(n, body) }))
  }
  const visit = (scope: SgNode, prefix: string, topLevel: boolean) => {
    for (const n of scope.namedChildren()) {
      if (n.kind() === 'class' || (topLevel && n.kind() === 'method')) unit(n, prefix)
      else if (n.kind() === 'module') {
        const body = n.namedChildren().find((c) => c.kind() === 'body_statement')
        const before = out.length
        if (body) visit(body, `${prefix}${n.field('name')?.text() ?? '?'}::`, false)
        if (out.length === before) unit(n, prefix)
      }
    }
  }
  visit(root, '', true)
  return out
}

export const cUnits: UnitFinder = ({ root, language }) => cFamily(root, language)
export const phpUnits: UnitFinder = ({ root, language }) => php(root, language)
export const rubyUnits: UnitFinder = ({ root, language }) => ruby(root, language)
