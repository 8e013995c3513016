# Fixture for rb.html-safe-interpolation.
module ProfilesHelper
  def profile_header(user)
    # ruleid: rb.html-safe-interpolation
    out = "<h1>#{user.name}</h1>".html_safe
    # ruleid: rb.html-safe-interpolation
    link = ("<a href='/u'>" + user.nickname + "</a>").html_safe
    # ruleid: rb.html-safe-interpolation
    note = content_tag(:p, "Note: #{@note.body}".html_safe)
    # ruleid: rb.html-safe-interpolation
    raw("<em>#{comment.text}</em>")
    [out, link, note]
  end

  def safe_header(user)
    # ok: rb.html-safe-interpolation
    out = "<h1>#{h(user.name)}</h1>".html_safe
    # ok: rb.html-safe-interpolation
    sep = "&nbsp;|&nbsp;".html_safe
    # ok: rb.html-safe-interpolation
    link = "#{link_to(user.name, user_path(user))} (#{user.posts.count})".html_safe
    # ok: rb.html-safe-interpolation
    bio = raw(sanitize(user.bio))
    # ok: rb.html-safe-interpolation
    icon = "<i class='#{ICON_CLASS}'></i>".html_safe
    # ok: rb.html-safe-interpolation
    raw("<span>#{params[:q]}</span>")
    [out, sep, link, bio, icon]
  end
end
