// Request and response bodies of /api/packs (CONTRACT §6, §11).
import { Type, type Static } from '@sinclair/typebox'
import { PACK_ID, PackFile, RuleOverrides } from '../../kernel/plugin.ts'

const Selector = PackFile.properties.rules.items

/** One shape for POST /api/packs (JSON), the export and the import (YAML). */
export const PackBundle = Type.Object(
  {
    id: Type.String({ pattern: PACK_ID }),
    name: Type.String({ minLength: 1 }),
    version: Type.Optional(Type.String({ minLength: 1, description: 'default "1.0.0"' })),
    description: Type.Optional(Type.String()),
    tier: PackFile.properties.tier,
    selectors: Type.Optional(Type.Array(Selector, { description: "pack.yaml's `rules`: rules of the library (by id, tag, cwe, owasp) mapped to this standard's controls" })),
    rules: Type.Optional(
      Type.Array(Type.Record(Type.String(), Type.Unknown()), {
        description: "The pack's own rules, as rule files state them; each is mapped to a control named after it unless a selector maps it. An entry with `control` is a selector (pack.yaml form).",
      }),
    ),
    overrides: Type.Optional(RuleOverrides),
  },
  { additionalProperties: false, title: 'PackBundle' },
)
export type PackBundle = Static<typeof PackBundle>

export const PackSummary = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    version: Type.String(),
    tier: Type.String(),
    builtin: Type.Boolean(),
    enabled: Type.Boolean({ description: "Listed in the server's `packs`" }),
    rule_count: Type.Integer({ description: 'Rules of the library and of packs that this pack maps' }),
  },
  { title: 'PackSummary' },
)
export type PackSummary = Static<typeof PackSummary>

export const PackList = Type.Object(
  { items: Type.Array(PackSummary), total: Type.Integer(), next_cursor: Type.Union([Type.String(), Type.Null()]) },
  { title: 'PackList' },
)

export const PackListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page' })),
})

export const PackIdParams = Type.Object({ id: Type.String() })

export const PackImport = Type.Union([Type.String({ description: 'application/yaml: the export format' }), Type.Object({ yaml: Type.String() }, { additionalProperties: false })], {
  title: 'PackImport',
})

export const PackOverridesUpdate = Type.Object({ rules: RuleOverrides }, { additionalProperties: false, title: 'PackOverridesUpdate' })
export const PackOverrides = Type.Object({ pack: Type.String(), rules: RuleOverrides }, { title: 'PackOverrides' })
