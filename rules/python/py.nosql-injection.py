# Fixture for py.nosql-injection: request data shaping MongoDB queries.
import json

from bson import ObjectId
from flask import Flask, request
from pymongo import MongoClient

app = Flask(__name__)
db = MongoClient()["app"]


@app.route("/direct", methods=["POST"])
def direct():
    # ruleid: py.nosql-injection (flow: direct)
    user = db.users.find_one(request.get_json())
    # ruleid: py.nosql-injection (flow: direct)
    rows = db.users.find({"$where": "this.name == '" + request.args["name"] + "'"})
    return str(user) + str(list(rows))


@app.route("/assignments", methods=["POST"])
def assignments():
    body = request.json
    query = {"username": body["username"], "password": body["password"]}
    # ruleid: py.nosql-injection (flow: assignments)
    user = db.users.find_one(query)
    return str(user)


@app.route("/building")
def building():
    name = request.args.get("name")
    clause = "this.owner == '%s'" % name
    # ruleid: py.nosql-injection (flow: string-building)
    rows = db.orders.find({"$where": clause})
    # ruleid: py.nosql-injection (flow: string-building)
    more = db.orders.find({"status": "open", "$where": f"this.total > {name}"})
    return str(list(rows)) + str(list(more))


@app.route("/container", methods=["POST"])
def container():
    spec = json.loads(request.args.get("filter"))
    wrapper = {"filter": spec, "limit": 10}
    # ruleid: py.nosql-injection (flow: container)
    rows = db.items.find(wrapper["filter"])
    return str(list(rows))


def by_filter(flt):
    return db.items.count_documents(flt)


def parse_filter(text):
    return json.loads(text)


@app.route("/helper", methods=["POST"])
def helper():
    # ruleid: py.nosql-injection (flow: helper-function)
    rows = db.items.find(parse_filter(request.data))
    # ok: py.nosql-injection (flow: helper-function)
    fixed = db.items.find(parse_filter('{"active": true}'))
    return str(list(rows)) + str(list(fixed))


class Search:
    def __init__(self):
        self.expr = request.args.get("expr")
        self.status = "open"

    def run(self):
        # ruleid: py.nosql-injection (flow: class-field)
        return db.tickets.find({"$where": self.expr})

    def open_tickets(self):
        # ok: py.nosql-injection (flow: class-field)
        return db.tickets.find({"$where": "this.status == '" + self.status + "'"})


@app.route("/sanitized", methods=["POST"])
def sanitized():
    body = request.get_json()
    # ok: py.nosql-injection (flow: sanitized)
    user = db.users.find_one({"username": str(body["username"]), "password": str(body["password"])})
    # ok: py.nosql-injection (flow: sanitized)
    doc = db.docs.find_one({"_id": ObjectId(body["id"])})
    # ok: py.nosql-injection (flow: number-conversion)
    page = db.docs.find({"page": int(body["page"])})
    return str(user) + str(doc) + str(list(page))


@app.route("/constant", methods=["POST"])
def constant():
    flt = request.get_json()
    flt = {"active": True}
    # ok: py.nosql-injection (flow: constant-overwrite)
    rows = db.users.find(flt)
    expr = "this.age > 18"
    if False:
        expr = request.args.get("expr")
    # ok: py.nosql-injection (flow: dead-branch)
    adults = db.users.find({"$where": expr})
    return str(list(rows)) + str(list(adults))


@app.route("/strings")
def strings():
    name = request.args.get("name")
    # ok: py.nosql-injection
    user = db.users.find_one({"username": name})
    # ok: py.nosql-injection
    position = name.find("@")
    return str(user) + str(position)
