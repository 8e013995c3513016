// Fixture for cs.xpath-injection.
using System.Xml;
using System.Xml.XPath;
using System.Xml.Linq;

public class UserStore
{
    private XmlDocument doc;

    public bool Login(string user, string pass, XPathNavigator nav, XDocument xdoc)
    {
        // ruleid: cs.xpath-injection
        var node = doc.SelectSingleNode("//user[@name='" + user + "' and @password='" + pass + "']");
        // ruleid: cs.xpath-injection
        var nodes = doc.DocumentElement.SelectNodes($"/users/user[name='{Request.Query["name"]}']");
        // ruleid: cs.xpath-injection
        var count = nav.Evaluate(string.Format("count(//order[@customer='{0}'])", user));
        // ruleid: cs.xpath-injection
        var el = xdoc.XPathSelectElement("//account[@id=" + user + "]");
        return node != null;
    }

    public bool Safe(string user, string section, XPathNavigator nav, List<string> names)
    {
        // ok: cs.xpath-injection
        var node = doc.SelectSingleNode("//user[@name=$name]");
        // ok: cs.xpath-injection
        var settings = doc.SelectSingleNode("/configuration/" + section);
        // ok: cs.xpath-injection
        var upper = names.Select(n => n.ToUpperInvariant() + "=");
        // ok: cs.xpath-injection
        var one = doc.SelectSingleNode("//user[@name='" + XPathEscape(user) + "']");
        // ok: cs.xpath-injection
        var all = nav.Select("//user[@active='true']");
        return node != null;
    }
}
