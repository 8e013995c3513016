// Fixture for code.todo-marker.
export function total(xs: number[]): number {
  // ruleid: code.todo-marker
  // FIXME: overflow for very long lists
  return xs.reduce((a, b) => a + b, 0)
}

// ok: code.todo-marker
const TODO_LABEL = 'TODO' // a label, not a marker
