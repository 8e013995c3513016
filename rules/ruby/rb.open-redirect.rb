# Fixture for rb.open-redirect: request data deciding where a redirect goes, by every flow the analysis follows.
class SessionsController < ApplicationController
  def direct
    # ruleid: rb.open-redirect (flow: direct)
    redirect_to params[:return_to]
    # ruleid: rb.open-redirect (flow: direct)
    redirect_to "#{params[:host]}/dashboard"
    # ruleid: rb.open-redirect (flow: direct)
    redirect_to params.merge(action: :index)
    # ruleid: rb.open-redirect (flow: direct)
    redirect_to("https://#{params[:domain]}/login", status: 302)
    # ruleid: rb.open-redirect (flow: direct)
    redirect_to cookies[:after_login]
    # ruleid: rb.open-redirect (flow: direct)
    redirect_to controller: "home", host: params[:host]
  end

  def assignments
    target = params[:url].present? ? params[:url] : root_path
    path = target
    # ruleid: rb.open-redirect (flow: assignments)
    redirect_to path
  end

  def building
    site = params[:site]
    # ruleid: rb.open-redirect (flow: string-building)
    redirect_to "https://" + site + "/welcome"
    # ruleid: rb.open-redirect (flow: string-building)
    redirect_to format("//%s/home", site)
    # ruleid: rb.open-redirect (flow: string-building)
    redirect_to [site, "home"].join("/")
  end

  def container
    nav = { home: "/home", back: params[:back] }
    # ok: rb.open-redirect (flow: container)
    redirect_to nav[:home]
    # ruleid: rb.open-redirect (flow: container)
    redirect_to nav[:back]
  end

  def absolute(target)
    return "//#{target}"
  end

  def go(url)
    # ruleid: rb.open-redirect (flow: helper-function)
    redirect_to url
  end

  def helper
    # ruleid: rb.open-redirect (flow: helper-function)
    redirect_to absolute(params[:to])
    go(params[:next])
    # ok: rb.open-redirect (flow: helper-function)
    redirect_to absolute("cdn.example.com")
  end

  def store_location
    @return_to = params[:return_to]
    @home = "/"
  end

  def after_sign_in
    # ruleid: rb.open-redirect (flow: class-field)
    redirect_to @return_to
    # ok: rb.open-redirect (flow: class-field)
    redirect_to @home
  end

  def sanitized
    # ok: rb.open-redirect (flow: sanitized)
    redirect_to params[:return_to], allow_other_host: false
    # ok: rb.open-redirect (flow: sanitized)
    redirect_to url_from(params[:return_to])
    # ok: rb.open-redirect (flow: sanitized)
    redirect_to user_path(params[:id])
    # ok: rb.open-redirect (flow: sanitized)
    redirect_to "/users/#{params[:id]}"
    # ok: rb.open-redirect (flow: sanitized)
    redirect_to "https://www.example.com/search?q=#{params[:q]}"
    # ok: rb.open-redirect (flow: sanitized)
    redirect_to DESTINATIONS.fetch(params[:dest], "/")
    # ok: rb.open-redirect (flow: number-conversion)
    redirect_to "/page/" + params[:page].to_i.to_s
  end

  def constant
    dest = params[:dest]
    dest = "/dashboard"
    # ok: rb.open-redirect (flow: constant-overwrite)
    redirect_to dest
    url = params[:url]
    if false
      url = params[:other]
    else
      url = "/home"
    end
    # ok: rb.open-redirect (flow: dead-branch)
    redirect_to url
  end

  def near_misses
    # ok: rb.open-redirect
    redirect_to root_path
    user = User.find(params[:id])
    # ok: rb.open-redirect
    redirect_to user
    @post = Post.new(post_params)
    # ok: rb.open-redirect
    redirect_to @post
    # ok: rb.open-redirect
    redirect_to request.referer
    # ok: rb.open-redirect
    redirect_to request.original_url.sub("http://", "https://")
    # ok: rb.open-redirect
    redirect_to action: :show, id: params[:id]
  end

  def post_params
    params.require(:post).permit(:title, :body)
  end
end

get "/go" do
  # ruleid: rb.open-redirect (flow: direct)
  redirect params[:url]
  # ruleid: rb.open-redirect (flow: direct)
  redirect to(params[:url])
  # ok: rb.open-redirect
  redirect to("/home")
end
