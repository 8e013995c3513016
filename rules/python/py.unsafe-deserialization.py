# Fixture for py.unsafe-deserialization.
import base64
import json
import pickle

import jsonpickle
from flask import request


def restore():
    # ruleid: py.unsafe-deserialization
    state = pickle.loads(request.data)
    # ruleid: py.unsafe-deserialization
    obj = jsonpickle.decode(request.form["payload"])
    # ruleid: py.unsafe-deserialization
    prefs = pickle.loads(base64.b64decode(request.cookies.get("prefs")))
    # ruleid: py.unsafe-deserialization
    model = pickle.load(request.files["model"])
    return state, obj, prefs, model


def cart():
    blob = base64.urlsafe_b64decode(request.cookies["cart"])
    # ruleid: py.unsafe-deserialization
    return pickle.loads(blob)


def safe(path, cached):
    # ok: py.unsafe-deserialization
    state = json.loads(request.data)
    # ok: py.unsafe-deserialization
    blob = pickle.dumps(state)
    # ok: py.unsafe-deserialization
    text = jsonpickle.encode(request.form["payload"])
    # ok: py.unsafe-deserialization
    probe = pickle.loads(b"\x80\x04K\x01.")
    # ok: py.unsafe-deserialization
    value = pickle.loads(cached)
    return state, blob, text, probe, value
