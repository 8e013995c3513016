# Fixture for py.ssrf.
import urllib.request

import httpx
import requests
from flask import request


def preview():
    # ruleid: py.ssrf
    page = requests.get(request.args["url"])
    # ruleid: py.ssrf
    body = urllib.request.urlopen(request.form.get("feed")).read()
    # ruleid: py.ssrf
    r = httpx.post(request.json["webhook"], json={"ok": True})
    # ruleid: py.ssrf
    s = requests.get(f"{request.args['origin']}/api/status")
    return page, body, r, s


def safe():
    # ok: py.ssrf
    page = requests.get("https://api.example.com/items/" + request.args["id"])
    # ok: py.ssrf
    r = httpx.get(f"https://api.example.com/users/{request.args['id']}")
    # ok: py.ssrf
    s = requests.get(settings.STATUS_URL, timeout=5)
    # ok: py.ssrf
    t = requests.get(allow_listed(request.args["url"]))
    return page, r, s, t
