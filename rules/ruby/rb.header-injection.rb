# Fixture for rb.header-injection: request data reaching a response header, by every flow the analysis follows.
class DownloadsController < ApplicationController
  def direct
    # ruleid: rb.header-injection (flow: direct)
    response.headers["Content-Disposition"] = "attachment; filename=#{params[:name]}"
    # ruleid: rb.header-injection (flow: direct)
    headers["X-Request-Tag"] = request.headers["X-Tag"]
    # ruleid: rb.header-injection (flow: direct)
    response.set_header("Access-Control-Allow-Origin", request.origin)
    # ruleid: rb.header-injection (flow: direct)
    response.content_type = params[:type]
  end

  def assignments
    origin = params[:origin]
    allowed = origin
    # ruleid: rb.header-injection (flow: assignments)
    response.headers["Access-Control-Allow-Origin"] = allowed
  end

  def building
    lang = params[:lang]
    # ruleid: rb.header-injection (flow: string-building)
    response.headers["Content-Language"] = lang + ", en"
    # ruleid: rb.header-injection (flow: string-building)
    response.headers["Refresh"] = format("5; url=%s", lang)
    # ruleid: rb.header-injection (flow: string-building)
    response.headers["Vary"] = ["Accept", lang].join(", ")
  end

  def container
    meta = { cache: "no-store", tag: params[:tag] }
    # ok: rb.header-injection (flow: container)
    response.headers["Cache-Control"] = meta[:cache]
    # ruleid: rb.header-injection (flow: container)
    response.headers["X-Tag"] = meta[:tag]
  end

  def disposition(name)
    return "inline; filename=\"#{name}\""
  end

  def tag_response(value)
    # ruleid: rb.header-injection (flow: helper-function)
    response.headers["X-Trace"] = value
  end

  def helper
    # ruleid: rb.header-injection (flow: helper-function)
    response.headers["Content-Disposition"] = disposition(params[:file])
    tag_response(request.headers["X-Trace"])
    # ok: rb.header-injection (flow: helper-function)
    response.headers["Content-Disposition"] = disposition("report.pdf")
  end

  def remember
    @callback_origin = params[:callback_origin]
    @frame_policy = "DENY"
  end

  def secure
    # ruleid: rb.header-injection (flow: class-field)
    response.headers["Access-Control-Allow-Origin"] = @callback_origin
    # ok: rb.header-injection (flow: class-field)
    response.headers["X-Frame-Options"] = @frame_policy
  end

  def sanitized
    # ok: rb.header-injection (flow: sanitized)
    response.headers["X-Name"] = params[:name].gsub(/[\r\n]/, "")
    # ok: rb.header-injection (flow: sanitized)
    response.headers["Content-Disposition"] = "attachment; filename=#{ERB::Util.url_encode(params[:name])}"
    # ok: rb.header-injection (flow: sanitized)
    response.headers["Content-Disposition"] = ActionDispatch::Http::ContentDisposition.format(disposition: "attachment", filename: params[:name])
    # ok: rb.header-injection (flow: sanitized)
    response.headers["Access-Control-Allow-Origin"] = ORIGINS.fetch(params[:site], "https://example.com")
    # ok: rb.header-injection (flow: number-conversion)
    response.headers["X-Page"] = params[:page].to_i.to_s
    value = params[:value]
    value = "none"
    # ok: rb.header-injection (flow: constant-overwrite)
    response.headers["X-Value"] = value
    mode = params[:mode]
    if false
      mode = params[:other]
    else
      mode = "strict"
    end
    # ok: rb.header-injection (flow: dead-branch)
    response.headers["X-Mode"] = mode
  end

  def near_misses(client)
    outgoing = {}
    # ok: rb.header-injection
    outgoing["Authorization"] = "Bearer #{params[:token]}"
    headers = { "X-Api-Key" => ENV["API_KEY"] }
    # ok: rb.header-injection
    headers["X-Search"] = params[:q]
    # ok: rb.header-injection
    send_data report_pdf, filename: params[:name], disposition: "attachment"
    # ok: rb.header-injection
    response.headers["X-Request-Id"] = request.request_id
    client.get("/search", outgoing)
  end
end

get "/download/:name" do |name|
  # ruleid: rb.header-injection (flow: direct)
  headers "Content-Disposition" => "attachment; filename=#{name}"
  File.read("public/report.pdf")
end
