// Fixture for java.ssrf: request data deciding where the server connects, by every flow the analysis follows.
import java.io.*;
import java.net.*;
import java.net.http.HttpRequest;
import java.util.*;
import javax.servlet.http.*;
import org.apache.http.client.methods.HttpGet;
import org.jsoup.Jsoup;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestTemplate;
import org.springframework.web.reactive.function.client.WebClient;

public class FetchServlet extends HttpServlet {
    private final RestTemplate restTemplate = new RestTemplate();
    private final WebClient webClient = WebClient.create();
    private String webhook;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // ruleid: java.ssrf (flow: direct)
        HttpURLConnection c = (HttpURLConnection) new URL(request.getParameter("url")).openConnection();
        String param = request.getParameter("image");
        URL u = new URL(param);
        // ruleid: java.ssrf (flow: assignments)
        InputStream in = u.openStream();
        String callback = param;
        // ruleid: java.ssrf (flow: assignments)
        String body = restTemplate.getForObject(callback, String.class);
        // ruleid: java.ssrf (flow: string-building)
        HttpGet get = new HttpGet("http://" + request.getHeader("X-Backend") + "/status");
        // ruleid: java.ssrf (flow: string-building)
        webClient.get().uri(String.format("https://%s/api", param)).retrieve();
        Map<String, String> targets = new HashMap<String, String>();
        targets.put("user", param);
        targets.put("health", "https://status.example.com/");
        // ruleid: java.ssrf (flow: container)
        restTemplate.exchange(targets.get("user"), HttpMethod.GET, null, String.class);
        // ok: java.ssrf (flow: container)
        restTemplate.exchange(targets.get("health"), HttpMethod.GET, null, String.class);
        // ok: java.ssrf (flow: sanitized)
        String s = restTemplate.getForObject("https://api.example.com/items/{id}", String.class, request.getParameter("id"));
        // ok: java.ssrf
        URL parsed = new URL(request.getParameter("next"));
        // ok: java.ssrf
        repository.exchange(request.getParameter("id"));
        // ok: java.ssrf
        InputStream upload = request.getPart("file").getInputStream();
    }

    private static String endpoint(String host) {
        return "https://" + host + "/v1";
    }

    private String call(String url) throws IOException {
        // ruleid: java.ssrf (flow: helper-function)
        return Jsoup.connect(url).get().title();
    }

    protected void helpers(HttpServletRequest request) throws IOException {
        String host = request.getParameter("host");
        // ruleid: java.ssrf (flow: helper-function)
        new URL(endpoint(host)).openStream();
        call(host);
        // ok: java.ssrf (flow: helper-function)
        new URL(endpoint("api.example.com")).openStream();
        this.webhook = request.getParameter("webhook");
    }

    protected void notifyHook() {
        // ruleid: java.ssrf (flow: class-field)
        restTemplate.postForObject(this.webhook, "done", String.class);
    }

    protected void safe(HttpServletRequest request, String configuredUrl) throws IOException {
        // ok: java.ssrf
        new URL("https://api.example.com/v1/status").openConnection();
        // ok: java.ssrf
        HttpGet fixed = new HttpGet(configuredUrl);
        int port = Integer.parseInt(request.getParameter("port"));
        // ok: java.ssrf (flow: number-conversion)
        new Socket("internal.example.com", port);
        String url = request.getParameter("url");
        url = "https://api.example.com/";
        // ok: java.ssrf (flow: constant-overwrite)
        new URL(url).openConnection();
        String bar = "https://api.example.com/";
        if (false) {
            bar = request.getParameter("url");
        }
        // ok: java.ssrf (flow: dead-branch)
        new URL(bar).openConnection();
    }
}

@RestController
class ProxyController {
    @GetMapping("/preview")
    public String preview(@RequestParam String link) throws IOException {
        // ruleid: java.ssrf (flow: direct)
        return Jsoup.connect(link).get().title();
    }

    @GetMapping("/proxy")
    public String proxy(@RequestParam("u") String target) throws Exception {
        // ruleid: java.ssrf (flow: direct)
        HttpRequest req = HttpRequest.newBuilder(URI.create(target)).build();
        // ruleid: java.ssrf (flow: direct)
        HttpRequest other = HttpRequest.newBuilder().uri(new URI(target)).GET().build();
        return "";
    }

    static final Set<String> ALLOWED_HOSTS = Set.of("api.example.com");

    // The URL's host checked against an allow-list or a constant before the request.
    @GetMapping("/checked")
    public String checked(@RequestParam String target) throws Exception {
        URL url = new URL(target);
        if (!ALLOWED_HOSTS.contains(url.getHost())) return "no";
        // ok: java.ssrf (flow: guard)
        url.openStream();
        URI uri = new URI(target);
        if (!"api.example.com".equals(uri.getHost())) return "no";
        // ok: java.ssrf (flow: guard)
        uri.toURL().openStream();
        URL loose = new URL(target);
        if (!loose.getHost().endsWith("example.com")) return "no";
        // ruleid: java.ssrf (flow: guard)
        loose.openStream();
        return "";
    }
}
