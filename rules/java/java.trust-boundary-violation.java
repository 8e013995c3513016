// Fixture for java.trust-boundary-violation: request data stored in the session, by every flow the analysis follows.
import java.io.IOException;
import java.util.*;
import javax.servlet.http.*;
import org.springframework.web.bind.annotation.*;

public class PreferencesServlet extends HttpServlet {
    private String theme;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // ruleid: java.trust-boundary-violation (flow: direct)
        request.getSession().setAttribute("userid", request.getParameter("userid"));
        String param = request.getHeader("X-Role");
        String bar = param;
        // ruleid: java.trust-boundary-violation (flow: assignments)
        request.getSession().putValue(bar, "10340");
        HttpSession session = request.getSession(true);
        // ruleid: java.trust-boundary-violation (flow: assignments)
        session.setAttribute("role", bar);
        // ruleid: java.trust-boundary-violation (flow: string-building)
        session.setAttribute("greeting", "Hello " + bar);
        Map<String, String> prefs = new HashMap<String, String>();
        prefs.put("lang", bar);
        prefs.put("tz", "UTC");
        // ruleid: java.trust-boundary-violation (flow: container)
        session.setAttribute("lang", prefs.get("lang"));
        // ok: java.trust-boundary-violation (flow: container)
        session.setAttribute("tz", prefs.get("tz"));
        // ok: java.trust-boundary-violation
        request.setAttribute("role", bar);
        // ok: java.trust-boundary-violation
        session.setAttribute("lastSeen", System.currentTimeMillis());
        // ok: java.trust-boundary-violation
        Object role = session.getAttribute(bar);
    }

    private static String normalize(String v) {
        return v.trim().toLowerCase();
    }

    private void remember(HttpServletRequest request, String value) {
        // ruleid: java.trust-boundary-violation (flow: helper-function)
        request.getSession().setAttribute("remembered", value);
    }

    protected void helpers(HttpServletRequest request) {
        String param = request.getParameter("lang");
        // ruleid: java.trust-boundary-violation (flow: helper-function)
        request.getSession().setAttribute("lang", normalize(param));
        remember(request, param);
        // ok: java.trust-boundary-violation (flow: helper-function)
        request.getSession().setAttribute("lang", normalize("EN"));
        this.theme = request.getParameter("theme");
    }

    protected void applyTheme(HttpServletRequest request) {
        // ruleid: java.trust-boundary-violation (flow: class-field)
        request.getSession().setAttribute("theme", this.theme);
    }

    protected void safe(HttpServletRequest request) throws Exception {
        String param = request.getParameter("userid");
        int id = Integer.parseInt(param);
        // ok: java.trust-boundary-violation (flow: number-conversion)
        request.getSession().setAttribute("userid", id);
        // ok: java.trust-boundary-violation (flow: sanitized)
        request.getSession().setAttribute("name", ESAPI.validator().getValidInput("name", param, "SafeString", 40, false));
        String bar = param;
        bar = "guest";
        // ok: java.trust-boundary-violation (flow: constant-overwrite)
        request.getSession().setAttribute("userid", bar);
        String other = "guest";
        if (false) {
            other = param;
        }
        // ok: java.trust-boundary-violation (flow: dead-branch)
        request.getSession().putValue("userid", other);
    }
}

@RestController
class CartController {
    @PostMapping("/cart/coupon")
    public String coupon(@RequestParam String code, HttpSession session) {
        // ruleid: java.trust-boundary-violation (flow: direct)
        session.setAttribute("coupon", code);
        return "ok";
    }
}
