// Fixture for cs.cookie-httponly.
using System.Web;
using Microsoft.AspNetCore.Http;

public class CookieController : Controller
{
    public IActionResult Login(string sessionId)
    {
        // ruleid: cs.cookie-httponly
        Response.Cookies.Append("session", sessionId, new CookieOptions { HttpOnly = false, Secure = true });
        // ruleid: cs.cookie-httponly
        var opts = new CookieOptions { HttpOnly = false };
        var legacy = new HttpCookie("auth", sessionId) { HttpOnly = true };
        // ruleid: cs.cookie-httponly
        legacy.HttpOnly = false;
        // ruleid: cs.cookie-httponly
        app.UseCookiePolicy(new CookiePolicyOptions { HttpOnly = HttpOnlyPolicy.None });
        // ruleid: cs.cookie-httponly
        Response.Cookies.Append(".AspNet.Session", sessionId, new CookieOptions { Secure = true });
        // ruleid: cs.cookie-httponly
        var auth = new HttpCookie("AuthToken", sessionId) { Secure = true };
        Response.Cookies.Add(auth);
        return Ok();
    }

    public IActionResult Safe(string sessionId, string token)
    {
        // ok: cs.cookie-httponly
        Response.Cookies.Append("session", sessionId, new CookieOptions { HttpOnly = true, Secure = true, SameSite = SameSiteMode.Lax });
        // ok: cs.cookie-httponly
        Response.Cookies.Append("session", sessionId, new CookieOptions { HttpOnly = true });
        // ok: cs.cookie-httponly
        Response.Cookies.Append("session", sessionId, new CookieOptions { HttpOnly = true, Secure = false });
        // ok: cs.cookie-httponly
        Response.Cookies.Append("XSRF-TOKEN", token, new CookieOptions { HttpOnly = false, Secure = true });
        // ok: cs.cookie-httponly
        Response.Cookies.Append("XSRF-TOKEN", token, new CookieOptions { Secure = true });
        // ok: cs.cookie-httponly
        services.ConfigureApplicationCookie(o => o.Cookie.SecurePolicy = CookieSecurePolicy.None);
        // ok: cs.cookie-httponly
        var connection = new SmtpSettings { HttpOnly = false };
        // ok: cs.cookie-httponly
        Response.Cookies.Append("theme", "dark", new CookieOptions { Expires = DateTimeOffset.UtcNow.AddYears(1) });
        // ok: cs.cookie-httponly
        var auth = new HttpCookie("AuthToken", sessionId);
        auth.HttpOnly = true;
        // ok: cs.cookie-httponly
        var remember = new HttpCookie("remember_me", sessionId) { HttpOnly = HttpOnlyDefault };
        return Ok();
    }
}
