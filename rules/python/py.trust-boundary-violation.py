# Fixture for py.trust-boundary-violation: request data stored in the server-side session.
import flask
from flask import Flask, request, session

from models import User

app = Flask(__name__)
ROLES = {"admin": "admin", "user": "user"}


@app.route("/direct")
def direct():
    # ruleid: py.trust-boundary-violation (flow: direct)
    session["username"] = request.form["username"]
    return "ok"


@app.route("/key", methods=["POST"])
def key():
    param = ""
    for name in request.form.keys():
        if "Benchmark" in request.form.getlist(name):
            param = name
    bar = param
    # ruleid: py.trust-boundary-violation (flow: assignments)
    flask.session[bar] = "12345"
    return f"Item saved in session."


@app.route("/building")
def building():
    name = request.args.get("name")
    # ruleid: py.trust-boundary-violation (flow: string-building)
    session["greeting"] = "Hello, " + name
    # ruleid: py.trust-boundary-violation (flow: string-building)
    session["label"] = f"user:{name}"
    return "ok"


@app.route("/container")
def container():
    prefs = {"lang": "en", "tz": request.args.get("tz")}
    # ok: py.trust-boundary-violation (flow: container)
    session["lang"] = prefs["lang"]
    # ruleid: py.trust-boundary-violation (flow: container)
    session["tz"] = prefs["tz"]
    # ruleid: py.trust-boundary-violation (flow: container)
    session.update({"tz2": prefs["tz"]})
    return "ok"


def clean_name(value):
    return value.strip()


def remember(key_name, value):
    # ruleid: py.trust-boundary-violation (flow: helper-function)
    session[key_name] = value


@app.route("/helper")
def helper():
    remember("cart", request.args.get("cart"))
    # ruleid: py.trust-boundary-violation (flow: helper-function)
    session["nick"] = clean_name(request.args.get("nick"))
    # ok: py.trust-boundary-violation (flow: helper-function)
    session["nick2"] = clean_name(" anonymous ")
    return "ok"


class Wizard:
    def __init__(self):
        self.step = request.args.get("step")
        self.first = "intro"

    def save(self):
        # ruleid: py.trust-boundary-violation (flow: class-field)
        session["step"] = self.step
        # ok: py.trust-boundary-violation (flow: class-field)
        session["first"] = self.first


@app.route("/sanitized")
def sanitized():
    # ok: py.trust-boundary-violation (flow: sanitized)
    session["role"] = ROLES.get(request.args.get("role"), "user")
    # ok: py.trust-boundary-violation (flow: number-conversion)
    session["page"] = int(request.args.get("page", "1"))
    return "ok"


@app.route("/constant")
def constant():
    value = request.args.get("v")
    value = "default"
    # ok: py.trust-boundary-violation (flow: constant-overwrite)
    session["v"] = value
    mode = "light"
    if False:
        mode = request.args.get("mode")
    # ok: py.trust-boundary-violation (flow: dead-branch)
    session["mode"] = mode
    return "ok"


@app.route("/login", methods=["POST"])
def login():
    user = User.query.filter_by(username=request.form["username"]).first()
    if user and user.check_password(request.form["password"]):
        # ok: py.trust-boundary-violation (flow: sanitized)
        session["user_id"] = user.id
    return "ok"


def django_login(request):
    # ruleid: py.trust-boundary-violation (flow: direct)
    request.session["next"] = request.GET.get("next")
    # ok: py.trust-boundary-violation
    request.session["visits"] = request.session.get("visits", 0) + 1
