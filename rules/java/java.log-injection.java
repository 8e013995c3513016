// Fixture for java.log-injection: request data written to a log, by every flow the analysis follows.
import java.io.IOException;
import java.util.*;
import java.util.logging.Level;
import javax.servlet.http.*;
import org.owasp.encoder.Encode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.*;

public class AuditServlet extends HttpServlet {
    private static final Logger LOGGER = LoggerFactory.getLogger(AuditServlet.class);
    private static final java.util.logging.Logger julLogger = java.util.logging.Logger.getLogger("audit");
    private String lastUser;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // ruleid: java.log-injection (flow: direct)
        LOGGER.info("login attempt for " + request.getParameter("user"));
        String param = request.getHeader("User-Agent");
        String agent = param;
        // ruleid: java.log-injection (flow: assignments)
        LOGGER.warn("agent {}", agent);
        // ruleid: java.log-injection (flow: string-building)
        julLogger.log(Level.INFO, String.format("agent=%s", agent));
        StringBuilder sb = new StringBuilder("headers: ");
        sb.append(agent);
        // ruleid: java.log-injection (flow: string-building)
        julLogger.warning(sb.toString());
        Map<String, String> fields = new HashMap<String, String>();
        fields.put("agent", agent);
        fields.put("app", "shop");
        // ruleid: java.log-injection (flow: container)
        LOGGER.debug(fields.get("agent"));
        // ok: java.log-injection (flow: container)
        LOGGER.debug(fields.get("app"));
        // ok: java.log-injection
        LOGGER.info("request from {}", request.getRemoteAddr());
        // ok: java.log-injection
        catalog.info(agent);
    }

    private static String describe(String user) {
        return "user=" + user;
    }

    private void audit(String event) {
        // ruleid: java.log-injection (flow: helper-function)
        LOGGER.error(event);
    }

    protected void helpers(HttpServletRequest request) {
        String param = request.getParameter("user");
        // ruleid: java.log-injection (flow: helper-function)
        LOGGER.info(describe(param));
        audit(param);
        // ok: java.log-injection (flow: helper-function)
        LOGGER.info(describe("system"));
        this.lastUser = request.getParameter("user");
    }

    protected void summary() {
        // ruleid: java.log-injection (flow: class-field)
        LOGGER.info("last user: " + this.lastUser);
    }

    protected void safe(HttpServletRequest request) {
        String param = request.getParameter("user");
        // ok: java.log-injection (flow: sanitized)
        LOGGER.info("login attempt for " + param.replaceAll("[\\r\\n]", "_"));
        // ok: java.log-injection (flow: sanitized)
        LOGGER.info("login attempt for {}", Encode.forJava(param));
        int attempts = Integer.parseInt(request.getParameter("attempts"));
        // ok: java.log-injection (flow: number-conversion)
        LOGGER.info("attempts: " + attempts);
        String user = param;
        user = "anonymous";
        // ok: java.log-injection (flow: constant-overwrite)
        LOGGER.info("user " + user);
        String bar = "anonymous";
        if (false) {
            bar = param;
        }
        // ok: java.log-injection (flow: dead-branch)
        LOGGER.info("user " + bar);
    }
}

@RestController
class SearchController {
    private static final Logger log = LoggerFactory.getLogger(SearchController.class);

    @GetMapping("/search")
    public String search(@RequestParam String q) {
        // ruleid: java.log-injection (flow: direct)
        log.info("search: " + q);
        return "ok";
    }
}
