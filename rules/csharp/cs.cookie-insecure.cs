// Fixture for cs.cookie-insecure.
using System.Web;
using Microsoft.AspNetCore.Http;

public class CookieController : Controller
{
    public IActionResult Login(string sessionId)
    {
        // ruleid: cs.cookie-insecure
        Response.Cookies.Append("session", sessionId, new CookieOptions { HttpOnly = true, Secure = false });
        // ruleid: cs.cookie-insecure
        var opts = new CookieOptions { Secure = false };
        var legacy = new HttpCookie("auth", sessionId);
        // ruleid: cs.cookie-insecure
        legacy.Secure = false;
        // ruleid: cs.cookie-insecure
        services.ConfigureApplicationCookie(o => o.Cookie.SecurePolicy = CookieSecurePolicy.None);
        // ruleid: cs.cookie-insecure
        app.UseCookiePolicy(new CookiePolicyOptions { Secure = CookieSecurePolicy.None });
        // ruleid: cs.cookie-insecure
        Response.Cookies.Append(".AspNet.Session", sessionId, new CookieOptions { HttpOnly = true });
        // ruleid: cs.cookie-insecure
        var auth = new HttpCookie("AuthToken", sessionId) { HttpOnly = true };
        Response.Cookies.Add(auth);
        return Ok();
    }

    public IActionResult Safe(string sessionId, string token)
    {
        // ok: cs.cookie-insecure
        Response.Cookies.Append("session", sessionId, new CookieOptions { HttpOnly = true, Secure = true, SameSite = SameSiteMode.Lax });
        // ok: cs.cookie-insecure
        Response.Cookies.Append("session", sessionId, new CookieOptions { Secure = true });
        // ok: cs.cookie-insecure
        Response.Cookies.Append("XSRF-TOKEN", token, new CookieOptions { HttpOnly = false, Secure = true });
        // ok: cs.cookie-insecure
        Response.Cookies.Append("session", sessionId, new CookieOptions { HttpOnly = true, Secure = Request.IsHttps });
        // ok: cs.cookie-insecure
        services.ConfigureApplicationCookie(o => o.Cookie.SecurePolicy = CookieSecurePolicy.Always);
        // ok: cs.cookie-insecure
        app.UseCookiePolicy(new CookiePolicyOptions { HttpOnly = HttpOnlyPolicy.None });
        // ok: cs.cookie-insecure
        var connection = new SmtpSettings { Secure = false };
        // ok: cs.cookie-insecure
        Response.Cookies.Append("theme", "dark", new CookieOptions { Expires = DateTimeOffset.UtcNow.AddYears(1) });
        // ok: cs.cookie-insecure
        var auth = new HttpCookie("AuthToken", sessionId);
        auth.Secure = true;
        var legacy = new HttpCookie("auth", sessionId);
        // ok: cs.cookie-insecure
        legacy.HttpOnly = false;
        legacy.Secure = true;
        return Ok();
    }
}
