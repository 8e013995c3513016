// Fixture for java.ldap-injection: request data reaching an LDAP filter, by every flow the analysis follows.
import java.util.*;
import javax.naming.NamingEnumeration;
import javax.naming.directory.*;
import javax.servlet.http.*;
import org.springframework.ldap.core.LdapTemplate;
import org.springframework.ldap.support.LdapEncoder;
import org.springframework.web.bind.annotation.*;

public class LdapServlet extends HttpServlet {
    private DirContext ctx;
    private LdapTemplate ldapTemplate;
    private String group;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
        SearchControls sc = new SearchControls();
        // ruleid: java.ldap-injection (flow: direct)
        NamingEnumeration<SearchResult> r = ctx.search("ou=people,dc=example,dc=com", "(uid=" + request.getParameter("user") + ")", sc);
        String param = request.getHeader("X-User");
        String bar = param;
        String base = "ou=users,ou=system";
        String filter = "(&(objectclass=person))(|(uid=" + bar + ")(street={0}))";
        Object[] filters = new Object[] { "The streetz 4 Ms bar" };
        // ruleid: java.ldap-injection (flow: assignments)
        NamingEnumeration<SearchResult> results = ctx.search(base, filter, filters, sc);
        javax.naming.directory.InitialDirContext idc = (javax.naming.directory.InitialDirContext) ctx;
        // ruleid: java.ldap-injection (flow: assignments)
        idc.search(base, filter, filters, sc);
        // ok: java.ldap-injection (flow: sanitized)
        ctx.search(base, "(&(objectclass=person)(uid={0}))", new Object[] { bar }, sc);
        // ruleid: java.ldap-injection (flow: string-building)
        ctx.search("ou=people", String.format("(mail=%s)", bar), sc);
        // ruleid: java.ldap-injection (flow: string-building)
        ctx.search("uid=" + bar + ",ou=people", "(objectClass=person)", sc);
        StringBuilder sb = new StringBuilder("(cn=");
        sb.append(bar).append(")");
        // ruleid: java.ldap-injection (flow: string-building)
        ldapTemplate.search("ou=groups", sb.toString(), new GroupMapper());
        Map<String, String> parts = new HashMap<String, String>();
        parts.put("user", bar);
        parts.put("fixed", "admin");
        // ruleid: java.ldap-injection (flow: container)
        ctx.search("ou=people", "(uid=" + parts.get("user") + ")", sc);
        // ok: java.ldap-injection (flow: container)
        ctx.search("ou=people", "(uid=" + parts.get("fixed") + ")", sc);
    }

    private static String uidFilter(String uid) {
        return "(uid=" + uid + ")";
    }

    private void lookup(String who) throws Exception {
        // ruleid: java.ldap-injection (flow: helper-function)
        ctx.search("ou=people", "(cn=" + who + ")", new SearchControls());
    }

    protected void helpers(HttpServletRequest request) throws Exception {
        String param = request.getParameter("uid");
        // ruleid: java.ldap-injection (flow: helper-function)
        ctx.search("ou=people", uidFilter(param), new SearchControls());
        lookup(param);
        // ok: java.ldap-injection (flow: helper-function)
        ctx.search("ou=people", uidFilter("admin"), new SearchControls());
        this.group = request.getParameter("group");
    }

    protected void members() throws Exception {
        // ruleid: java.ldap-injection (flow: class-field)
        ctx.search("ou=groups", "(cn=" + this.group + ")", new SearchControls());
    }

    protected void safe(HttpServletRequest request) throws Exception {
        SearchControls sc = new SearchControls();
        String user = request.getParameter("user");
        // ok: java.ldap-injection (flow: sanitized)
        ctx.search("ou=people", "(uid=" + LdapEncoder.filterEncode(user) + ")", sc);
        int id = Integer.parseInt(request.getParameter("id"));
        // ok: java.ldap-injection (flow: number-conversion)
        ctx.search("ou=people", "(employeeNumber=" + id + ")", sc);
        String name = request.getParameter("name");
        name = "guest";
        // ok: java.ldap-injection (flow: constant-overwrite)
        ctx.search("ou=people", "(uid=" + name + ")", sc);
        String bar = "guest";
        if (false) {
            bar = user;
        }
        // ok: java.ldap-injection (flow: dead-branch)
        ctx.search("ou=people", "(uid=" + bar + ")", sc);
        // ok: java.ldap-injection
        ctx.search("ou=people", "(objectClass=person)", sc);
        // ok: java.ldap-injection
        ctx.search("ou=people", "(" + ATTR_UID + "=admin)", sc);
        // ok: java.ldap-injection
        userRepository.search(user, "name: " + user);
    }
}

@RestController
class DirectoryController {
    private LdapTemplate ldapTemplate;

    @PostMapping("/login")
    public boolean login(@RequestParam String user, @RequestParam String password) {
        // ruleid: java.ldap-injection (flow: direct)
        return ldapTemplate.authenticate("ou=people", "(uid=" + user + ")", password);
    }
}
