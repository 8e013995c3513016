# Fixture for py.header-injection: request data reaching a response header's name or value.
import urllib.parse

from django.http import HttpResponse
from flask import Flask, Response, make_response, request

app = Flask(__name__)


@app.route("/direct")
def direct():
    response = make_response("ok")
    # ruleid: py.header-injection (flow: direct)
    response.headers["X-Request-Id"] = request.headers.get("X-Request-Id")
    return response


@app.route("/assignments")
def assignments():
    lang = request.args.get("lang")
    value = lang
    resp = Response("ok")
    # ruleid: py.header-injection (flow: assignments)
    resp.headers.add("Content-Language", value)
    # ruleid: py.header-injection (flow: assignments)
    resp.headers[value] = "1"
    return resp


@app.route("/building")
def building():
    name = request.args.get("file")
    response = make_response("data")
    # ruleid: py.header-injection (flow: string-building)
    response.headers["Content-Disposition"] = "attachment; filename=" + name
    # ruleid: py.header-injection (flow: string-building)
    response.headers.set("Link", f"<{name}>; rel=preload")
    return response


@app.route("/container")
def container():
    headers = {"Cache-Control": "no-store", "X-Trace": request.args.get("trace")}
    # ruleid: py.header-injection (flow: container)
    return make_response("ok", 200, headers)


@app.route("/container2")
def container2():
    headers = {"Cache-Control": "no-store", "X-Trace": request.args.get("trace")}
    response = make_response("ok")
    # ok: py.header-injection (flow: container)
    response.headers["Cache-Control"] = headers["Cache-Control"]
    return response


def tagged(value):
    return "v=" + value


def set_header(response, value):
    # ruleid: py.header-injection (flow: helper-function)
    response.headers["X-Tag"] = value
    return response


@app.route("/helper")
def helper():
    response = make_response("ok")
    set_header(response, request.args.get("tag"))
    # ruleid: py.header-injection (flow: helper-function)
    response.headers["X-Version"] = tagged(request.args.get("v"))
    # ok: py.header-injection (flow: helper-function)
    response.headers["X-Build"] = tagged("42")
    return response


class Download:
    def __init__(self):
        self.name = request.args.get("name")
        self.kind = "application/pdf"

    def respond(self):
        response = HttpResponse(b"%PDF")
        # ruleid: py.header-injection (flow: class-field)
        response["Content-Disposition"] = "attachment; filename=" + self.name
        # ok: py.header-injection (flow: class-field)
        response["Content-Type"] = self.kind
        return response


@app.route("/sanitized")
def sanitized():
    name = request.args.get("file")
    response = make_response("data")
    # ok: py.header-injection (flow: sanitized)
    response.headers["Content-Disposition"] = "attachment; filename*=UTF-8''" + urllib.parse.quote(name)
    # ok: py.header-injection (flow: sanitized)
    response.headers["X-Name"] = name.replace("\r", "").replace("\n", "")
    size = int(request.args.get("size", "0"))
    # ok: py.header-injection (flow: number-conversion)
    response.headers["X-Size"] = str(size)
    return response


@app.route("/constant")
def constant():
    value = request.args.get("v")
    value = "max-age=60"
    response = make_response("ok")
    # ok: py.header-injection (flow: constant-overwrite)
    response.headers["Cache-Control"] = value
    policy = "default-src 'self'"
    if False:
        policy = request.args.get("csp")
    # ok: py.header-injection (flow: dead-branch)
    response.headers["Content-Security-Policy"] = policy
    return response


@app.route("/near-miss")
def near_miss():
    response = make_response(request.args.get("body", ""))
    response.headers["Content-Type"] = "text/plain"
    # ok: py.header-injection
    response.headers["X-Frame-Options"] = "DENY"
    return response
