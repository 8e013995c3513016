# Fixture for rb.kernel-open: request data at the start of a name Kernel#open opens, by every flow the analysis follows.
require "open-uri"

class ImportsController < ApplicationController
  def direct
    # ruleid: rb.kernel-open (flow: direct)
    data = open(params[:source]).read
    # ruleid: rb.kernel-open (flow: direct)
    Kernel.open(params[:file]) { |f| import(f) }
    # ruleid: rb.kernel-open (flow: direct)
    csv = open("#{params[:dir]}/data.csv")
    # ruleid: rb.kernel-open (flow: direct)
    feed = open(request.headers["X-Feed"])
    [data, csv, feed]
  end

  def assignments
    source = params[:source]
    name = source
    # ruleid: rb.kernel-open (flow: assignments)
    open(name).read
  end

  def building
    base = params[:base]
    # ruleid: rb.kernel-open (flow: string-building)
    open(base + ".log")
    # ruleid: rb.kernel-open (flow: string-building)
    open(format("%s/export.csv", base))
    # ruleid: rb.kernel-open (flow: string-building)
    open([base, "export.csv"].join("/"))
  end

  def container
    opts = { mode: "r", location: params[:location] }
    # ok: rb.kernel-open (flow: container)
    open("#{DATA_DIR}/#{opts[:mode]}.txt")
    # ruleid: rb.kernel-open (flow: container)
    open(opts[:location], opts[:mode])
  end

  def locate(name)
    return "#{name}.csv"
  end

  def read_from(name)
    # ruleid: rb.kernel-open (flow: helper-function)
    open(name).read
  end

  def helper
    # ruleid: rb.kernel-open (flow: helper-function)
    open(locate(params[:name]))
    read_from(params[:from])
    # ok: rb.kernel-open (flow: helper-function)
    open(locate("daily"))
  end

  def remember
    @source = params[:source]
    @default = "imports/latest.csv"
  end

  def fetch_source
    # ruleid: rb.kernel-open (flow: class-field)
    open(@source).read
    # ok: rb.kernel-open (flow: class-field)
    open(@default).read
  end

  def safe
    # ok: rb.kernel-open (flow: sanitized)
    report = open(REPORTS.fetch(params[:report]))
    # ok: rb.kernel-open (flow: number-conversion)
    page = open(params[:page].to_i.to_s)
    name = params[:name]
    name = "imports/latest.csv"
    # ok: rb.kernel-open (flow: constant-overwrite)
    open(name)
    path = params[:path]
    if false
      path = params[:other]
    else
      path = "imports/default.csv"
    end
    # ok: rb.kernel-open (flow: dead-branch)
    open(path)
    [report, page]
  end

  def near_misses
    # ok: rb.kernel-open
    data = File.open(Rails.root.join("imports", "latest.csv"))
    # ok: rb.kernel-open
    config = open("config/import.yml")
    # ok: rb.kernel-open
    file = Tempfile.open(params[:name])
    # ok: rb.kernel-open
    store.open(params[:id])
    # ok: rb.kernel-open
    upload = open("/var/uploads/#{params[:name]}")
    # ok: rb.kernel-open
    local = open("#{UPLOAD_DIR}/#{params[:name]}")
    [data, config, file, upload, local]
  end
end
