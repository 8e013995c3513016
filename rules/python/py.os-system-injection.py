# Fixture for py.os-system-injection.
import asyncio
import os
import shlex
import subprocess
import sys

from flask import request


def backup(name, target):
    # ruleid: py.os-system-injection
    os.system("tar czf /backups/" + name + ".tgz " + target)
    # ruleid: py.os-system-injection
    listing = os.popen(f"ls {target}").read()
    # ruleid: py.os-system-injection
    status = subprocess.getoutput("du -sh %s" % target)
    # ruleid: py.os-system-injection
    os.system("rsync -a {} {}".format(name, target))
    return listing, status


async def clone(url):
    # ruleid: py.os-system-injection
    return await asyncio.create_subprocess_shell(f"git clone {url}")


def ping():
    host = request.args.get("host")
    # ruleid: py.os-system-injection
    os.system(host)
    # ruleid: py.os-system-injection
    os.popen(request.form["cmd"])
    # ruleid: py.os-system-injection
    return os.system("convert " + sys.argv[1] + " out.png")


def safe(target, command):
    # ok: py.os-system-injection
    os.system("sync")
    # ok: py.os-system-injection
    subprocess.run(["ls", target], check=True)
    # ok: py.os-system-injection
    os.system("ls -l " + shlex.quote(target))
    # ok: py.os-system-injection
    os.system(f"rm -rf {shlex.quote(target)}")
    # ok: py.os-system-injection
    os.system("leaks %d" % os.getpid())
    # ok: py.os-system-injection
    os.system("""'%s' -c -x c /dev/null""" % (target.replace("'", "'\"'\"'"),))
    # ok: py.os-system-injection
    os.system(command)
    # ok: py.os-system-injection
    os.path.join("/backups", target)
    # ok: py.os-system-injection
    # os.system("rm -rf " + target)
    # ok: py.os-system-injection
    warning = "os.system(user_input) is forbidden"
    return warning
