# Fixture for rb.cookie-insecure.
class SessionsController < ApplicationController
  def create
    # ruleid: rb.cookie-insecure
    cookies[:remember_token] = { value: user.remember_token, expires: 2.weeks.from_now }
    # ruleid: rb.cookie-insecure
    cookies.signed[:user_id] = { value: user.id, httponly: true }
    # ruleid: rb.cookie-insecure
    cookies[:theme] = { value: "dark", secure: false }
    # ruleid: rb.cookie-insecure
    response.set_cookie("session_id", value: sid, :secure => false)
  end

  def safe
    # ok: rb.cookie-insecure
    cookies[:remember_token] = { value: token, httponly: true, secure: true }
    # ok: rb.cookie-insecure
    cookies[:auth_token] = { value: token, secure: true }
    # ok: rb.cookie-insecure
    cookies.signed[:user_id] = { value: user.id, httponly: false, secure: true }
    # ok: rb.cookie-insecure
    cookies[:theme] = { value: "dark", expires: 1.year.from_now }
    # ok: rb.cookie-insecure
    cookies.encrypted[:session_token] = { value: token, secure: Rails.env.production? }
    # ok: rb.cookie-insecure
    cookies[:session_token] = { **COOKIE_OPTIONS, value: token }
    # ok: rb.cookie-insecure
    cookies[:locale] = params[:locale]
    # ok: rb.cookie-insecure
    response.set_cookie("session_id", value: sid, httponly: false)
  end
end

# ruleid: rb.cookie-insecure
Rails.application.config.session_store :cookie_store, key: "_app_session", secure: false
# ok: rb.cookie-insecure
Rails.application.config.session_store :cookie_store, key: "_app_session", secure: true, httponly: true
# ok: rb.cookie-insecure
use Rack::Session::Cookie, key: "rack.session", secret: ENV["SECRET"], httponly: false
# ruleid: rb.cookie-insecure
use Rack::Session::Cookie, key: "rack.session", secret: ENV["SECRET"], secure: false
