# Fixture for py.insecure-random: values of the random module becoming secrets or identifiers handed to clients.
import base64
import hashlib
import os
import random
import secrets
import string

from flask import Flask, make_response, request, session

app = Flask(__name__)
COLORS = ["red", "green", "blue"]


@app.route("/direct")
def direct():
    response = make_response("ok")
    # ruleid: py.insecure-random (flow: direct)
    response.set_cookie("rememberMe", str(random.random()))
    # ruleid: py.insecure-random (flow: direct)
    session["csrf"] = random.getrandbits(64)
    return response


@app.route("/assignments")
def assignments():
    response = make_response()
    rand = random.random()
    # ruleid: py.insecure-random (flow: assignments)
    remember_me_key = str(rand)[2:]
    cookie_name = "rememberMe" + "01797"
    # ruleid: py.insecure-random (flow: assignments)
    response.set_cookie(cookie_name, remember_me_key, secure=True, httponly=True, path=request.path)
    return response


@app.route("/building")
def building():
    response = make_response()
    random_bytes = random.getrandbits(40 * 8).to_bytes(40, byteorder="big")
    encoded = base64.b64encode(random_bytes).decode("utf-8")
    # ruleid: py.insecure-random (flow: string-building)
    response.set_cookie("session", "sid-" + encoded)
    chars = string.ascii_letters + string.digits
    # ruleid: py.insecure-random (flow: string-building)
    token = "".join(random.choice(chars) for _ in range(32))
    digest = hashlib.sha256(str(random.randint(0, 10**9)).encode()).hexdigest()
    # ruleid: py.insecure-random (flow: string-building)
    return make_response({"api_key": digest, "token_len": len(token)})


@app.route("/scaled")
def scaled():
    # a weak random number scaled is still predictable
    jitter = random.random() * 0.2
    # ruleid: py.insecure-random (flow: assignments)
    nonce = str(jitter)
    return {"n": len(nonce)}


@app.route("/reset")
def reset():
    code = random.randint(100000, 999999)
    # ruleid: py.insecure-random (flow: helper-function)
    send_reset_email(current_user, code)
    # ruleid: py.insecure-random (flow: helper-function)
    current_user.set_password(str(random.getrandbits(64)))
    # ok: py.insecure-random (flow: helper-function)
    tokenize(str(random.random()))
    # ok: py.insecure-random (flow: helper-function)
    checker.verify(random.randrange(1, 10))
    # ok: py.insecure-random (flow: helper-function)
    send_reset_email(current_user, secrets.randbelow(999999))
    return "ok"


@app.route("/container")
def container():
    values = {"theme": random.choice(COLORS), "code": random.randrange(100000, 999999)}
    # ok: py.insecure-random (flow: container)
    session["shade"] = values["theme"]
    # ruleid: py.insecure-random (flow: container)
    session["login_code"] = values["code"]
    return "ok"


def new_key(length):
    # ruleid: py.insecure-random (flow: direct)
    return "".join(str(random.randint(0, 9)) for _ in range(length))


def generate_reset_code():
    # ruleid: py.insecure-random (flow: helper-function)
    return "%06d" % random.randint(0, 999999)


@app.route("/helper")
def helper():
    response = make_response()
    # ruleid: py.insecure-random (flow: helper-function)
    response.set_cookie("auth", new_key(16))
    # ok: py.insecure-random (flow: helper-function)
    response.set_cookie("auth2", secrets.token_hex(16))
    return response


class Account:
    def __init__(self):
        self.seed_value = random.random()
        self.safe_value = secrets.token_urlsafe(16)

    def issue(self, user):
        # ruleid: py.insecure-random (flow: class-field)
        user.password_reset_token = str(self.seed_value)
        # ok: py.insecure-random (flow: class-field)
        user.activation_token = self.safe_value


@app.route("/sanitized")
def sanitized():
    response = make_response()
    # ok: py.insecure-random (flow: sanitized)
    response.set_cookie("rememberMe", str(random.SystemRandom().random()))
    # ok: py.insecure-random (flow: sanitized)
    session["csrf"] = secrets.token_urlsafe(32)
    # ok: py.insecure-random (flow: sanitized)
    api_key = os.urandom(16).hex()
    # ok: py.insecure-random (flow: sanitized)
    otp = secrets.randbelow(1000000)
    return response


@app.route("/constant")
def constant():
    sid = random.random()
    sid = secrets.token_hex(8)
    # ok: py.insecure-random (flow: constant-overwrite)
    session["sid"] = sid
    value = secrets.token_hex(8)
    if False:
        value = str(random.random())
    # ok: py.insecure-random (flow: dead-branch)
    session["sid2"] = value
    return "ok"


@app.route("/cosmetics")
def cosmetics():
    deck = list(range(52))
    random.shuffle(deck)
    # ok: py.insecure-random
    session["theme"] = random.choice(COLORS)
    # ok: py.insecure-random
    colour = "#%06x" % random.randint(0, 0xFFFFFF)
    response = make_response(colour)
    # ok: py.insecure-random
    response.set_cookie("bg_color", colour)
    # ok: py.insecure-random
    delay = random.uniform(0.5, 1.5)
    return response


def _make_boundary():
    # ok: py.insecure-random
    token = random.randrange(2 ** 63)
    return "===============%019d==" % token
