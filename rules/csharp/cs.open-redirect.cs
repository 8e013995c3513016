// Fixture for cs.open-redirect.
using System.Web;
using Microsoft.AspNetCore.Mvc;

public class AccountController : Controller
{
    public IActionResult Login(LoginModel model)
    {
        // ruleid: cs.open-redirect
        return Redirect(Request.Query["returnUrl"]);
    }

    public IActionResult Logout()
    {
        // ruleid: cs.open-redirect
        return new RedirectResult(Request.Form["next"] + "?loggedOut=1");
    }

    public void Legacy()
    {
        // ruleid: cs.open-redirect
        Response.Redirect(Request.QueryString["ReturnUrl"]);
        // ruleid: cs.open-redirect
        HttpContext.Current.Response.Redirect($"{Request["target"]}");
    }

    public IActionResult Safe(string returnUrl)
    {
        // ok: cs.open-redirect
        return LocalRedirect(Request.Query["returnUrl"]);
    }

    public IActionResult Checked()
    {
        if (Url.IsLocalUrl(Request.Query["returnUrl"]))
        {
            // ok: cs.open-redirect
            return Redirect(Request.Query["returnUrl"]);
        }
        // ok: cs.open-redirect
        Response.Redirect("/home?q=" + Request.QueryString["q"]);
        // ok: cs.open-redirect
        return Redirect("/account/login");
    }
}
