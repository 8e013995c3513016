# Fixture for py.mark-safe-xss: request data marked safe for HTML without escaping.
from django.http import HttpResponse
from django.utils.html import conditional_escape, escape, format_html
from django.utils.safestring import mark_safe
from flask import Flask, request
from markupsafe import Markup

app = Flask(__name__)


def direct(request):
    # ruleid: py.mark-safe-xss (flow: direct)
    return HttpResponse(mark_safe(request.GET["bio"]))


def assignments(request):
    bio = request.POST.get("bio", "")
    text = bio
    html = "<div class='bio'>" + text + "</div>"
    # ruleid: py.mark-safe-xss (flow: assignments)
    return HttpResponse(mark_safe(html))


@app.route("/building")
def building():
    name = request.args.get("name")
    # ruleid: py.mark-safe-xss (flow: string-building)
    banner = Markup(f"<b>{name}</b>")
    # ruleid: py.mark-safe-xss (flow: string-building)
    title = Markup("<h1>%s</h1>" % name)
    # ruleid: py.mark-safe-xss (flow: string-building)
    note = format_html("<i>" + name + "</i>")
    return str(banner) + str(title) + str(note)


def container(request):
    parts = {"label": "Name", "value": request.GET.get("v")}
    # ok: py.mark-safe-xss (flow: container)
    label = mark_safe("<label>" + parts["label"] + "</label>")
    # ruleid: py.mark-safe-xss (flow: container)
    value = mark_safe("<span>" + parts["value"] + "</span>")
    return HttpResponse(label + value)


def bold(text):
    return "<b>" + text + "</b>"


def safe_block(content):
    # ruleid: py.mark-safe-xss (flow: helper-function)
    return mark_safe("<div>" + content + "</div>")


def helper(request):
    # ruleid: py.mark-safe-xss (flow: helper-function)
    a = mark_safe(bold(request.GET["t"]))
    b = safe_block(request.GET["c"])
    # ok: py.mark-safe-xss (flow: helper-function)
    c = mark_safe(bold("static"))
    return HttpResponse(a + b + c)


class Widget:
    def __init__(self, request):
        self.caption = request.GET.get("caption")
        self.icon = "<i class='icon'></i>"

    def render(self):
        # ruleid: py.mark-safe-xss (flow: class-field)
        return mark_safe("<figcaption>" + self.caption + "</figcaption>")

    def render_icon(self):
        # ok: py.mark-safe-xss (flow: class-field)
        return mark_safe(self.icon)


def sanitized(request):
    name = request.GET.get("name")
    # ok: py.mark-safe-xss (flow: sanitized)
    a = mark_safe("<b>" + escape(name) + "</b>")
    # ok: py.mark-safe-xss (flow: sanitized)
    b = mark_safe("<i>%s</i>" % conditional_escape(name))
    # ok: py.mark-safe-xss (flow: sanitized)
    c = format_html("<b>{}</b>", name)
    # ok: py.mark-safe-xss (flow: sanitized)
    d = Markup("<b>{}</b>").format(name)
    return HttpResponse(a + b + c + d)


def numbers(request):
    stars = int(request.GET.get("stars", "0"))
    # ok: py.mark-safe-xss (flow: number-conversion)
    return HttpResponse(mark_safe("&#9733;" * stars + "<span>%d</span>" % stars))


def constant(request):
    text = request.GET.get("text")
    text = "<hr>"
    # ok: py.mark-safe-xss (flow: constant-overwrite)
    a = mark_safe(text)
    html = "<br>"
    if False:
        html = request.GET.get("html")
    # ok: py.mark-safe-xss (flow: dead-branch)
    b = mark_safe(html)
    return HttpResponse(a + b)


def render_icon(name):
    # ok: py.mark-safe-xss
    return mark_safe('<svg class="icon-%s"></svg>' % name)
