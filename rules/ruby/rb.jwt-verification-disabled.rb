# Fixture for rb.jwt-verification-disabled.
class ApiController < ApplicationController
  def current_user
    token = request.headers["Authorization"].to_s.split(" ").last
    # ruleid: rb.jwt-verification-disabled
    payload, = JWT.decode(token, nil, false)
    # ruleid: rb.jwt-verification-disabled
    claims = JWT.decode(token, SECRET, false, { algorithm: "HS256" }).first
    # ruleid: rb.jwt-verification-disabled
    data = ::JWT.decode(params[:jwt], nil, false)
    User.find(payload["sub"] || claims["sub"] || data)
  end

  def safe_user
    token = request.headers["Authorization"].to_s.split(" ").last
    # ok: rb.jwt-verification-disabled
    payload, = JWT.decode(token, SECRET, true, { algorithm: "HS256" })
    # ok: rb.jwt-verification-disabled
    claims = JWT.decode(token, SECRET)
    # ok: rb.jwt-verification-disabled
    other = Base64.decode(token, nil, false)
    User.find(payload["sub"] || claims || other)
  end
end
