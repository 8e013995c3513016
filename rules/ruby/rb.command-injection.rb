# Fixture for rb.command-injection.
require "open3"

def convert(file, host)
  # ruleid: rb.command-injection
  system("convert #{file} out.png")
  # ruleid: rb.command-injection
  output = `ping -c 1 #{host}`
  # ruleid: rb.command-injection
  listing = %x(ls -la #{file})
  # ruleid: rb.command-injection
  stdout, status = Open3.capture2("tar xzf " + file)
  # ruleid: rb.command-injection
  Kernel.exec("rm -rf #{file}")
  # ruleid: rb.command-injection
  matches = open("| grep #{host} /var/log/access.log").read
  [output, listing, stdout, status]
end

def safe(file)
  # ok: rb.command-injection
  system("convert", file, "out.png")
  # ok: rb.command-injection
  system("uptime")
  # ok: rb.command-injection
  uptime = `uptime`
  # ok: rb.command-injection
  log = open("/var/log/#{host}.log").read
  # ok: rb.command-injection
  version = `#{shell_quote CONVERT_BIN} -version`
  # ok: rb.command-injection
  system("convert #{file.shellescape} out.png")
  # ok: rb.command-injection
  job.exec("run #{file}")
  # ok: rb.command-injection
  # system("rm -rf #{file}")
  # ok: rb.command-injection
  doc = 'never system("rm #{file}")'
  [uptime, doc]
end
