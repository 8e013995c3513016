# Fixture for py.open-redirect.
from django.http import HttpResponseRedirect
from flask import redirect, request, url_for


def login_done():
    # ruleid: py.open-redirect
    return redirect(request.args.get("next"))


def django_done(request):
    # ruleid: py.open-redirect
    return HttpResponseRedirect(request.GET["next"])


def other():
    # ruleid: py.open-redirect
    return redirect(request.form["return_to"] + "?ok=1")
    # ruleid: py.open-redirect
    return redirect(f"{request.args['host']}/welcome")


def safe(request):
    # ok: py.open-redirect
    return redirect(url_for("index"))
    # ok: py.open-redirect
    return redirect("/items/" + request.args["id"])
    # ok: py.open-redirect
    return HttpResponseRedirect(f"/users/{request.GET['id']}/")
    # ok: py.open-redirect
    return redirect(settings.LOGIN_URL)
