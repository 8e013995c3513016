// Fixture for java.spel-injection: request data reaching a SpEL expression, by every flow the analysis follows.
import java.util.*;
import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.StandardEvaluationContext;
import org.springframework.web.bind.annotation.*;
import javax.servlet.http.HttpServletRequest;

@RestController
public class FilterController {
    private final ExpressionParser parser = new SpelExpressionParser();
    private String sortExpression;

    @GetMapping("/filter")
    public Object filter(@RequestParam String expr, HttpServletRequest request) {
        // ruleid: java.spel-injection (flow: direct)
        Expression e = parser.parseExpression(expr);
        // ruleid: java.spel-injection (flow: direct)
        Object v = parser.parseExpression(request.getParameter("sort")).getValue();
        String field = request.getHeader("X-Field");
        String name = field;
        // ruleid: java.spel-injection (flow: assignments)
        parser.parseExpression(name);
        // ruleid: java.spel-injection (flow: string-building)
        Expression f = new SpelExpressionParser().parseExpression("items.?[" + field + " > 10]");
        // ruleid: java.spel-injection (flow: string-building)
        parser.parseExpression(String.format("#root.%s", field));
        Map<String, String> exprs = new HashMap<String, String>();
        exprs.put("user", field);
        exprs.put("fixed", "#root.name");
        // ruleid: java.spel-injection (flow: container)
        parser.parseExpression(exprs.get("user"));
        // ok: java.spel-injection (flow: container)
        parser.parseExpression(exprs.get("fixed"));
        return e.getValue();
    }

    private String property(String p) {
        return "#root." + p;
    }

    private Object evaluate(String text) {
        // ruleid: java.spel-injection (flow: helper-function)
        return parser.parseExpression(text).getValue();
    }

    @GetMapping("/sort")
    public Object sort(@RequestParam("by") String by, HttpServletRequest request) {
        // ruleid: java.spel-injection (flow: helper-function)
        parser.parseExpression(property(by));
        evaluate(by);
        this.sortExpression = request.getParameter("sort");
        // ok: java.spel-injection (flow: helper-function)
        return parser.parseExpression(property("name"));
    }

    public Object applySort() {
        // ruleid: java.spel-injection (flow: class-field)
        return parser.parseExpression(this.sortExpression).getValue();
    }

    @GetMapping("/safe")
    public Object safe(@RequestParam String name, @RequestParam int depth, String internal) {
        // ok: java.spel-injection (flow: sanitized)
        Expression e = parser.parseExpression("#name.toUpperCase()");
        StandardEvaluationContext ctx = new StandardEvaluationContext();
        ctx.setVariable("name", name);
        // ok: java.spel-injection (flow: number-conversion)
        parser.parseExpression("children[" + depth + "]");
        String expr = name;
        expr = "#root.id";
        // ok: java.spel-injection (flow: constant-overwrite)
        parser.parseExpression(expr);
        String bar = "#root.id";
        if (false) {
            bar = name;
        }
        // ok: java.spel-injection (flow: dead-branch)
        parser.parseExpression(bar);
        // ok: java.spel-injection
        Date d = dateParser.parse(name);
        return e.getValue(ctx);
    }
}
