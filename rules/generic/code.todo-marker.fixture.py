# Fixture for code.todo-marker.
def dose(weight):
    # ruleid: code.todo-marker
    # TODO(PROJ-12): use the ideal body weight
    return weight * 0.1


# ok: code.todo-marker
# A todo-list helper.
def todo_list():
    return []
