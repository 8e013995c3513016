// Fixture for java.open-redirect: request data deciding a redirect's target, by every flow the analysis follows.
import java.io.IOException;
import java.net.URLEncoder;
import java.util.*;
import javax.servlet.http.*;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.servlet.ModelAndView;
import org.springframework.web.servlet.view.RedirectView;

public class LoginServlet extends HttpServlet {
    private String landing;

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // ruleid: java.open-redirect (flow: direct)
        response.sendRedirect(request.getParameter("returnUrl"));
        // ruleid: java.open-redirect (flow: direct)
        response.setHeader("Location", request.getHeader("Referer"));
        String param = request.getParameter("next");
        String next = param;
        // ruleid: java.open-redirect (flow: assignments)
        response.sendRedirect(next);
        // ruleid: java.open-redirect (flow: string-building)
        response.sendRedirect("https://" + next);
        // ruleid: java.open-redirect (flow: string-building)
        response.sendRedirect(String.format("%s/welcome", next));
        Map<String, String> targets = new HashMap<String, String>();
        targets.put("user", next);
        targets.put("home", "/home");
        // ruleid: java.open-redirect (flow: container)
        response.sendRedirect(targets.get("user"));
        // ok: java.open-redirect (flow: container)
        response.sendRedirect(targets.get("home"));
        // ok: java.open-redirect
        response.sendRedirect("/login?next=" + URLEncoder.encode(next, "UTF-8"));
        // ok: java.open-redirect
        response.sendRedirect("https://www.example.com/search?q=" + next);
        // ok: java.open-redirect
        response.sendRedirect(request.getContextPath() + "/home");
        // ok: java.open-redirect
        response.setHeader("X-Frame-Options", request.getHeader("X"));
    }

    private static String withSlash(String url) {
        return url.endsWith("/") ? url : url + "/";
    }

    private void sendTo(HttpServletResponse response, String target) throws IOException {
        // ruleid: java.open-redirect (flow: helper-function)
        response.sendRedirect(target);
    }

    protected void helpers(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String param = request.getParameter("to");
        // ruleid: java.open-redirect (flow: helper-function)
        response.sendRedirect(withSlash(param));
        sendTo(response, param);
        // ok: java.open-redirect (flow: helper-function)
        response.sendRedirect(withSlash("/dashboard"));
        this.landing = request.getParameter("landing");
    }

    protected void land(HttpServletResponse response) throws IOException {
        // ruleid: java.open-redirect (flow: class-field)
        response.sendRedirect(this.landing);
    }

    protected void safe(HttpServletRequest request, HttpServletResponse response) throws IOException {
        int page = Integer.parseInt(request.getParameter("page"));
        // ok: java.open-redirect (flow: number-conversion)
        response.sendRedirect("/items?page=" + page);
        String next = request.getParameter("next");
        next = "/home";
        // ok: java.open-redirect (flow: constant-overwrite)
        response.sendRedirect(next);
        String bar = "/home";
        if (false) {
            bar = request.getParameter("next");
        }
        // ok: java.open-redirect (flow: dead-branch)
        response.sendRedirect(bar);
        // ok: java.open-redirect (flow: sanitized)
        response.sendRedirect(URLEncoder.encode(request.getParameter("next"), "UTF-8"));
    }
}

@Controller
class RedirectController {
    @GetMapping("/login/done")
    public String done(@RequestParam("next") String next) {
        // ruleid: java.open-redirect (flow: string-building)
        return "redirect:" + next;
    }

    @GetMapping("/go")
    public ModelAndView go(@RequestParam String target) {
        // ruleid: java.open-redirect (flow: string-building)
        return new ModelAndView("redirect:" + target);
    }

    @GetMapping("/away")
    public RedirectView away(@RequestParam String url) {
        // ruleid: java.open-redirect (flow: direct)
        return new RedirectView(url);
    }

    @GetMapping("/items")
    public String items(@RequestParam String page) {
        // ok: java.open-redirect
        String view = "redirect:/dashboard";
        // ok: java.open-redirect
        return "redirect:/items?page=" + page;
    }
}
