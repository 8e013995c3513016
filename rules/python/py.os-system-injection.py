# Fixture for py.os-system-injection: request data reaching a shell command line, by every flow the analysis follows.
import os
import shlex
import subprocess

from flask import Flask, request

app = Flask(__name__)


@app.route("/direct")
def direct():
    # ruleid: py.os-system-injection (flow: direct)
    os.system("ping -c 1 " + request.args.get("host"))
    # ruleid: py.os-system-injection (flow: direct)
    os.popen(request.headers.get("X-Cmd")).read()
    # ruleid: py.os-system-injection (flow: direct)
    subprocess.getoutput(f"whois {request.form['domain']}")


@app.route("/assignments")
def assignments():
    host = request.args.get("host")
    target = host
    cmd = "nslookup " + target
    # ruleid: py.os-system-injection (flow: assignments)
    os.system(cmd)
    # ok: py.os-system-injection (flow: assignments)
    subprocess.run(["nslookup", target], check=True)


@app.route("/building")
def building():
    name = request.cookies.get("name", "")
    # ruleid: py.os-system-injection (flow: string-building)
    os.system("echo %s" % name)
    # ruleid: py.os-system-injection (flow: string-building)
    os.popen("grep {} /var/log/app.log".format(name))
    arg_list = ["sh", "-c"]
    arg_list.append("echo " + name)
    # ruleid: py.os-system-injection (flow: string-building)
    os.popen(" ".join(arg_list))
    line = "tar czf /tmp/out.tgz"
    line += " " + name
    # ruleid: py.os-system-injection (flow: string-building)
    subprocess.getstatusoutput(line)


@app.route("/container")
def container():
    opts = {"flag": "-l", "dir": request.args.get("dir")}
    # ok: py.os-system-injection (flow: container)
    os.system("ls " + opts["flag"])
    # ruleid: py.os-system-injection (flow: container)
    os.system("ls " + opts["dir"])
    seen = set()
    seen.add(request.headers.get("X-Path"))
    # ruleid: py.os-system-injection (flow: container)
    os.system("cat " + next(iter(seen)))


def quoted_command(value):
    return "echo " + value


def run_echo(text):
    # ruleid: py.os-system-injection (flow: helper-function)
    os.system("echo " + text)


@app.route("/helper")
def helper():
    # ruleid: py.os-system-injection (flow: helper-function)
    os.system(quoted_command(request.args.get("t")))
    run_echo(request.args.get("u"))
    # ok: py.os-system-injection (flow: helper-function)
    os.system(quoted_command("hello"))


# One helper reads the request, another runs the command: they meet in the route that calls both.
def requested_host():
    return request.args.get("host")


def ping(host):
    # ruleid: py.os-system-injection (flow: helper-function)
    os.system("ping -c 1 " + host)


@app.route("/ping")
def ping_route():
    host = requested_host()
    ping(host)
    return "sent"


class Job:
    def load(self):
        self.target = request.form.get("target")
        self.tool = "uptime"

    def run(self):
        # ruleid: py.os-system-injection (flow: class-field)
        os.system("traceroute " + self.target)
        # ok: py.os-system-injection (flow: class-field)
        os.system(self.tool)


@app.route("/sanitized")
def sanitized():
    host = request.args.get("host")
    # ok: py.os-system-injection (flow: sanitized)
    os.system("ping -c 1 " + shlex.quote(host))
    # ok: py.os-system-injection (flow: sanitized)
    os.system("ping -c 1 " + shlex.join(["--", host]))
    count = int(request.args.get("count", "1"))
    # ok: py.os-system-injection (flow: number-conversion)
    os.system("ping -c %d localhost" % count)
    # ok: py.os-system-injection (flow: number-conversion)
    os.popen(f"head -n {len(host)} /var/log/app.log")


@app.route("/checked")
def checked():
    host = request.args.get("host")
    if not host.isalnum():
        return "invalid", 400
    # ok: py.os-system-injection (flow: sanitized)
    os.system("ping -c 1 " + host)
    return "ok"


TOOLS = {"disk": "df -h", "mem": "free -m"}


@app.route("/allow-list")
def allow_list():
    # ok: py.os-system-injection (flow: sanitized)
    os.system(TOOLS[request.args.get("tool")])
    # ok: py.os-system-injection (flow: sanitized)
    os.system(TOOLS.get(request.args.get("tool"), "uptime"))


@app.route("/constant")
def constant():
    cmd = request.args.get("cmd")
    cmd = "uptime"
    # ok: py.os-system-injection (flow: constant-overwrite)
    os.system(cmd)
    tool = request.args.get("tool")
    if False:
        tool = "ls " + request.args.get("dir")
    else:
        tool = "date"
    # ok: py.os-system-injection (flow: dead-branch)
    os.system(tool)
    num = 106
    bar = "echo safe" if (7 * 18) + num > 200 else request.args.get("x")
    # ok: py.os-system-injection (flow: dead-branch)
    os.system(bar)


@app.route("/loop", methods=["POST"])
def loop():
    param = ""
    for name in request.form.keys():
        if name.startswith("cmd"):
            param = name
    # ruleid: py.os-system-injection (flow: assignments)
    os.system("echo " + param)


@app.get("/items/{item}")
def read_item(item: str, count: int = 1):
    # ruleid: py.os-system-injection (flow: direct)
    os.system(f"lookup {item}")
    # ok: py.os-system-injection (flow: number-conversion)
    os.system(f"seq {count}")


def maintenance(path):
    # ok: py.os-system-injection
    os.system("rm -rf " + path)


@app.route("/matched")
def matched():
    mode = "ls"
    match mode:
        # ruleid: py.os-system-injection (flow: dead-branch)
        case "ls" if os.system("ls " + request.args.get("dir")) == 0:
            pass
    target = request.args.get("target")
    match mode, target:
        case "ls":
            pass
        case _:
            # ruleid: py.os-system-injection (flow: dead-branch)
            os.system("ping " + target)
