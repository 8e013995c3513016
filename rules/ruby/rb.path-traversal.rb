# Fixture for rb.path-traversal.
class DownloadsController < ApplicationController
  def show
    # ruleid: rb.path-traversal
    send_file params[:path]
    # ruleid: rb.path-traversal
    data = File.read(Rails.root.join("uploads", params[:name]))
    # ruleid: rb.path-traversal
    File.open("/var/data/#{params[:file]}", "w") { |f| f.write(request.body.read) }
    # ruleid: rb.path-traversal
    text = IO.read(File.join(UPLOAD_DIR, params[:dir], "index.txt"))
    # ruleid: rb.path-traversal
    FileUtils.rm_rf(BASE + params[:folder])
    # ruleid: rb.path-traversal
    render file: params[:page]
    # ruleid: rb.path-traversal
    render "pages/#{params[:page]}"
    name = params[:file]
    # ruleid: rb.path-traversal
    send_file File.join(EXPORT_DIR, name)
    # ruleid: rb.path-traversal
    File.open("#{UPLOAD_DIR}/#{params[:upload].original_filename}", "wb")
    [data, text]
  end

  def safe
    # ok: rb.path-traversal
    send_file Rails.root.join("uploads", File.basename(params[:name]))
    # ok: rb.path-traversal
    attachment = Attachment.find(params[:id])
    # ok: rb.path-traversal
    send_file attachment.diskfile
    # ok: rb.path-traversal
    data = File.read(Rails.root.join("config", "settings.yml"))
    # ok: rb.path-traversal
    render "pages/show", locals: { page: params[:page] }
    # ok: rb.path-traversal
    File.open(cache_path(params[:id].to_i), "w")
    name = File.basename(params[:file])
    # ok: rb.path-traversal
    send_file File.join(EXPORT_DIR, name)
    data
  end
end
