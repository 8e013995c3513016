// Closing and reopening through the project's own workflow: the transitions Jira offers an issue now, chosen by the
// category of the status they lead to (`done` closes; `new`, else `indeterminate`, reopens), never by id or name.

/** A field of a transition's screen (`expand=transitions.fields`). */
export interface TransitionField {
  required?: boolean
  hasDefaultValue?: boolean
  name?: string
  allowedValues?: { id?: string; name?: string }[]
}

export interface JiraTransition {
  id: string
  name: string
  to?: { name?: string; statusCategory?: { key?: string } }
  fields?: Record<string, TransitionField>
}

export type TransitionChoice =
  | { transition: JiraTransition; fields: Record<string, unknown> }
  /** Transitions lead there, but each needs a field guard cannot fill. */
  | { blocked: string[] }

/**
 * The transition to a status of the first of `categories` that has one, with the fields its screen requires: a
 * required resolution (a done screen's usual field) gets the first value the screen offers; any other required field
 * without a default blocks that transition. Undefined when no transition leads to such a status.
 */
export function pickTransition(transitions: JiraTransition[], categories: string[]): TransitionChoice | undefined {
  const blocked: string[] = []
  for (const category of categories) {
    for (const transition of transitions.filter((t) => t.to?.statusCategory?.key === category)) {
      const fields: Record<string, unknown> = {}
      const unfilled: string[] = []
      for (const [id, field] of Object.entries(transition.fields ?? {})) {
        if (!field.required || field.hasDefaultValue) continue
        const first = field.allowedValues?.[0]
        if (id === 'resolution' && first) fields.resolution = first.id ? { id: first.id } : { name: first.name }
        else unfilled.push(field.name ?? id)
      }
      if (!unfilled.length) return { transition, fields }
      blocked.push(`"${transition.name}" needs ${unfilled.join(', ')}`)
    }
  }
  return blocked.length ? { blocked } : undefined
}

/** `"Start Progress" → In Progress, "Resolve" → Resolved`: what a message lists. */
export function describeTransitions(transitions: JiraTransition[]): string {
  return transitions.map((t) => `"${t.name}" → ${t.to?.name ?? '?'} (${t.to?.statusCategory?.key ?? 'no category'})`).join(', ') || 'none'
}
