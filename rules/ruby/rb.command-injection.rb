# Fixture for rb.command-injection: request data reaching a shell command line, by every flow the analysis follows.
require "open3"
require "shellwords"

class ConversionsController < ApplicationController
  def direct
    # ruleid: rb.command-injection (flow: direct)
    system("convert #{params[:file]} out.png")
    # ruleid: rb.command-injection (flow: direct)
    output = `ping -c 1 #{params[:host]}`
    # ruleid: rb.command-injection (flow: direct)
    listing = %x(ls -la #{params[:dir]})
    # ruleid: rb.command-injection (flow: direct)
    stdout, status = Open3.capture2("tar xzf " + params[:archive])
    # ruleid: rb.command-injection (flow: direct)
    Kernel.exec("rm -rf #{request.headers['X-Path']}")
    # ruleid: rb.command-injection (flow: direct)
    matches = open("| grep #{params[:q]} /var/log/access.log").read
    # ruleid: rb.command-injection (flow: direct)
    pid = spawn({ "LANG" => "C" }, "sort #{cookies[:list]}")
    # ruleid: rb.command-injection (flow: direct)
    io = IO.popen("whois #{params[:domain]}")
    [output, listing, stdout, status, matches, pid, io]
  end

  def assignments
    host = params[:host]
    target = host
    command = "nslookup #{target}"
    # ruleid: rb.command-injection (flow: assignments)
    system(command)
    # ok: rb.command-injection (flow: assignments)
    system("nslookup", target)
  end

  def building
    name = params[:name]
    # ruleid: rb.command-injection (flow: string-building)
    system("zip " + "-r " + name + ".zip " + name)
    # ruleid: rb.command-injection (flow: string-building)
    system(format("convert %s out.png", name))
    # ruleid: rb.command-injection (flow: string-building)
    system("convert %s out.png" % name)
    args = ["-r", name].join(" ")
    # ruleid: rb.command-injection (flow: string-building)
    system("zip #{args}")
    cmd = "git log "
    cmd += name
    # ruleid: rb.command-injection (flow: string-building)
    Open3.popen3(cmd) { |i, o, e, t| o.read }
  end

  def container
    job = { tool: "convert", input: params[:input] }
    # ok: rb.command-injection (flow: container)
    system("#{job[:tool]} --version")
    # ruleid: rb.command-injection (flow: container)
    system("#{job[:tool]} #{job[:input]} out.png")
    flags = []
    flags.push(params[:flag])
    # ruleid: rb.command-injection (flow: container)
    system("ls #{flags.join(' ')}")
  end

  def quoted_path(value)
    return "/srv/files/#{value}"
  end

  def run_tool(arg)
    # ruleid: rb.command-injection (flow: helper-function)
    system("tool --input #{arg}")
  end

  def helper
    # ruleid: rb.command-injection (flow: helper-function)
    system("cat #{quoted_path(params[:f])}")
    run_tool(params[:input])
    # ok: rb.command-injection (flow: helper-function)
    system("cat #{quoted_path('index.txt')}")
  end

  def ping(host)
    # ruleid: rb.command-injection (flow: helper-function)
    system("ping -c 1 #{host}")
  end

  # The request read here, the command run in `ping`, called without parentheses.
  def ping_host
    host = params[:host]
    ping host
  end

  def remember
    @archive = params[:archive]
    @format = "tar"
  end

  def extract
    # ruleid: rb.command-injection (flow: class-field)
    system("tar xf #{@archive}")
    # ok: rb.command-injection (flow: class-field)
    system("which #{@format}")
  end

  def sanitized
    # ok: rb.command-injection (flow: sanitized)
    system("convert #{params[:file].shellescape} out.png")
    # ok: rb.command-injection (flow: sanitized)
    system("convert #{Shellwords.escape(params[:file])} out.png")
    # ok: rb.command-injection (flow: sanitized)
    system("convert", params[:file], "out.png")
    # ok: rb.command-injection (flow: sanitized)
    stdout, status = Open3.capture2("grep", params[:q], "/var/log/app.log")
    # ok: rb.command-injection (flow: sanitized)
    io = IO.popen(["whois", params[:domain]])
    # ok: rb.command-injection (flow: number-conversion)
    system("sleep #{params[:seconds].to_i}")
    count = Integer(params[:n])
    # ok: rb.command-injection (flow: number-conversion)
    system("head -n #{count} /var/log/app.log")
    [stdout, status, io]
  end

  def constant
    tool = params[:tool]
    tool = "uptime"
    # ok: rb.command-injection (flow: constant-overwrite)
    system(tool)
    dir = params[:dir]
    if false
      dir = params[:other]
    else
      dir = "/tmp"
    end
    # ok: rb.command-injection (flow: dead-branch)
    system("ls #{dir}")
  end

  def near_misses(job)
    # ok: rb.command-injection
    system("uptime")
    # ok: rb.command-injection
    uptime = `uptime`
    # ok: rb.command-injection
    log = open("/var/log/app.log").read
    # ok: rb.command-injection
    job.exec("run #{params[:file]}")
    # ok: rb.command-injection
    # system("rm -rf #{params[:file]}")
    # ok: rb.command-injection
    doc = 'never system("rm #{params[:file]}")'
    # ok: rb.command-injection
    system("convert #{CONVERT_FLAGS} in.png out.png")
    [uptime, log, doc]
  end
end

get "/ping/:host" do |host|
  # ruleid: rb.command-injection (flow: direct)
  `ping -c 1 #{host}`
end
