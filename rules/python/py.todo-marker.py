# Fixture for py.todo-marker.
# ruleid: py.todo-marker
# TODO: validate the redirect target
def go(url):
    # ruleid: py.todo-marker
    return url  # FIXME handle relative urls


# ruleid: py.todo-marker
#XXX breaks on folded headers
# ok: py.todo-marker
TODO_LIST = []
# ok: py.todo-marker
label = "TODO"
# ok: py.todo-marker
# Mastodon handles this (no marker here)
