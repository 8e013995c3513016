// Fixture for java.xpath-injection: request data reaching an XPath expression, by every flow the analysis follows.
import java.util.*;
import java.util.regex.Pattern;
import javax.servlet.http.*;
import javax.xml.xpath.*;
import org.w3c.dom.Document;
import org.springframework.web.bind.annotation.*;

public class XPathServlet extends HttpServlet {
    private final XPath xpath = XPathFactory.newInstance().newXPath();
    private Document xmlDocument;
    private String department;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws Exception {
        // ruleid: java.xpath-injection (flow: direct)
        xpath.compile("/users/user[name='" + request.getParameter("name") + "']");
        String param = request.getHeader("X-Emp");
        String bar = param;
        String expression = "/Employees/Employee[@emplid='" + bar + "']";
        // ruleid: java.xpath-injection (flow: assignments)
        String result = xpath.evaluate(expression, xmlDocument);
        // ruleid: java.xpath-injection (flow: assignments)
        Object nodes = xpath.compile(expression).evaluate(xmlDocument, XPathConstants.NODESET);
        // ruleid: java.xpath-injection (flow: string-building)
        Object n = xpath.evaluate(String.format("//user[@id='%s']", bar), xmlDocument, XPathConstants.NODE);
        Map<String, String> parts = new HashMap<String, String>();
        parts.put("user", bar);
        parts.put("fixed", "/Employees");
        // ruleid: java.xpath-injection (flow: container)
        xpath.evaluate(parts.get("user"), xmlDocument);
        // ok: java.xpath-injection (flow: container)
        xpath.evaluate(parts.get("fixed"), xmlDocument);
    }

    private static String byId(String id) {
        return "//user[@id='" + id + "']";
    }

    private String find(String expr) throws XPathExpressionException {
        // ruleid: java.xpath-injection (flow: helper-function)
        return xpath.evaluate(expr, xmlDocument);
    }

    protected void helpers(HttpServletRequest request) throws Exception {
        String param = request.getParameter("id");
        // ruleid: java.xpath-injection (flow: helper-function)
        xpath.compile(byId(param));
        find("//user[@name='" + param + "']");
        // ok: java.xpath-injection (flow: helper-function)
        xpath.compile(byId("42"));
        this.department = request.getParameter("dept");
    }

    protected void staff() throws Exception {
        // ruleid: java.xpath-injection (flow: class-field)
        xpath.evaluate("//dept[@name='" + this.department + "']/staff", xmlDocument);
    }

    protected void safe(HttpServletRequest request) throws Exception {
        String user = request.getParameter("user");
        // ok: java.xpath-injection (flow: sanitized)
        xpath.evaluate("//user[@name='" + ESAPI.encoder().encodeForXPath(user) + "']", xmlDocument);
        int id = Integer.parseInt(request.getParameter("id"));
        // ok: java.xpath-injection (flow: number-conversion)
        xpath.evaluate("//user[" + id + "]", xmlDocument);
        String name = request.getParameter("name");
        name = "guest";
        // ok: java.xpath-injection (flow: constant-overwrite)
        xpath.evaluate("//user[@name='" + name + "']", xmlDocument);
        String bar = "guest";
        if (false) {
            bar = user;
        }
        // ok: java.xpath-injection (flow: dead-branch)
        xpath.evaluate("//user[@name='" + bar + "']", xmlDocument);
        // ok: java.xpath-injection
        XPathExpression e = xpath.compile("//user[@name=$name]");
        // ok: java.xpath-injection
        Pattern p = Pattern.compile("^" + user + "$");
    }
}

@RestController
class EmployeeController {
    private final XPath xp = XPathFactory.newInstance().newXPath();
    private Document doc;

    @GetMapping("/employees/{id}")
    public String employee(@PathVariable String id) throws Exception {
        // ruleid: java.xpath-injection (flow: direct)
        return xp.evaluate("/Employees/Employee[@emplid='" + id + "']/name", doc);
    }
}
