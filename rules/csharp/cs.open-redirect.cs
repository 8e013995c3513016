// Fixture for cs.open-redirect: request data becoming a redirect target.
using System;
using System.Collections.Generic;
using System.Text;
using System.Web;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

public class AccountController : Controller
{
    private string next;
    private string home;

    public IActionResult Direct(string returnUrl)
    {
        if (returnUrl == null)
        {
            // ruleid: cs.open-redirect (flow: direct)
            return Redirect(Request.Query["next"]);
        }
        // ruleid: cs.open-redirect (flow: direct)
        return Redirect(returnUrl);
    }

    public IActionResult Assignments()
    {
        string target = Request.Form["next"];
        var url = target;
        var withFlag = url + "?loggedOut=1";
        // ruleid: cs.open-redirect (flow: assignments)
        return new RedirectResult(withFlag);
    }

    public void Legacy()
    {
        // ruleid: cs.open-redirect (flow: string-building)
        Response.Redirect($"{Request.QueryString["target"]}?from=legacy");
        // ruleid: cs.open-redirect (flow: string-building)
        Response.Redirect(string.Format("{0}/welcome", Request["site"]));
        var sb = new StringBuilder();
        sb.Append(Request.QueryString["host"]).Append("/home");
        // ruleid: cs.open-redirect (flow: string-building)
        Response.Headers["Location"] = sb.ToString();
    }

    public IActionResult Container()
    {
        var targets = new Dictionary<string, string>();
        targets["home"] = "/";
        targets["back"] = Request.Query["back"];
        if (targets.Count > 5)
        {
            // ok: cs.open-redirect (flow: container)
            return Redirect(targets["home"]);
        }
        var hops = new List<string>();
        hops.Add(Request.Query["hop"]);
        if (hops.Count > 1)
        {
            // ruleid: cs.open-redirect (flow: container)
            return Redirect(hops[0]);
        }
        // ruleid: cs.open-redirect (flow: container)
        return Redirect(targets["back"]);
    }

    private static string AfterLogin(string url)
    {
        return url + "#welcome";
    }

    private void Bounce(HttpResponse response, string location)
    {
        // ruleid: cs.open-redirect (flow: helper-function)
        response.Redirect(location);
    }

    public IActionResult Helper()
    {
        Bounce(Response, Request.Query["to"]);
        if (Request.Query.ContainsKey("fixed"))
        {
            // ok: cs.open-redirect (flow: helper-function)
            return Redirect(AfterLogin("/dashboard"));
        }
        // ruleid: cs.open-redirect (flow: helper-function)
        return Redirect(AfterLogin(Request.Query["r"]));
    }

    public void Remember()
    {
        this.next = Request.Query["next"];
        this.home = "/home";
    }

    public IActionResult Continue()
    {
        if (this.home == "/")
        {
            // ok: cs.open-redirect (flow: class-field)
            return Redirect(this.home);
        }
        // ruleid: cs.open-redirect (flow: class-field)
        return Redirect(this.next);
    }

    public IActionResult Sanitized(string returnUrl, int page)
    {
        if (Url.IsLocalUrl(returnUrl))
        {
            // ok: cs.open-redirect (flow: sanitized)
            return Redirect(returnUrl);
        }
        var back = Request.Query["back"].ToString();
        if (!Url.IsLocalUrl(back))
        {
            // ok: cs.open-redirect (flow: sanitized)
            return LocalRedirect("/");
        }
        if (page > 1)
        {
            // ok: cs.open-redirect (flow: sanitized)
            return Redirect(back);
        }
        if (page == 0)
        {
            // ok: cs.open-redirect (flow: number-conversion)
            return Redirect("/items?page=" + page);
        }
        if (page < 0)
        {
            // ok: cs.open-redirect (flow: sanitized)
            return Redirect("/account/login?returnUrl=" + Uri.EscapeDataString(returnUrl));
        }
        var next = Request.Form["next"].ToString();
        if (!string.IsNullOrEmpty(next) && Url.IsLocalUrl(next))
        {
            // ok: cs.open-redirect (flow: sanitized)
            return Redirect(next);
        }
        var id = Guid.Parse(Request.Query["id"]);
        if (page == 2)
        {
            // ok: cs.open-redirect (flow: number-conversion)
            return Redirect(id.ToString());
        }
        // ok: cs.open-redirect (flow: sanitized)
        return LocalRedirect(Request.Query["returnUrl"]);
    }

    public IActionResult Constant()
    {
        string url = Request.Query["url"];
        url = "/home";
        if (url.Length > 100)
        {
            // ok: cs.open-redirect (flow: constant-overwrite)
            return Redirect(url);
        }
        string target = Request.Query["target"];
        if (false)
        {
            target = Request.Query["other"];
        }
        else
        {
            target = "/account";
        }
        // ok: cs.open-redirect (flow: dead-branch)
        return Redirect(target);
    }
}

public class LinkHelper
{
    public void Go(HttpResponse response, string url)
    {
        // ok: cs.open-redirect
        response.Redirect(url);
    }
}
