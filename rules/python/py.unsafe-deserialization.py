# Fixture for py.unsafe-deserialization: request data reaching pickle, unsafe YAML or marshal loaders.
import base64
import io
import json
import marshal
import pickle

import yaml
from flask import Flask, request

app = Flask(__name__)


@app.route("/direct", methods=["POST"])
def direct():
    # ruleid: py.unsafe-deserialization (flow: direct)
    obj = pickle.loads(request.data)
    # ruleid: py.unsafe-deserialization (flow: direct)
    cfg = yaml.load(request.get_data(), Loader=yaml.Loader)
    # ruleid: py.unsafe-deserialization (flow: direct)
    upload = pickle.load(request.files["state"])
    return str(obj) + str(cfg) + str(upload)


@app.route("/assignments", methods=["POST"])
def assignments():
    param = request.cookies.get("session_state", "")
    bar = param
    raw = base64.urlsafe_b64decode(bar)
    # ruleid: py.unsafe-deserialization (flow: assignments)
    state = pickle.loads(raw)
    return str(state)


@app.route("/building", methods=["POST"])
def building():
    param = request.args.get("doc")
    bar = f"help{param}snapes on a plane"[4:-17]
    # ruleid: py.unsafe-deserialization (flow: string-building)
    a = yaml.unsafe_load(bar)
    # ruleid: py.unsafe-deserialization (flow: string-building)
    b = yaml.load("---\n" + bar)
    # ruleid: py.unsafe-deserialization (flow: string-building)
    c = pickle.load(io.BytesIO(base64.b64decode(bar)))
    return str(a) + str(b) + str(c)


@app.route("/container", methods=["POST"])
def container():
    m = {}
    m["keyA"] = "a: 1"
    m["keyB"] = request.form.get("yaml")
    bar = m["keyB"]
    # ruleid: py.unsafe-deserialization (flow: container)
    a = yaml.full_load(bar)
    bar = m["keyA"]
    # ok: py.unsafe-deserialization (flow: container)
    b = yaml.load(bar, Loader=yaml.FullLoader)
    return str(a) + str(b)


def decode(blob):
    return base64.b64decode(blob)


def restore(blob):
    # ruleid: py.unsafe-deserialization (flow: helper-function)
    return marshal.loads(blob)


@app.route("/helper", methods=["POST"])
def helper():
    restore(request.get_data())
    # ruleid: py.unsafe-deserialization (flow: helper-function)
    a = pickle.loads(decode(request.form["blob"]))
    # ok: py.unsafe-deserialization (flow: helper-function)
    b = pickle.loads(decode(b"gASVAgAAAAAAAABLAS4="))
    return str(a) + str(b)


class Restorer:
    def __init__(self):
        self.payload = request.headers.get("X-State")
        self.cached = b"gASVAgAAAAAAAABLAS4="

    def restore_payload(self):
        # ruleid: py.unsafe-deserialization (flow: class-field)
        return pickle.loads(base64.b64decode(self.payload))

    def restore_cached(self):
        # ok: py.unsafe-deserialization (flow: class-field)
        return pickle.loads(base64.b64decode(self.cached))


@app.route("/sanitized", methods=["POST"])
def sanitized():
    bar = request.args.get("doc")
    # ok: py.unsafe-deserialization (flow: sanitized)
    a = yaml.safe_load(bar)
    # ok: py.unsafe-deserialization (flow: sanitized)
    b = yaml.load(bar, Loader=yaml.SafeLoader)
    # ok: py.unsafe-deserialization (flow: sanitized)
    c = json.loads(request.data)
    return str(a) + str(b) + str(c)


@app.route("/constant", methods=["POST"])
def constant():
    data = request.data
    data = pickle.dumps({"a": 1})
    # ok: py.unsafe-deserialization (flow: constant-overwrite)
    a = pickle.loads(data)
    blob = b"gASVAgAAAAAAAABLAS4="
    if False:
        blob = request.data
    # ok: py.unsafe-deserialization (flow: dead-branch)
    b = pickle.loads(blob)
    return str(a) + str(b)


def load_cache(path):
    with open(path, "rb") as fh:
        # ok: py.unsafe-deserialization
        return pickle.load(fh)


@app.route("/converted", methods=["POST"])
def converted():
    count = str(int(request.form["count"]))
    # ok: py.unsafe-deserialization (flow: number-conversion)
    return str(pickle.loads(count.encode()))
