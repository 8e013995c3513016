# Fixture for rb.html-safe-xss: request data reaching HTML that Rails does not escape, by every flow the analysis follows.
module SearchHelper
  def direct
    # ruleid: rb.html-safe-xss (flow: direct)
    bio = raw(params[:bio])
    # ruleid: rb.html-safe-xss (flow: direct)
    sig = params[:signature].html_safe
    # ruleid: rb.html-safe-xss (flow: direct)
    note = content_tag(:p, ("You searched for " + params[:q]).html_safe)
    # ruleid: rb.html-safe-xss (flow: direct)
    ua = "<code>#{request.user_agent}</code>".html_safe
    # ruleid: rb.html-safe-xss (flow: direct)
    output_buffer.safe_concat("<li>#{cookies[:last_search]}</li>")
    [bio, sig, note, ua]
  end

  def assignments
    query = params[:q]
    shown = query
    html = "<span>#{shown}</span>"
    # ruleid: rb.html-safe-xss (flow: assignments)
    html.html_safe
  end

  def building
    name = params[:name]
    # ruleid: rb.html-safe-xss (flow: string-building)
    raw("<b>" + name + "</b>")
    # ruleid: rb.html-safe-xss (flow: string-building)
    format("<b>%s</b>", name).html_safe
    # ruleid: rb.html-safe-xss (flow: string-building)
    ["<li>", name, "</li>"].join.html_safe
    list = "<ul>"
    list += "<li>#{name}</li>"
    # ruleid: rb.html-safe-xss (flow: string-building)
    raw(list)
  end

  def container
    labels = { title: "Results", query: params[:q] }
    # ok: rb.html-safe-xss (flow: container)
    raw("<h1>#{labels[:title]}</h1>")
    # ruleid: rb.html-safe-xss (flow: container)
    raw("<h1>#{labels[:title]}: #{labels[:query]}</h1>")
    items = []
    items.push(params[:item])
    # ruleid: rb.html-safe-xss (flow: container)
    raw(items.join("<br>"))
  end

  def bold(text)
    return "<b>#{text}</b>"
  end

  def emit(text)
    # ruleid: rb.html-safe-xss (flow: helper-function)
    text.html_safe
  end

  def helper
    # ruleid: rb.html-safe-xss (flow: helper-function)
    raw(bold(params[:q]))
    emit(params[:msg])
    # ok: rb.html-safe-xss (flow: helper-function)
    raw(bold("Results"))
  end

  def remember
    @term = params[:term]
    @heading = "Search"
  end

  def heading
    # ruleid: rb.html-safe-xss (flow: class-field)
    "<h2>#{@term}</h2>".html_safe
    # ok: rb.html-safe-xss (flow: class-field)
    "<h2>#{@heading}</h2>".html_safe
  end

  def sanitized
    # ok: rb.html-safe-xss (flow: sanitized)
    out = "<span>#{h(params[:q])}</span>".html_safe
    # ok: rb.html-safe-xss (flow: sanitized)
    bio = raw(sanitize(params[:bio]))
    # ok: rb.html-safe-xss (flow: sanitized)
    name = "<b>#{ERB::Util.html_escape(params[:name])}</b>".html_safe
    # ok: rb.html-safe-xss (flow: sanitized)
    tag = content_tag(:p, params[:q]).html_safe
    # ok: rb.html-safe-xss (flow: number-conversion)
    page = "Page #{params[:page].to_i}".html_safe
    [out, bio, name, tag, page]
  end

  def constant
    label = params[:label]
    label = "Search"
    # ok: rb.html-safe-xss (flow: constant-overwrite)
    raw("<b>#{label}</b>")
    title = params[:title]
    if false
      title = params[:other]
    else
      title = "Results"
    end
    # ok: rb.html-safe-xss (flow: dead-branch)
    raw("<h1>#{title}</h1>")
  end

  def near_misses
    # ok: rb.html-safe-xss
    sep = "&nbsp;|&nbsp;".html_safe
    # ok: rb.html-safe-xss
    tag = content_tag(:p, params[:q])
    # ok: rb.html-safe-xss
    count = "<b>#{params[:items].size}</b>".html_safe
    # ok: rb.html-safe-xss
    icon = raw(ICONS.fetch(params[:icon], ""))
    [sep, tag, count, icon]
  end
end

class PagesController < ApplicationController
  def missing
    # ruleid: rb.html-safe-xss (flow: direct)
    render text: "Unknown page #{params[:page]}"
  end

  def plain
    # ok: rb.html-safe-xss
    render plain: "Unknown page #{params[:page]}"
  end
end

get "/hello/:name" do |name|
  greeting = "Hello"
  # ruleid: rb.html-safe-xss (flow: direct)
  "<h1>#{greeting}, #{name}</h1>"
end

get "/search" do
  # ruleid: rb.html-safe-xss (flow: direct)
  "<p>Results for " + params[:q] + "</p>"
end

get "/api/echo" do
  content_type :json
  # ok: rb.html-safe-xss
  "{\"q\": \"#{params[:q]}\"}"
end

get "/safe" do
  # ok: rb.html-safe-xss (flow: sanitized)
  "<p>#{Rack::Utils.escape_html(params[:q])}</p>"
end

get "/etag" do
  # ok: rb.html-safe-xss (flow: sanitized)
  "<p>#{Digest::SHA256.hexdigest(params[:q])}</p>".html_safe
end
