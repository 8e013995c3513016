// Fixture for cs.xss-response-write.
using System.Web;
using System.Web.UI;
using Microsoft.AspNetCore.Http;

public partial class Search : Page
{
    protected void Page_Load(object sender, EventArgs e)
    {
        // ruleid: cs.xss-response-write
        Response.Write(Request.QueryString["q"]);
        // ruleid: cs.xss-response-write
        Response.Write("<h1>Results for " + Request.Form["term"] + "</h1>");
        // ruleid: cs.xss-response-write
        HttpContext.Current.Response.Write(string.Format("<p>{0}</p>", Request["name"]));
    }

    public async Task Handle(HttpContext context)
    {
        // ruleid: cs.xss-response-write
        await context.Response.WriteAsync($"<p>Hello {context.Request.Query["name"]}</p>");
        // ruleid: cs.xss-response-write
        await _accessor.HttpContext.Response.WriteAsync("<p>" + _accessor.HttpContext.Request.Cookies["name"] + "</p>");
        // ok: cs.xss-response-write
        await context.Response.WriteAsync($"<p>Hello {HtmlEncoder.Default.Encode(context.Request.Query["name"])}</p>");
    }

    protected void Safe()
    {
        // ok: cs.xss-response-write
        Response.Write(HttpUtility.HtmlEncode(Request.QueryString["q"]));
        // ok: cs.xss-response-write
        Response.Write("<h1>Search</h1>");
        // ok: cs.xss-response-write
        Response.Write("<p>" + Server.HtmlEncode(Request.Form["term"]) + "</p>");
        // ok: cs.xss-response-write
        Logger.Write("query: " + Request.QueryString["q"]);
    }
}
