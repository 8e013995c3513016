// Fixture for java.open-redirect.
import java.io.IOException;
import javax.servlet.http.*;
import org.springframework.web.bind.annotation.*;
import org.springframework.web.servlet.ModelAndView;

public class LoginController extends HttpServlet {
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String next = request.getParameter("next");
        // ruleid: java.open-redirect
        response.sendRedirect(request.getParameter("returnUrl"));
        // ruleid: java.open-redirect
        response.sendRedirect(next);
        // ruleid: java.open-redirect
        response.setHeader("Location", request.getHeader("Referer"));
    }

    @GetMapping("/login/done")
    public String done(@RequestParam("next") String next) {
        // ruleid: java.open-redirect
        return "redirect:" + next;
    }

    @GetMapping("/go")
    public ModelAndView go(@RequestParam String target) {
        // ruleid: java.open-redirect
        return new ModelAndView("redirect:" + target);
    }

    protected void safe(HttpServletRequest request, HttpServletResponse response, @RequestParam String page) throws IOException {
        // ok: java.open-redirect
        response.sendRedirect(request.getContextPath() + "/home");
        // ok: java.open-redirect
        response.sendRedirect("/login?next=" + URLEncoder.encode(request.getParameter("next"), "UTF-8"));
        // ok: java.open-redirect
        response.setHeader("X-Frame-Options", request.getHeader("X"));
        // ok: java.open-redirect
        String view = "redirect:/dashboard";
        // ok: java.open-redirect
        String fwd = "redirect:/items?page=" + page;
    }
}
