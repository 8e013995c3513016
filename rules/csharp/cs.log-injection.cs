// Fixture for cs.log-injection: request data concatenated into a log message.
using System;
using System.Collections.Generic;
using System.Text;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.SignalR;
using Microsoft.Extensions.Logging;
using Serilog;

public class LoginController : Controller
{
    private readonly ILogger<LoginController> _logger;
    private static readonly log4net.ILog log = log4net.LogManager.GetLogger(typeof(LoginController));
    private string attempt;
    private string area;

    public IActionResult Direct(string user)
    {
        // ruleid: cs.log-injection (flow: direct)
        _logger.LogInformation("Login attempt for " + user);
        // ruleid: cs.log-injection (flow: direct)
        _logger.LogWarning($"Bad token from {Request.Headers["User-Agent"]}");
        // ruleid: cs.log-injection (flow: direct)
        log.Info("Search: " + Request.Query["q"]);
        // ok: cs.log-injection (flow: sanitized)
        _logger.LogInformation("Login attempt for {User}", user);
        return Ok();
    }

    public IActionResult Assignments()
    {
        string name = Request.Form["name"];
        var who = name;
        var line = "Password reset requested by " + who;
        // ruleid: cs.log-injection (flow: assignments)
        _logger.LogInformation(line);
        // ok: cs.log-injection (flow: assignments)
        _logger.LogInformation("Password reset requested by {Who}", who);
        return Ok();
    }

    public IActionResult Building(string user, string ip, Exception error)
    {
        // ruleid: cs.log-injection (flow: string-building)
        _logger.LogError(error, string.Format("Failure for {0}", user));
        // ruleid: cs.log-injection (flow: string-building)
        Log.Warning($"Blocked {ip} for user {user}");
        var sb = new StringBuilder("Headers:");
        sb.Append(Request.Headers["X-Forwarded-For"]);
        // ruleid: cs.log-injection (flow: string-building)
        _logger.Log(LogLevel.Debug, sb.ToString());
        return Ok();
    }

    public IActionResult Container()
    {
        var fields = new Dictionary<string, string>();
        fields["event"] = "login";
        fields["user"] = Request.Query["user"];
        // ok: cs.log-injection (flow: container)
        _logger.LogInformation("Event " + fields["event"]);
        // ruleid: cs.log-injection (flow: container)
        _logger.LogInformation("User " + fields["user"]);
        var parts = new List<string>();
        parts.Add(Request.Query["part"]);
        // ruleid: cs.log-injection (flow: container)
        _logger.LogDebug("Parts: " + string.Join(",", parts));
        return Ok();
    }

    private static string Describe(string who)
    {
        return "user=" + who;
    }

    private void Audit(string message)
    {
        // ruleid: cs.log-injection (flow: helper-function)
        _logger.LogInformation(message);
    }

    public IActionResult Helper()
    {
        // ruleid: cs.log-injection (flow: helper-function)
        _logger.LogInformation(Describe(Request.Query["u"]));
        Audit("Checkout by " + Request.Form["buyer"]);
        // ok: cs.log-injection (flow: helper-function)
        _logger.LogInformation(Describe("system"));
        return Ok();
    }

    public void Start()
    {
        this.attempt = Request.Query["attempt"];
        this.area = "admin";
    }

    public IActionResult Finish()
    {
        // ruleid: cs.log-injection (flow: class-field)
        _logger.LogWarning("Attempt " + this.attempt);
        // ok: cs.log-injection (flow: class-field)
        _logger.LogWarning("Area " + this.area);
        return Ok();
    }

    public IActionResult Sanitized(string user, int id, Exception ex)
    {
        // ok: cs.log-injection (flow: sanitized)
        _logger.LogInformation("Login attempt for " + user.Replace("\r", "").Replace("\n", ""));
        // ok: cs.log-injection (flow: sanitized)
        _logger.LogError(ex, "Failure for {User} from {Ip}", user, Request.Headers["X-Real-IP"]);
        // ok: cs.log-injection (flow: number-conversion)
        _logger.LogInformation("Order " + id + " shipped");
        var qty = int.Parse(Request.Query["qty"]);
        // ok: cs.log-injection (flow: number-conversion)
        _logger.LogInformation($"Quantity {qty}");
        // ok: cs.log-injection
        Log.Information("User {User} signed in", user);
        return Ok();
    }

    public IActionResult Constant()
    {
        string user = Request.Query["user"];
        user = "anonymous";
        // ok: cs.log-injection (flow: constant-overwrite)
        _logger.LogInformation("User " + user);
        string role = Request.Query["role"];
        if (false)
        {
            role = Request.Query["other"];
        }
        else
        {
            role = "guest";
        }
        // ok: cs.log-injection (flow: dead-branch)
        _logger.LogInformation("Role " + role);
        return Ok();
    }
}

public class ChatHub : Hub
{
    private readonly ILogger<ChatHub> _logger;

    public async Task SendMessage(string user, string message)
    {
        // ruleid: cs.log-injection (flow: direct)
        _logger.LogInformation("Message from " + user);
        // ok: cs.log-injection
        _logger.LogInformation("Message from {User}", user);
        await Clients.All.SendAsync("ReceiveMessage", user, message);
    }
}

public class Worker
{
    private readonly ILogger<Worker> _logger;

    public void Process(string job)
    {
        // ok: cs.log-injection
        _logger.LogInformation("Processing " + job);
    }
}
