// The code units of a file, by its language: routes, exported functions and public classes.
import { csharpUnits } from './csharp.ts'
import { goUnits } from './go.ts'
import { javaUnits } from './java.ts'
import { javascriptUnits } from './javascript.ts'
import { cUnits, phpUnits, rubyUnits } from './others.ts'
import { pythonUnits } from './python.ts'
import type { CodeUnit, UnitFinder, UnitSource } from './unit.ts'

export type { CodeUnit } from './unit.ts'

const FINDERS: Record<string, UnitFinder> = {
  javascript: javascriptUnits,
  typescript: javascriptUnits,
  python: pythonUnits,
  java: javaUnits,
  csharp: csharpUnits,
  go: goUnits,
  c: cUnits,
  cpp: cUnits,
  php: phpUnits,
  ruby: rubyUnits,
}

/** The file's units in line order; one place is one unit (a route's handler is not also a function). */
export function findUnits(source: UnitSource): CodeUnit[] {
  const units = (FINDERS[source.language]?.(source) ?? []).sort((a, b) => a.line - b.line || a.name.localeCompare(b.name))
  const routes = new Set(units.filter((u) => u.kind === 'route').map((u) => u.line))
  return units.filter((u) => u.kind === 'route' || !routes.has(u.line))
}
