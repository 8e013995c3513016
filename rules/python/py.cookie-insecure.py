# Fixture for py.cookie-insecure.
from flask import make_response


def login():
    resp = make_response("ok")
    # ruleid: py.cookie-insecure
    resp.set_cookie("session", token)
    # ruleid: py.cookie-insecure
    resp.set_cookie("auth", token, httponly=True)
    # ruleid: py.cookie-insecure
    resp.set_cookie("auth", token, secure=False, httponly=True, samesite="Lax")
    # ruleid: py.cookie-insecure
    response.set_cookie(key="sid", value=sid, max_age=3600)
    return resp


def safe(resp):
    # ok: py.cookie-insecure
    resp.set_cookie("session", token, secure=True, httponly=True, samesite="Lax")
    # ok: py.cookie-insecure
    resp.set_cookie("prefs", prefs, secure=True)
    # ok: py.cookie-insecure
    resp.set_cookie("auth", token, secure=True, httponly=False, samesite="Lax")
    # ok: py.cookie-insecure
    resp.set_cookie("session", token, secure=not app.debug, httponly=True)
    # ok: py.cookie-insecure
    resp.set_cookie("session", token, secure=FORCE_HTTPS)
    # ok: py.cookie-insecure
    resp.set_cookie("session", token, **COOKIE_OPTIONS)
    # ok: py.cookie-insecure
    resp.delete_cookie("session")
    return resp
