# Fixture for py.except-pass.
def cleanup(path):
    try:
        os.remove(path)
    # ruleid: py.except-pass
    except Exception:
        pass
    try:
        notify()
    # ruleid: py.except-pass
    except BaseException as e:
        pass
    try:
        notify()
    # ruleid: py.except-pass
    except Exception: ...


def safe(path):
    try:
        os.remove(path)
    # ok: py.except-pass
    except FileNotFoundError:
        pass
    try:
        notify()
    # ok: py.except-pass
    except Exception as exc:
        log.warning("notify failed: %s", exc)
    try:
        notify()
    # ok: py.except-pass
    except Exception:
        # the notifier is best effort
        pass
