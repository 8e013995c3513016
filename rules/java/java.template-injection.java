// Fixture for java.template-injection.
import java.io.*;
import freemarker.template.*;
import org.apache.velocity.app.Velocity;
import org.apache.velocity.VelocityContext;
import javax.servlet.http.*;
import org.springframework.web.bind.annotation.*;

public class Preview {
    private Configuration cfg;

    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
        VelocityContext ctx = new VelocityContext();
        StringWriter out = new StringWriter();
        // ruleid: java.template-injection
        Velocity.evaluate(ctx, out, "preview", request.getParameter("template"));
        String body = request.getParameter("body");
        // ruleid: java.template-injection
        Template t = new Template("mail", new StringReader(body), cfg);
        // ruleid: java.template-injection
        Template h = new Template("header", "<h1>" + request.getParameter("title") + "</h1>", cfg);
    }

    @PostMapping("/render")
    public String render(@RequestParam String source, Map<String, Object> model) {
        // ruleid: java.template-injection
        return templateEngine.process(source, new Context());
    }

    protected void safe(HttpServletRequest request, Map<String, Object> model) throws Exception {
        VelocityContext ctx = new VelocityContext();
        ctx.put("name", request.getParameter("name"));
        StringWriter out = new StringWriter();
        // ok: java.template-injection
        Velocity.evaluate(ctx, out, "greeting", "Hello $name");
        // ok: java.template-injection
        Template t = cfg.getTemplate("mail.ftl");
        // ok: java.template-injection
        Template s = new Template("static", new StringReader(DEFAULT_TEMPLATE), cfg);
        // ok: java.template-injection
        String html = templateEngine.process("profile", new Context(Locale.ENGLISH, model));
    }
}
