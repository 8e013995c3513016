// Requirement tags (IEC 62304 5.1.1 traceability): the one grammar by which code and tests name a requirement.
// The rule trace.missing-requirement-tag states REQUIREMENT_TAG as its regex (test/requirements.test.ts holds the
// two equal); the requirements plugin reads the ids of comments and docstrings with requirementIdsIn.

/** Prefixes a bare id is recognised by (`REQ-123`); an id with any other prefix needs a tag word (`@req HAZ-4`). */
export const REQUIREMENT_PREFIXES = ['REQ', 'SRS', 'SWR', 'SRD', 'URS', 'SYS'] as const

const ID = '[A-Za-z][A-Za-z0-9_]*-[0-9]+'

/** An id as requirements.yaml writes it: a prefix, a hyphen and a number (`REQ-001`, `HAZ-12`). */
export const REQUIREMENT_ID = new RegExp(`^${ID}$`)

/** A tag: a bare id with a known prefix, or `@requirement` / `@req` followed by any id. */
export const REQUIREMENT_TAG = `\\b(?:${REQUIREMENT_PREFIXES.join('|')})-[0-9]+\\b|@(?:requirement|req)\\b[: \\t]*${ID}\\b`

/**
 * What every tag contains, as a plain regular expression (also valid for ast-grep's Rust engine): a quick test for
 * text that may hold a tag, before the grammar reads it.
 */
export const REQUIREMENT_TAG_HINT = `(?:${REQUIREMENT_PREFIXES.join('|')})-[0-9]|@req`

const TAGGED_ID = new RegExp(`${ID}$`)
/** More ids after a tag word: `@req HAZ-4, HAZ-5`. */
const NEXT_ID = new RegExp(`^\\s*,\\s*(${ID})\\b`)

export interface RequirementMention {
  id: string
  /** Where the id starts in the text. */
  index: number
}

/** Every requirement id the text names, in order. */
export function requirementIdsIn(text: string): RequirementMention[] {
  const out: RequirementMention[] = []
  const tag = new RegExp(REQUIREMENT_TAG, 'g')
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    if (!m[0].startsWith('@')) {
      out.push({ id: m[0], index: m.index })
      continue
    }
    const id = TAGGED_ID.exec(m[0])![0]
    out.push({ id, index: m.index + m[0].length - id.length })
    for (let next = NEXT_ID.exec(text.slice(tag.lastIndex)); next; next = NEXT_ID.exec(text.slice(tag.lastIndex))) {
      out.push({ id: next[1], index: tag.lastIndex + next[0].length - next[1].length })
      tag.lastIndex += next[0].length
    }
  }
  return out
}

/** An id split into its prefix and number (leading zeros kept): undefined when it is no id. */
export function parseRequirementId(id: string): { prefix: string; digits: string } | undefined {
  if (!REQUIREMENT_ID.test(id)) return undefined
  const dash = id.lastIndexOf('-')
  return { prefix: id.slice(0, dash), digits: id.slice(dash + 1) }
}

/** What makes two spellings one requirement: `REQ-7`, `REQ-007` and `req-7` name the same one. */
export function requirementKey(id: string): string {
  const parsed = parseRequirementId(id)
  return parsed ? `${parsed.prefix.toUpperCase()}-${parsed.digits.replace(/^0+(?=[0-9])/, '')}` : id
}
