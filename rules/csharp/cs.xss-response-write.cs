// Fixture for cs.xss-response-write: request data written to an HTML response.
using System;
using System.Collections.Generic;
using System.Net;
using System.Text;
using System.Text.Encodings.Web;
using System.Threading.Tasks;
using System.Web;
using System.Web.UI;
using System.Web.UI.WebControls;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

public partial class Search : Page
{
    protected Label lblResult;

    protected void Page_Load(object sender, EventArgs e)
    {
        // ruleid: cs.xss-response-write (flow: direct)
        Response.Write(Request.QueryString["q"]);
        // ruleid: cs.xss-response-write (flow: direct)
        HttpContext.Current.Response.Write("<h1>Results for " + Request.Form["term"] + "</h1>");
        // ruleid: cs.xss-response-write (flow: direct)
        lblResult.Text = "You searched for " + Request["q"];
        // ok: cs.xss-response-write (flow: sanitized)
        Response.Write(HttpUtility.HtmlEncode(Request.QueryString["q"]));
        // ok: cs.xss-response-write (flow: sanitized)
        lblResult.Text = "You searched for " + Server.HtmlEncode(Request["q"]);
    }
}

public class Banner : WebControl
{
    protected override void RenderContents(HtmlTextWriter output)
    {
        var title = Page.Request.QueryString["title"];
        // ruleid: cs.xss-response-write (flow: assignments)
        output.Write("<div class=\"banner\">" + title + "</div>");
        // ok: cs.xss-response-write (flow: sanitized)
        output.Write(HttpUtility.HtmlEncode(title));
    }
}

public class GreetingController : Controller
{
    private string visitor;
    private string site;

    public IActionResult Assignments()
    {
        string name = Request.Query["name"];
        var who = name;
        var html = "<p>Hello " + who + "</p>";
        // ruleid: cs.xss-response-write (flow: assignments)
        return Content(html, "text/html");
    }

    public async Task Building(string name, string city)
    {
        // ruleid: cs.xss-response-write (flow: string-building)
        await HttpContext.Response.WriteAsync($"<p>Hello {name}</p>");
        // ruleid: cs.xss-response-write (flow: string-building)
        await Response.WriteAsync(string.Format("<p>{0}</p>", city));
        var sb = new StringBuilder("<ul>");
        sb.Append("<li>").Append(name).Append("</li>");
        sb.Append("</ul>");
        // ruleid: cs.xss-response-write (flow: string-building)
        await Response.WriteAsync(sb.ToString());
    }

    public IActionResult Container()
    {
        var model = new Dictionary<string, string>();
        model["title"] = "Welcome";
        model["user"] = Request.Query["user"];
        // ok: cs.xss-response-write (flow: container)
        var a = Content("<h1>" + model["title"] + "</h1>", "text/html");
        var lines = new List<string>();
        lines.Add(Request.Query["line"]);
        // ruleid: cs.xss-response-write (flow: container)
        var b = Content("<pre>" + string.Join("\n", lines) + "</pre>", "text/html; charset=utf-8");
        // ruleid: cs.xss-response-write (flow: container)
        return new ContentResult { Content = "<b>" + model["user"] + "</b>", ContentType = "text/html" };
    }

    private static string Bold(string text)
    {
        return "<b>" + text + "</b>";
    }

    private Task Send(HttpResponse response, string body)
    {
        // ruleid: cs.xss-response-write (flow: helper-function)
        return response.WriteAsync(body);
    }

    public async Task<IActionResult> Helper()
    {
        await Send(Response, "<p>" + Request.Query["msg"] + "</p>");
        // ok: cs.xss-response-write (flow: helper-function)
        var fixedHtml = Content(Bold("Saved"), "text/html");
        // ruleid: cs.xss-response-write (flow: helper-function)
        return Content(Bold(Request.Query["label"]), "text/html");
    }

    public void Remember()
    {
        this.visitor = Request.Cookies["visitor"];
        this.site = "Example";
    }

    public IActionResult Welcome()
    {
        // ok: cs.xss-response-write (flow: class-field)
        var title = Content("<title>" + this.site + "</title>", "text/html");
        // ruleid: cs.xss-response-write (flow: class-field)
        return Content("<p>Welcome back " + this.visitor + "</p>", "text/html");
    }

    public async Task<IActionResult> Sanitized(string name, int count)
    {
        // ok: cs.xss-response-write (flow: sanitized)
        await Response.WriteAsync($"<p>Hello {HtmlEncoder.Default.Encode(name)}</p>");
        // ok: cs.xss-response-write (flow: sanitized)
        var encoded = Content("<p>" + WebUtility.HtmlEncode(name) + "</p>", "text/html");
        // ok: cs.xss-response-write (flow: number-conversion)
        await Response.WriteAsync("<p>" + count + " items</p>");
        var page = int.Parse(Request.Query["page"]);
        // ok: cs.xss-response-write (flow: number-conversion)
        await Response.WriteAsync($"<p>Page {page}</p>");
        // ok: cs.xss-response-write (flow: sanitized)
        await Response.WriteAsync(System.Text.Json.JsonSerializer.Serialize(new { name }));
        // ok: cs.xss-response-write
        var plain = Content("Hello " + name);
        // ok: cs.xss-response-write
        return Content(name, "text/plain");
    }

    public IActionResult Constant()
    {
        string message = Request.Query["message"];
        message = "Saved";
        // ok: cs.xss-response-write (flow: constant-overwrite)
        var a = Content("<p>" + message + "</p>", "text/html");
        string banner = Request.Query["banner"];
        if (false)
        {
            banner = Request.Query["other"];
        }
        else
        {
            banner = "Welcome";
        }
        // ok: cs.xss-response-write (flow: dead-branch)
        return Content("<h1>" + banner + "</h1>", "text/html");
    }
}

public static class Endpoints
{
    public static void Map(WebApplication app)
    {
        // ruleid: cs.xss-response-write (flow: direct)
        app.MapGet("/hello", (string name) => Results.Content($"<h1>Hello {name}</h1>", "text/html"));
        // ok: cs.xss-response-write
        app.MapGet("/hi", (string name) => Results.Text($"Hello {name}"));
    }
}

public class Mailer
{
    public void Log(string line)
    {
        // ok: cs.xss-response-write
        Logger.Write("query: " + line);
    }
}
