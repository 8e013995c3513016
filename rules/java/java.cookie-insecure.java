// Fixture for java.cookie-insecure.
import javax.servlet.http.*;

public class LoginServlet extends HttpServlet {
    protected void doPost(HttpServletRequest request, HttpServletResponse response) {
        // ruleid: java.cookie-insecure
        Cookie session = new Cookie("SESSION", token);
        response.addCookie(session);
        // ruleid: java.cookie-insecure
        Cookie remember = new Cookie("remember", user);
        remember.setHttpOnly(true);
        response.addCookie(remember);
        Cookie prefCookie = cookies.create("theme", "dark");
        prefCookie.setHttpOnly(true);
        // ruleid: java.cookie-insecure
        prefCookie.setSecure(false);
        response.addCookie(prefCookie);
    }

    protected void doGet(HttpServletRequest request, HttpServletResponse response) {
        // ruleid: java.cookie-insecure
        Cookie c = new javax.servlet.http.Cookie("lang", "en");
        c.setPath("/");
        response.addCookie(c);
        Cookie last = null;
        // ruleid: java.cookie-insecure
        last = new Cookie("last", request.getParameter("page"));
        response.addCookie(last);
        // ruleid: java.cookie-insecure
        Cookie authCookie = new jakarta.servlet.http.Cookie("auth", token);
        authCookie.setHttpOnly(true);
        // ruleid: java.cookie-insecure
        authCookie.setSecure(false);
        response.addCookie(authCookie);
    }

    protected void safe(HttpServletRequest request, HttpServletResponse response) {
        // ok: java.cookie-insecure
        Cookie session = new Cookie("SESSION", token);
        session.setSecure(true);
        session.setHttpOnly(true);
        response.addCookie(session);
        // ok: java.cookie-insecure
        Cookie secureOnly = new Cookie("SomeCookie", value);
        secureOnly.setSecure(true);
        secureOnly.setPath(request.getRequestURI());
        response.addCookie(secureOnly);
        // ok: java.cookie-insecure
        Cookie env = new Cookie("SID", token);
        env.setSecure(request.isSecure());
        response.addCookie(env);
        // ok: java.cookie-insecure
        Cookie scriptable = new Cookie("theme", "dark");
        scriptable.setHttpOnly(false);
        scriptable.setSecure(true);
        response.addCookie(scriptable);
        // ok: java.cookie-insecure
        Cookie gone = new Cookie("SESSION", "");
        gone.setMaxAge(0);
        response.addCookie(gone);
        // ok: java.cookie-insecure
        Cookie unused = new Cookie("x", "y");
    }
}
