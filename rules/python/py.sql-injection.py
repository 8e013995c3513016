# Fixture for py.sql-injection.
import sqlite3

from sqlalchemy import text

conn = sqlite3.connect("app.db")
cur = conn.cursor()


def find(user_id, name, order):
    # ruleid: py.sql-injection
    cur.execute(f"SELECT * FROM users WHERE id = {user_id}")
    # ruleid: py.sql-injection
    cur.execute("SELECT * FROM users WHERE name = '%s'" % name)
    # ruleid: py.sql-injection
    cur.execute("SELECT * FROM users ORDER BY " + order)
    # ruleid: py.sql-injection
    cur.executemany("INSERT INTO log VALUES ({})".format(name), rows)
    # ruleid: py.sql-injection
    session.execute(text(f"DELETE FROM carts WHERE owner = '{name}'"))
    return cur.fetchall()


def safe(user_id, name):
    # ok: py.sql-injection
    cur.execute("SELECT * FROM users WHERE id = ?", (user_id,))
    # ok: py.sql-injection
    cur.execute("SELECT * FROM users WHERE name = %(name)s", {"name": name})
    # ok: py.sql-injection
    cur.execute(f"SELECT count(*) FROM users")
    # ok: py.sql-injection
    session.execute(text("DELETE FROM carts WHERE owner = :owner"), {"owner": name})
    # ok: py.sql-injection
    log.info("SELECT for %s" % name)
    # ok: py.sql-injection
    # cur.execute(f"SELECT * FROM users WHERE id = {user_id}")
    # ok: py.sql-injection
    doc = 'never cur.execute(f"SELECT {x}")'
    return doc


def dump_table(cu, table_name, rows):
    # ruleid: py.sql-injection
    cu.execute('SELECT * FROM "{0}" WHERE {1}'.format(table_name.replace('"', '""'), rows))
    table_name_ident = table_name.replace('"', '""')
    # ok: py.sql-injection
    res = cu.execute('PRAGMA table_info("{0}")'.format(table_name_ident))
    # ok: py.sql-injection
    cu.execute(f'DROP TABLE "{table_name_ident}"')
    # ruleid: py.sql-injection
    cu.execute(f'DROP TABLE "{table_name}"')
    # ruleid: py.sql-injection
    cu.execute('SELECT * FROM "{0}" WHERE {1}'.format(table_name_ident, rows))
    return res
