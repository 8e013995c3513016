# Fixture for py.template-injection.
import jinja2
from flask import render_template, render_template_string, request


def hello():
    name = request.args.get("name", "")
    # ruleid: py.template-injection
    return render_template_string(f"<h1>Hello {name}</h1>")


def preview():
    # ruleid: py.template-injection
    html = render_template_string(request.form["template"])
    # ruleid: py.template-injection
    tpl = jinja2.Template("Dear " + request.args["user"] + ",")
    env = jinja2.Environment()
    # ruleid: py.template-injection
    out = env.from_string("<p>%s</p>" % request.args["body"]).render()
    return html, tpl, out


def safe():
    # ok: py.template-injection
    page = render_template_string("<h1>Hello {{ name }}</h1>", name=request.args.get("name"))
    # ok: py.template-injection
    tpl = jinja2.Template("Dear {{ user }},")
    # ok: py.template-injection
    out = render_template("hello.html", name=request.args.get("name"))
    # ok: py.template-injection
    page2 = render_template_string(BASE_TEMPLATE, items=items)
    return page, tpl, out, page2


def app_env(app, body):
    # ruleid: py.template-injection
    return app.jinja_env.from_string(f"<div>{body}</div>").render()


def git_objects(value, hexsha):
    # ok: py.template-injection
    tag = Tag.from_string(value + b"\n")
    # ok: py.template-injection
    blob = objects.Blob.from_string(b"Subproject commit " + hexsha + b"\n")
    return tag, blob
