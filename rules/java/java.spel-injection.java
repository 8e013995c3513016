// Fixture for java.spel-injection.
import org.springframework.expression.Expression;
import org.springframework.expression.ExpressionParser;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.web.bind.annotation.*;
import javax.servlet.http.HttpServletRequest;

@RestController
public class FilterController {
    private final ExpressionParser parser = new SpelExpressionParser();

    @GetMapping("/filter")
    public Object filter(@RequestParam String expr, HttpServletRequest request) {
        // ruleid: java.spel-injection
        Expression e = parser.parseExpression(expr);
        // ruleid: java.spel-injection
        Object v = parser.parseExpression(request.getParameter("sort")).getValue();
        String field = request.getHeader("X-Field");
        // ruleid: java.spel-injection
        Expression f = new SpelExpressionParser().parseExpression("items.?[" + field + " > 10]");
        return e.getValue();
    }

    @GetMapping("/safe")
    public Object safe(@RequestParam String name, String internal) {
        // ok: java.spel-injection
        Expression e = parser.parseExpression("#name.toUpperCase()");
        StandardEvaluationContext ctx = new StandardEvaluationContext();
        // ok: java.spel-injection
        ctx.setVariable("name", name);
        // ok: java.spel-injection
        Expression i = parser.parseExpression(internal);
        // ok: java.spel-injection
        Date d = dateParser.parse(name);
        return e.getValue(ctx);
    }
}
