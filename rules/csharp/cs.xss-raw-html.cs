// Fixture for cs.xss-raw-html: request data marked as raw HTML.
using System;
using System.Collections.Generic;
using System.Net;
using System.Text;
using System.Web;
using Microsoft.AspNetCore.Components;
using Microsoft.AspNetCore.Html;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Rendering;
using Microsoft.AspNetCore.Razor.TagHelpers;

public class CommentsController : Controller
{
    private readonly IHtmlHelper Html;
    private string signature;
    private string footer;

    public IActionResult Direct(string body)
    {
        // ruleid: cs.xss-raw-html (flow: direct)
        ViewBag.Body = Html.Raw(body);
        // ruleid: cs.xss-raw-html (flow: direct)
        ViewBag.Query = new HtmlString(Request.Query["msg"]);
        // ruleid: cs.xss-raw-html (flow: direct)
        ViewBag.Markup = (MarkupString)Request.Form["markup"].ToString();
        return View();
    }

    public IActionResult Assignments()
    {
        string title = Request.Query["title"];
        var heading = title;
        var html = "<h1>" + heading + "</h1>";
        // ruleid: cs.xss-raw-html (flow: assignments)
        ViewBag.Heading = new HtmlString(html);
        // ok: cs.xss-raw-html (flow: assignments)
        ViewBag.Rule = new HtmlString("<hr />");
        return View();
    }

    public IActionResult Building(string name, string city)
    {
        // ruleid: cs.xss-raw-html (flow: string-building)
        ViewBag.Greeting = Html.Raw($"<b>Hello {name}</b>");
        // ruleid: cs.xss-raw-html (flow: string-building)
        ViewBag.City = new MarkupString(string.Format("<i>{0}</i>", city));
        var sb = new StringBuilder("<ul>");
        sb.Append("<li>").Append(name).Append("</li></ul>");
        // ruleid: cs.xss-raw-html (flow: string-building)
        ViewBag.List = new HtmlString(sb.ToString());
        return View();
    }

    public IActionResult Container()
    {
        var parts = new Dictionary<string, string>();
        parts["intro"] = "<p>Welcome</p>";
        parts["user"] = Request.Query["bio"];
        // ok: cs.xss-raw-html (flow: container)
        ViewBag.Intro = Html.Raw(parts["intro"]);
        // ruleid: cs.xss-raw-html (flow: container)
        ViewBag.Bio = Html.Raw(parts["user"]);
        var items = new List<string>();
        items.Add(Request.Query["item"]);
        // ruleid: cs.xss-raw-html (flow: container)
        ViewBag.Items = new HtmlString("<li>" + string.Join("</li><li>", items) + "</li>");
        return View();
    }

    private static string Wrap(string text)
    {
        return "<div>" + text + "</div>";
    }

    private IHtmlContent Render(string markup)
    {
        // ruleid: cs.xss-raw-html (flow: helper-function)
        return Html.Raw(markup);
    }

    public IActionResult Helper()
    {
        // ruleid: cs.xss-raw-html (flow: helper-function)
        ViewBag.Note = new HtmlString(Wrap(Request.Query["note"]));
        ViewBag.Extra = Render(Request.Query["extra"]);
        // ok: cs.xss-raw-html (flow: helper-function)
        ViewBag.Static = new HtmlString(Wrap("Saved"));
        return View();
    }

    public void Sign()
    {
        this.signature = Request.Form["signature"];
        this.footer = "<footer>Example</footer>";
    }

    public IActionResult Show()
    {
        // ruleid: cs.xss-raw-html (flow: class-field)
        ViewBag.Signature = Html.Raw(this.signature);
        // ok: cs.xss-raw-html (flow: class-field)
        ViewBag.Footer = Html.Raw(this.footer);
        return View();
    }

    public IActionResult Sanitized(string body, int stars)
    {
        // ok: cs.xss-raw-html (flow: sanitized)
        ViewBag.Encoded = Html.Raw(HttpUtility.HtmlEncode(body));
        // ok: cs.xss-raw-html (flow: sanitized)
        ViewBag.Clean = Html.Raw(sanitizer.Sanitize(body));
        // ok: cs.xss-raw-html (flow: sanitized)
        ViewBag.Wrapped = new HtmlString("<p>" + WebUtility.HtmlEncode(body) + "</p>");
        // ok: cs.xss-raw-html (flow: number-conversion)
        ViewBag.Stars = new HtmlString("<span class=\"stars-" + stars + "\"></span>");
        var width = int.Parse(Request.Query["width"]);
        // ok: cs.xss-raw-html (flow: number-conversion)
        ViewBag.Bar = Html.Raw($"<div style=\"width:{width}px\"></div>");
        return View();
    }

    public IActionResult Constant()
    {
        string html = Request.Query["html"];
        html = "<p>Default</p>";
        // ok: cs.xss-raw-html (flow: constant-overwrite)
        ViewBag.A = Html.Raw(html);
        string banner = Request.Query["banner"];
        if (false)
        {
            banner = Request.Query["other"];
        }
        else
        {
            banner = "<b>Sale</b>";
        }
        // ok: cs.xss-raw-html (flow: dead-branch)
        ViewBag.B = Html.Raw(banner);
        return View();
    }
}

[HtmlTargetElement("note")]
public class NoteTagHelper : TagHelper
{
    public string Text { get; set; }

    public override void Process(TagHelperContext context, TagHelperOutput output)
    {
        // ok: cs.xss-raw-html
        output.Content.SetHtmlContent("<p>" + Text + "</p>");
    }
}

public static class CommentHelpers
{
    public static IHtmlContent Comment(this IHtmlHelper Html, string body)
    {
        // ok: cs.xss-raw-html
        return Html.Raw(body);
    }
}
