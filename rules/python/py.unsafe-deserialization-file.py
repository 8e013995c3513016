# Fixture for py.unsafe-deserialization-file.
import io
import json
import pickle
import shelve

import joblib
from flask import request


def load_cache(path, filename):
    with open(path, "rb") as fh:
        # ruleid: py.unsafe-deserialization-file
        cached = pickle.load(fh)
    # ruleid: py.unsafe-deserialization-file
    db = shelve.open(filename)
    # ruleid: py.unsafe-deserialization-file
    model = joblib.load(path)
    # ruleid: py.unsafe-deserialization-file
    grammar = pickle.Unpickler(open(filename, "rb")).load()
    return cached, db, model, grammar


def safe(path, packet):
    with open(path) as fh:
        # ok: py.unsafe-deserialization-file
        config = json.load(fh)
    # ok: py.unsafe-deserialization-file
    db = shelve.open("/var/lib/app/state.db")
    # ok: py.unsafe-deserialization-file
    msg = pickle.load(io.BytesIO(packet))
    # ok: py.unsafe-deserialization-file
    upload = pickle.load(request.files["model"])
    return config, db, msg, upload
