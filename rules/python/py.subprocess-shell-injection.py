# Fixture for py.subprocess-shell-injection.
import shlex
import subprocess
from subprocess import Popen

from flask import request


def convert(path, host, files):
    # ruleid: py.subprocess-shell-injection
    subprocess.run("convert " + path + " out.png", shell=True, check=True)
    # ruleid: py.subprocess-shell-injection
    out = subprocess.check_output(f"ping -c 1 {host}", shell=True)
    # ruleid: py.subprocess-shell-injection
    subprocess.call("tar xzf %s" % path, cwd="/tmp", shell=True)
    # ruleid: py.subprocess-shell-injection
    subprocess.run(" ".join(["rm", "-f"] + files), shell=True)
    return out


def lookup():
    domain = request.args["domain"]
    # ruleid: py.subprocess-shell-injection
    Popen(domain, shell=True, stdout=subprocess.PIPE)
    # ruleid: py.subprocess-shell-injection
    return subprocess.check_output("nslookup {}".format(request.form["name"]), shell=True)


def safe(path, host, cmd):
    # ok: py.subprocess-shell-injection
    subprocess.run(["convert", path, "out.png"], check=True)
    # ok: py.subprocess-shell-injection
    subprocess.run("ls -la /var/log", shell=True)
    # ok: py.subprocess-shell-injection
    subprocess.run("convert " + path, shell=False)
    # ok: py.subprocess-shell-injection
    subprocess.run("ping -c 1 " + shlex.quote(host), shell=True)
    # ok: py.subprocess-shell-injection
    subprocess.run(f"tar xzf {shlex.quote(path)}", shell=True, check=True)
    # ok: py.subprocess-shell-injection
    subprocess.run("echo '%s'" % path.replace("'", "'\\''"), shell=True)
    # ok: py.subprocess-shell-injection
    Popen(cmd, shell=True, stdout=subprocess.PIPE)
    # ok: py.subprocess-shell-injection
    # subprocess.run("convert " + path, shell=True)
    # ok: py.subprocess-shell-injection
    hint = 'subprocess.run("rm " + path, shell=True) is dangerous'
    return hint
