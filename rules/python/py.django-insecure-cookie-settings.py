# Fixture for py.django-insecure-cookie-settings (rule paths: settings*.py; the harness runs it on this file name).
DEBUG = False
# ruleid: py.django-insecure-cookie-settings
SESSION_COOKIE_SECURE = False
# ruleid: py.django-insecure-cookie-settings
CSRF_COOKIE_SECURE = False
if not env.bool("HTTPS", default=True):
    # ruleid: py.django-insecure-cookie-settings
    SESSION_COOKIE_SECURE = False

# ok: py.django-insecure-cookie-settings
SESSION_COOKIE_SECURE = True
# ok: py.django-insecure-cookie-settings
CSRF_COOKIE_SECURE = env.bool("CSRF_COOKIE_SECURE", default=True)
# ok: py.django-insecure-cookie-settings
SESSION_COOKIE_HTTPONLY = False
# ok: py.django-insecure-cookie-settings
CSRF_COOKIE_HTTPONLY = False
# ok: py.django-insecure-cookie-settings
# SESSION_COOKIE_SECURE = False
