# Fixture for py.response-xss.
from django.http import HttpResponse
from flask import make_response, request
from markupsafe import escape


def hello():
    # ruleid: py.response-xss
    return make_response(f"<h1>Hello {request.args.get('name')}</h1>")


def search(request):
    # ruleid: py.response-xss
    return HttpResponse("<p>No results for " + request.GET["q"] + "</p>")


def echo():
    # ruleid: py.response-xss
    return make_response(request.args["msg"])
    # ruleid: py.response-xss
    return Response("<b>{}</b>".format(request.form["name"]))


def safe(request):
    # ok: py.response-xss
    return make_response(f"<h1>Hello {escape(request.args.get('name'))}</h1>")
    # ok: py.response-xss
    return HttpResponse("<p>Saved</p>")
    # ok: py.response-xss
    return make_response(jsonify(q=request.args["q"]))
    # ok: py.response-xss
    return HttpResponse(render_to_string("page.html", {"q": request.GET["q"]}))
