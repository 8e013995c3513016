# Fixture for py.log-injection: request data written into log entries.
import json
import logging

from flask import Flask, current_app, request

app = Flask(__name__)
logger = logging.getLogger(__name__)
audit_logger = logging.getLogger("audit")


@app.route("/direct")
def direct():
    # ruleid: py.log-injection (flow: direct)
    logger.info("Login attempt for " + request.form["username"])
    # ruleid: py.log-injection (flow: direct)
    logging.warning("Bad token %s", request.headers.get("Authorization"))
    return "ok"


@app.route("/assignments")
def assignments():
    user = request.args.get("user")
    who = user
    # ruleid: py.log-injection (flow: assignments)
    app.logger.error("Unknown user: %s" % who)
    return "ok"


@app.route("/building")
def building():
    q = request.args.get("q")
    # ruleid: py.log-injection (flow: string-building)
    audit_logger.info(f"search query={q}")
    # ruleid: py.log-injection (flow: string-building)
    current_app.logger.debug("query: {}".format(q))
    return "ok"


@app.route("/container")
def container():
    event = {"action": "download", "file": request.args.get("file")}
    # ok: py.log-injection (flow: container)
    logger.info("action " + event["action"])
    # ruleid: py.log-injection (flow: container)
    logger.info("file " + event["file"])
    return "ok"


def describe(name):
    return "user=" + name


def record(message):
    # ruleid: py.log-injection (flow: helper-function)
    logger.warning(message)


@app.route("/helper")
def helper():
    record(request.args.get("m"))
    # ruleid: py.log-injection (flow: helper-function)
    logger.info(describe(request.args.get("n")))
    # ok: py.log-injection (flow: helper-function)
    logger.info(describe("system"))
    return "ok"


class Handler:
    def __init__(self):
        self.agent = request.headers.get("User-Agent")
        self.name = "handler"
        self.logger = logging.getLogger("handler")

    def handle(self):
        # ruleid: py.log-injection (flow: class-field)
        self.logger.info("agent %s", self.agent)
        # ok: py.log-injection (flow: class-field)
        self.logger.info("handled by %s", self.name)


@app.route("/sanitized")
def sanitized():
    user = request.args.get("user")
    # ok: py.log-injection (flow: sanitized)
    logger.info("user %s", user.replace("\r", "").replace("\n", ""))
    # ok: py.log-injection (flow: sanitized)
    logger.info("user %s", repr(user))
    # ok: py.log-injection (flow: sanitized)
    logger.info("payload %s", json.dumps(request.args.get("p")))
    n = int(request.args.get("n", "0"))
    # ok: py.log-injection (flow: number-conversion)
    logger.info("page %d", n)
    return "ok"


@app.route("/constant")
def constant():
    msg = request.args.get("msg")
    msg = "fixed"
    # ok: py.log-injection (flow: constant-overwrite)
    logger.info(msg)
    note = "none"
    if False:
        note = request.args.get("note")
    # ok: py.log-injection (flow: dead-branch)
    logger.info(note)
    return "ok"


@app.route("/near-miss")
def near_miss():
    user = request.args.get("user")
    # ok: py.log-injection
    print("not a log: " + user)
    # ok: py.log-injection
    logger.info("request received", exc_info=False)
    return "ok"


def batch(job_name):
    # ok: py.log-injection
    logger.info("running %s", job_name)
