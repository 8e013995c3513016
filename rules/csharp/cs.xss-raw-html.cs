// Fixture for cs.xss-raw-html.
using System.Web;
using System.Web.Mvc;
using Microsoft.AspNetCore.Html;
using Microsoft.AspNetCore.Mvc.Rendering;

public static class CommentHelpers
{
    public static IHtmlContent Comment(this IHtmlHelper Html, CommentModel model, string name)
    {
        // ruleid: cs.xss-raw-html
        var body = Html.Raw(model.Body);
        // ruleid: cs.xss-raw-html
        var greeting = Html.Raw("<b>Hello " + name + "</b>");
        // ruleid: cs.xss-raw-html
        var banner = new HtmlString($"<div class=\"banner\">{model.Title}</div>");
        // ruleid: cs.xss-raw-html
        var legacy = MvcHtmlString.Create("<p>" + model.Signature + "</p>");
        // ruleid: cs.xss-raw-html
        var q = new HtmlString(Context.Request.Query["msg"]);
        return body;
    }

    public static IHtmlContent Safe(this IHtmlHelper Html, CommentModel model, HtmlEncoder encoder, string html)
    {
        // ok: cs.xss-raw-html
        var br = Html.Raw("<br />");
        // ok: cs.xss-raw-html
        var encoded = Html.Raw(HttpUtility.HtmlEncode(model.Body));
        // ok: cs.xss-raw-html
        var clean = Html.Raw(sanitizer.Sanitize(model.Body));
        // ok: cs.xss-raw-html
        var wrapped = new HtmlString("<div>" + encoder.Encode(model.Title) + "</div>");
        // ok: cs.xss-raw-html
        var built = new HtmlString(html);
        // ok: cs.xss-raw-html
        var text = Html.Encode(model.Body);
        // ok: cs.xss-raw-html
        var help = Html.Raw(AdminResources.PasswordHelp);
        var message = String.Format(CultureInfo.CurrentCulture, AdminResources.Welcome, Html.Encode(model.Name));
        // ok: cs.xss-raw-html
        var welcome = Html.Raw(message);
        // ok: cs.xss-raw-html
        var link = MvcHtmlString.Create(tagBuilder.ToString(TagRenderMode.Normal));
        return br;
    }
}
