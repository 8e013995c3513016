// Fixture for java.servlet-xss: request data reaching the HTML response, by every flow the analysis follows.
import java.io.*;
import java.util.*;
import javax.servlet.ServletOutputStream;
import javax.servlet.http.*;
import org.owasp.encoder.Encode;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.util.HtmlUtils;

public class SearchServlet extends HttpServlet {
    private String banner;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("text/html;charset=UTF-8");
        // ruleid: java.servlet-xss (flow: direct)
        response.getWriter().write(request.getParameter("name"));
        PrintWriter out = response.getWriter();
        // ruleid: java.servlet-xss (flow: direct)
        out.print("<p>" + request.getHeader("User-Agent") + "</p>");
        String param = request.getParameter("q");
        String bar = param;
        // ruleid: java.servlet-xss (flow: assignments)
        out.println("<h1>Results for " + bar + "</h1>");
        ServletOutputStream os = response.getOutputStream();
        // ruleid: java.servlet-xss (flow: assignments)
        os.write(bar.getBytes());
        int length = bar.length();
        // ruleid: java.servlet-xss (flow: assignments)
        response.getWriter().write(bar.toCharArray(), 0, length);
        // ruleid: java.servlet-xss (flow: string-building)
        response.getWriter().format(Locale.US, bar, "a", "b");
        Object[] obj = { "a", bar };
        // ruleid: java.servlet-xss (flow: container)
        response.getWriter().printf("Formatted like: %1$s and %2$s.", obj);
        StringBuilder sb = new StringBuilder("<div>");
        sb.append(bar).append("</div>");
        // ruleid: java.servlet-xss (flow: string-building)
        out.append(sb.toString());
        HashMap<String, Object> map = new HashMap<String, Object>();
        map.put("keyA", "a_Value");
        map.put("keyB", param);
        // ruleid: java.servlet-xss (flow: container)
        out.println((String) map.get("keyB"));
        // ok: java.servlet-xss (flow: container)
        out.println((String) map.get("keyA"));
        // ok: java.servlet-xss (flow: number-conversion)
        out.println("Length: " + length);
        // ok: java.servlet-xss
        System.out.println("query: " + bar);
    }

    private static String bold(String text) {
        return "<b>" + text + "</b>";
    }

    private void show(HttpServletResponse response, String html) throws IOException {
        // ruleid: java.servlet-xss (flow: helper-function)
        response.getWriter().println(html);
    }

    protected void helpers(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String param = request.getParameter("who");
        // ruleid: java.servlet-xss (flow: helper-function)
        response.getWriter().println(bold(param));
        show(response, param);
        // ok: java.servlet-xss (flow: helper-function)
        response.getWriter().println(bold("guest"));
        this.banner = request.getParameter("banner");
    }

    protected void header(HttpServletResponse response) throws IOException {
        // ruleid: java.servlet-xss (flow: class-field)
        response.getWriter().println("<header>" + this.banner + "</header>");
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String q = request.getParameter("q");
        PrintWriter out = response.getWriter();
        // ok: java.servlet-xss (flow: sanitized)
        out.println("<h1>Results for " + Encode.forHtml(q) + "</h1>");
        // ok: java.servlet-xss (flow: sanitized)
        out.print(HtmlUtils.htmlEscape(request.getParameter("name")));
        // ok: java.servlet-xss (flow: sanitized)
        out.print(org.owasp.esapi.ESAPI.encoder().encodeForHTML(q));
        String who = request.getParameter("who");
        who = Encode.forHtml(who);
        // ok: java.servlet-xss (flow: sanitized)
        out.print("<b>" + who + "</b>");
        String name = request.getParameter("name");
        name = "guest";
        // ok: java.servlet-xss (flow: constant-overwrite)
        out.print("<b>" + name + "</b>");
        String bar;
        int num = 106;
        bar = (7 * 42) - num > 200 ? "This should never happen" : q;
        // ruleid: java.servlet-xss (flow: dead-branch)
        out.print(bar);
        bar = (7 * 18) + num > 200 ? "This_should_always_happen" : q;
        // ok: java.servlet-xss (flow: dead-branch)
        out.print(bar);
        int n = Integer.parseInt(request.getParameter("n"));
        // ok: java.servlet-xss (flow: number-conversion)
        out.print("<i>" + n + "</i>");
        // ok: java.servlet-xss
        out.println("<h1>Results</h1>");
    }

    @Override
    protected void doPut(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("application/json");
        // ok: java.servlet-xss
        response.getWriter().write("{\"id\": \"" + request.getParameter("id") + "\"}");
    }

    // A digest of the request's value: a fixed alphabet.
    protected void doPut(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // ok: java.servlet-xss (flow: sanitized)
        response.getWriter().write(org.apache.commons.codec.digest.DigestUtils.sha256Hex(request.getParameter("q")));
        // ok: java.servlet-xss (flow: sanitized)
        response.getWriter().write(String.valueOf(request.getParameter("q").hashCode()));
    }

    // A file chosen by the request (confined to the base folder): what it holds is the server's, not the request's.
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        java.nio.file.Path base = java.nio.file.Paths.get("/srv/pages");
        java.nio.file.Path page = base.resolve(request.getParameter("page")).normalize();
        if (!page.startsWith(base)) { response.sendError(403); return; }
        // ok: java.servlet-xss (flow: sanitized)
        response.getWriter().write(new String(java.nio.file.Files.readAllBytes(page)));
        String text = java.nio.file.Files.readString(page);
        // ok: java.servlet-xss (flow: sanitized)
        response.getWriter().print(text);
        // ruleid: java.servlet-xss (flow: direct)
        response.getWriter().print("<p>No page " + request.getParameter("page") + "</p>");
    }
}

@RestController
class GreetingController {
    @GetMapping("/hello")
    public String hello(@RequestParam String name) {
        // ruleid: java.servlet-xss (flow: direct)
        return "<p>Hello " + name + "</p>";
    }

    @GetMapping(value = "/hello.txt", produces = MediaType.TEXT_PLAIN_VALUE)
    public String helloText(@RequestParam String name) {
        // ok: java.servlet-xss
        return "Hello " + name;
    }

    @GetMapping("/count")
    public int count(@RequestParam String name) {
        // ok: java.servlet-xss
        return ("x" + name).length();
    }

    @GetMapping("/safe")
    public String safe(@RequestParam String name) {
        // ok: java.servlet-xss (flow: sanitized)
        return "<p>Hello " + HtmlUtils.htmlEscape(name) + "</p>";
    }

    @GetMapping("/directory")
    public String directory(@RequestParam String uid) throws Exception {
        String filter = "(&(objectclass=person)(uid=" + uid + "))";
        javax.naming.NamingEnumeration<javax.naming.directory.SearchResult> results = ctx.search("ou=users", filter, controls);
        String name = results.next().getAttributes().get("cn").get().toString();
        // ok: java.servlet-xss (flow: sanitized)
        return "<p>" + name + "</p>";
    }
}
