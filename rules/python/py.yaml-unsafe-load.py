# Fixture for py.yaml-unsafe-load.
import yaml


def read_config(stream, body):
    # ruleid: py.yaml-unsafe-load
    config = yaml.load(stream)
    # ruleid: py.yaml-unsafe-load
    docs = list(yaml.load_all(body, Loader=yaml.FullLoader))
    # ruleid: py.yaml-unsafe-load
    obj = yaml.unsafe_load(body)
    # ruleid: py.yaml-unsafe-load
    other = yaml.load(body, Loader=yaml.Loader)
    return config, docs, obj, other


def safe(stream, body):
    # ok: py.yaml-unsafe-load
    config = yaml.safe_load(stream)
    # ok: py.yaml-unsafe-load
    same = yaml.load(stream, Loader=yaml.SafeLoader)
    # ok: py.yaml-unsafe-load
    fast = yaml.load(body, yaml.CSafeLoader)
    # ok: py.yaml-unsafe-load
    text = yaml.dump(config)
    # ok: py.yaml-unsafe-load
    # yaml.load(stream) is unsafe
    # ok: py.yaml-unsafe-load
    hint = "use yaml.safe_load, not yaml.load(stream)"
    return config, same, fast, text, hint
