# Fixture for py.response-xss: request data written into an HTML response without escaping.
import html
import subprocess

from django.http import HttpResponse
from flask import Flask, Response, jsonify, make_response, render_template, request
from markupsafe import escape
from models import User

app = Flask(__name__)


@app.route("/direct")
def direct():
    # ruleid: py.response-xss (flow: direct)
    return "<h1>Hello " + request.args.get("name") + "</h1>"


@app.route("/direct2")
def direct2():
    # ruleid: py.response-xss (flow: direct)
    return make_response(request.form["comment"])


@app.route("/assignments", methods=["POST"])
def assignments():
    RESPONSE = ""
    param = request.headers.get("X-Name")
    if not param:
        param = ""
    bar = param
    RESPONSE += f"bar is '{bar}'"
    # ruleid: py.response-xss (flow: assignments)
    return RESPONSE


@app.route("/set-data")
def set_data():
    response = Response()
    response.headers["Content-Type"] = "text/html;charset=UTF-8"
    param = request.args.get("q", "")
    # ruleid: py.response-xss (flow: assignments)
    response.set_data("".join(param))
    return response


@app.route("/data-attr")
def data_attr():
    response = make_response()
    values = request.args.getlist("v")
    param = values[0] if values else ""
    # ruleid: py.response-xss (flow: assignments)
    response.data = param
    return response


@app.route("/building")
def building():
    name = request.cookies.get("name", "")
    page = "<p>Welcome %s</p>" % name
    # ruleid: py.response-xss (flow: string-building)
    return Response(page)


@app.route("/building2")
def building2():
    name = request.args.get("name")
    # ruleid: py.response-xss (flow: string-building)
    return "<ul>{}</ul>".format("".join("<li>%s</li>" % n for n in name.split(",")))


@app.route("/container")
def container():
    ctx = {"title": "Report", "who": request.args.get("who")}
    if ctx["title"]:
        # ok: py.response-xss (flow: container)
        return "<h1>" + ctx["title"] + "</h1>"
    # ruleid: py.response-xss (flow: container)
    return "<h1>" + ctx["who"] + "</h1>"


def greeting(name):
    return "<b>Hi " + name + "</b>"


def render_error(message):
    # ruleid: py.response-xss (flow: helper-function)
    return HttpResponse("<div class=error>" + message + "</div>")


@app.route("/helper")
def helper():
    render_error(request.args.get("err"))
    # ruleid: py.response-xss (flow: helper-function)
    return greeting(request.args.get("n"))


class Page:
    def __init__(self):
        self.heading = request.args.get("heading")
        self.footer = "<footer>(c)</footer>"

    def render(self):
        # ruleid: py.response-xss (flow: class-field)
        return HttpResponse("<h2>" + self.heading + "</h2>")

    def render_footer(self):
        # ok: py.response-xss (flow: class-field)
        return HttpResponse(self.footer)


@app.route("/sanitized")
def sanitized():
    name = request.args.get("name")
    if name == "x":
        # ok: py.response-xss (flow: sanitized)
        return "<h1>Hello " + escape(name) + "</h1>"
    if name == "y":
        # ok: py.response-xss (flow: sanitized)
        return make_response("<p>" + html.escape(name) + "</p>")
    if name == "z":
        # ok: py.response-xss (flow: sanitized)
        return "<p>" + name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") + "</p>"
    # ok: py.response-xss (flow: sanitized)
    return render_template("hello.html", name=name)


@app.route("/json")
def as_json():
    name = request.args.get("name")
    if name:
        # ok: py.response-xss (flow: sanitized)
        return jsonify(name=name)
    # ok: py.response-xss (flow: sanitized)
    return Response(name, mimetype="application/json")


@app.route("/numbers")
def numbers():
    count = int(request.args.get("count", "0"))
    # ok: py.response-xss (flow: number-conversion)
    return f"<p>{count} items</p>"


@app.route("/constant")
def constant():
    msg = request.args.get("msg")
    msg = "Saved"
    if request.args.get("x"):
        # ok: py.response-xss (flow: constant-overwrite)
        return "<p>" + msg + "</p>"
    bar = "safe"
    num = 106
    bar = "This should never happen" if (7 * 42) - num > 200 else "constant"
    # ok: py.response-xss (flow: dead-branch)
    return bar


@app.route("/command")
def command():
    param = request.args.get("host")
    out = subprocess.run(["ping", "-c", "1", param], capture_output=True, text=True)
    resp = make_response()
    # ok: py.response-xss
    resp.set_data(out.stdout)
    # ok: py.response-xss
    return resp


@app.route("/api/echo")
def api_echo():
    name = request.args.get("name")
    # ok: py.response-xss
    return {"name": name}


@app.route("/api/echo2")
def api_echo2():
    result = {"name": request.args.get("name")}
    # ok: py.response-xss
    return result


@app.route("/profile")
def profile():
    user = User.query.filter_by(name=request.args.get("name")).first_or_404()
    # ok: py.response-xss
    return f"<h1>{user.display_name}</h1>"


@app.route("/report")
def report():
    response = "<html><body>"
    response += "<p>" + request.args.get("title", "") + "</p>"
    # ruleid: py.response-xss (flow: string-building)
    return response


def django_view(request):
    # ruleid: py.response-xss (flow: direct)
    return HttpResponse("Hello " + request.GET.get("name", ""))


def plain_helper(text):
    # ok: py.response-xss
    return "<p>" + text + "</p>"


def etag_view(request):
    import hashlib
    # ok: py.response-xss (flow: sanitized)
    return HttpResponse(hashlib.sha256(request.body).hexdigest())


def echo_view(request):
    # ruleid: py.response-xss (flow: direct)
    return HttpResponse(request.body.decode())


def employee_view(request):
    import elementpath
    emplid = request.GET.get("id", "").replace("'", "&apos;")
    nodes = elementpath.select(EMPLOYEES, f"/Employees/Employee[@emplid='{emplid}']")
    names = [" ".join(e.text for e in node) for node in nodes]
    # ok: py.response-xss (flow: sanitized)
    return HttpResponse("<p>" + ", ".join(names) + "</p>")


def employee_missing_view(request):
    emplid = request.GET.get("id", "").replace("'", "&apos;")
    # ruleid: py.response-xss (flow: direct)
    return HttpResponse("<p>No employee " + emplid + "</p>")


def echo_names(request):
    from lxml import etree
    doc = etree.fromstring(request.body)
    # ruleid: py.response-xss (flow: direct)
    return HttpResponse("<p>" + " ".join(doc.xpath("//name/text()")) + "</p>")
