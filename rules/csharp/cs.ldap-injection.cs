// Fixture for cs.ldap-injection.
using System.DirectoryServices;
using System.DirectoryServices.Protocols;

public class DirectoryLookup
{
    public SearchResult FindUser(DirectoryEntry root, string user, string mail)
    {
        var searcher = new DirectorySearcher(root);
        // ruleid: cs.ldap-injection
        searcher.Filter = "(&(objectClass=user)(sAMAccountName=" + user + "))";
        // ruleid: cs.ldap-injection
        var byMail = new DirectorySearcher(root, $"(mail={mail})");
        // ruleid: cs.ldap-injection
        var req = new SearchRequest("dc=example,dc=com", string.Format("(uid={0})", user), SearchScope.Subtree);
        // ruleid: cs.ldap-injection
        var s2 = new DirectorySearcher { Filter = "(cn=" + Request.Query["name"] + ")" };
        return searcher.FindOne();
    }

    public SearchResult Safe(DirectoryEntry root, string user, OpenFileDialog dialog, string escapedFilter, string attributeMapUsername)
    {
        // ok: cs.ldap-injection
        var searcher = new DirectorySearcher(root, "(&(objectClass=user)(sAMAccountName=admin))");
        // ok: cs.ldap-injection
        searcher.Filter = "(&(objectClass=user)(sAMAccountName=" + LdapEncoder.LdapFilterEncode(user) + "))";
        // ok: cs.ldap-injection
        dialog.Filter = Resources.TextFiles + " (*.txt)|*.txt";
        // ok: cs.ldap-injection
        var label = "(uid=" + user + ")";
        // ok: cs.ldap-injection
        searcher.Filter = "(&(objectCategory=person)(objectClass=user)" + escapedFilter + ")";
        // ok: cs.ldap-injection
        searcher.Filter = "(&(objectClass=user)(" + attributeMapUsername + "=*))";
        return searcher.FindOne();
    }
}
