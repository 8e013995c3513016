# Fixture for py.ldap-injection.
import ldap
from ldap.filter import escape_filter_chars, filter_format


def find(conn, username, mail):
    # ruleid: py.ldap-injection
    conn.search_s("ou=people,dc=example,dc=com", ldap.SCOPE_SUBTREE, f"(uid={username})")
    # ruleid: py.ldap-injection
    conn.search_s(BASE, ldap.SCOPE_SUBTREE, "(&(objectClass=person)(mail=%s))" % mail)
    # ruleid: py.ldap-injection
    conn.search(BASE, "(cn=" + request.args["name"] + ")", attributes=["mail"])
    # ruleid: py.ldap-injection
    conn.search_ext_s(BASE, ldap.SCOPE_SUBTREE, "(uid={})".format(username))


def safe(conn, username):
    # ok: py.ldap-injection
    conn.search_s(BASE, ldap.SCOPE_SUBTREE, "(objectClass=person)")
    # ok: py.ldap-injection
    conn.search_s(BASE, ldap.SCOPE_SUBTREE, filter_format("(uid=%s)", [username]))
    # ok: py.ldap-injection
    conn.search_s(BASE, ldap.SCOPE_SUBTREE, f"(uid={escape_filter_chars(username)})")
    # ok: py.ldap-injection
    re.search(f"({pattern})", username)
