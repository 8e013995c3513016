// Fixture for cs.xpath-injection: request data reaching an XPath query.
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Xml;
using System.Xml.Linq;
using System.Xml.XPath;
using Microsoft.AspNetCore.Mvc;

public class UserStoreController : Controller
{
    private readonly XmlDocument doc;
    private readonly XDocument xdoc;
    private string region;
    private string status;

    public IActionResult Direct(string user, string pass)
    {
        // ruleid: cs.xpath-injection (flow: direct)
        var node = doc.SelectSingleNode("//user[@name='" + user + "' and @password='" + pass + "']");
        // ruleid: cs.xpath-injection (flow: direct)
        var nodes = doc.DocumentElement.SelectNodes($"/users/user[name='{Request.Query["name"]}']");
        // ruleid: cs.xpath-injection (flow: direct)
        var el = xdoc.XPathSelectElement("//account[@id=" + Request.Form["id"] + "]");
        return Ok();
    }

    public IActionResult Assignments()
    {
        string name = Request.Query["name"];
        var who = name;
        var query = "//user[@name='" + who + "']";
        XPathNavigator nav = doc.CreateNavigator();
        // ruleid: cs.xpath-injection (flow: assignments)
        var it = nav.Select(query);
        // ok: cs.xpath-injection (flow: assignments)
        var active = nav.Select("//user[@active='true']");
        return Ok();
    }

    public IActionResult Building(string customer, string sku)
    {
        XPathNavigator navigator = doc.CreateNavigator();
        // ruleid: cs.xpath-injection (flow: string-building)
        var count = navigator.Evaluate(string.Format("count(//order[@customer='{0}'])", customer));
        var sb = new StringBuilder("//item[@sku='");
        sb.Append(sku).Append("']");
        // ruleid: cs.xpath-injection (flow: string-building)
        var items = doc.SelectNodes(sb.ToString());
        // ruleid: cs.xpath-injection (flow: string-building)
        var expr = XPathExpression.Compile(string.Concat("//order[@sku='", sku, "']"));
        return Ok();
    }

    public IActionResult Container()
    {
        var paths = new Dictionary<string, string>();
        paths["all"] = "//user";
        paths["one"] = "//user[@id='" + Request.Query["id"] + "']";
        // ok: cs.xpath-injection (flow: container)
        var a = doc.SelectNodes(paths["all"]);
        // ruleid: cs.xpath-injection (flow: container)
        var b = doc.SelectNodes(paths["one"]);
        var steps = new List<string>();
        steps.Add(Request.Query["step"]);
        // ruleid: cs.xpath-injection (flow: container)
        var c = doc.SelectNodes("/" + string.Join("/", steps));
        return Ok();
    }

    private static string ByName(string name)
    {
        return "//user[@name='" + name + "']";
    }

    private XmlNode Find(string xpath)
    {
        // ruleid: cs.xpath-injection (flow: helper-function)
        return doc.SelectSingleNode(xpath);
    }

    public IActionResult Helper()
    {
        // ruleid: cs.xpath-injection (flow: helper-function)
        var n = doc.SelectSingleNode(ByName(Request.Query["n"]));
        var m = Find("//user[@mail='" + Request.Query["mail"] + "']");
        // ok: cs.xpath-injection (flow: helper-function)
        var admin = doc.SelectSingleNode(ByName("admin"));
        return Ok();
    }

    public void Choose()
    {
        this.region = Request.Query["region"];
        this.status = "open";
    }

    public IActionResult List()
    {
        // ruleid: cs.xpath-injection (flow: class-field)
        var a = doc.SelectNodes("//store[@region='" + this.region + "']");
        // ok: cs.xpath-injection (flow: class-field)
        var b = doc.SelectNodes("//store[@status='" + this.status + "']");
        return Ok();
    }

    public IActionResult Sanitized(string user, int page, List<string> names)
    {
        // ok: cs.xpath-injection (flow: sanitized)
        var one = doc.SelectSingleNode("//user[@name='" + XPathEscape(user) + "']");
        // ok: cs.xpath-injection (flow: sanitized)
        var linq = xdoc.Descendants("user").Where(u => (string)u.Attribute("name") == user).ToList();
        // ok: cs.xpath-injection (flow: number-conversion)
        var nth = doc.SelectSingleNode("(//user)[" + page + "]");
        var id = long.Parse(Request.Query["id"]);
        // ok: cs.xpath-injection (flow: number-conversion)
        var byId = doc.SelectSingleNode($"//user[@id={id}]");
        // ok: cs.xpath-injection
        var upper = names.Select(n => n.ToUpperInvariant() + "=");
        return Ok();
    }

    public IActionResult Constant()
    {
        string section = Request.Query["section"];
        section = "appSettings";
        // ok: cs.xpath-injection (flow: constant-overwrite)
        var s = doc.SelectSingleNode("/configuration/" + section);
        string role = Request.Query["role"];
        if (false)
        {
            role = Request.Query["other"];
        }
        else
        {
            role = "admin";
        }
        // ok: cs.xpath-injection (flow: dead-branch)
        var r = doc.SelectNodes("//user[@role='" + role + "']");
        return Ok();
    }

    private static string XPathEscape(string value)
    {
        return "concat('" + value.Replace("'", "', \"'\", '") + "', '')";
    }
}

public class ConfigReader
{
    private readonly XmlDocument doc;

    public XmlNode Section(string section)
    {
        // ok: cs.xpath-injection
        return doc.SelectSingleNode("/configuration/" + section);
    }
}
