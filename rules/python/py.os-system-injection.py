# Fixture for py.os-system-injection.
import os
import subprocess


def backup(name, target):
    # ruleid: py.os-system-injection
    os.system("tar czf /backups/" + name + ".tgz " + target)
    # ruleid: py.os-system-injection
    listing = os.popen(f"ls {target}").read()
    # ruleid: py.os-system-injection
    status = subprocess.getoutput("du -sh %s" % target)
    # ruleid: py.os-system-injection
    os.system(command)
    return listing, status


def safe(target):
    # ok: py.os-system-injection
    os.system("sync")
    # ok: py.os-system-injection
    subprocess.run(["ls", target], check=True)
    # ok: py.os-system-injection
    os.path.join("/backups", target)
    # ok: py.os-system-injection
    # os.system("rm -rf " + target)
    # ok: py.os-system-injection
    warning = "os.system(user_input) is forbidden"
    return warning
