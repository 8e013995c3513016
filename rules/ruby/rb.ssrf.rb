# Fixture for rb.ssrf: request data deciding what URL the server fetches, by every flow the analysis follows.
require "net/http"
require "open-uri"

class PreviewsController < ApplicationController
  def direct
    # ruleid: rb.ssrf (flow: direct)
    body = Net::HTTP.get(URI(params[:url]))
    # ruleid: rb.ssrf (flow: direct)
    page = URI.open(params[:url]).read
    # ruleid: rb.ssrf (flow: direct)
    resp = HTTParty.get(params[:webhook])
    # ruleid: rb.ssrf (flow: direct)
    data = Faraday.get("https://#{params[:host]}/status")
    # ruleid: rb.ssrf (flow: direct)
    res = RestClient::Request.execute(method: :get, url: params[:callback])
    # ruleid: rb.ssrf (flow: direct)
    r = Net::HTTP.get_response(URI.parse(request.headers["X-Callback"]))
    # ruleid: rb.ssrf (flow: direct)
    feed = URI.parse(params[:feed]).read
    # ruleid: rb.ssrf (flow: direct)
    conn = Faraday.new(url: cookies[:api])
    render json: [body, page, resp, data, res, r, feed, conn]
  end

  def assignments
    endpoint = params[:endpoint]
    target = endpoint
    # ruleid: rb.ssrf (flow: assignments)
    HTTParty.post(target, body: "{}")
    uri = URI.parse(params[:url])
    # ruleid: rb.ssrf (flow: assignments)
    http = Net::HTTP.new(uri.host, uri.port)
    http
  end

  def building
    host = params[:host]
    # ruleid: rb.ssrf (flow: string-building)
    HTTP.get("http://" + host + ":8080/health")
    # ruleid: rb.ssrf (flow: string-building)
    HTTP.get(format("http://%s/health", host))
    # ruleid: rb.ssrf (flow: string-building)
    RestClient.get(["http:/", host, "health"].join("/"))
  end

  def container
    hook = { method: "post", url: params[:hook_url] }
    # ok: rb.ssrf (flow: container)
    HTTParty.get("#{STATUS_BASE}/#{hook[:method]}")
    # ruleid: rb.ssrf (flow: container)
    HTTParty.post(hook[:url])
  end

  def api_url(host)
    return "https://#{host}/api/v1"
  end

  def ping(url)
    # ruleid: rb.ssrf (flow: helper-function)
    Net::HTTP.get_response(URI(url))
  end

  def helper
    # ruleid: rb.ssrf (flow: helper-function)
    Faraday.get(api_url(params[:tenant_host]))
    ping(params[:ping])
    # ok: rb.ssrf (flow: helper-function)
    Faraday.get(api_url("api.example.com"))
  end

  def configure
    @callback = params[:callback]
    @status = "https://status.example.com/v1"
  end

  def notify
    # ruleid: rb.ssrf (flow: class-field)
    HTTParty.post(@callback, body: "done")
    # ok: rb.ssrf (flow: class-field)
    HTTParty.get(@status)
  end

  def sanitized
    # ok: rb.ssrf (flow: sanitized)
    body = Net::HTTP.get(URI("https://api.example.com/users/#{params[:id]}"))
    # ok: rb.ssrf (flow: sanitized)
    resp = HTTParty.get("#{API_BASE}/search?q=#{params[:q]}")
    # ok: rb.ssrf (flow: sanitized)
    data = Faraday.get(MIRRORS.fetch(params[:mirror]))
    # ok: rb.ssrf (flow: number-conversion)
    local = Net::HTTP.get("localhost", "/", params[:port].to_i)
    [body, resp, data, local]
  end

  def constant
    url = params[:url]
    url = "https://status.example.com/"
    # ok: rb.ssrf (flow: constant-overwrite)
    HTTParty.get(url)
    host = params[:host]
    if false
      host = params[:other]
    else
      host = "api.example.com"
    end
    # ok: rb.ssrf (flow: dead-branch)
    Net::HTTP.get(host, "/status")
  end

  def near_misses
    # ok: rb.ssrf
    resp = HTTParty.get("https://status.example.com/v1", query: { q: params[:q] })
    # ok: rb.ssrf
    data = Faraday.get(STATUS_URL)
    # ok: rb.ssrf
    check = HTTParty.get("https://validator.example.com/check", query: { url: params[:url] })
    # ok: rb.ssrf
    user = User.find(params[:id])
    # ok: rb.ssrf
    r = cache.get(params[:key])
    # ok: rb.ssrf
    io = StringIO.new(params[:feed]).read
    endpoint = Webhook.find(params[:id]).url
    # ok: rb.ssrf
    HTTParty.post(endpoint, body: "{}")
    [resp, data, check, user, r, io]
  end
end
