# Fixture for rb.path-traversal: request data reaching a file path, by every flow the analysis follows.
class DownloadsController < ApplicationController
  def direct
    # ruleid: rb.path-traversal (flow: direct)
    send_file params[:path]
    # ruleid: rb.path-traversal (flow: direct)
    data = File.read(Rails.root.join("uploads", params[:name]))
    # ruleid: rb.path-traversal (flow: direct)
    File.open("/var/data/#{params[:file]}", "w") { |f| f.write("x") }
    # ruleid: rb.path-traversal (flow: direct)
    text = IO.read(File.join(UPLOAD_DIR, params[:dir], "index.txt"))
    # ruleid: rb.path-traversal (flow: direct)
    FileUtils.rm_rf(BASE + params[:folder])
    # ruleid: rb.path-traversal (flow: direct)
    render file: params[:page]
    # ruleid: rb.path-traversal (flow: direct)
    render "pages/#{params[:page]}"
    # ok: rb.path-traversal (flow: direct)
    render(params[:status].to_s, params[:body], "text/html")
    # ok: rb.path-traversal (flow: sanitized)
    File.read(File.join(ROOT, Rack::Utils.clean_path_info(Rack::Utils.unescape_path(request.path_info))))
    # ruleid: rb.path-traversal (flow: direct)
    File.open("#{UPLOAD_DIR}/#{params[:upload].original_filename}", "wb")
    # ruleid: rb.path-traversal (flow: direct)
    FileUtils.mv(TMP_FILE, "/srv/files/#{cookies[:name]}")
    # ruleid: rb.path-traversal (flow: direct)
    settings = YAML.load_file("config/#{request.headers['X-Env']}.yml")
    [data, text, settings]
  end

  def assignments
    name = params[:file]
    file = name
    # ruleid: rb.path-traversal (flow: assignments)
    send_file File.join(EXPORT_DIR, file)
  end

  def building
    dir = params[:dir]
    # ruleid: rb.path-traversal (flow: string-building)
    File.read("/srv/" + dir + "/index.html")
    # ruleid: rb.path-traversal (flow: string-building)
    File.read(format("/srv/%s/index.html", dir))
    # ruleid: rb.path-traversal (flow: string-building)
    File.delete(["/srv", dir, "cache"].join("/"))
    path = "/srv/reports/"
    path += dir
    # ruleid: rb.path-traversal (flow: string-building)
    Dir.glob("#{path}/*.csv")
  end

  def container
    doc = { folder: "reports", name: params[:name] }
    # ok: rb.path-traversal (flow: container)
    File.read("/srv/#{doc[:folder]}/index.txt")
    # ruleid: rb.path-traversal (flow: container)
    File.read("/srv/#{doc[:folder]}/#{doc[:name]}")
    parts = []
    parts.push(params[:segment])
    # ruleid: rb.path-traversal (flow: container)
    File.read(File.join("/srv", *parts))
  end

  def storage_path(name)
    return Rails.root.join("storage", name)
  end

  def remove(path)
    # ruleid: rb.path-traversal (flow: helper-function)
    FileUtils.rm_f(path)
  end

  def helper
    # ruleid: rb.path-traversal (flow: helper-function)
    send_file storage_path(params[:name])
    remove(params[:path])
    # ok: rb.path-traversal (flow: helper-function)
    send_file storage_path("manual.pdf")
  end

  def choose
    @export = params[:export]
    @manual = "manual.pdf"
  end

  def deliver
    # ruleid: rb.path-traversal (flow: class-field)
    send_file Rails.root.join("exports", @export)
    # ok: rb.path-traversal (flow: class-field)
    send_file Rails.root.join("docs", @manual)
  end

  def sanitized
    # ok: rb.path-traversal (flow: sanitized)
    send_file Rails.root.join("uploads", File.basename(params[:name]))
    name = File.basename(params[:file])
    # ok: rb.path-traversal (flow: sanitized)
    send_file File.join(EXPORT_DIR, name)
    # ok: rb.path-traversal (flow: sanitized)
    send_file File.join(EXPORT_DIR, "#{params[:title].parameterize}.pdf")
    # ok: rb.path-traversal (flow: sanitized)
    send_file REPORTS.fetch(params[:report])
    # ok: rb.path-traversal (flow: number-conversion)
    File.open(Rails.root.join("cache", "#{params[:id].to_i}.json"), "w")
  end

  def constant
    file = params[:file]
    file = "report.pdf"
    # ok: rb.path-traversal (flow: constant-overwrite)
    send_file File.join(EXPORT_DIR, file)
    dir = params[:dir]
    if false
      dir = params[:other]
    else
      dir = "public"
    end
    # ok: rb.path-traversal (flow: dead-branch)
    Dir.glob("/srv/#{dir}/*")
  end

  # Checked against an allow-list, or made whole and checked to lie under the base folder.
  def guarded
    full = File.expand_path(params[:name], EXPORT_DIR)
    return head(:forbidden) unless full.start_with?(EXPORT_DIR + "/")
    # ok: rb.path-traversal (flow: guard)
    send_file full
    raw = params[:raw]
    return head(:forbidden) unless raw.start_with?(EXPORT_DIR)
    # ruleid: rb.path-traversal (flow: guard)
    send_file raw
    loose = File.expand_path(params[:loose], EXPORT_DIR)
    if loose.start_with?("/")
      # ruleid: rb.path-traversal (flow: guard)
      File.read(loose)
    end
    real = Pathname.new(EXPORT_DIR).join(params[:doc]).realpath
    if real.to_s.start_with?(EXPORT_DIR)
      # ok: rb.path-traversal (flow: guard)
      File.read(real)
    end
    # ruleid: rb.path-traversal (flow: guard)
    File.read(real)
  end

  def allow_listed
    report = params[:report]
    return head(:not_found) unless REPORTS.include?(report)
    # ok: rb.path-traversal (flow: guard)
    send_file File.join(EXPORT_DIR, report)
    kind = params[:kind]
    if %w[csv json].include?(kind)
      # ok: rb.path-traversal (flow: guard)
      send_file File.join(EXPORT_DIR, "export.#{kind}")
    end
    # ruleid: rb.path-traversal (flow: guard)
    send_file File.join(EXPORT_DIR, "export.#{kind}")
    slug = params[:slug]
    if slug.match?(/\A[a-z0-9_-]+\z/)
      # ok: rb.path-traversal (flow: guard)
      File.read(File.join(EXPORT_DIR, slug))
    end
    if slug =~ /^[a-z0-9_-]+$/
      # ruleid: rb.path-traversal (flow: guard)
      File.read(File.join(EXPORT_DIR, slug))
    end
    other = params[:other]
    return head(:bad_request) if other.include?("..")
    # ruleid: rb.path-traversal (flow: guard)
    send_file File.join(EXPORT_DIR, other)
  end

  def near_misses
    attachment = Attachment.find(params[:id])
    # ok: rb.path-traversal
    send_file attachment.diskfile
    # ok: rb.path-traversal
    data = File.read(Rails.root.join("config", "settings.yml"))
    # ok: rb.path-traversal
    render "pages/show", locals: { page: params[:page] }
    # ok: rb.path-traversal
    render json: { path: params[:path] }
    # ok: rb.path-traversal
    there = File.exist?(params[:path])
    # ok: rb.path-traversal
    File.write(LOG_FILE, params[:message])
    # ok: rb.path-traversal
    open(params[:source])
    [data, there]
  end
end

get "/files/:name" do |name|
  # ruleid: rb.path-traversal (flow: direct)
  File.read("public/#{name}")
end

get "/download" do
  path = File.expand_path(params[:file], PUBLIC_DIR)
  halt 403 unless path.start_with?(PUBLIC_DIR + File::SEPARATOR)
  # ok: rb.path-traversal (flow: guard)
  File.read(path)
end
