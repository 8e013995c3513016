// Fixture for cs.ssrf: request data choosing where the server sends an HTTP request.
using System;
using System.Collections.Generic;
using System.Net;
using System.Net.Http;
using System.Text;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Options;

public class ProxyController : Controller
{
    private readonly HttpClient http;
    private readonly IHttpClientFactory factory;
    private readonly string _baseUrl = "https://inventory.internal";
    private readonly IOptions<ProxyOptions> _options;
    private readonly IDistributedCache _cache;
    private string upstream;
    private string health;

    public async Task<IActionResult> Direct(string url)
    {
        // ruleid: cs.ssrf (flow: direct)
        var body = await http.GetStringAsync(Request.Query["url"]);
        // ruleid: cs.ssrf (flow: direct)
        var html = new WebClient().DownloadString(url);
        // ruleid: cs.ssrf (flow: direct)
        var req = WebRequest.Create(new Uri(Request.Form["target"]));
        return Content(body);
    }

    public async Task<IActionResult> Assignments()
    {
        string target = Request.Query["target"];
        var address = target;
        var uri = new Uri(address);
        // ruleid: cs.ssrf (flow: assignments)
        var resp = await factory.CreateClient("proxy").GetAsync(uri);
        // ok: cs.ssrf (flow: assignments)
        var status = await http.GetAsync("https://status.example.com/health");
        return Ok();
    }

    public async Task<IActionResult> Building(string host, string callback)
    {
        // ruleid: cs.ssrf (flow: string-building)
        var resp = await http.GetAsync("http://" + host + "/status");
        // ruleid: cs.ssrf (flow: string-building)
        var msg = new HttpRequestMessage(HttpMethod.Post, $"{callback}?event=created");
        var sb = new StringBuilder("https://");
        sb.Append(host).Append(":8443/metrics");
        // ruleid: cs.ssrf (flow: string-building)
        var metrics = await http.GetStringAsync(sb.ToString());
        return Ok();
    }

    public async Task<IActionResult> Container()
    {
        var urls = new Dictionary<string, string>();
        urls["status"] = "https://status.example.com/";
        urls["hook"] = Request.Form["webhook"];
        // ok: cs.ssrf (flow: container)
        var a = await http.GetAsync(urls["status"]);
        // ruleid: cs.ssrf (flow: container)
        var b = await http.PostAsync(urls["hook"], new StringContent("{}"));
        var hosts = new List<string>();
        hosts.Add(Request.Query["h"]);
        // ruleid: cs.ssrf (flow: container)
        var c = await http.GetAsync("http://" + hosts[0]);
        return Ok();
    }

    private static Uri Endpoint(string hostName)
    {
        return new Uri("https://" + hostName + "/api");
    }

    private async Task<string> Fetch(string address)
    {
        using var client = new HttpClient();
        // ruleid: cs.ssrf (flow: helper-function)
        return await client.GetStringAsync(address);
    }

    public async Task<IActionResult> Helper()
    {
        // ruleid: cs.ssrf (flow: helper-function)
        var a = await http.GetAsync(Endpoint(Request.Query["host"]));
        var b = await Fetch(Request.Query["feed"]);
        // ok: cs.ssrf (flow: helper-function)
        var c = await http.GetAsync(Endpoint("api.example.com"));
        return Ok();
    }

    public void Configure()
    {
        this.upstream = Request.Headers["X-Upstream"];
        this.health = "https://status.example.com/health";
    }

    public async Task<IActionResult> Forward()
    {
        // ruleid: cs.ssrf (flow: class-field)
        var a = await http.GetAsync(this.upstream);
        // ok: cs.ssrf (flow: class-field)
        var b = await http.GetAsync(this.health);
        return Ok();
    }

    public async Task<IActionResult> Sanitized(string id, int port)
    {
        // ok: cs.ssrf (flow: sanitized)
        var user = await http.GetStringAsync($"https://api.example.com/users/{Request.Query["id"]}");
        // ok: cs.ssrf (flow: sanitized)
        var order = await http.GetStringAsync("https://api.example.com/orders/" + id);
        // ok: cs.ssrf (flow: sanitized)
        var relative = await http.GetStringAsync("/api/items?q=" + id);
        // ok: cs.ssrf (flow: number-conversion)
        var local = await http.GetStringAsync("http://localhost:" + port + "/status");
        var shard = int.Parse(Request.Query["shard"]);
        // ok: cs.ssrf (flow: number-conversion)
        var s = await http.GetStringAsync($"http://shard{shard}.internal/status");
        // ok: cs.ssrf (flow: sanitized)
        var item = await http.GetStringAsync($"{_baseUrl}/items/{id}");
        // ok: cs.ssrf (flow: sanitized)
        var rel = await http.GetStringAsync("api/items/" + id);
        // ok: cs.ssrf (flow: sanitized)
        var opt = await http.GetStringAsync(_options.Value.InventoryUrl + "/stock/" + id);
        // ok: cs.ssrf
        var cached = await _cache.GetAsync(id);
        return Ok();
    }

    public async Task<IActionResult> Constant()
    {
        string url = Request.Query["url"];
        url = "https://example.com/";
        // ok: cs.ssrf (flow: constant-overwrite)
        var a = await http.GetAsync(url);
        string feed = Request.Query["feed"];
        if (false)
        {
            feed = Request.Query["other"];
        }
        else
        {
            feed = "https://news.example.com/rss";
        }
        // ok: cs.ssrf (flow: dead-branch)
        var b = await http.GetStringAsync(feed);
        return Ok();
    }
}

public class FeedReader
{
    private readonly HttpClient http;

    public Task<string> Read(string url)
    {
        // ok: cs.ssrf
        return http.GetStringAsync(url);
    }
}
