# Fixture for py.mark-safe-xss.
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe


def badge(user, request):
    # ruleid: py.mark-safe-xss
    html = mark_safe(f"<span class='badge'>{user.nickname}</span>")
    # ruleid: py.mark-safe-xss
    note = mark_safe("<p>" + comment.body + "</p>")
    # ruleid: py.mark-safe-xss
    q = mark_safe(request.GET["q"])
    # ruleid: py.mark-safe-xss
    row = mark_safe("<td>{}</td>".format(name))
    return html, note, q, row


def safe(user):
    # ok: py.mark-safe-xss
    html = format_html("<span class='badge'>{}</span>", user.nickname)
    # ok: py.mark-safe-xss
    icon = mark_safe("<i class='icon-ok'></i>")
    # ok: py.mark-safe-xss
    note = mark_safe(f"<p>{escape(user.bio)}</p>")
    # ok: py.mark-safe-xss
    out = mark_safe(rendered)
    return html, icon, note, out
