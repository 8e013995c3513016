# Fixture for py.eval-injection: request data compiled and run as Python code.
import ast
import json

from django.http import HttpResponse
from django.views import View
from flask import Flask, request

app = Flask(__name__)


@app.route("/direct")
def direct():
    # ruleid: py.eval-injection (flow: direct)
    result = eval(request.args.get("expr"))
    # ruleid: py.eval-injection (flow: direct)
    exec(request.form["code"])
    # ok: py.eval-injection (flow: direct)
    value = ast.literal_eval(request.args.get("literal"))
    return str(result) + str(value)


@app.route("/assignments", methods=["POST"])
def assignments():
    param = request.headers.get("X-Expr")
    if not param:
        param = ""
    bar = param
    RESPONSE = ""
    try:
        # ruleid: py.eval-injection (flow: assignments)
        RESPONSE += eval(bar)
    except Exception:
        RESPONSE += "Error evaluating expression"
    return RESPONSE


@app.route("/building")
def building():
    name = request.args.get("name")
    # ruleid: py.eval-injection (flow: string-building)
    exec("result = '" + name + "'")
    # ruleid: py.eval-injection (flow: string-building)
    eval(f"compute({name})")
    # ruleid: py.eval-injection (flow: string-building)
    code = compile("print(%s)" % name, "<string>", "exec")
    return str(code)


@app.route("/container")
def container():
    exprs = {"fixed": "1 + 1", "user": request.args.get("e")}
    # ok: py.eval-injection (flow: container)
    eval(exprs["fixed"])
    # ruleid: py.eval-injection (flow: container)
    eval(exprs["user"])
    return "ok"


def wrap(source):
    return "(" + source + ")"


def run(source):
    # ruleid: py.eval-injection (flow: helper-function)
    return eval(source)


@app.route("/helper")
def helper():
    # ruleid: py.eval-injection (flow: helper-function)
    eval(wrap(request.args.get("e")))
    run(request.cookies.get("formula"))
    # ok: py.eval-injection (flow: helper-function)
    eval(wrap("2 * 21"))
    return "ok"


class Calculator:
    def __init__(self):
        self.formula = request.json["formula"]
        self.default = "0"

    def compute(self):
        # ruleid: py.eval-injection (flow: class-field)
        return eval(self.formula)

    def fallback(self):
        # ok: py.eval-injection (flow: class-field)
        return eval(self.default)


@app.route("/sanitized")
def sanitized():
    data = json.loads(request.args.get("data"))
    # ok: py.eval-injection (flow: sanitized)
    eval("len(%r)" % len(data))
    n = int(request.args.get("n"))
    # ok: py.eval-injection (flow: number-conversion)
    eval("2 ** " + str(n))
    return "ok"


@app.route("/constant")
def constant():
    expr = request.args.get("expr")
    expr = "1 + 2"
    # ok: py.eval-injection (flow: constant-overwrite)
    eval(expr)
    code = "pass"
    if False:
        code = request.args.get("code")
    # ok: py.eval-injection (flow: dead-branch)
    exec(code)
    return "ok"


def django_view(request):
    # ruleid: py.eval-injection (flow: direct)
    return HttpResponse(eval(request.GET["q"]))


def django_detail(request, formula):
    # ruleid: py.eval-injection (flow: direct)
    return HttpResponse(eval(formula))


class FormulaView(View):
    def get(self, request, formula):
        # ruleid: py.eval-injection (flow: direct)
        return HttpResponse(eval(formula))

    def preview(self, request, formula):
        # ok: py.eval-injection
        return HttpResponse(eval(formula))

    def post(self, request):
        # ruleid: py.eval-injection (flow: direct)
        return HttpResponse(eval(self.kwargs["formula"]))


def load_plugin(source_text):
    # ok: py.eval-injection
    exec(source_text)
