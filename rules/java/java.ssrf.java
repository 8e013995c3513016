// Fixture for java.ssrf.
import java.net.*;
import java.io.*;
import javax.servlet.http.*;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.client.RestTemplate;

public class Fetcher extends HttpServlet {
    private final RestTemplate restTemplate = new RestTemplate();

    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // ruleid: java.ssrf
        HttpURLConnection c = (HttpURLConnection) new URL(request.getParameter("url")).openConnection();
        // ruleid: java.ssrf
        URL u = new URL(request.getParameter("image"));
        InputStream in = u.openStream();
        // ruleid: java.ssrf
        String body = restTemplate.getForObject(request.getParameter("callback"), String.class);
        // ruleid: java.ssrf
        HttpGet get = new HttpGet("http://" + request.getHeader("X-Backend") + "/status");
    }

    @GetMapping("/preview")
    public String preview(@RequestParam String link) throws IOException {
        // ruleid: java.ssrf
        return Jsoup.connect(link).get().title();
    }

    @GetMapping("/proxy")
    public String proxy(@RequestParam("u") String target) throws Exception {
        // ruleid: java.ssrf
        HttpRequest req = HttpRequest.newBuilder(URI.create(target)).build();
        return "";
    }

    protected void safe(HttpServletRequest request, String configuredUrl) throws IOException {
        // ok: java.ssrf
        new URL("https://api.example.com/v1/status").openConnection();
        // ok: java.ssrf
        String s = restTemplate.getForObject("https://api.example.com/items/{id}", String.class, request.getParameter("id"));
        // ok: java.ssrf
        URL parsed = new URL(request.getParameter("next"));
        // ok: java.ssrf
        HttpGet get = new HttpGet(configuredUrl);
        // ok: java.ssrf
        repository.exchange(request.getParameter("id"));
    }
}
