# Fixture for py.xxe: request data parsed by an lxml parser that resolves entities.
import base64

import defusedxml.lxml
import lxml.etree
from flask import Flask, request
from lxml import etree

app = Flask(__name__)
# A module's parser, configured for documents of any origin.
UNSAFE = etree.XMLParser(resolve_entities=True)
SAFE = etree.XMLParser(resolve_entities=False, no_network=True)


@app.route("/direct", methods=["POST"])
def direct():
    # ruleid: py.xxe (flow: direct)
    return etree.fromstring(request.data, etree.XMLParser(resolve_entities=True)).text


@app.route("/assignments", methods=["POST"])
def assignments():
    param = request.form.get("doc", "")
    bar = param
    parser = lxml.etree.XMLParser(resolve_entities=True)
    # ruleid: py.xxe (flow: assignments)
    root = lxml.etree.fromstring(bar, parser)
    # ok: py.xxe (flow: sanitized)
    safe = defusedxml.lxml.fromstring(bar)
    # ok: py.xxe (flow: sanitized)
    hardened = etree.fromstring(bar, SAFE)
    return root.text + safe.text + hardened.text


@app.route("/strings", methods=["POST"])
def strings():
    name = request.form.get("name", "")
    # ruleid: py.xxe (flow: string-building)
    a = etree.fromstring(f"<user><name>{name}</name></user>", parser=UNSAFE)
    # ruleid: py.xxe (flow: string-building)
    b = etree.XML("<user>" + name + "</user>", UNSAFE)
    # ruleid: py.xxe (flow: string-building)
    c = etree.fromstring(base64.b64decode(request.form["doc"]), UNSAFE)
    return a.text + b.text + c.text


@app.route("/container", methods=["POST"])
def container():
    docs = {"keyA": "<a/>", "keyB": request.form.get("doc", "")}
    # ruleid: py.xxe (flow: container)
    first = etree.fromstring(docs["keyB"], UNSAFE)
    # ok: py.xxe (flow: container)
    second = etree.fromstring(docs["keyA"], UNSAFE)
    return first.text + second.text


def parse_settings(text):
    # ruleid: py.xxe (flow: helper-function)
    return etree.fromstring(text, UNSAFE)


@app.route("/helper", methods=["POST"])
def helper():
    return parse_settings(request.get_data()).text


class Importer:
    def __init__(self):
        self.document = request.get_data()
        self.sample = "<sample/>"

    def run(self):
        # ruleid: py.xxe (flow: class-field)
        doc = etree.fromstring(self.document, UNSAFE)
        # ok: py.xxe (flow: class-field)
        sample = etree.fromstring(self.sample, UNSAFE)
        return doc, sample


@app.route("/constants", methods=["POST"])
def constants():
    doc = request.form.get("doc", "")
    doc = "<config/>"
    # ok: py.xxe (flow: constant-overwrite)
    a = etree.fromstring(doc, UNSAFE)
    num = 106
    chosen = "<safe/>" if 7 * 18 + num > 200 else request.form.get("doc", "")
    # ok: py.xxe (flow: dead-branch)
    b = etree.fromstring(chosen, UNSAFE)
    # ok: py.xxe (flow: number-conversion)
    c = etree.fromstring("<n>%d</n>" % int(request.form.get("n", "0")), UNSAFE)
    # ok: py.xxe
    d = etree.fromstring(request.data)
    # ok: py.xxe
    e = etree.fromstring(request.data, SAFE)
    return a, b, c, d, e


class Feed:
    def __init__(self):
        self.parser = etree.XMLParser(resolve_entities=True)

    @app.route("/feed", methods=["POST"])
    def upload(self):
        # ruleid: py.xxe
        return etree.fromstring(request.data, self.parser)
