# Fixture for py.path-traversal: request data reaching a file path.
import codecs
import os
import re
import shutil
from pathlib import Path

from flask import Flask, abort, request, send_file, send_from_directory
from werkzeug.utils import secure_filename

app = Flask(__name__)
BASE_DIR = "/srv/files"
REPORTS = ("monthly.pdf", "yearly.pdf")
UPLOADS = "/srv/uploads"


@app.route("/direct")
def direct():
    # ruleid: py.path-traversal (flow: direct)
    data = open(request.args.get("file")).read()
    # ruleid: py.path-traversal (flow: direct)
    return send_file(request.args["path"])


@app.route("/assignments", methods=["POST"])
def assignments():
    param = request.cookies.get("report", "none.txt")
    bar = param
    target = os.path.join(BASE_DIR, bar)
    # ruleid: py.path-traversal (flow: assignments)
    with open(target, "rb") as fh:
        body = fh.read()
    # ruleid: py.path-traversal (flow: assignments)
    if os.path.exists(target):
        # ruleid: py.path-traversal (flow: assignments)
        os.remove(target)
    return body


@app.route("/building")
def building():
    name = request.args.get("name")
    # ruleid: py.path-traversal (flow: string-building)
    fh = codecs.open(f"{BASE_DIR}/{name}", "r", "utf-8")
    # ruleid: py.path-traversal (flow: string-building)
    shutil.copy("/srv/template.txt", BASE_DIR + "/" + name)
    # ruleid: py.path-traversal (flow: string-building)
    text = Path(BASE_DIR).joinpath(name).read_text()
    # ruleid: py.path-traversal (flow: string-building)
    entries = os.listdir("%s/%s" % (BASE_DIR, name))
    return fh.read() + text + str(entries)


@app.route("/container")
def container():
    files = {"default": "index.txt", "chosen": request.args.get("f")}
    # ok: py.path-traversal (flow: container)
    open(os.path.join(BASE_DIR, files["default"]))
    # ruleid: py.path-traversal (flow: container)
    open(os.path.join(BASE_DIR, files["chosen"]))
    names = []
    names.append(request.args.get("g"))
    # ruleid: py.path-traversal (flow: container)
    open(names[0])
    return "ok"


def under_base(name):
    return os.path.join(BASE_DIR, name)


def delete_file(path):
    # ruleid: py.path-traversal (flow: helper-function)
    os.unlink(path)


@app.route("/helper")
def helper():
    # ruleid: py.path-traversal (flow: helper-function)
    open(under_base(request.args.get("n")))
    delete_file(request.form.get("victim"))
    # ok: py.path-traversal (flow: helper-function)
    open(under_base("readme.txt"))
    return "ok"


class Export:
    def __init__(self):
        self.filename = request.args.get("export")
        self.folder = "/srv/exports"

    def write(self, data):
        # ruleid: py.path-traversal (flow: class-field)
        with open(os.path.join(self.folder, self.filename), "w") as out:
            out.write(data)
        # ok: py.path-traversal (flow: class-field)
        os.makedirs(self.folder, exist_ok=True)


@app.route("/upload", methods=["POST"])
def upload():
    f = request.files["file"]
    # ruleid: py.path-traversal (flow: direct)
    f.save(os.path.join(UPLOADS, f.filename))
    # ok: py.path-traversal (flow: sanitized)
    f.save(os.path.join(UPLOADS, secure_filename(f.filename)))
    return "saved"


@app.route("/sanitized")
def sanitized():
    name = request.args.get("name")
    # ok: py.path-traversal (flow: sanitized)
    open(os.path.join(BASE_DIR, os.path.basename(name)))
    # ok: py.path-traversal (flow: sanitized)
    return send_from_directory(BASE_DIR, name)


def is_safe_path(base, name):
    return os.path.realpath(os.path.join(base, name)).startswith(base)


@app.route("/checked")
def checked():
    name = request.args.get("name")
    if not is_safe_path(BASE_DIR, name):
        return "invalid", 400
    # ok: py.path-traversal (flow: sanitized)
    return open(os.path.join(BASE_DIR, name)).read()


@app.route("/numbers")
def numbers():
    page = int(request.args.get("page", "1"))
    # ok: py.path-traversal (flow: number-conversion)
    return open(f"{BASE_DIR}/page-{page}.html").read()


@app.route("/constant")
def constant():
    name = request.args.get("name")
    name = "index.html"
    # ok: py.path-traversal (flow: constant-overwrite)
    open(os.path.join(BASE_DIR, name))
    path = "/srv/files/a.txt"
    if False:
        path = request.args.get("path")
    # ok: py.path-traversal (flow: dead-branch)
    return open(path).read()


@app.route("/near-miss")
def near_miss():
    name = request.args.get("name")
    # ok: py.path-traversal
    log = open("/var/log/app.log", "a")
    log.write(name)
    # ok: py.path-traversal
    return send_file(os.path.join(BASE_DIR, "manual.pdf"), download_name=name)


# Checked against an allow-list, or made whole and checked to lie under the base folder.
@app.route("/guarded")
def guarded():
    name = request.args.get("name")
    full = os.path.realpath(os.path.join(BASE_DIR, name))
    if not full.startswith(BASE_DIR + os.sep):
        abort(403)
    # ok: py.path-traversal (flow: guard)
    data = open(full).read()
    raw = request.args.get("raw")
    if not raw.startswith(BASE_DIR):
        abort(403)
    # ruleid: py.path-traversal (flow: guard)
    data += open(raw).read()
    loose = os.path.abspath(os.path.join(BASE_DIR, request.args.get("loose")))
    if loose.startswith("/"):
        # ruleid: py.path-traversal (flow: guard)
        data += open(loose).read()
    doc_path = (Path(BASE_DIR) / request.args.get("doc")).resolve()
    if doc_path.is_relative_to(BASE_DIR):
        # ok: py.path-traversal (flow: guard)
        data += doc_path.read_text()
    # ruleid: py.path-traversal (flow: guard)
    data += doc_path.read_text()
    target = os.path.normpath(os.path.join(BASE_DIR, request.args.get("target")))
    if os.path.commonpath([BASE_DIR, target]) != BASE_DIR:
        return "outside", 403
    # ok: py.path-traversal (flow: guard)
    os.remove(target)
    return data


@app.route("/allow-listed")
def allow_listed():
    report = request.args.get("report")
    if report not in REPORTS:
        return "unknown report", 404
    # ok: py.path-traversal (flow: guard)
    send_file(os.path.join(BASE_DIR, report))
    kind = request.args.get("kind")
    if kind in ("csv", "json"):
        # ok: py.path-traversal (flow: guard)
        open(f"{BASE_DIR}/export.{kind}")
    # ruleid: py.path-traversal (flow: guard)
    open(f"{BASE_DIR}/export.{kind}")
    slug = request.args.get("slug")
    if re.fullmatch(r"[a-z0-9_-]+", slug) and len(slug) < 64:
        # ok: py.path-traversal (flow: guard)
        open(os.path.join(BASE_DIR, slug))
    other = request.args.get("other")
    if ".." in other:
        abort(400)
    # ruleid: py.path-traversal (flow: guard)
    return send_file(os.path.join(BASE_DIR, other))


def cli_cleanup(path):
    # ok: py.path-traversal
    shutil.rmtree(path)


# A name that may not hold '..' cannot leave a folder a string puts in front of it; joined by os.path.join (an
# absolute name replaces the folder) or used alone, it can.
@app.route("/dots-checked")
def dots_checked():
    name = request.args.get("name")
    if "../" in name:
        return "bad name", 400
    # ok: py.path-traversal (flow: guard)
    data = open(f"{BASE_DIR}/{name}").read()
    other = request.args.get("other")
    if '..' not in other:
        # ok: py.path-traversal (flow: guard)
        data += open(BASE_DIR + "/" + other).read()
    # ruleid: py.path-traversal (flow: guard)
    return data + open(BASE_DIR + "/" + other).read()


@app.route("/dots-checked-alone")
def dots_checked_alone():
    name = request.args.get("name")
    if ".." in name:
        abort(400)
    log.info("reading " + name)
    # ruleid: py.path-traversal (flow: guard)
    return open(name).read()


@app.route("/dots-checked-short")
def dots_checked_short():
    name = request.args.get("name")
    if "../" in name:
        abort(400)
    # ruleid: py.path-traversal (flow: guard)
    index = open(f"{BASE_DIR}/{name}/index.html").read()
    other = request.args.get("other")
    if "..\\" in other:
        abort(400)
    # ruleid: py.path-traversal (flow: guard)
    return index + open(f"{BASE_DIR}/{other}").read()


# A match on a constant takes one case.
@app.route("/matched")
def matched():
    name = request.args.get("name")
    guess = "ABC"[1]
    match guess:
        case "A":
            path = name
        case "B":
            path = "manual.pdf"
        case "C" | "D":
            path = name
    # ok: py.path-traversal (flow: dead-branch)
    data = open(f"{BASE_DIR}/docs/{path}").read()
    match "ABC"[2]:
        case "A":
            path = "manual.pdf"
        case "C" | "D":
            path = name
    # ruleid: py.path-traversal (flow: dead-branch)
    return data + open(f"{BASE_DIR}/docs/{path}").read()


# Compared with constants: the value is one of them.
@app.route("/export-format")
def export_format():
    mode = request.args.get("mode")
    if mode.lower() == "csv" or mode.lower() == "json":
        # ok: py.path-traversal (flow: guard)
        return open(f"{BASE_DIR}/export.{mode}").read()
    if mode != "xml":
        abort(400)
    # ok: py.path-traversal (flow: guard)
    data = open(os.path.join(BASE_DIR, "export." + mode)).read()
    other = request.args.get("other")
    if other == "a" or other:
        # ruleid: py.path-traversal (flow: guard)
        data += open(os.path.join(BASE_DIR, other)).read()
    return data
