// Browsing the catalogue: a pack's controls and the rules mapped to each, and a rule with the examples of its fixture.
import { Type } from '@sinclair/typebox'
import { fixtureExamples, RuleInfo, standardsOf, type Pack, type RuleDef } from '../../kernel/plugin.ts'
import { PackSummary } from './schemas.ts'

/** At most this many fixture lines are returned for a rule (a taint rule's fixture can hold hundreds). */
const MAX_EXAMPLES = 200

const ControlRule = Type.Object({ id: Type.String(), name: Type.String(), severity: Type.String(), enabled: Type.Boolean() })
export const PackDetail = Type.Object(
  {
    ...PackSummary.properties,
    description: Type.Union([Type.String(), Type.Null()]),
    controls: Type.Array(Type.Object({ control: Type.String(), rules: Type.Array(ControlRule) }), { description: "The standard's controls, each with the rules mapped to it" }),
  },
  { title: 'PackDetail' },
)

export const RuleDetail = Type.Object(
  {
    ...RuleInfo.properties,
    confidence: Type.String(),
    tags: Type.Array(Type.String()),
    standards: Type.Array(Type.Object({ pack: Type.String(), control: Type.String() }), { description: 'Every pack that maps it, with its control' }),
    examples: Type.Array(
      Type.Object({ file: Type.String(), line: Type.Integer(), kind: Type.Union([Type.Literal('ruleid'), Type.Literal('ok')]), code: Type.String() }),
      { description: "Annotated lines of the rule's fixture: `ruleid` must be reported, `ok` must not" },
    ),
  },
  { title: 'RuleDetail' },
)

type Info = { id: string; name: string; severity: string; enabled: boolean }

/** The controls of `pack` in the order pack.yaml names them, each with its rules sorted by id. */
export function packControls(pack: Pack, defs: RuleDef[], infos: Map<string, Info>) {
  const byControl = new Map<string, Info[]>(pack.rules.map((sel) => [sel.control, []]))
  for (const def of defs) {
    const control = standardsOf(def, [pack])[0]?.control
    const info = infos.get(def.id)
    if (control === undefined || !info) continue
    byControl.set(control, [...(byControl.get(control) ?? []), { id: info.id, name: info.name, severity: info.severity, enabled: info.enabled }])
  }
  return [...byControl].filter(([, rules]) => rules.length).map(([control, rules]) => ({ control, rules: rules.sort((a, b) => a.id.localeCompare(b.id)) }))
}

export async function ruleExamples(def: RuleDef) {
  return (await fixtureExamples(def)).slice(0, MAX_EXAMPLES)
}
