# Fixture for py.subprocess-shell-dynamic.
import shlex
import subprocess
from subprocess import Popen

from flask import request

BUILD = "make -j4"


def popen(cmd, mode="r"):
    # ruleid: py.subprocess-shell-dynamic
    proc = subprocess.Popen(cmd, shell=True, text=True, stdout=subprocess.PIPE)
    # ruleid: py.subprocess-shell-dynamic
    subprocess.run(self.command, shell=True, check=True)
    # ruleid: py.subprocess-shell-dynamic
    Popen(settings["hook"], shell=True)
    return proc


def fixed(args):
    # ok: py.subprocess-shell-dynamic
    subprocess.run(args, check=True)
    # ok: py.subprocess-shell-dynamic
    subprocess.run(BUILD, shell=True, check=True)
    # ok: py.subprocess-shell-dynamic
    subprocess.run(shlex.join(args), shell=True)
    # ok: py.subprocess-shell-dynamic
    subprocess.run("uptime", shell=True)


def hook():
    command = request.form["hook"]
    # ok: py.subprocess-shell-dynamic
    subprocess.run(command, shell=True)
