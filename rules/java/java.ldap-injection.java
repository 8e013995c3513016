// Fixture for java.ldap-injection.
import javax.naming.NamingEnumeration;
import javax.naming.directory.*;

public class LdapLookup {
    private DirContext ctx;
    private LdapTemplate ldapTemplate;

    public NamingEnumeration<SearchResult> find(String user, String group) throws Exception {
        SearchControls sc = new SearchControls();
        // ruleid: java.ldap-injection
        NamingEnumeration<SearchResult> r = ctx.search("ou=people,dc=example,dc=com", "(uid=" + user + ")", sc);
        // ruleid: java.ldap-injection
        ctx.search("ou=groups", "(&(objectClass=group)(cn=" + group + "))", sc);
        // ruleid: java.ldap-injection
        ctx.search("ou=people", String.format("(mail=%s)", user), sc);
        // ruleid: java.ldap-injection
        ldapTemplate.authenticate("ou=people", "(uid=" + request.getParameter("u") + ")", password);
        return r;
    }

    public void safe(String user) throws Exception {
        SearchControls sc = new SearchControls();
        // ok: java.ldap-injection
        ctx.search("ou=people", "(uid={0})", new Object[] { user }, sc);
        // ok: java.ldap-injection
        ctx.search("ou=people", "(objectClass=person)", sc);
        // ok: java.ldap-injection
        ctx.search("ou=people", "(uid=" + LdapEncoder.filterEncode(user) + ")", sc);
        // ok: java.ldap-injection
        ctx.search("ou=people", "(" + ATTR_UID + "=admin)", sc);
        // ok: java.ldap-injection
        list.search(user, "name: " + user);
    }
}
