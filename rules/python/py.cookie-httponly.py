# Fixture for py.cookie-httponly.
from flask import make_response


def login():
    resp = make_response("ok")
    # ruleid: py.cookie-httponly
    resp.set_cookie("session", token)
    # ruleid: py.cookie-httponly
    resp.set_cookie("auth", token, secure=True)
    # ruleid: py.cookie-httponly
    resp.set_cookie("auth", token, secure=True, httponly=False, samesite="Lax")
    # ruleid: py.cookie-httponly
    response.set_cookie(key="sid", value=sid, max_age=3600)
    return resp


def safe(resp):
    # ok: py.cookie-httponly
    resp.set_cookie("session", token, secure=True, httponly=True, samesite="Lax")
    # ok: py.cookie-httponly
    resp.set_cookie("auth", token, httponly=True)
    # ok: py.cookie-httponly
    resp.set_cookie("auth", token, secure=False, httponly=True)
    # ok: py.cookie-httponly
    resp.set_cookie("session", token, httponly=settings.COOKIE_HTTPONLY)
    # ok: py.cookie-httponly
    resp.set_cookie("session", token, **COOKIE_OPTIONS)
    # ok: py.cookie-httponly
    resp.delete_cookie("session")
    return resp
