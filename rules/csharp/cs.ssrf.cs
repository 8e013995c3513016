// Fixture for cs.ssrf.
using System.Net;
using System.Net.Http;
using Microsoft.AspNetCore.Mvc;

public class ProxyController : Controller
{
    private readonly HttpClient http;

    public async Task<IActionResult> Fetch()
    {
        // ruleid: cs.ssrf
        var body = await http.GetStringAsync(Request.Query["url"]);
        // ruleid: cs.ssrf
        var resp = await http.GetAsync("http://" + Request.Query["host"] + "/status");
        // ruleid: cs.ssrf
        var msg = new HttpRequestMessage(HttpMethod.Get, $"{Request.Form["callback"]}");
        // ruleid: cs.ssrf
        var html = new WebClient().DownloadString(Request.QueryString["feed"]);
        // ruleid: cs.ssrf
        var req = WebRequest.Create(new Uri(Request["target"]));
        // ruleid: cs.ssrf
        var hook = await http.PostAsync(_httpContextAccessor.HttpContext.Request.Form["webhook"], content);
        return Content(body);
    }

    public async Task<IActionResult> Safe(string id)
    {
        // ok: cs.ssrf
        var user = await http.GetStringAsync($"https://api.example.com/users/{Request.Query["id"]}");
        // ok: cs.ssrf
        var status = await http.GetAsync("https://status.example.com/health");
        // ok: cs.ssrf
        var feed = new WebClient().DownloadString(settings.FeedUrl);
        // ok: cs.ssrf
        var values = Request.Query.GetAsync("x");
        return Content(user);
    }
}
