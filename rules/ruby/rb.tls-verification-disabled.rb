# Fixture for rb.tls-verification-disabled.
require "net/http"

def fetch(uri)
  http = Net::HTTP.new(uri.host, uri.port)
  http.use_ssl = true
  # ruleid: rb.tls-verification-disabled
  http.verify_mode = OpenSSL::SSL::VERIFY_NONE
  # ruleid: rb.tls-verification-disabled
  HTTParty.get(uri.to_s, verify: false)
  # ruleid: rb.tls-verification-disabled
  conn = Faraday.new(url: uri.to_s, ssl: { verify: false })
  # ruleid: rb.tls-verification-disabled
  RestClient::Request.execute(method: :get, url: uri.to_s, verify_ssl: false)
  # ruleid: rb.tls-verification-disabled
  Net::HTTP.start(uri.host, uri.port, use_ssl: true, verify_mode: OpenSSL::SSL::VERIFY_NONE) { |h| h.get("/") }
  # ruleid: rb.tls-verification-disabled
  conn.ssl.verify = false
  http.request(Net::HTTP::Get.new(uri))
end

def fetch_safely(uri)
  http = Net::HTTP.new(uri.host, uri.port)
  # ok: rb.tls-verification-disabled
  http.verify_mode = OpenSSL::SSL::VERIFY_PEER
  # ok: rb.tls-verification-disabled
  HTTParty.get(uri.to_s, verify: true)
  # ok: rb.tls-verification-disabled
  conn = Faraday.new(url: uri.to_s, ssl: { ca_file: "/etc/ssl/internal-ca.pem" })
  # ok: rb.tls-verification-disabled
  mode = options[:insecure] ? "warn" : "strict"
  # ok: rb.tls-verification-disabled
  JWT.decode(token, key, true, verify: false)
  if options.fetch(:verify, true)
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER
  else
    # ok: rb.tls-verification-disabled
    http.verify_mode = OpenSSL::SSL::VERIFY_NONE
  end
  [conn, mode]
end
