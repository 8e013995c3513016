# Fixture for rb.ssrf.
require "net/http"
require "open-uri"

class PreviewsController < ApplicationController
  def show
    # ruleid: rb.ssrf
    body = Net::HTTP.get(URI(params[:url]))
    # ruleid: rb.ssrf
    page = URI.open(params[:url]).read
    # ruleid: rb.ssrf
    resp = HTTParty.get(params[:webhook])
    # ruleid: rb.ssrf
    data = Faraday.get("https://#{params[:host]}/status")
    # ruleid: rb.ssrf
    res = RestClient::Request.execute(method: :get, url: params[:callback])
    # ruleid: rb.ssrf
    r = Net::HTTP.get_response(URI.parse(request.headers["X-Callback"]))
    # ruleid: rb.ssrf
    feed = URI.parse(params[:feed]).read
    endpoint = params[:endpoint]
    # ruleid: rb.ssrf
    HTTParty.post(endpoint, body: payload)
    render json: [body, page, resp, data, res, r]
  end

  def safe
    # ok: rb.ssrf
    body = Net::HTTP.get(URI("https://api.example.com/users/#{params[:id]}"))
    # ok: rb.ssrf
    resp = HTTParty.get("https://status.example.com/v1", query: { q: params[:q] })
    # ok: rb.ssrf
    data = Faraday.get(STATUS_URL)
    # ok: rb.ssrf
    user = User.find(params[:id])
    # ok: rb.ssrf
    r = cache.get(params[:key])
    # ok: rb.ssrf
    io = StringIO.new(params[:feed]).read
    endpoint = Webhook.find(params[:id]).url
    # ok: rb.ssrf
    HTTParty.post(endpoint, body: payload)
    [body, resp, data, user, r]
  end
end
