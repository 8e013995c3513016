// Fixture for java.header-injection: request data written into response headers, by every flow the analysis follows.
import java.io.IOException;
import java.net.URLEncoder;
import java.util.*;
import javax.servlet.http.*;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.*;

public class DownloadHeadersServlet extends HttpServlet {
    private String origin;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // ruleid: java.header-injection (flow: direct)
        response.setHeader("X-Request-Id", request.getHeader("X-Request-Id"));
        String param = request.getParameter("file");
        String name = param;
        // ruleid: java.header-injection (flow: string-building)
        response.addHeader("Content-Disposition", "attachment; filename=\"" + name + "\"");
        // ruleid: java.header-injection (flow: assignments)
        response.setHeader(name, "1");
        Map<String, String> values = new HashMap<String, String>();
        values.put("lang", param);
        values.put("cache", "no-store");
        // ruleid: java.header-injection (flow: container)
        response.setHeader("Content-Language", values.get("lang"));
        // ok: java.header-injection (flow: container)
        response.setHeader("Cache-Control", values.get("cache"));
        // ok: java.header-injection
        response.setHeader("Location", param);
        // ok: java.header-injection
        request.setAttribute("file", param);
    }

    private static String quoted(String v) {
        return "\"" + v + "\"";
    }

    private void expose(HttpServletResponse response, String value) {
        // ruleid: java.header-injection (flow: helper-function)
        response.addHeader("X-Debug", value);
    }

    protected void helpers(HttpServletRequest request, HttpServletResponse response) {
        String param = request.getParameter("tag");
        // ruleid: java.header-injection (flow: helper-function)
        response.setHeader("ETag", quoted(param));
        expose(response, param);
        // ok: java.header-injection (flow: helper-function)
        response.setHeader("ETag", quoted("v1"));
        this.origin = request.getHeader("Origin");
    }

    protected void cors(HttpServletResponse response) {
        // ruleid: java.header-injection (flow: class-field)
        response.setHeader("Access-Control-Allow-Origin", this.origin);
    }

    protected void safe(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String param = request.getParameter("file");
        // ok: java.header-injection (flow: sanitized)
        response.setHeader("Content-Disposition", "attachment; filename=" + URLEncoder.encode(param, "UTF-8"));
        // ok: java.header-injection (flow: sanitized)
        response.setHeader("X-File", param.replaceAll("[\\r\\n]", ""));
        int size = Integer.parseInt(request.getParameter("size"));
        // ok: java.header-injection (flow: number-conversion)
        response.setHeader("X-Size", "" + size);
        String tag = param;
        tag = "v1";
        // ok: java.header-injection (flow: constant-overwrite)
        response.setHeader("ETag", tag);
        String bar = "v1";
        if (false) {
            bar = param;
        }
        // ok: java.header-injection (flow: dead-branch)
        response.setHeader("ETag", bar);
    }
}

@RestController
class FileController {
    @GetMapping("/files/{name}")
    public ResponseEntity<byte[]> file(@PathVariable String name) {
        HttpHeaders headers = new HttpHeaders();
        // ruleid: java.header-injection (flow: direct)
        headers.set("Content-Disposition", "attachment; filename=" + name);
        return new ResponseEntity<byte[]>(new byte[0], headers, 200);
    }
}
