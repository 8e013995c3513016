# Fixture for rb.cookie-httponly.
class SessionsController < ApplicationController
  def create
    # ruleid: rb.cookie-httponly
    cookies[:remember_token] = { value: user.remember_token, expires: 2.weeks.from_now }
    # ruleid: rb.cookie-httponly
    cookies.signed[:user_id] = { value: user.id, httponly: false }
    # ruleid: rb.cookie-httponly
    cookies[:auth_token] = { value: token, secure: true }
    # ruleid: rb.cookie-httponly
    cookies[:theme] = { value: "dark", :http_only => false }
    # ruleid: rb.cookie-httponly
    response.set_cookie("session_id", value: sid, httponly: false)
  end

  def safe
    # ok: rb.cookie-httponly
    cookies[:remember_token] = { value: token, httponly: true, secure: true }
    # ok: rb.cookie-httponly
    cookies[:remember_token] = { value: token, httponly: true }
    # ok: rb.cookie-httponly
    cookies[:session_token] = { value: token, httponly: true, secure: false }
    # ok: rb.cookie-httponly
    cookies[:theme] = { value: "dark", expires: 1.year.from_now }
    # ok: rb.cookie-httponly
    cookies[:theme] = { value: "dark", secure: false }
    # ok: rb.cookie-httponly
    cookies.encrypted[:session_token] = { value: token, httponly: !Rails.env.development? }
    # ok: rb.cookie-httponly
    cookies[:locale] = params[:locale]
  end
end

# ok: rb.cookie-httponly
Rails.application.config.session_store :cookie_store, key: "_app_session", secure: false
# ok: rb.cookie-httponly
Rails.application.config.session_store :cookie_store, key: "_app_session", secure: true, httponly: true
# ruleid: rb.cookie-httponly
use Rack::Session::Cookie, key: "rack.session", secret: ENV["SECRET"], httponly: false
# ruleid: rb.cookie-httponly
Rails.application.config.session_store :cookie_store, key: "_app_session", httponly: false
