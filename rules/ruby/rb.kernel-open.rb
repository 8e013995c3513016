# Fixture for rb.kernel-open.
require "open-uri"

class ImportsController < ApplicationController
  def create
    # ruleid: rb.kernel-open
    data = open(params[:source]).read
    # ruleid: rb.kernel-open
    Kernel.open(params[:file]) { |f| import(f) }
    # ruleid: rb.kernel-open
    csv = open("#{params[:dir]}/data.csv")
    # ruleid: rb.kernel-open
    log = open(params[:name] + ".log")
    [data, csv, log]
  end

  def safe
    # ok: rb.kernel-open
    data = File.open(Rails.root.join("imports", "latest.csv"))
    # ok: rb.kernel-open
    config = open("config/import.yml")
    # ok: rb.kernel-open
    file = Tempfile.open(params[:name])
    # ok: rb.kernel-open
    store.open(params[:id])
    [data, config, file]
  end
end
