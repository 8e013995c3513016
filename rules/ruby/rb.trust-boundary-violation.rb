# Fixture for rb.trust-boundary-violation: request data stored in the session, by every flow the analysis follows.
class PreferencesController < ApplicationController
  LOCALES = { "en" => :en, "de" => :de }.freeze

  def direct
    # ruleid: rb.trust-boundary-violation (flow: direct)
    session[:user_id] = params[:user_id]
    # ruleid: rb.trust-boundary-violation (flow: direct)
    session[:role] = cookies[:role]
    # ruleid: rb.trust-boundary-violation (flow: direct)
    session["tenant"] = request.headers["X-Tenant"]
    # ruleid: rb.trust-boundary-violation (flow: direct)
    session.merge!(plan: params[:plan])
  end

  def assignments
    locale = params[:locale]
    chosen = locale
    # ruleid: rb.trust-boundary-violation (flow: assignments)
    session[:locale] = chosen
  end

  def building
    team = params[:team]
    # ruleid: rb.trust-boundary-violation (flow: string-building)
    session[:scope] = "team:" + team
    # ruleid: rb.trust-boundary-violation (flow: string-building)
    session[:scope] = "team:#{team}"
    # ruleid: rb.trust-boundary-violation (flow: string-building)
    session[:scopes] = ["read", team].join(",")
  end

  def container
    prefs = { theme: "dark", layout: params[:layout] }
    # ok: rb.trust-boundary-violation (flow: container)
    session[:theme] = prefs[:theme]
    # ruleid: rb.trust-boundary-violation (flow: container)
    session[:layout] = prefs[:layout]
  end

  def normalize(value)
    return value.to_s.strip.downcase
  end

  def remember(key, value)
    # ruleid: rb.trust-boundary-violation (flow: helper-function)
    session[key] = value
  end

  def helper
    # ruleid: rb.trust-boundary-violation (flow: helper-function)
    session[:currency] = normalize(params[:currency])
    remember(:referrer_code, params[:ref])
    # ok: rb.trust-boundary-violation (flow: helper-function)
    session[:currency] = normalize("EUR")
  end

  def capture
    @campaign = params[:campaign]
    @source = "web"
  end

  def persist
    # ruleid: rb.trust-boundary-violation (flow: class-field)
    session[:campaign] = @campaign
    # ok: rb.trust-boundary-violation (flow: class-field)
    session[:source] = @source
  end

  def sanitized
    # ok: rb.trust-boundary-violation (flow: sanitized)
    session[:locale] = LOCALES.fetch(params[:locale], :en)
    user = User.find_by(email: params[:email])
    # ok: rb.trust-boundary-violation (flow: sanitized)
    session[:user_id] = user.id
    # ok: rb.trust-boundary-violation (flow: number-conversion)
    session[:per_page] = params[:per_page].to_i
    # ok: rb.trust-boundary-violation (flow: number-conversion)
    session[:remember] = params[:remember] == "1"
    theme = params[:theme]
    theme = "light"
    # ok: rb.trust-boundary-violation (flow: constant-overwrite)
    session[:theme] = theme
    plan = params[:plan]
    if false
      plan = params[:other]
    else
      plan = "free"
    end
    # ok: rb.trust-boundary-violation (flow: dead-branch)
    session[:plan] = plan
  end

  def near_misses
    # ok: rb.trust-boundary-violation
    session[:return_to] = request.fullpath
    # ok: rb.trust-boundary-violation
    session[:visited_at] = Time.current
    # ok: rb.trust-boundary-violation
    flash[:notice] = "Saved #{params[:name]}"
    # ok: rb.trust-boundary-violation
    cookies[:last_search] = params[:q]
    # ok: rb.trust-boundary-violation
    value = session[:user_id]
    value
  end
end

post "/prefs/:theme" do |theme|
  # ruleid: rb.trust-boundary-violation (flow: direct)
  session[:theme] = theme
end
