// Closing and reopening by the process template's own states: chosen by category (Completed closes; Proposed, else
// InProgress, reopens), never by name, and reached through the moves the type allows (an inherited process allows
// every move; an XML process on Azure DevOps Server may ask for a state on the way, e.g. Resolved before Closed).
import type { AzureState, AzureWorkItemType } from './api.ts'

export type Verb = 'close' | 'reopen'

/** The categories a verb leads to, in order of preference. */
function targetCategories(states: AzureState[], verb: Verb): string[] {
  if (verb === 'reopen') return ['Proposed', 'InProgress']
  // A type without a Completed state (an XML process can lack one): its Resolved states are its done.
  return states.some((s) => s.category === 'Completed') ? ['Completed'] : ['Resolved']
}

/** Closed for guard: Completed or Removed (a person's "won't fix"), and Resolved where the type has no Completed. */
export function isClosedState(states: AzureState[], state: string): boolean {
  const category = states.find((s) => s.name.toLowerCase() === state.toLowerCase())?.category
  return category === 'Completed' || category === 'Removed' || (category === 'Resolved' && !states.some((s) => s.category === 'Completed'))
}

/**
 * The states to set one after another to go from `from` to a state of the verb's categories: the shortest way the
 * type's transitions allow (one step when it lists none); of targets equally near, the first category's first state
 * (reopen: Proposed before InProgress). Undefined when no such state exists or none can be reached; [] when the item
 * is in one already.
 */
export function route(type: AzureWorkItemType, states: AzureState[], from: string, verb: Verb): string[] | undefined {
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const categories = targetCategories(states, verb)
  const targets = categories.flatMap((c) => states.filter((s) => s.category === c).map((s) => s.name))
  if (!targets.length) return undefined
  if (targets.some((t) => same(t, from))) return []
  const transitions = type.transitions
  if (!transitions || !Object.keys(transitions).length) return [targets[0]]
  const next = (state: string) => (Object.entries(transitions).find(([k]) => same(k, state))?.[1] ?? []).map((t) => t?.to).filter((to): to is string => typeof to === 'string' && to !== '' && !same(to, state))
  // Breadth first: the first level that reaches a target holds the nearest ones.
  const seen = new Set([from.toLowerCase()])
  let frontier: string[][] = [[]]
  while (frontier.length) {
    const further: string[][] = []
    const hits: string[][] = []
    for (const path of frontier) {
      for (const move of next(path.length ? path[path.length - 1] : from)) {
        if (targets.some((t) => same(t, move))) hits.push([...path, move])
        else if (!seen.has(move.toLowerCase())) {
          seen.add(move.toLowerCase())
          further.push([...path, move])
        }
      }
    }
    const rank = (p: string[]) => targets.findIndex((t) => same(t, p[p.length - 1]))
    if (hits.length) return hits.sort((a, b) => rank(a) - rank(b))[0]
    frontier = further
  }
  return undefined
}

/** `New (Proposed), Active (InProgress), …`: what a message lists. */
export function describeStates(states: AzureState[]): string {
  return states.map((s) => `${s.name} (${s.category})`).join(', ') || 'none'
}
