// Fixture for java.cookie-httponly.
import javax.servlet.http.*;

public class LoginServlet extends HttpServlet {
    protected void doPost(HttpServletRequest request, HttpServletResponse response) {
        // ruleid: java.cookie-httponly
        Cookie session = new Cookie("SESSION", token);
        response.addCookie(session);
        // ruleid: java.cookie-httponly
        Cookie secureOnly = new Cookie("SomeCookie", value);
        secureOnly.setSecure(true);
        secureOnly.setPath(request.getRequestURI());
        response.addCookie(secureOnly);
        Cookie prefCookie = cookies.create("theme", "dark");
        prefCookie.setSecure(true);
        // ruleid: java.cookie-httponly
        prefCookie.setHttpOnly(false);
        response.addCookie(prefCookie);
    }

    protected void doGet(HttpServletRequest request, HttpServletResponse response) {
        // ruleid: java.cookie-httponly
        Cookie c = new javax.servlet.http.Cookie("lang", "en");
        c.setSecure(request.isSecure());
        response.addCookie(c);
        Cookie last = null;
        // ruleid: java.cookie-httponly
        last = new Cookie("last", request.getParameter("page"));
        response.addCookie(last);
    }

    protected void safe(HttpServletRequest request, HttpServletResponse response) {
        // ok: java.cookie-httponly
        Cookie session = new Cookie("SESSION", token);
        session.setSecure(true);
        session.setHttpOnly(true);
        response.addCookie(session);
        // ok: java.cookie-httponly
        Cookie remember = new Cookie("remember", user);
        remember.setHttpOnly(true);
        response.addCookie(remember);
        // ok: java.cookie-httponly
        Cookie plain = new Cookie("auth", token);
        plain.setHttpOnly(true);
        plain.setSecure(false);
        response.addCookie(plain);
        // ok: java.cookie-httponly
        Cookie env = new Cookie("SID", token);
        env.setHttpOnly(config.isHttpOnly());
        response.addCookie(env);
        // ok: java.cookie-httponly
        Cookie gone = new Cookie("SESSION", "");
        gone.setMaxAge(0);
        response.addCookie(gone);
        // ok: java.cookie-httponly
        Cookie unused = new Cookie("x", "y");
    }
}
