// Fixture for cs.ldap-injection: request data reaching an LDAP filter or distinguished name.
using System.Collections.Generic;
using System.DirectoryServices;
using System.DirectoryServices.Protocols;
using System.Text;
using Microsoft.AspNetCore.Mvc;

public class DirectoryController : Controller
{
    private readonly DirectoryEntry root;
    private string department;
    private string objectClass;

    public IActionResult Direct(string user)
    {
        var searcher = new DirectorySearcher(root);
        // ruleid: cs.ldap-injection (flow: direct)
        searcher.Filter = "(&(objectClass=user)(sAMAccountName=" + user + "))";
        // ruleid: cs.ldap-injection (flow: direct)
        var byMail = new DirectorySearcher(root, $"(mail={Request.Query["mail"]})");
        // ruleid: cs.ldap-injection (flow: direct)
        var entry = new DirectoryEntry("LDAP://CN=" + Request.Query["cn"] + ",OU=Users,DC=example,DC=com");
        return Ok();
    }

    public IActionResult Assignments()
    {
        string name = Request.Form["name"];
        var who = name;
        var filter = "(cn=" + who + ")";
        // ruleid: cs.ldap-injection (flow: assignments)
        var s = new DirectorySearcher { SearchRoot = root, Filter = filter };
        // ok: cs.ldap-injection (flow: assignments)
        var all = new DirectorySearcher(root, "(objectClass=user)");
        return Ok();
    }

    public IActionResult Building(string user, string group)
    {
        // ruleid: cs.ldap-injection (flow: string-building)
        var req = new SearchRequest("dc=example,dc=com", string.Format("(uid={0})", user), SearchScope.Subtree);
        var sb = new StringBuilder("(&(objectClass=group)");
        sb.Append("(cn=").Append(group).Append("))");
        // ruleid: cs.ldap-injection (flow: string-building)
        var groups = new DirectorySearcher(sb.ToString());
        var parts = string.Join("", "(|(uid=", user, ")(mail=", user, "))");
        // ruleid: cs.ldap-injection (flow: string-building)
        var either = new DirectorySearcher(root, parts);
        return Ok();
    }

    public IActionResult Container()
    {
        var filters = new Dictionary<string, string>();
        filters["base"] = "(objectClass=user)";
        filters["user"] = "(uid=" + Request.Query["uid"] + ")";
        // ok: cs.ldap-injection (flow: container)
        var a = new DirectorySearcher(root, filters["base"]);
        // ruleid: cs.ldap-injection (flow: container)
        var b = new DirectorySearcher(root, filters["user"]);
        var terms = new List<string>();
        terms.Add(Request.Query["term"]);
        // ruleid: cs.ldap-injection (flow: container)
        var c = new DirectorySearcher(root, "(|" + string.Concat(terms) + ")");
        return Ok();
    }

    private static string ByUid(string uid)
    {
        return "(uid=" + uid + ")";
    }

    private SearchResult FindOne(string filter)
    {
        DirectorySearcher ds = new DirectorySearcher(root);
        // ruleid: cs.ldap-injection (flow: helper-function)
        ds.Filter = filter;
        return ds.FindOne();
    }

    public IActionResult Helper()
    {
        // ruleid: cs.ldap-injection (flow: helper-function)
        var s = new DirectorySearcher(root, ByUid(Request.Query["uid"]));
        var found = FindOne("(mail=" + Request.Query["mail"] + ")");
        // ok: cs.ldap-injection (flow: helper-function)
        var admin = new DirectorySearcher(root, ByUid("admin"));
        return Ok();
    }

    public void Select()
    {
        this.department = Request.Query["dept"];
        this.objectClass = "person";
    }

    public IActionResult Search()
    {
        // ruleid: cs.ldap-injection (flow: class-field)
        var s = new DirectorySearcher(root, "(department=" + this.department + ")");
        // ok: cs.ldap-injection (flow: class-field)
        var t = new DirectorySearcher(root, "(objectClass=" + this.objectClass + ")");
        return Ok();
    }

    public IActionResult Sanitized(string user, int employeeId)
    {
        var searcher = new DirectorySearcher(root);
        // ok: cs.ldap-injection (flow: sanitized)
        searcher.Filter = "(&(objectClass=user)(sAMAccountName=" + Encoder.LdapFilterEncode(user) + "))";
        // ok: cs.ldap-injection (flow: sanitized)
        var escaped = new DirectorySearcher(root, "(cn=" + EscapeLdapFilter(user) + ")");
        // ok: cs.ldap-injection (flow: number-conversion)
        var byId = new DirectorySearcher(root, "(employeeID=" + employeeId + ")");
        var n = int.Parse(Request.Query["n"]);
        // ok: cs.ldap-injection (flow: number-conversion)
        var byNumber = new DirectorySearcher(root, $"(uidNumber={n})");
        var dialog = new OpenFileDialog();
        // ok: cs.ldap-injection
        dialog.Filter = "Text files (*.txt)|*.txt|" + user;
        return Ok();
    }

    public IActionResult Constant()
    {
        string filter = Request.Query["filter"];
        filter = "(objectClass=computer)";
        // ok: cs.ldap-injection (flow: constant-overwrite)
        var s = new DirectorySearcher(root, filter);
        string cn = Request.Query["cn"];
        if (false)
        {
            cn = Request.Query["other"];
        }
        else
        {
            cn = "Administrators";
        }
        // ok: cs.ldap-injection (flow: dead-branch)
        var t = new DirectorySearcher(root, "(cn=" + cn + ")");
        return Ok();
    }

    private static string EscapeLdapFilter(string value)
    {
        return value.Replace("\\", "\\5c").Replace("*", "\\2a").Replace("(", "\\28").Replace(")", "\\29");
    }
}

public class DirectoryLookup
{
    public SearchResult FindUser(DirectoryEntry root, string user)
    {
        // ok: cs.ldap-injection
        var searcher = new DirectorySearcher(root, "(uid=" + user + ")");
        return searcher.FindOne();
    }
}
