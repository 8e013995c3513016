# Fixture for py.ldap-injection: request data reaching an LDAP search filter or base DN.
import ldap
import ldap3
from flask import Flask, request
from ldap.filter import escape_filter_chars, filter_format

app = Flask(__name__)
conn = ldap.initialize("ldap://127.0.0.1:389")
server = ldap3.Server("ldap://127.0.0.1")


@app.route("/direct")
def direct():
    # ruleid: py.ldap-injection (flow: direct)
    return str(conn.search_s("dc=example,dc=com", ldap.SCOPE_SUBTREE, "(uid=" + request.args["user"] + ")"))


@app.route("/assignments")
def assignments():
    username = request.args.get("username")
    who = username
    search_filter = "(&(objectClass=person)(uid=" + who + "))"
    # ruleid: py.ldap-injection (flow: assignments)
    result = conn.search_s("ou=people,dc=example,dc=com", ldap.SCOPE_SUBTREE, search_filter)
    return str(result)


@app.route("/building", methods=["POST"])
def building():
    RESPONSE = ""
    param = request.cookies.get("user", "nobody")
    bar = param
    base = "ou=users,ou=system"
    filter = f"(&(objectclass=person)(|(uid={bar})(street=The streetz 4 Ms bar)))"
    c = ldap3.Connection(server, auto_bind=True)
    # ruleid: py.ldap-injection (flow: string-building)
    c.search(base, filter, attributes=ldap3.ALL_ATTRIBUTES)
    # ruleid: py.ldap-injection (flow: string-building)
    c.search("ou=%s,dc=example" % request.args.get("ou"), "(objectClass=*)")
    # ruleid: py.ldap-injection (flow: string-building)
    conn.search_ext_s("dc=example", ldap.SCOPE_ONELEVEL, "(cn={})".format(bar), ["cn"])
    for e in c.entries:
        RESPONSE += str(e)
    return RESPONSE


@app.route("/container")
def container():
    parts = {"class": "person", "uid": request.args.get("uid")}
    c = ldap3.Connection(server)
    # ok: py.ldap-injection (flow: container)
    c.search("dc=example", "(objectClass=" + parts["class"] + ")")
    # ruleid: py.ldap-injection (flow: container)
    c.search("dc=example", "(uid=" + parts["uid"] + ")")
    return "ok"


def uid_filter(name):
    return "(uid=" + name + ")"


def find_user(flt):
    c = ldap3.Connection(server)
    # ruleid: py.ldap-injection (flow: helper-function)
    c.search("dc=example", search_filter=flt)
    return c.entries


@app.route("/helper")
def helper():
    find_user(request.args.get("f"))
    # ruleid: py.ldap-injection (flow: helper-function)
    conn.search_s("dc=example", ldap.SCOPE_SUBTREE, uid_filter(request.args.get("u")))
    # ok: py.ldap-injection (flow: helper-function)
    conn.search_s("dc=example", ldap.SCOPE_SUBTREE, uid_filter("admin"))
    return "ok"


class Directory:
    def __init__(self):
        self.group = request.args.get("group")
        self.kind = "groupOfNames"

    def members(self):
        # ruleid: py.ldap-injection (flow: class-field)
        return conn.search_s("dc=example", ldap.SCOPE_SUBTREE, "(cn=" + self.group + ")")

    def groups(self):
        # ok: py.ldap-injection (flow: class-field)
        return conn.search_s("dc=example", ldap.SCOPE_SUBTREE, "(objectClass=" + self.kind + ")")


@app.route("/sanitized")
def sanitized():
    user = request.args.get("user")
    # ok: py.ldap-injection (flow: sanitized)
    conn.search_s("dc=example", ldap.SCOPE_SUBTREE, "(uid=" + escape_filter_chars(user) + ")")
    # ok: py.ldap-injection (flow: sanitized)
    conn.search_s("dc=example", ldap.SCOPE_SUBTREE, filter_format("(uid=%s)", [user]))
    c = ldap3.Connection(server)
    # ok: py.ldap-injection (flow: sanitized)
    c.search("dc=example", "(uid={})".format(ldap3.utils.conv.escape_filter_chars(user)))
    employee = int(request.args.get("id"))
    # ok: py.ldap-injection (flow: number-conversion)
    c.search("dc=example", "(employeeNumber=%d)" % employee)
    return "ok"


@app.route("/constant")
def constant():
    flt = request.args.get("filter")
    flt = "(objectClass=person)"
    # ok: py.ldap-injection (flow: constant-overwrite)
    conn.search_s("dc=example", ldap.SCOPE_SUBTREE, flt)
    bar = "(uid=guest)"
    if False:
        bar = "(uid=" + request.args.get("uid") + ")"
    # ok: py.ldap-injection (flow: dead-branch)
    conn.search_s("dc=example", ldap.SCOPE_SUBTREE, bar)
    return "ok"


@app.route("/near-miss")
def near_miss():
    user = request.args.get("user")
    c = ldap3.Connection(server)
    # ok: py.ldap-injection
    c.search("dc=example", "(uid=*)", attributes=[user])
    return "ok"


def sync(base, flt):
    # ok: py.ldap-injection
    return conn.search_s(base, ldap.SCOPE_SUBTREE, flt)
