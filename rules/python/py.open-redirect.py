# Fixture for py.open-redirect: request data choosing where a response redirects.
from django.http import HttpResponseRedirect
from flask import Flask, make_response, redirect, request, url_for

app = Flask(__name__)
SAFE_TARGETS = {"home": "/", "account": "/account"}


@app.route("/direct")
def direct():
    # ruleid: py.open-redirect (flow: direct)
    return redirect(request.args.get("next"))


@app.route("/assignments")
def assignments():
    param = request.args.get("return_to")
    bar = param
    target = bar
    # ruleid: py.open-redirect (flow: assignments)
    return redirect(target, code=302)


@app.route("/building")
def building():
    host = request.args.get("host")
    # ruleid: py.open-redirect (flow: string-building)
    return redirect("https://" + host + "/welcome")


@app.route("/building2")
def building2():
    path = request.args.get("path", "")
    # ruleid: py.open-redirect (flow: string-building)
    return redirect(f"{path}?ref=login")


@app.route("/path-parts")
def path_parts():
    parts = request.path.split("/")
    param = parts[1]
    # ruleid: py.open-redirect (flow: container)
    return redirect(param)


@app.route("/container")
def container():
    urls = {"home": "/", "next": request.args.get("next")}
    if request.args.get("go") == "home":
        # ok: py.open-redirect (flow: container)
        return redirect(urls["home"])
    # ruleid: py.open-redirect (flow: container)
    return redirect(urls["next"])


def after_login(default):
    return request.args.get("next", default)


def send_to(url):
    # ruleid: py.open-redirect (flow: helper-function)
    return redirect(url)


@app.route("/helper")
def helper():
    if request.args.get("mode") == "a":
        # ruleid: py.open-redirect (flow: helper-function)
        return redirect(after_login("/"))
    return send_to(request.cookies.get("last_page"))


class Flow:
    def start(self):
        self.next_url = request.form.get("next")
        self.home = "/dashboard"

    def finish(self):
        # ruleid: py.open-redirect (flow: class-field)
        return redirect(self.next_url)

    def cancel(self):
        # ok: py.open-redirect (flow: class-field)
        return redirect(self.home)


@app.route("/location")
def location():
    resp = make_response("", 302)
    # ruleid: py.open-redirect (flow: direct)
    resp.headers["Location"] = request.args.get("to")
    return resp


@app.route("/sanitized")
def sanitized():
    name = request.args.get("page")
    # ok: py.open-redirect (flow: sanitized)
    return redirect(url_for("show", page=name))


@app.route("/allow-list")
def allow_list():
    # ok: py.open-redirect (flow: sanitized)
    return redirect(SAFE_TARGETS.get(request.args.get("to"), "/"))


@app.route("/local-path")
def local_path():
    slug = request.args.get("slug")
    if slug == "new":
        # ok: py.open-redirect (flow: sanitized)
        return redirect("/articles/" + slug)
    # ok: py.open-redirect (flow: sanitized)
    return redirect(f"/search?q={slug}")


ALLOWED_REDIRECTS = {"https://partner.example.com/", "https://docs.example.com/"}


@app.route("/checked")
def checked():
    target = request.args.get("to")
    if target in ALLOWED_REDIRECTS:
        # ok: py.open-redirect (flow: sanitized)
        return redirect(target)
    nxt = request.args.get("next", "/")
    if nxt not in ["/", "/account", "/orders"]:
        return redirect("/")
    # ok: py.open-redirect (flow: sanitized)
    return redirect(nxt)


@app.route("/unchecked")
def unchecked():
    target = request.args.get("to")
    if target in ALLOWED_REDIRECTS:
        return redirect(target)
    # ruleid: py.open-redirect (flow: assignments)
    return redirect(target)


@app.route("/numbers")
def numbers():
    page = int(request.args.get("page", "1"))
    # ok: py.open-redirect (flow: number-conversion)
    return redirect(str(page))


@app.route("/constant")
def constant():
    target = request.args.get("next")
    target = "/home"
    if request.args.get("x"):
        # ok: py.open-redirect (flow: constant-overwrite)
        return redirect(target)
    dest = "/"
    if False:
        dest = request.args.get("dest")
    # ok: py.open-redirect (flow: dead-branch)
    return redirect(dest)


@app.route("/prg", methods=["POST"])
def post_redirect_get():
    # ok: py.open-redirect
    return redirect(request.path)


def django_view(request):
    # ruleid: py.open-redirect (flow: direct)
    return HttpResponseRedirect(request.GET["next"])
