# Fixture for rb.html-safe-xss.
module SearchHelper
  def search_header
    # ruleid: rb.html-safe-xss
    bio = raw(params[:bio])
    # ruleid: rb.html-safe-xss
    raw("<span>#{params[:q]}</span>")
    # ruleid: rb.html-safe-xss
    sig = params[:signature].html_safe
    # ruleid: rb.html-safe-xss
    note = content_tag(:p, ("You searched for " + params[:q]).html_safe)
    # ruleid: rb.html-safe-xss
    ua = "<code>#{request.user_agent}</code>".html_safe
    # ruleid: rb.html-safe-xss
    render text: "Unknown page #{params[:page]}"
    [bio, sig, note, ua]
  end

  def safe_header(user)
    # ok: rb.html-safe-xss
    out = "<span>#{h(params[:q])}</span>".html_safe
    # ok: rb.html-safe-xss
    sep = "&nbsp;|&nbsp;".html_safe
    # ok: rb.html-safe-xss
    bio = raw(sanitize(params[:bio]))
    # ok: rb.html-safe-xss
    page = "Page #{params[:page].to_i}".html_safe
    # ok: rb.html-safe-xss
    tag = content_tag(:p, params[:q])
    # ok: rb.html-safe-xss
    render plain: "Unknown page #{params[:page]}"
    [out, sep, bio, page, tag]
  end
end
