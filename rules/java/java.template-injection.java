// Fixture for java.template-injection: request data reaching template source, by every flow the analysis follows.
import java.io.*;
import java.util.*;
import freemarker.template.*;
import freemarker.cache.StringTemplateLoader;
import org.apache.velocity.app.Velocity;
import org.apache.velocity.VelocityContext;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import javax.servlet.http.*;
import org.springframework.web.bind.annotation.*;

public class PreviewServlet extends HttpServlet {
    private Configuration cfg;
    private String layout;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
        VelocityContext ctx = new VelocityContext();
        StringWriter out = new StringWriter();
        // ruleid: java.template-injection (flow: direct)
        Velocity.evaluate(ctx, out, "preview", request.getParameter("template"));
        String body = request.getParameter("body");
        String text = body;
        // ruleid: java.template-injection (flow: assignments)
        Template t = new Template("mail", new StringReader(text), cfg);
        // ruleid: java.template-injection (flow: string-building)
        Template h = new Template("header", "<h1>" + request.getParameter("title") + "</h1>", cfg);
        StringBuilder sb = new StringBuilder("<p>");
        sb.append(body).append("</p>");
        StringTemplateLoader loader = new StringTemplateLoader();
        // ruleid: java.template-injection (flow: string-building)
        loader.putTemplate("snippet", sb.toString());
        Map<String, String> parts = new HashMap<String, String>();
        parts.put("user", body);
        parts.put("footer", "<footer/>");
        // ruleid: java.template-injection (flow: container)
        Velocity.evaluate(ctx, out, "part", parts.get("user"));
        // ok: java.template-injection (flow: container)
        Velocity.evaluate(ctx, out, "part", parts.get("footer"));
    }

    private static String decorate(String inner) {
        return "<div>" + inner + "</div>";
    }

    private void compile(String source) throws IOException {
        // ruleid: java.template-injection (flow: helper-function)
        new Template("dynamic", new StringReader(source), cfg);
    }

    protected void helpers(HttpServletRequest request) throws Exception {
        String param = request.getHeader("X-Template");
        StringWriter out = new StringWriter();
        // ruleid: java.template-injection (flow: helper-function)
        Velocity.evaluate(new VelocityContext(), out, "h", decorate(param));
        compile(param);
        // ok: java.template-injection (flow: helper-function)
        Velocity.evaluate(new VelocityContext(), out, "h", decorate("$name"));
        this.layout = request.getParameter("layout");
    }

    protected void renderLayout() throws Exception {
        // ruleid: java.template-injection (flow: class-field)
        new Template("layout", this.layout, cfg);
    }

    protected void safe(HttpServletRequest request, Map<String, Object> model) throws Exception {
        VelocityContext ctx = new VelocityContext();
        ctx.put("name", request.getParameter("name"));
        StringWriter out = new StringWriter();
        // ok: java.template-injection (flow: sanitized)
        Velocity.evaluate(ctx, out, "greeting", "Hello $name");
        int count = Integer.parseInt(request.getParameter("count"));
        // ok: java.template-injection (flow: number-conversion)
        Velocity.evaluate(ctx, out, "count", "#set($n = " + count + ")");
        String tpl = request.getParameter("tpl");
        tpl = "Hello ${name}";
        // ok: java.template-injection (flow: constant-overwrite)
        new Template("fixed", tpl, cfg);
        String bar = "Hello";
        if (false) {
            bar = request.getParameter("tpl");
        }
        // ok: java.template-injection (flow: dead-branch)
        new Template("fixed", bar, cfg);
        // ok: java.template-injection
        Template file = cfg.getTemplate("mail.ftl");
        // ok: java.template-injection
        Template s = new Template("static", new StringReader(DEFAULT_TEMPLATE), cfg);
    }
}

@RestController
class RenderController {
    private TemplateEngine templateEngine;

    @PostMapping("/render")
    public String render(@RequestParam String source, @RequestParam String name) {
        // ok: java.template-injection
        String page = templateEngine.process("profile", new Context(Locale.ENGLISH, Map.of("name", name)));
        // ruleid: java.template-injection (flow: direct)
        return templateEngine.process(source, new Context());
    }
}
