# Fixture for py.eval-dynamic.
from flask import request


def debugger_eval(frame, expression):
    # ruleid: py.eval-dynamic
    return eval(expression, frame.f_globals, frame.f_locals)


def make_init(fields, namespace):
    body = "\n".join(f"  self.{name} = {name}" for name in fields)
    # ruleid: py.eval-dynamic
    exec(f"def __init__(self, {', '.join(fields)}):\n{body}", namespace)
    # ruleid: py.eval-dynamic
    exec(compile(body, "<generated>", "exec"), namespace)
    # ruleid: py.eval-dynamic
    return eval(config.get("handler"))


def run_plugin(path, namespace):
    with open(path) as fh:
        # ruleid: py.eval-dynamic
        exec(fh.read(), namespace)


def constant_code(namespace):
    # ok: py.eval-dynamic
    exec("import os", namespace)
    # ok: py.eval-dynamic
    exec(compile("x = 1", "<setup>", "exec"), namespace)
    # ok: py.eval-dynamic
    limit = eval("10 ** 6")
    # ok: py.eval-dynamic
    engine.eval(expression_text)
    return limit


def from_request():
    code = request.form["code"]
    # ok: py.eval-dynamic
    exec(code)
    # ok: py.eval-dynamic
    return eval(request.args.get("expr"))
