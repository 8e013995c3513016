// Fixture for cs.command-injection.
using System.Diagnostics;
using Microsoft.AspNetCore.Mvc;

public class ToolsController : Controller
{
    public IActionResult Ping(string host)
    {
        // ruleid: cs.command-injection
        Process.Start("cmd.exe", "/c ping " + host);
        // ruleid: cs.command-injection
        var p = Process.Start(Request.Query["tool"]);
        // ruleid: cs.command-injection
        var info = new ProcessStartInfo("/bin/sh", $"-c \"nslookup {host}\"");
        var psi = new ProcessStartInfo
        {
            FileName = "cmd.exe",
            // ruleid: cs.command-injection
            Arguments = "/c dir " + Request.Form["folder"],
        };
        var sh = new ProcessStartInfo();
        sh.FileName = "/bin/bash";
        // ruleid: cs.command-injection
        sh.Arguments = string.Format("-c \"tar czf {0}\"", host);
        // ruleid: cs.command-injection
        System.Diagnostics.Process.Start($"{host}/bin/tool.exe");
        return Ok();
    }

    public IActionResult Safe(string host, string file)
    {
        // ok: cs.command-injection
        Process.Start("ping", host);
        // ok: cs.command-injection
        Process.Start("notepad.exe", "C:\\logs\\app.log");
        // ok: cs.command-injection
        var psi = new ProcessStartInfo { FileName = "git", Arguments = "log --oneline " + file };
        // ok: cs.command-injection
        var git = new ProcessStartInfo("git") { ArgumentList = { "log", host } };
        // ok: cs.command-injection
        var label = "/c ping " + host;
        // ok: cs.command-injection
        Process.Start("https://www.example.com/search?q=" + Uri.EscapeDataString(host));
        // ok: cs.command-injection
        var shell = new ProcessStartInfo("cmd.exe", "/c dir");
        return Ok();
    }
}
