# Fixture for py.template-injection: request data becoming template source.
from flask import Flask, render_template, render_template_string, request
from jinja2 import Environment, Template

app = Flask(__name__)
env = Environment()


@app.route("/direct")
def direct():
    # ruleid: py.template-injection (flow: direct)
    return render_template_string(request.args.get("tpl"))


@app.route("/assignments")
def assignments():
    name = request.args.get("name")
    who = name
    template = "<h1>Hello " + who + "!</h1>"
    # ruleid: py.template-injection (flow: assignments)
    return render_template_string(template)


@app.route("/building")
def building():
    name = request.args.get("name")
    # ruleid: py.template-injection (flow: string-building)
    a = Template("Hi %s" % name).render()
    # ruleid: py.template-injection (flow: string-building)
    b = env.from_string(f"<p>{name}</p>").render()
    # ruleid: py.template-injection (flow: string-building)
    c = render_template_string("<p>{}</p>".format(name))
    return a + b + c


@app.route("/container")
def container():
    parts = {"head": "<h1>{{ title }}</h1>", "body": request.form.get("body")}
    # ok: py.template-injection (flow: container)
    a = render_template_string(parts["head"], title="Report")
    # ruleid: py.template-injection (flow: container)
    b = render_template_string(parts["body"])
    return a + b


def page(body):
    return "<html><body>" + body + "</body></html>"


def render_text(text):
    # ruleid: py.template-injection (flow: helper-function)
    return Template(text).render()


@app.route("/helper")
def helper():
    render_text(request.args.get("t"))
    # ruleid: py.template-injection (flow: helper-function)
    a = render_template_string(page(request.args.get("b")))
    # ok: py.template-injection (flow: helper-function)
    b = render_template_string(page("{{ 1 + 1 }}"))
    return a + b


class Mailer:
    def __init__(self):
        self.subject = request.form.get("subject")
        self.layout = "Dear {{ name }},"

    def build(self, name):
        # ruleid: py.template-injection (flow: class-field)
        subject = env.from_string(self.subject).render(name=name)
        # ok: py.template-injection (flow: class-field)
        body = env.from_string(self.layout).render(name=name)
        return subject + body


@app.route("/sanitized")
def sanitized():
    name = request.args.get("name")
    # ok: py.template-injection (flow: sanitized)
    a = render_template_string("<h1>Hello {{ name }}!</h1>", name=name)
    # ok: py.template-injection (flow: sanitized)
    b = render_template("hello.html", name=name)
    count = int(request.args.get("n", "1"))
    # ok: py.template-injection (flow: number-conversion)
    c = render_template_string("{{ x }}" * count, x=name)
    return a + b + c


@app.route("/constant")
def constant():
    tpl = request.args.get("tpl")
    tpl = "<p>{{ msg }}</p>"
    # ok: py.template-injection (flow: constant-overwrite)
    a = render_template_string(tpl, msg="hi")
    src = "<p>static</p>"
    if False:
        src = request.args.get("src")
    # ok: py.template-injection (flow: dead-branch)
    b = render_template_string(src)
    return a + b


def render_report(template_text, data):
    # ok: py.template-injection
    return Template(template_text).render(**data)
