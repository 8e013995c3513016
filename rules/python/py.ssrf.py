# Fixture for py.ssrf: request data choosing the address the server fetches.
import urllib.request
from urllib.parse import urlparse

import aiohttp
import httpx
import requests
from flask import Flask, abort, request

app = Flask(__name__)
session = requests.Session()
ALLOWED_HOSTS = {"api.example.com"}
ALLOWED_FEEDS = {"news": "https://feeds.example.com/news.xml", "blog": "https://blog.example.com/rss"}


@app.route("/direct")
def direct():
    # ruleid: py.ssrf (flow: direct)
    r = requests.get(request.args.get("url"))
    # ruleid: py.ssrf (flow: direct)
    body = urllib.request.urlopen(request.form["target"]).read()
    return r.text + body.decode()


@app.route("/assignments")
def assignments():
    target = request.args.get("webhook")
    url = target
    # ruleid: py.ssrf (flow: assignments)
    session.post(url, json={"event": "ping"})
    # ruleid: py.ssrf (flow: assignments)
    requests.request("GET", url, timeout=5)
    # ruleid: py.ssrf (flow: assignments)
    httpx.get(url=url)
    return "sent"


@app.route("/building")
def building():
    host = request.args.get("host")
    # ruleid: py.ssrf (flow: string-building)
    requests.get("http://" + host + "/status")
    # ruleid: py.ssrf (flow: string-building)
    requests.get(f"https://{host}/api")
    # ruleid: py.ssrf (flow: string-building)
    requests.get("{}://{}/".format("https", host))
    return "ok"


@app.route("/container")
def container():
    conf = {"base": "https://api.example.com", "callback": request.json["callback"]}
    # ok: py.ssrf (flow: container)
    requests.get(conf["base"])
    # ruleid: py.ssrf (flow: container)
    requests.post(conf["callback"], data="done")
    return "ok"


def fetch(url):
    # ruleid: py.ssrf (flow: helper-function)
    return requests.get(url, timeout=3).text


def normalise(url):
    return url.strip()


@app.route("/helper")
def helper():
    fetch(request.args.get("u"))
    # ruleid: py.ssrf (flow: helper-function)
    requests.head(normalise(request.args.get("v")))
    # ok: py.ssrf (flow: helper-function)
    requests.head(normalise("https://example.com/health"))
    return "ok"


class Proxy:
    def __init__(self):
        self.upstream = request.headers.get("X-Upstream")
        self.default = "https://internal.example.com/"

    def forward(self):
        # ruleid: py.ssrf (flow: class-field)
        return requests.get(self.upstream).content

    def fallback(self):
        # ok: py.ssrf (flow: class-field)
        return requests.get(self.default).content


@app.route("/sanitized")
def sanitized():
    feed = request.args.get("feed")
    # ok: py.ssrf (flow: sanitized)
    requests.get(ALLOWED_FEEDS[feed])
    # ok: py.ssrf (flow: sanitized)
    requests.get(ALLOWED_FEEDS.get(feed, "https://feeds.example.com/news.xml"))
    user_id = int(request.args.get("id"))
    # ok: py.ssrf (flow: number-conversion)
    requests.get("http://users-service:8080/users/%d" % user_id)
    return "ok"


@app.route("/fixed-host")
def fixed_host():
    name = request.args.get("name")
    # ok: py.ssrf (flow: sanitized)
    requests.get("https://api.github.com/users/" + name)
    # ok: py.ssrf (flow: sanitized)
    requests.get(f"https://api.example.com/search?q={name}")
    # ok: py.ssrf (flow: sanitized)
    requests.get("https://api.example.com/items/{}".format(name))
    # ok: py.ssrf (flow: sanitized)
    requests.get("https://api.example.com/items/%s" % name)
    # the host itself is a %-placeholder: the request picks the server
    # ruleid: py.ssrf (flow: string-building)
    requests.get("http://%s/api/status" % name)
    return "ok"


@app.route("/constant")
def constant():
    url = request.args.get("url")
    url = "https://example.com/"
    # ok: py.ssrf (flow: constant-overwrite)
    requests.get(url)
    target = "https://status.example.com/"
    if False:
        target = request.args.get("target")
    # ok: py.ssrf (flow: dead-branch)
    requests.get(target)
    return "ok"


@app.route("/near-miss")
def near_miss():
    q = request.args.get("q")
    # ok: py.ssrf
    requests.get("https://search.example.com/api", params={"q": q})
    # ok: py.ssrf
    requests.post("https://hooks.example.com/notify", json={"text": q})
    return "ok"


async def aiohttp_proxy(request):
    target = request.query["url"]
    async with aiohttp.ClientSession() as client:
        # ruleid: py.ssrf (flow: assignments)
        async with client.get(target) as resp:
            return await resp.text()


async def starlette_fetch(request):
    body = await request.json()
    async with httpx.AsyncClient() as client:
        # ruleid: py.ssrf (flow: container)
        r = await client.post(body["callback"], json={"ok": True})
    return r.status_code


def sync_job(url):
    # ok: py.ssrf
    return requests.get(url).json()


@app.route("/checked-host")
def checked_host():
    url = request.args.get("url")
    if urlparse(url).hostname not in ALLOWED_HOSTS:
        return "no", 400
    # ok: py.ssrf (flow: guard)
    requests.get(url)
    other = request.args.get("other")
    if urlparse(other).hostname in ALLOWED_HOSTS:
        # ok: py.ssrf (flow: guard)
        requests.get(other)
    # ruleid: py.ssrf (flow: guard)
    requests.get(other)
    return "ok"


def parsed_check():
    url = request.args["url"]
    parsed = urlparse(url)
    if parsed.hostname != "api.example.com":
        abort(400)
    # ok: py.ssrf (flow: guard)
    return requests.get(url).text


def parsed_loose():
    url = request.args["url"]
    parsed = urlparse(url)
    if not parsed.hostname.endswith("example.com"):
        abort(400)
    # ruleid: py.ssrf (flow: guard)
    return requests.get(url).text
