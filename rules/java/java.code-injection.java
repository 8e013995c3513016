// Fixture for java.code-injection.
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import groovy.lang.GroovyShell;
import javax.servlet.http.*;

public class Calculator {
    private final ScriptEngine engine = new ScriptEngineManager().getEngineByName("js");

    public Object compute(HttpServletRequest request, String field) throws Exception {
        String expr = request.getParameter("expr");
        // ruleid: java.code-injection
        Object r = engine.eval(expr);
        // ruleid: java.code-injection
        engine.eval("var total = " + field + " * 2;");
        // ruleid: java.code-injection
        engine.eval(String.format("report('%s')", field));
        GroovyShell shell = new GroovyShell();
        // ruleid: java.code-injection
        return shell.evaluate(request.getParameter("script"));
    }

    public Object safe(HttpServletRequest request) throws Exception {
        // ok: java.code-injection
        engine.eval("1 + 2");
        // ok: java.code-injection
        engine.put("input", request.getParameter("expr"));
        // ok: java.code-injection
        Object r = engine.eval(SCRIPT);
        // ok: java.code-injection
        engine.eval("var a = " + MAX_ITEMS + ";");
        // ok: java.code-injection
        return new GroovyShell().evaluate(new File("/etc/app/rules.groovy"));
    }
}
