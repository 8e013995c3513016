// Fixture for js.todo-marker.
// ruleid: js.todo-marker
// TODO: validate the redirect target
function go(url) {
  // ruleid: js.todo-marker
  return url /* FIXME handle relative urls */
}
/**
 * Parses the header.
 * ruleid: js.todo-marker
 * XXX: breaks on folded headers
 */
// ok: js.todo-marker
const TODO_LIST = []
// ok: js.todo-marker
const label = 'TODO'
// ok: js.todo-marker
// Mastodon handles this (no marker here)
// ok: js.todo-marker
const todos = fetchTodos()
