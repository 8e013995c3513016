# Fixture for py.insecure-random.
import random
import secrets
import string
import sys
import time


def issue(user):
    # ruleid: py.insecure-random
    reset_token = "".join(random.choice(string.ascii_letters) for _ in range(32))
    # ruleid: py.insecure-random
    user.session_id = random.getrandbits(128)
    return reset_token


def generate_password(length=12):
    # ruleid: py.insecure-random
    return "".join(random.choices(string.ascii_letters + string.digits, k=length))


def make_otp():
    # ruleid: py.insecure-random
    return str(random.randint(100000, 999999))


def layout(items):
    # ok: py.insecure-random
    jitter = random.random() * 0.5
    # ok: py.insecure-random
    color = random.choice(COLORS)
    # ok: py.insecure-random
    token = secrets.token_urlsafe(32)
    # ok: py.insecure-random
    random.shuffle(items)
    return jitter, color, token


def _cnonce():
    # ruleid: py.insecure-random
    dig = md5("%s:%s" % (time.ctime(), ["0123456789"[random.randrange(0, 9)] for i in range(20)])).hexdigest()
    return dig[:16]


def _make_boundary(text=None):
    # ok: py.insecure-random
    token = random.randrange(sys.maxsize)
    return "=" * 15 + str(token) + "=="
