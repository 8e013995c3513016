// Fixture for java.servlet-xss.
import java.io.*;
import javax.servlet.http.*;
import org.springframework.web.bind.annotation.*;

public class SearchServlet extends HttpServlet {
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String q = request.getParameter("q");
        PrintWriter out = response.getWriter();
        // ruleid: java.servlet-xss
        out.println("<h1>Results for " + q + "</h1>");
        // ruleid: java.servlet-xss
        response.getWriter().write(request.getParameter("name"));
        // ruleid: java.servlet-xss
        out.print("<p>" + request.getHeader("User-Agent") + "</p>");
        ServletOutputStream os = response.getOutputStream();
        // ruleid: java.servlet-xss
        os.write(q.getBytes());
    }

    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String q = request.getParameter("q");
        PrintWriter out = response.getWriter();
        // ok: java.servlet-xss
        out.println("<h1>Results for " + Encode.forHtml(q) + "</h1>");
        // ok: java.servlet-xss
        out.println("<h1>Results</h1>");
        // ok: java.servlet-xss
        System.out.println("query: " + q);
        // ok: java.servlet-xss
        out.print(HtmlUtils.htmlEscape(request.getParameter("name")));
        String who = request.getParameter("who");
        who = Encode.forHtml(who);
        // ok: java.servlet-xss
        out.print("<b>" + who + "</b>");
    }

    protected void doPut(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setContentType("application/json");
        // ok: java.servlet-xss
        response.getWriter().write("{\"id\": \"" + request.getParameter("id") + "\"}");
    }
}

@RestController
class GreetingController {
    @GetMapping("/hello")
    public String hello(@RequestParam String name) {
        // ruleid: java.servlet-xss
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
}
