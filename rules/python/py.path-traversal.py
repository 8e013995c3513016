# Fixture for py.path-traversal.
import os

from flask import request, send_file, send_from_directory

UPLOADS = "/srv/uploads"


def download():
    # ruleid: py.path-traversal
    with open(request.args["name"]) as fh:
        data = fh.read()
    # ruleid: py.path-traversal
    return send_file(os.path.join(UPLOADS, request.args.get("file")))


def remove():
    # ruleid: py.path-traversal
    os.remove(f"/srv/uploads/{request.form['name']}")
    # ruleid: py.path-traversal
    fh = open(UPLOADS + "/" + request.GET["file"], "rb")
    return fh


def safe():
    # ok: py.path-traversal
    return send_from_directory(UPLOADS, request.args["name"])
    # ok: py.path-traversal
    fh = open(os.path.join(UPLOADS, "index.html"))
    # ok: py.path-traversal
    fh = open(settings.LOG_PATH, "a")
    # ok: py.path-traversal
    fh = open(os.path.join(UPLOADS, secure_filename(request.args["name"])))
    # ok: py.path-traversal
    # open(request.args["name"]) was here
    return fh
