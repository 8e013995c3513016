# Fixture for py.xpath-injection: request data reaching an XPath expression.
import io
import re
from xml.etree import ElementTree
import xml.etree.ElementTree as ET

import elementpath
from flask import Flask, request
from lxml import etree

app = Flask(__name__)
tree = etree.parse("employees.xml")


@app.route("/direct")
def direct():
    # ruleid: py.xpath-injection (flow: direct)
    return str(tree.xpath("//user[@name='" + request.args.get("name") + "']"))


@app.route("/assignments", methods=["POST"])
def assignments():
    param = request.form.get("id")
    if not param:
        param = ""
    bar = param
    query = "/Employees/Employee[@emplid='" + bar + "']"
    # ruleid: py.xpath-injection (flow: assignments)
    nodes = tree.xpath(query)
    return str(nodes)


@app.route("/building")
def building():
    bar = request.cookies.get("emp", "")
    root = ET.parse("employees.xml")
    # ruleid: py.xpath-injection (flow: string-building)
    nodes = elementpath.select(root, f"/Employees/Employee[@emplid='{bar}']")
    str_io = io.StringIO()
    str_io.write("/Employees/Employee[@emplid='")
    str_io.write(bar)
    str_io.write("']")
    # ruleid: py.xpath-injection (flow: string-building)
    more = tree.xpath(str_io.getvalue())
    # ruleid: py.xpath-injection (flow: string-building)
    find = etree.XPath("//item[@sku='%s']" % bar)
    return str(nodes) + str(more) + str(find)


@app.route("/container")
def container():
    m = {}
    m["keyA"] = "a-Value"
    m["keyB"] = request.headers.get("X-Emp")
    m["keyC"] = "another-Value"
    bar = m["keyB"]
    # ruleid: py.xpath-injection (flow: container)
    a = tree.xpath("//e[@id='" + bar + "']")
    bar = m["keyA"]
    # ok: py.xpath-injection (flow: container)
    b = tree.xpath("//e[@id='" + bar + "']")
    return str(a) + str(b)


def by_name(name):
    return "//user[name='" + name + "']"


def run_query(expr):
    # ruleid: py.xpath-injection (flow: helper-function)
    return tree.xpath(expr)


@app.route("/helper")
def helper():
    run_query(request.args.get("q"))
    # ruleid: py.xpath-injection (flow: helper-function)
    a = tree.xpath(by_name(request.args.get("n")))
    # ok: py.xpath-injection (flow: helper-function)
    b = tree.xpath(by_name("admin"))
    return str(a) + str(b)


class Catalog:
    def __init__(self):
        self.sku = request.args.get("sku")
        self.section = "books"

    def lookup(self):
        # ruleid: py.xpath-injection (flow: class-field)
        return tree.xpath("//item[@sku='" + self.sku + "']")

    def browse(self):
        # ok: py.xpath-injection (flow: class-field)
        return tree.xpath("//section[@name='" + self.section + "']")


@app.route("/sanitized")
def sanitized():
    bar = request.args.get("id")
    root = ET.parse("employees.xml")
    safe = bar.replace("'", "&apos;")
    # ok: py.xpath-injection (flow: sanitized)
    a = elementpath.select(root, f"/Employees/Employee[@emplid='{safe}']")
    # ok: py.xpath-injection (flow: sanitized)
    b = tree.xpath("//user[@name='" + bar.replace("'", "&apos;") + "']")
    # ok: py.xpath-injection (flow: sanitized)
    c = tree.xpath("//user[@name=$name]", name=bar)
    emp = int(request.args.get("emp"))
    # ok: py.xpath-injection (flow: number-conversion)
    d = tree.xpath("//e[@id=%d]" % emp)
    return str(a) + str(b) + str(c) + str(d)


@app.route("/constant")
def constant():
    bar = request.args.get("id")
    bar = "guest"
    # ok: py.xpath-injection (flow: constant-overwrite)
    a = tree.xpath("//user[@name='" + bar + "']")
    expr = "//user"
    if False:
        expr = request.args.get("expr")
    # ok: py.xpath-injection (flow: dead-branch)
    b = tree.xpath(expr)
    return str(a) + str(b)


def report(expr):
    # ok: py.xpath-injection
    return tree.xpath(expr)


@app.route("/element-path")
def element_path():
    name = request.args.get("name")
    root = ElementTree.parse("users.xml").getroot()
    # ruleid: py.xpath-injection (flow: string-building)
    found = root.findall(f".//user[@name='{name}']")
    # ok: py.xpath-injection (flow: sanitized)
    names = re.findall("[a-z]+", name)
    return str(found) + str(names)
