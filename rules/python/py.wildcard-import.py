# Fixture for py.wildcard-import.
# ruleid: py.wildcard-import
from os.path import *
# ruleid: py.wildcard-import
from .models import *
# ruleid: py.wildcard-import
from settings.base import *  # noqa

# ok: py.wildcard-import
from os.path import join, exists
# ok: py.wildcard-import
import os
# ok: py.wildcard-import
from .models import (User, Group)
# ok: py.wildcard-import
# from x import *
