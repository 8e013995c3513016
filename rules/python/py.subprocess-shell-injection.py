# Fixture for py.subprocess-shell-injection.
import shlex
import subprocess
from subprocess import Popen


def convert(path, host):
    # ruleid: py.subprocess-shell-injection
    subprocess.run("convert " + path + " out.png", shell=True, check=True)
    # ruleid: py.subprocess-shell-injection
    out = subprocess.check_output(f"ping -c 1 {host}", shell=True)
    # ruleid: py.subprocess-shell-injection
    Popen(cmd, shell=True, stdout=subprocess.PIPE)
    # ruleid: py.subprocess-shell-injection
    subprocess.call("tar xzf %s" % path, cwd="/tmp", shell=True)
    return out


def safe(path, host):
    # ok: py.subprocess-shell-injection
    subprocess.run(["convert", path, "out.png"], check=True)
    # ok: py.subprocess-shell-injection
    subprocess.run("ls -la /var/log", shell=True)
    # ok: py.subprocess-shell-injection
    subprocess.run(cmd, shell=False)
    # ok: py.subprocess-shell-injection
    subprocess.check_output("ping -c 1 " + shlex.quote(host))
    # ok: py.subprocess-shell-injection
    # subprocess.run("convert " + path, shell=True)
    # ok: py.subprocess-shell-injection
    hint = 'subprocess.run("rm " + path, shell=True) is dangerous'
    return hint
