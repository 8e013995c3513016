# Fixture for py.django-debug-enabled (rule paths: settings*.py; the harness runs it on this file name).
import os

# ruleid: py.django-debug-enabled
DEBUG = True
# ruleid: py.django-debug-enabled
TEMPLATE_DEBUG = True
if os.environ.get("CI"):
    # ok: py.django-debug-enabled
    DEBUG = True
# ruleid: py.django-debug-enabled
DEBUG = True  # overridden in prod? no
# ok: py.django-debug-enabled
DEBUG = os.environ.get("DJANGO_DEBUG") == "1"
# ok: py.django-debug-enabled
DEBUG = False
# ok: py.django-debug-enabled
DEBUG_TOOLBAR = True
# ok: py.django-debug-enabled
# DEBUG = True
