// Fixture for cs.header-injection: request data becoming a response header.
using System;
using System.Collections.Generic;
using System.Text;
using System.Text.RegularExpressions;
using System.Web;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

public class DownloadController : Controller
{
    private string trace;
    private string server;

    public IActionResult Direct(string lang)
    {
        // ruleid: cs.header-injection (flow: direct)
        Response.Headers["Content-Language"] = lang;
        // ruleid: cs.header-injection (flow: direct)
        Response.Headers.Add("X-Request-Id", Request.Headers["X-Request-Id"]);
        // ruleid: cs.header-injection (flow: direct)
        Response.Headers.Append(Request.Query["header"], "1");
        return Ok();
    }

    public IActionResult Assignments()
    {
        string name = Request.Query["file"];
        var file = name;
        var disposition = "attachment; filename=" + file;
        // ruleid: cs.header-injection (flow: assignments)
        Response.Headers.ContentDisposition = disposition;
        // ok: cs.header-injection (flow: assignments)
        Response.Headers.ContentDisposition = "attachment; filename=report.pdf";
        return Ok();
    }

    public IActionResult Building(string theme, string version)
    {
        // ruleid: cs.header-injection (flow: string-building)
        Response.Headers["Link"] = $"</css/{theme}.css>; rel=preload; as=style";
        // ruleid: cs.header-injection (flow: string-building)
        HttpContext.Response.Headers.Append("X-Version", string.Format("v{0}", version));
        var sb = new StringBuilder("max-age=");
        sb.Append(Request.Query["age"]);
        // ruleid: cs.header-injection (flow: string-building)
        Response.Headers["Cache-Control"] = sb.ToString();
        return Ok();
    }

    public IActionResult Container()
    {
        var headers = new Dictionary<string, string>();
        headers["server"] = "example";
        headers["echo"] = Request.Query["echo"];
        // ok: cs.header-injection (flow: container)
        Response.Headers["X-Server"] = headers["server"];
        // ruleid: cs.header-injection (flow: container)
        Response.Headers["X-Echo"] = headers["echo"];
        var tags = new List<string>();
        tags.Add(Request.Query["tag"]);
        // ruleid: cs.header-injection (flow: container)
        Response.Headers["X-Tags"] = string.Join(",", tags);
        return Ok();
    }

    private static string Quote(string value)
    {
        return "\"" + value + "\"";
    }

    private void SetHeader(HttpResponse response, string value)
    {
        // ruleid: cs.header-injection (flow: helper-function)
        response.Headers["X-Custom"] = value;
    }

    public IActionResult Helper()
    {
        // ruleid: cs.header-injection (flow: helper-function)
        Response.Headers["ETag"] = Quote(Request.Query["etag"]);
        SetHeader(Response, Request.Query["custom"]);
        // ok: cs.header-injection (flow: helper-function)
        Response.Headers["ETag"] = Quote("v1");
        return Ok();
    }

    public void Start()
    {
        this.trace = Request.Headers["traceparent"];
        this.server = "edge-1";
    }

    public IActionResult Finish()
    {
        // ruleid: cs.header-injection (flow: class-field)
        Response.Headers["traceparent"] = this.trace;
        // ok: cs.header-injection (flow: class-field)
        Response.Headers["X-Served-By"] = this.server;
        return Ok();
    }

    public IActionResult Sanitized(string file, int ttl)
    {
        // ok: cs.header-injection (flow: sanitized)
        Response.Headers["Content-Disposition"] = "attachment; filename*=UTF-8''" + Uri.EscapeDataString(file);
        // ok: cs.header-injection (flow: sanitized)
        Response.Headers["X-File"] = file.Replace("\r", "").Replace("\n", "");
        // ok: cs.header-injection (flow: sanitized)
        Response.Headers["X-Clean"] = Regex.Replace(file, "[\r\n]", "");
        // ok: cs.header-injection (flow: number-conversion)
        Response.Headers["Cache-Control"] = "max-age=" + ttl;
        var size = long.Parse(Request.Query["size"]);
        // ok: cs.header-injection (flow: number-conversion)
        Response.Headers["X-Size"] = size.ToString();
        // ok: cs.header-injection
        Response.Headers["Location"] = Request.Query["next"];
        return Ok();
    }

    public IActionResult Constant()
    {
        string lang = Request.Query["lang"];
        lang = "en";
        // ok: cs.header-injection (flow: constant-overwrite)
        Response.Headers["Content-Language"] = lang;
        string policy = Request.Query["policy"];
        if (false)
        {
            policy = Request.Query["other"];
        }
        else
        {
            policy = "no-referrer";
        }
        // ok: cs.header-injection (flow: dead-branch)
        Response.Headers["Referrer-Policy"] = policy;
        return Ok();
    }
}

public class LegacyHandler : IHttpHandler
{
    public void ProcessRequest(HttpContext context)
    {
        // ruleid: cs.header-injection (flow: direct)
        context.Response.AppendHeader("X-Referrer", context.Request.QueryString["ref"]);
        // ok: cs.header-injection
        context.Response.AppendHeader("X-Frame-Options", "DENY");
    }

    public bool IsReusable => true;
}

public class HeaderWriter
{
    public void Write(HttpResponse response, string value)
    {
        // ok: cs.header-injection
        response.Headers["X-Value"] = value;
    }
}
