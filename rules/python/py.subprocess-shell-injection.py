# Fixture for py.subprocess-shell-injection: request data reaching a shell command line run by subprocess.
import asyncio
import platform
import shlex
import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/direct")
def direct():
    # ruleid: py.subprocess-shell-injection (flow: direct)
    subprocess.run("ping -c 1 " + request.args.get("host"), shell=True)
    # ruleid: py.subprocess-shell-injection (flow: direct)
    subprocess.check_output(request.form["cmd"], shell=True)
    # ruleid: py.subprocess-shell-injection (flow: direct)
    subprocess.Popen(shell=True, args=f"dig {request.args['name']}")
    # ok: py.subprocess-shell-injection (flow: direct)
    subprocess.run(["ping", "-c", "1", request.args.get("host")])


@app.route("/assignments")
def assignments():
    param = request.headers.get("X-Target", "")
    bar = param
    arg_str = ""
    if platform.system() == "Windows":
        arg_str = "cmd.exe /c "
    else:
        arg_str = "sh -c "
    arg_str += f"echo {bar}"
    # ruleid: py.subprocess-shell-injection (flow: assignments)
    subprocess.run(arg_str, shell=True, capture_output=True, encoding="utf-8")
    # ok: py.subprocess-shell-injection (flow: assignments)
    subprocess.run(["echo", bar], capture_output=True)


@app.route("/building")
def building():
    name = request.args.get("name")
    # ruleid: py.subprocess-shell-injection (flow: string-building)
    subprocess.call("grep %s /etc/hosts" % name, shell=True)
    # ruleid: py.subprocess-shell-injection (flow: string-building)
    subprocess.check_call("host {}".format(name), shell=True)
    # ruleid: py.subprocess-shell-injection (flow: string-building)
    subprocess.run(" ".join(["nslookup", name]), shell=True)
    # ruleid: py.subprocess-shell-injection (flow: string-building)
    subprocess.run(["sh", "-c", "echo " + name])
    # ruleid: py.subprocess-shell-injection (flow: string-building)
    subprocess.Popen(["cmd.exe", "/c", f"type {name}"], stdout=subprocess.PIPE)


@app.route("/container")
def container():
    job = {"tool": "uptime", "arg": request.args.get("arg")}
    # ok: py.subprocess-shell-injection (flow: container)
    subprocess.run(job["tool"], shell=True)
    # ruleid: py.subprocess-shell-injection (flow: container)
    subprocess.run("ls " + job["arg"], shell=True)
    parts = []
    parts.append(request.args.get("p"))
    # ruleid: py.subprocess-shell-injection (flow: container)
    subprocess.run("du -sh " + parts[0], shell=True)


def shell_line(value):
    return "file " + value


def run_line(line):
    # ruleid: py.subprocess-shell-injection (flow: helper-function)
    return subprocess.check_output(line, shell=True)


@app.route("/helper")
def helper():
    # ruleid: py.subprocess-shell-injection (flow: helper-function)
    subprocess.run(shell_line(request.args.get("f")), shell=True)
    run_line("stat " + request.args.get("g"))
    # ok: py.subprocess-shell-injection (flow: helper-function)
    subprocess.run(shell_line("/etc/hosts"), shell=True)


class Converter:
    def __init__(self):
        self.source = request.files["doc"].filename
        self.options = "--quiet"

    def convert(self):
        # ruleid: py.subprocess-shell-injection (flow: class-field)
        subprocess.run("convert " + self.source + " out.png", shell=True)
        # ok: py.subprocess-shell-injection (flow: class-field)
        subprocess.run("convert " + self.options, shell=True)


@app.route("/sanitized")
def sanitized():
    name = request.args.get("name")
    # ok: py.subprocess-shell-injection (flow: sanitized)
    subprocess.run("host " + shlex.quote(name), shell=True)
    # ok: py.subprocess-shell-injection (flow: sanitized)
    subprocess.run(shlex.join(["host", name]), shell=True)
    port = int(request.args.get("port"))
    # ok: py.subprocess-shell-injection (flow: number-conversion)
    subprocess.run(f"nc -z localhost {port}", shell=True)


@app.route("/constant")
def constant():
    cmd = request.args.get("cmd")
    cmd = "uptime"
    # ok: py.subprocess-shell-injection (flow: constant-overwrite)
    subprocess.run(cmd, shell=True)
    line = "date"
    if False:
        line = request.args.get("line")
    # ok: py.subprocess-shell-injection (flow: dead-branch)
    subprocess.run(line, shell=True)


@app.route("/near-miss")
def near_miss():
    name = request.args.get("name")
    # ok: py.subprocess-shell-injection
    subprocess.run(["grep", "-r", name, "/srv/data"], check=True)
    # ok: py.subprocess-shell-injection
    subprocess.run("echo " + name, shell=False)
    # ok: py.subprocess-shell-injection
    subprocess.run("uptime", shell=True, env={"NAME": name})


async def worker(job_id):
    # ok: py.subprocess-shell-injection
    await asyncio.create_subprocess_exec("sh", "-c", "process " + job_id)
