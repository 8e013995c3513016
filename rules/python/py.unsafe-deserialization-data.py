# Fixture for py.unsafe-deserialization-data.
import io
import json
import pickle

import jsonpickle
from flask import request


def load_flow(value, redis_client, key):
    # ruleid: py.unsafe-deserialization-data
    flow = pickle.loads(value)
    # ruleid: py.unsafe-deserialization-data
    session = pickle.loads(redis_client.get(key))
    # ruleid: py.unsafe-deserialization-data
    obj = jsonpickle.decode(row["payload"])
    # ruleid: py.unsafe-deserialization-data
    msg = pickle.load(io.BytesIO(packet))
    return flow, session, obj, msg


def safe(value, fh):
    # ok: py.unsafe-deserialization-data
    data = json.loads(value)
    # ok: py.unsafe-deserialization-data
    probe = pickle.loads(b"\x80\x04K\x01.")
    # ok: py.unsafe-deserialization-data
    blob = pickle.dumps(value)
    # ok: py.unsafe-deserialization-data
    cached = pickle.load(fh)
    # ok: py.unsafe-deserialization-data
    state = pickle.loads(request.data)
    return data, probe, blob, cached, state
