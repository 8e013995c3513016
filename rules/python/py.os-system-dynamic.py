# Fixture for py.os-system-dynamic.
import os
import shlex
import subprocess

from flask import request

PAGER_COMMAND = "less -R"


def page(cmd, filename):
    # ruleid: py.os-system-dynamic
    os.system(cmd)
    # ruleid: py.os-system-dynamic
    pipe = os.popen(self.command, "r")
    # ruleid: py.os-system-dynamic
    status = os.system(self.makepipeline(filename))
    # ruleid: py.os-system-dynamic
    out = subprocess.getoutput(entry["test"])
    return pipe, status, out


def fixed(args, target):
    # ok: py.os-system-dynamic
    os.system("sync")
    # ok: py.os-system-dynamic
    os.system(PAGER_COMMAND)
    # ok: py.os-system-dynamic
    os.system(shlex.join(args))
    # ok: py.os-system-dynamic
    subprocess.run(args, check=True)


def handler():
    command = request.args["cmd"]
    # ok: py.os-system-dynamic
    os.system(command)
    # ok: py.os-system-dynamic
    os.system(request.form["cmd"])
    # ok: py.os-system-dynamic
    os.system("ls " + command)
