# Fixture for py.sql-injection: request data reaching a SQL statement's text, by every flow the analysis follows.
import re
import sqlite3

from flask import Flask, abort, request
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



SORTABLE = {"name", "created_at"}
TABLE_PREFIX = "app_"


@app.route("/guarded")
def guarded():
    sort = request.args.get("sort", "name")
    if sort in SORTABLE:
        # ok: py.sql-injection (flow: guard)
        cur.execute("SELECT * FROM users ORDER BY " + sort)
    # ruleid: py.sql-injection (flow: guard)
    cur.execute("SELECT * FROM users ORDER BY " + sort)
    col = request.args.get("col")
    if col not in ("name", "email"):
        raise ValueError("unknown column")
    # ok: py.sql-injection (flow: guard)
    cur.execute(f"SELECT {col} FROM users")
    table = request.args.get("table")
    if not re.fullmatch(r"[a-z0-9_-]+", table):
        abort(400)
    # ok: py.sql-injection (flow: guard)
    cur.execute(f"SELECT * FROM {table}")
    field = request.args.get("field")
    if re.match(r"^[A-Za-z0-9_-]+$", field):
        # ok: py.sql-injection (flow: guard)
        cur.execute(f"SELECT {field} FROM users")
    if SORTABLE.__contains__(field):
        # ok: py.sql-injection (flow: guard)
        cur.execute(f"SELECT * FROM users ORDER BY {field}")
    group = request.args.get("group")
    # Not a whole-value match of safe characters: no end anchor, any character, a range over punctuation, re.M.
    if re.match(r"^[a-z]+", group):
        # ruleid: py.sql-injection (flow: guard)
        cur.execute(f"SELECT * FROM users GROUP BY {group}")
    if re.fullmatch(r".+", group):
        # ruleid: py.sql-injection (flow: guard)
        cur.execute(f"SELECT * FROM users GROUP BY {group}")
    if re.fullmatch(r"[0-_]+", group):
        # ruleid: py.sql-injection (flow: guard)
        cur.execute(f"SELECT * FROM users GROUP BY {group}")
    if re.match(r"^[a-z]+$", group, re.M):
        # ruleid: py.sql-injection (flow: guard)
        cur.execute(f"SELECT * FROM users GROUP BY {group}")
    q = request.args.get("q")
    if "'" in q:
        abort(400)
    # ruleid: py.sql-injection (flow: guard)
    cur.execute(f"SELECT * FROM users WHERE name = '{q}'")
    if q in TABLE_PREFIX:
        # ruleid: py.sql-injection (flow: guard)
        cur.execute(f"SELECT * FROM {TABLE_PREFIX}{q}")
    # A check of one of the request's own values leaves the others (and itself after the `if`) as they were.
    if request.args["by"] in SORTABLE:
        order_by = request.args["by"]
    # ruleid: py.sql-injection (flow: guard)
    cur.execute("SELECT * FROM users ORDER BY " + request.args["by"])
    group_by = request.args.get("group_by")
    # ruleid: py.sql-injection (flow: guard)
    cur.execute("SELECT * FROM users GROUP BY " + group_by)

@app.get("/items/{item}")
def read_item(item: str, limit: int = 10):
    # ruleid: py.sql-injection (flow: direct)
    cur.execute(f"SELECT * FROM items WHERE name = '{item}'")
    # ok: py.sql-injection (flow: number-conversion)
    cur.execute(f"SELECT * FROM items LIMIT {limit}")


def not_a_route(name):
    # ok: py.sql-injection
    cur.execute(f"SELECT * FROM users WHERE name = '{name}'")
