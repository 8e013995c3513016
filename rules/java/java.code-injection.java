// Fixture for java.code-injection: request data reaching evaluated script code, by every flow the analysis follows.
import java.io.File;
import java.util.*;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import groovy.lang.GroovyShell;
import groovy.util.Eval;
import org.mvel2.MVEL;
import org.apache.commons.jexl3.*;
import javax.servlet.http.*;
import org.springframework.web.bind.annotation.*;

public class CalculatorServlet extends HttpServlet {
    private final ScriptEngine engine = new ScriptEngineManager().getEngineByName("js");
    private final JexlEngine jexl = new JexlBuilder().create();
    private String rule;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
        // ruleid: java.code-injection (flow: direct)
        Object r = engine.eval(request.getParameter("expr"));
        // ruleid: java.code-injection (flow: direct)
        new GroovyShell().evaluate(request.getHeader("X-Script"));

        String expr = request.getParameter("expr");
        String code = expr;
        // ruleid: java.code-injection (flow: assignments)
        MVEL.eval(code, new HashMap<String, Object>());
        // ruleid: java.code-injection (flow: string-building)
        engine.eval("var total = " + code + " * 2;");
        // ruleid: java.code-injection (flow: string-building)
        engine.eval(String.format("report('%s')", code));
        // ruleid: java.code-injection (flow: string-building)
        Eval.me("return " + code);
        // ruleid: java.code-injection (flow: string-building)
        jexl.createExpression("x + " + code).evaluate(new MapContext());
        Map<String, String> scripts = new HashMap<String, String>();
        scripts.put("user", code);
        scripts.put("fixed", "1 + 1");
        // ruleid: java.code-injection (flow: container)
        engine.eval(scripts.get("user"));
        // ok: java.code-injection (flow: container)
        engine.eval(scripts.get("fixed"));
    }

    private static String wrap(String body) {
        return "function f() { " + body + " }";
    }

    private void runScript(String source) throws Exception {
        GroovyShell shell = new GroovyShell();
        // ruleid: java.code-injection (flow: helper-function)
        shell.parse(source).run();
    }

    protected void helpers(HttpServletRequest request) throws Exception {
        String param = request.getParameter("body");
        // ruleid: java.code-injection (flow: helper-function)
        engine.eval(wrap(param));
        runScript(param);
        // ok: java.code-injection (flow: helper-function)
        engine.eval(wrap("return 1;"));
        this.rule = request.getParameter("rule");
    }

    protected void applyRule() throws Exception {
        // ruleid: java.code-injection (flow: class-field)
        engine.eval(this.rule);
    }

    protected void safe(HttpServletRequest request) throws Exception {
        String param = request.getParameter("expr");
        // ok: java.code-injection (flow: sanitized)
        engine.put("input", param);
        // ok: java.code-injection (flow: sanitized)
        engine.eval("input.trim()");
        int n = Integer.parseInt(param);
        // ok: java.code-injection (flow: number-conversion)
        engine.eval("var a = " + n + ";");
        String script = request.getParameter("script");
        script = "1 + 2";
        // ok: java.code-injection (flow: constant-overwrite)
        new GroovyShell().evaluate(script);
        String bar = "safe()";
        if (false) {
            bar = param;
        }
        // ok: java.code-injection (flow: dead-branch)
        engine.eval(bar);
        // ok: java.code-injection
        new GroovyShell().evaluate(new File("/etc/app/rules.groovy"));
        // ok: java.code-injection
        Object v = engine.eval(SCRIPT);
    }
}

@RestController
class RuleController {
    @PostMapping("/rules/check")
    public Object check(@RequestBody String expression, @RequestParam boolean strict) throws Exception {
        // ruleid: java.code-injection (flow: direct)
        return ognl.Ognl.getValue(expression, new HashMap<String, Object>());
    }
}
