// Fixture for cs.command-injection: request data reaching a program name or a shell command line.
using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Management.Automation;
using System.Text;
using Microsoft.AspNetCore.Mvc;

public class ToolsController : Controller
{
    private string tool;
    private string label;

    public IActionResult Direct(string host)
    {
        // ruleid: cs.command-injection (flow: direct)
        Process.Start("cmd.exe", "/c ping " + host);
        // ruleid: cs.command-injection (flow: direct)
        var p = Process.Start(Request.Query["tool"]);
        // ruleid: cs.command-injection (flow: direct)
        var ps = PowerShell.Create().AddScript("Get-Item " + Request.Form["path"]);
        return Ok();
    }

    public IActionResult Assignments()
    {
        string folder = Request.Form["folder"];
        var target = folder;
        var line = "/c dir " + target;
        // ruleid: cs.command-injection (flow: assignments)
        var psi = new ProcessStartInfo("cmd.exe", line);
        var proc = new Process();
        proc.StartInfo.FileName = "/bin/bash";
        // ruleid: cs.command-injection (flow: assignments)
        proc.StartInfo.Arguments = "-c \"ls " + target + "\"";
        // ok: cs.command-injection (flow: assignments)
        var git = new ProcessStartInfo("git", "log " + target);
        return Ok();
    }

    public IActionResult Building(string host, string file)
    {
        // ruleid: cs.command-injection (flow: string-building)
        var info = new ProcessStartInfo("/bin/sh", $"-c \"nslookup {host}\"");
        var sh = new ProcessStartInfo();
        sh.FileName = "/bin/bash";
        // ruleid: cs.command-injection (flow: string-building)
        sh.Arguments = string.Format("-c \"tar czf {0}\"", file);
        var sb = new StringBuilder("/c type ");
        sb.Append(file);
        // ruleid: cs.command-injection (flow: string-building)
        Process.Start("cmd", sb.ToString());
        var psi = new ProcessStartInfo
        {
            FileName = "cmd.exe",
            // ruleid: cs.command-injection (flow: string-building)
            Arguments = string.Join(" ", "/c", "echo", host),
        };
        return Ok();
    }

    public IActionResult Container()
    {
        var opts = new Dictionary<string, string>();
        opts["exe"] = "convert";
        opts["user"] = Request.Query["exe"];
        // ok: cs.command-injection (flow: container)
        Process.Start(opts["exe"]);
        // ruleid: cs.command-injection (flow: container)
        Process.Start(opts["user"]);
        var words = new List<string>();
        words.Add(Request.Query["w"]);
        // ruleid: cs.command-injection (flow: container)
        Process.Start("bash", "-c \"echo " + words[0] + "\"");
        return Ok();
    }

    private static string Quoted(string value)
    {
        return "\"" + value + "\"";
    }

    private void Launch(string program)
    {
        // ruleid: cs.command-injection (flow: helper-function)
        var psi = new ProcessStartInfo { FileName = program, UseShellExecute = false };
    }

    public IActionResult Helper()
    {
        // ruleid: cs.command-injection (flow: helper-function)
        Process.Start("cmd.exe", "/c more " + Quoted(Request.Query["f"]));
        Launch(Request.Query["program"]);
        // ok: cs.command-injection (flow: helper-function)
        Process.Start("cmd.exe", "/c more " + Quoted("readme.txt"));
        return Ok();
    }

    public void Configure()
    {
        this.tool = Request.Query["tool"];
        this.label = "report";
    }

    public IActionResult Run()
    {
        // ruleid: cs.command-injection (flow: class-field)
        Process.Start(this.tool);
        // ok: cs.command-injection (flow: class-field)
        Process.Start("cmd.exe", "/c echo " + this.label);
        return Ok();
    }

    public IActionResult Sanitized(string host, int count)
    {
        var psi = new ProcessStartInfo("ping");
        psi.ArgumentList.Add("-c");
        psi.ArgumentList.Add(host);
        // ok: cs.command-injection (flow: sanitized)
        Process.Start(psi);
        // ok: cs.command-injection (flow: sanitized)
        Process.Start("ping", host);
        // ok: cs.command-injection (flow: sanitized)
        Process.Start("https://www.example.com/search?q=" + Uri.EscapeDataString(host));
        var n = int.Parse(Request.Query["n"]);
        // ok: cs.command-injection (flow: number-conversion)
        Process.Start("cmd.exe", "/c ping -n " + n + " localhost");
        // ok: cs.command-injection (flow: number-conversion)
        Process.Start("/bin/sh", "-c \"sleep " + count + "\"");
        var shell = Request.Query["shell"].ToString() switch
        {
            "ps" => "powershell.exe",
            _ => "cmd.exe",
        };
        // ok: cs.command-injection (flow: sanitized)
        Process.Start(shell);
        return Ok();
    }

    public IActionResult Constant()
    {
        string program = Request.Query["program"];
        program = "notepad.exe";
        // ok: cs.command-injection (flow: constant-overwrite)
        Process.Start(program);
        string args = Request.Query["args"];
        if (false)
        {
            args = "/c " + Request.Query["cmd"];
        }
        else
        {
            args = "/c dir";
        }
        // ok: cs.command-injection (flow: dead-branch)
        Process.Start("cmd.exe", args);
        return Ok();
    }
}

public class BuildRunner
{
    public void Run(string script)
    {
        // ok: cs.command-injection
        Process.Start("bash", "-c \"" + script + "\"");
        var dialog = new OpenFileDialog();
        // ok: cs.command-injection
        dialog.FileName = script;
    }
}
