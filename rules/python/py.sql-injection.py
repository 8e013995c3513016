# Fixture for py.sql-injection: request data reaching a SQL statement's text, by every flow the analysis follows.
import sqlite3

from flask import Flask, request
from sqlalchemy import text

app = Flask(__name__)
conn = sqlite3.connect("app.db")
cur = conn.cursor()


@app.route("/direct")
def direct():
    # ruleid: py.sql-injection (flow: direct)
    cur.execute("SELECT * FROM users WHERE name = '" + request.args.get("name") + "'")
    # ruleid: py.sql-injection (flow: direct)
    cur.execute(f"SELECT * FROM users WHERE id = {request.form['id']}")


@app.route("/assignments")
def assignments():
    name = request.args.get("name")
    who = name
    sql = "SELECT * FROM users WHERE name = '" + who + "'"
    # ruleid: py.sql-injection (flow: assignments)
    cur.execute(sql)
    # ok: py.sql-injection (flow: assignments)
    cur.execute("SELECT * FROM users WHERE name = ?", (who,))


@app.route("/building")
def building():
    name = request.args["name"]
    # ruleid: py.sql-injection (flow: string-building)
    cur.execute("SELECT * FROM users WHERE name = '%s'" % name)
    # ruleid: py.sql-injection (flow: string-building)
    cur.execute("SELECT * FROM users WHERE name = '{}'".format(name))
    q = "SELECT * FROM users WHERE id IN ("
    q += ",".join([name, "1"])
    # ruleid: py.sql-injection (flow: string-building)
    cur.executemany(q + ")", [])
    # ruleid: py.sql-injection (flow: string-building)
    conn.execute(text(f"DELETE FROM carts WHERE owner = '{name}'"))


@app.route("/container")
def container():
    params = {"safe": "users", "user": request.args.get("u")}
    # ok: py.sql-injection (flow: container)
    cur.execute("SELECT * FROM " + params["safe"])
    # ruleid: py.sql-injection (flow: container)
    cur.execute("SELECT * FROM users WHERE name = '" + params["user"] + "'")
    parts = []
    parts.append(request.args.get("v"))
    # ruleid: py.sql-injection (flow: container)
    cur.execute("SELECT " + parts[0])


def where_name(value):
    return "name = '" + value + "'"


def run_query(where):
    # ruleid: py.sql-injection (flow: helper-function)
    cur.execute("SELECT * FROM users WHERE " + where)


@app.route("/helper")
def helper():
    # ruleid: py.sql-injection (flow: helper-function)
    cur.execute("SELECT * FROM users WHERE " + where_name(request.args.get("n")))
    run_query(request.args.get("w"))
    # ok: py.sql-injection (flow: helper-function)
    cur.execute("SELECT * FROM users WHERE " + where_name("admin"))


class Report:
    def load(self):
        self.owner = request.args.get("owner")
        self.title = "monthly"

    def run(self):
        # ruleid: py.sql-injection (flow: class-field)
        cur.execute("SELECT * FROM reports WHERE owner = '" + self.owner + "'")
        # ok: py.sql-injection (flow: class-field)
        cur.execute("SELECT * FROM reports WHERE title = '" + self.title + "'")


@app.route("/sanitized")
def sanitized():
    page = int(request.args.get("page", "1"))
    # ok: py.sql-injection (flow: number-conversion)
    cur.execute("SELECT * FROM users LIMIT 10 OFFSET " + str(page * 10))
    count = len(request.args.get("q"))
    # ok: py.sql-injection (flow: number-conversion)
    cur.execute("SELECT * FROM users LIMIT %d" % count)
    # ok: py.sql-injection (flow: sanitized)
    cur.execute("SELECT * FROM users WHERE name = ?", (request.args.get("n"),))


@app.route("/constant")
def constant():
    order = request.args.get("order")
    order = "name"
    # ok: py.sql-injection (flow: constant-overwrite)
    cur.execute("SELECT * FROM users ORDER BY " + order)
    table = request.args.get("t")
    if False:
        table = request.args.get("other")
    else:
        table = "users"
    # ok: py.sql-injection (flow: dead-branch)
    cur.execute("SELECT * FROM " + table)


SORT_COLUMNS = ("name", "created_at")


@app.route("/sorted")
def sorted_view():
    order = request.args.get("order", "name")
    if order not in SORT_COLUMNS:
        order = "name"
    # ok: py.sql-injection (flow: sanitized)
    cur.execute("SELECT * FROM users ORDER BY " + order)
    direction = request.args.get("dir", "asc")
    # ruleid: py.sql-injection (flow: assignments)
    cur.execute("SELECT * FROM users ORDER BY name " + direction)


@app.get("/items/{item}")
def read_item(item: str, limit: int = 10):
    # ruleid: py.sql-injection (flow: direct)
    cur.execute(f"SELECT * FROM items WHERE name = '{item}'")
    # ok: py.sql-injection (flow: number-conversion)
    cur.execute(f"SELECT * FROM items LIMIT {limit}")


def not_a_route(name):
    # ok: py.sql-injection
    cur.execute(f"SELECT * FROM users WHERE name = '{name}'")
