# Fixture for py.mutable-default-argument.
# ruleid: py.mutable-default-argument
def add_item(item, items=[]):
    items.append(item)
    return items


# ruleid: py.mutable-default-argument
def register(name, registry: dict = {}):
    registry[name] = True


# ruleid: py.mutable-default-argument
def collect(x, seen=set()):
    seen.add(x)


# ok: py.mutable-default-argument
def add_item_safe(item, items=None):
    items = [] if items is None else items
    return items


# ok: py.mutable-default-argument
def fmt(value, sep=", ", parts=()):
    return sep.join(parts)


# ok: py.mutable-default-argument
def call(options: dict | None = None, retries=3):
    return options, retries
