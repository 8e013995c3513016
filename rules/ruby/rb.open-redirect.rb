# Fixture for rb.open-redirect.
class SessionsController < ApplicationController
  def create
    # ruleid: rb.open-redirect
    redirect_to params[:return_to]
    # ruleid: rb.open-redirect
    redirect_to params[:next] || root_path
    # ruleid: rb.open-redirect
    redirect_to "#{params[:host]}/dashboard"
    # ruleid: rb.open-redirect
    redirect_to params.merge(action: :index)
    # ruleid: rb.open-redirect
    redirect_to("https://#{params[:domain]}/login", status: 302)
    path = params[:url].present? ? params[:url] : root_path
    # ruleid: rb.open-redirect
    redirect_to path
  end

  def safe
    # ok: rb.open-redirect
    redirect_to root_path
    # ok: rb.open-redirect
    redirect_to user_path(params[:id])
    # ok: rb.open-redirect
    redirect_to "/users/#{params[:id]}"
    # ok: rb.open-redirect
    redirect_to params[:return_to], allow_other_host: false
    # ok: rb.open-redirect
    redirect_to url_from(params[:return_to]) || root_path
    user = User.find(params[:id])
    # ok: rb.open-redirect
    redirect_to user
  end
end

get "/go" do
  # ruleid: rb.open-redirect
  redirect params[:url]
  # ruleid: rb.open-redirect
  redirect to(params[:url])
  # ok: rb.open-redirect
  redirect to("/home")
end
