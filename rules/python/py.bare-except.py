# Fixture for py.bare-except.
def load(path):
    try:
        return open(path).read()
    # ruleid: py.bare-except
    except:
        return None


def load2(path):
    try:
        return int(path)
    # ruleid: py.bare-except
    except :
        pass
    try:
        return float(path)
    # ruleid: py.bare-except
    except: return 0.0


def safe(path):
    try:
        return open(path).read()
    # ok: py.bare-except
    except OSError:
        return None
    try:
        return int(path)
    # ok: py.bare-except
    except (ValueError, TypeError) as exc:
        log.warning("bad value: %s", exc)
    try:
        return 1
    # ok: py.bare-except
    except Exception:
        raise
