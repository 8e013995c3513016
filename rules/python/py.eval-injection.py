# Fixture for py.eval-injection.
import ast
import builtins

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
    return str(result), value


def safe():
    # ok: py.eval-injection
    total = eval("1 + 2")
    # ok: py.eval-injection
    data = ast.literal_eval(request.args.get("data"))
    # ok: py.eval-injection
    exec("print('ready')")
    # ok: py.eval-injection
    evaluator.eval(request.args.get("expr"))
    # ok: py.eval-injection
    # eval(request.args.get("expr")) was removed
    # ok: py.eval-injection
    note = "do not eval(request.args.get('expr'))"
    return total, data, note
