// Fixture for java.print-stack-trace.
import javax.servlet.http.*;
import org.springframework.web.bind.annotation.*;

public class OrderServlet extends HttpServlet {
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            load(request);
        } catch (SQLException e) {
            // ruleid: java.print-stack-trace
            e.printStackTrace();
            // ruleid: java.print-stack-trace
            e.printStackTrace(response.getWriter());
        }
    }
}

@RestController
class OrderController {
    @GetMapping("/orders")
    public String list() {
        try {
            return service.list();
        } catch (Exception ex) {
            // ruleid: java.print-stack-trace
            ex.printStackTrace();
            return "error";
        }
    }
}

class BatchJob {
    void run() {
        try {
            work();
        } catch (Exception e) {
            // ok: java.print-stack-trace
            e.printStackTrace();
            // ok: java.print-stack-trace
            log.error("batch failed", e);
        }
    }
}

@RestController
class Fine {
    @GetMapping("/x")
    public String x() {
        try {
            return service.list();
        } catch (Exception ex) {
            // ok: java.print-stack-trace
            log.error("list failed", ex);
            return "error";
        }
    }
}
