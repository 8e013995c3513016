# Fixture for py.django-cookie-httponly (rule paths: settings*.py; the harness runs it on this file name).
DEBUG = False
# ruleid: py.django-cookie-httponly
SESSION_COOKIE_HTTPONLY = False
if DEBUG:
    # ruleid: py.django-cookie-httponly
    SESSION_COOKIE_HTTPONLY = False
# ruleid: py.django-cookie-httponly
SESSION_COOKIE_HTTPONLY=False

# ok: py.django-cookie-httponly
SESSION_COOKIE_HTTPONLY = True
# ok: py.django-cookie-httponly
CSRF_COOKIE_HTTPONLY = False
# ok: py.django-cookie-httponly
SESSION_COOKIE_SECURE = False
# ok: py.django-cookie-httponly
SESSION_COOKIE_HTTPONLY = env.bool("SESSION_COOKIE_HTTPONLY", default=True)
# ok: py.django-cookie-httponly
# SESSION_COOKIE_HTTPONLY = False
