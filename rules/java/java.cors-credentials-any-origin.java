// Fixture for java.cors-credentials-any-origin.
import org.springframework.web.bind.annotation.*;
import org.springframework.web.cors.*;
import javax.servlet.http.*;

@RestController
public class ApiController {
    // ruleid: java.cors-credentials-any-origin
    @CrossOrigin(origins = "*", allowCredentials = "true")
    @GetMapping("/me")
    public String me() { return "me"; }

    // ok: java.cors-credentials-any-origin
    @CrossOrigin(origins = "https://app.example.com", allowCredentials = "true")
    @GetMapping("/profile")
    public String profile() { return "p"; }

    // ok: java.cors-credentials-any-origin
    @CrossOrigin(origins = "*")
    @GetMapping("/public")
    public String pub() { return "x"; }

    public void addCorsMappings(CorsRegistry registry) {
        // ruleid: java.cors-credentials-any-origin
        registry.addMapping("/**").allowedOrigins("*").allowedMethods("GET", "POST").allowCredentials(true);
        // ok: java.cors-credentials-any-origin
        registry.addMapping("/api/**").allowedOrigins("https://app.example.com").allowCredentials(true);
    }

    public CorsConfigurationSource corsSource() {
        CorsConfiguration config = new CorsConfiguration();
        config.setAllowedOrigins(Arrays.asList("*"));
        // ruleid: java.cors-credentials-any-origin
        config.setAllowCredentials(true);
        CorsConfiguration strict = new CorsConfiguration();
        strict.setAllowedOrigins(List.of("https://app.example.com"));
        // ok: java.cors-credentials-any-origin
        strict.setAllowCredentials(true);
        return null;
    }
}

class CorsFilter {
    void doFilter(HttpServletRequest request, HttpServletResponse response) {
        String origin = request.getHeader("Origin");
        // ruleid: java.cors-credentials-any-origin
        response.setHeader("Access-Control-Allow-Origin", origin);
        response.setHeader("Access-Control-Allow-Credentials", "true");
    }

    void checked(HttpServletRequest request, HttpServletResponse response) {
        String origin = request.getHeader("Origin");
        if (allowedOrigins.contains(origin)) {
            // ok: java.cors-credentials-any-origin
            response.setHeader("Access-Control-Allow-Origin", origin);
            response.setHeader("Access-Control-Allow-Credentials", "true");
        }
    }
}
