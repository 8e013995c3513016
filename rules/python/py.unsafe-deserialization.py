# Fixture for py.unsafe-deserialization.
import json
import marshal
import pickle
import shelve

import jsonpickle
from flask import request


def restore():
    # ruleid: py.unsafe-deserialization
    state = pickle.loads(request.data)
    # ruleid: py.unsafe-deserialization
    obj = jsonpickle.decode(request.form["payload"])
    # ruleid: py.unsafe-deserialization
    code = marshal.loads(blob)
    # ruleid: py.unsafe-deserialization
    db = shelve.open(path)
    with open(path, "rb") as fh:
        # ruleid: py.unsafe-deserialization
        cached = pickle.load(fh)
    return state, obj, code, db, cached


def safe():
    # ok: py.unsafe-deserialization
    state = json.loads(request.data)
    # ok: py.unsafe-deserialization
    blob = pickle.dumps(state)
    # ok: py.unsafe-deserialization
    text = jsonpickle.encode(state)
    # ok: py.unsafe-deserialization
    probe = pickle.loads(b"\x80\x04K\x01.")
    return state, blob, text, probe
