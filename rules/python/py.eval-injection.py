# Fixture for py.eval-injection.
import ast
import builtins
import sys

from flask import request


def calculate():
    expr = request.args.get("expr")
    # ruleid: py.eval-injection
    result = eval(expr)
    # ruleid: py.eval-injection
    exec(request.form["code"], {"__builtins__": {}})
    # ruleid: py.eval-injection
    value = eval(f"{expr} * 2")
    # ruleid: py.eval-injection
    builtins.exec("import " + request.args["module"])
    prefix = "math."
    # ruleid: py.eval-injection
    exec(prefix + "x = " + expr)
    return str(result), value


def formula(row):
    data = request.get_json()
    # ruleid: py.eval-injection
    return eval("row[{}] + 1".format(data["column"]))


def repl():
    # ruleid: py.eval-injection
    print(eval(input("> ")))
    # ruleid: py.eval-injection
    exec(open(sys.argv[1]).read())


def safe(source, namespace):
    # ok: py.eval-injection
    total = eval("1 + 2")
    # ok: py.eval-injection
    data = ast.literal_eval(request.args.get("data"))
    # ok: py.eval-injection
    exec("print('ready')")
    # ok: py.eval-injection
    evaluator.eval(request.args.get("expr"))
    # ok: py.eval-injection
    exec(source, namespace)
    # ok: py.eval-injection
    value = eval(f"{source} * 2")
    # ok: py.eval-injection
    # eval(request.args.get("expr")) was removed
    # ok: py.eval-injection
    note = "do not eval(request.args.get('expr'))"
    return total, data, note, value


def other(expr):
    request = build_help_request()
    # ok: py.eval-injection
    return eval(expr, {"request": request})
