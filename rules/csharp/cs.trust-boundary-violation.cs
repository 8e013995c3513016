// Fixture for cs.trust-boundary-violation: request data stored in the session.
using System;
using System.Collections.Generic;
using System.Text;
using System.Web;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

public class CartController : Controller
{
    private string coupon;
    private string currency;

    public IActionResult Direct(string role)
    {
        // ruleid: cs.trust-boundary-violation (flow: direct)
        HttpContext.Session.SetString("role", role);
        // ruleid: cs.trust-boundary-violation (flow: direct)
        HttpContext.Session.SetString("returnUrl", Request.Query["returnUrl"]);
        // ok: cs.trust-boundary-violation (flow: direct)
        HttpContext.Session.SetString("userId", User.FindFirst("sub").Value);
        return Ok();
    }

    public IActionResult Assignments()
    {
        string tenant = Request.Headers["X-Tenant"];
        var chosen = tenant;
        var key = "tenant:" + chosen;
        // ruleid: cs.trust-boundary-violation (flow: assignments)
        HttpContext.Session.SetString("tenant", key);
        // ok: cs.trust-boundary-violation (flow: assignments)
        HttpContext.Session.SetString("tenantSource", "header");
        return Ok();
    }

    public IActionResult Building(string name, string plan)
    {
        // ruleid: cs.trust-boundary-violation (flow: string-building)
        HttpContext.Session.SetString("display", $"{name} ({plan})");
        // ruleid: cs.trust-boundary-violation (flow: string-building)
        HttpContext.Session.SetString("plan", string.Format("plan-{0}", plan));
        var sb = new StringBuilder();
        sb.Append(Request.Form["prefs"]);
        // ruleid: cs.trust-boundary-violation (flow: string-building)
        HttpContext.Session.Set("prefs", Encoding.UTF8.GetBytes(sb.ToString()));
        return Ok();
    }

    public IActionResult Container()
    {
        var state = new Dictionary<string, string>();
        state["step"] = "shipping";
        state["address"] = Request.Form["address"];
        // ok: cs.trust-boundary-violation (flow: container)
        HttpContext.Session.SetString("step", state["step"]);
        // ruleid: cs.trust-boundary-violation (flow: container)
        HttpContext.Session.SetString("address", state["address"]);
        var items = new List<string>();
        items.Add(Request.Form["item"]);
        // ruleid: cs.trust-boundary-violation (flow: container)
        HttpContext.Session.SetString("items", string.Join(",", items));
        return Ok();
    }

    private static string Normalize(string value)
    {
        return value.Trim().ToLowerInvariant();
    }

    private void Remember(ISession session, string value)
    {
        // ruleid: cs.trust-boundary-violation (flow: helper-function)
        session.Set("last", Encoding.UTF8.GetBytes(value));
    }

    public IActionResult Helper()
    {
        // ruleid: cs.trust-boundary-violation (flow: helper-function)
        HttpContext.Session.SetString("lang", Normalize(Request.Query["lang"]));
        Remember(HttpContext.Session, Request.Query["last"]);
        // ok: cs.trust-boundary-violation (flow: helper-function)
        HttpContext.Session.SetString("lang", Normalize("EN"));
        return Ok();
    }

    public void Apply()
    {
        this.coupon = Request.Form["coupon"];
        this.currency = "EUR";
    }

    public IActionResult Save()
    {
        // ruleid: cs.trust-boundary-violation (flow: class-field)
        HttpContext.Session.SetString("coupon", this.coupon);
        // ok: cs.trust-boundary-violation (flow: class-field)
        HttpContext.Session.SetString("currency", this.currency);
        return Ok();
    }

    public IActionResult Sanitized(int quantity, string sort)
    {
        // ok: cs.trust-boundary-violation (flow: number-conversion)
        HttpContext.Session.SetInt32("quantity", quantity);
        var page = int.Parse(Request.Query["page"]);
        // ok: cs.trust-boundary-violation (flow: number-conversion)
        HttpContext.Session.SetInt32("page", page);
        var order = sort switch
        {
            "price" => "price",
            "name" => "name",
            _ => "relevance",
        };
        // ok: cs.trust-boundary-violation (flow: sanitized)
        HttpContext.Session.SetString("sort", order);
        return Ok();
    }

    public IActionResult Constant()
    {
        string theme = Request.Query["theme"];
        theme = "light";
        // ok: cs.trust-boundary-violation (flow: constant-overwrite)
        HttpContext.Session.SetString("theme", theme);
        string mode = Request.Query["mode"];
        if (false)
        {
            mode = Request.Query["other"];
        }
        else
        {
            mode = "basic";
        }
        // ok: cs.trust-boundary-violation (flow: dead-branch)
        HttpContext.Session.SetString("mode", mode);
        return Ok();
    }
}

public partial class Checkout : System.Web.UI.Page
{
    protected void Page_Load(object sender, EventArgs e)
    {
        // ruleid: cs.trust-boundary-violation (flow: direct)
        Session["discount"] = Request.QueryString["discount"];
        // ok: cs.trust-boundary-violation
        Session["visited"] = DateTime.UtcNow;
    }
}

public class SessionWriter
{
    public void Write(ISession session, string value)
    {
        // ok: cs.trust-boundary-violation
        session.SetString("value", value);
    }
}
