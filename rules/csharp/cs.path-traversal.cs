// Fixture for cs.path-traversal: request data reaching a file path.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Web;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

public class FilesController : Controller
{
    private readonly string root = "/srv/files";
    private string folder;
    private string archive;

    public IActionResult Direct(string name)
    {
        // ruleid: cs.path-traversal (flow: direct)
        var text = System.IO.File.ReadAllText(Request.Query["path"]);
        // ruleid: cs.path-traversal (flow: direct)
        using var stream = new FileStream("/srv/files/" + Request.Form["file"], FileMode.Open);
        // ruleid: cs.path-traversal (flow: direct)
        return PhysicalFile(Path.Combine(root, name), "application/octet-stream");
    }

    public IActionResult Assignments()
    {
        string requested = Request.Query["name"];
        var name = requested;
        var full = Path.Combine(root, name);
        // ruleid: cs.path-traversal (flow: assignments)
        var bytes = System.IO.File.ReadAllBytes(full);
        // ok: cs.path-traversal (flow: assignments)
        return File(bytes, "application/octet-stream");
    }

    public IActionResult Building(string report, string year)
    {
        // ruleid: cs.path-traversal (flow: string-building)
        var text = System.IO.File.ReadAllText($"{root}/{Request.RouteValues["file"]}");
        // ruleid: cs.path-traversal (flow: string-building)
        System.IO.File.Delete(string.Format("{0}/reports/{1}.pdf", root, report));
        var sb = new StringBuilder(root);
        sb.Append("/archive/").Append(year);
        // ruleid: cs.path-traversal (flow: string-building)
        var files = Directory.GetFiles(sb.ToString());
        return Ok(files);
    }

    public IActionResult Container()
    {
        var paths = new Dictionary<string, string>();
        paths["default"] = "index.html";
        paths["user"] = Request.Query["page"];
        // ok: cs.path-traversal (flow: container)
        var a = System.IO.File.ReadAllText(Path.Combine(root, paths["default"]));
        // ruleid: cs.path-traversal (flow: container)
        var b = System.IO.File.ReadAllText(Path.Combine(root, paths["user"]));
        var parts = new List<string>();
        parts.Add(root);
        parts.Add(Request.Query["sub"]);
        // ruleid: cs.path-traversal (flow: container)
        var c = new DirectoryInfo(Path.Combine(parts.ToArray()));
        return Ok();
    }

    private string Under(string relative)
    {
        return Path.Combine(root, relative);
    }

    private void Remove(string path)
    {
        // ruleid: cs.path-traversal (flow: helper-function)
        System.IO.File.Delete(path);
    }

    public IActionResult Helper()
    {
        // ruleid: cs.path-traversal (flow: helper-function)
        var info = new FileInfo(Under(Request.Query["f"]));
        Remove(Under(Request.Form["old"]));
        // ok: cs.path-traversal (flow: helper-function)
        var readme = new FileInfo(Under("README.md"));
        return Ok();
    }

    public void Open()
    {
        this.folder = Request.Query["folder"];
        this.archive = "archive";
    }

    public IActionResult Browse()
    {
        // ruleid: cs.path-traversal (flow: class-field)
        var entries = Directory.GetFiles(Path.Combine(root, this.folder));
        // ok: cs.path-traversal (flow: class-field)
        var archived = Directory.GetFiles(Path.Combine(root, this.archive));
        return Ok(entries);
    }

    public IActionResult Sanitized(string name, int id, IFormFile upload)
    {
        // ok: cs.path-traversal (flow: sanitized)
        var safe = System.IO.File.ReadAllText(Path.Combine(root, Path.GetFileName(name)));
        var full = Path.GetFullPath(Path.Combine(root, name));
        if (full.StartsWith(root + Path.DirectorySeparatorChar))
        {
            // ok: cs.path-traversal (flow: sanitized)
            var inside = System.IO.File.ReadAllText(full);
        }
        var target = Path.GetFullPath(Path.Combine(root, Request.Query["target"]));
        if (!target.StartsWith(root, StringComparison.Ordinal))
        {
            return BadRequest();
        }
        // ok: cs.path-traversal (flow: sanitized)
        System.IO.File.WriteAllText(target, "ok");
        // ok: cs.path-traversal (flow: number-conversion)
        var byId = System.IO.File.ReadAllText(Path.Combine(root, id + ".txt"));
        var n = int.Parse(Request.Query["n"]);
        // ok: cs.path-traversal (flow: number-conversion)
        var numbered = System.IO.File.ReadAllText($"{root}/page{n}.html");
        var stored = Guid.NewGuid().ToString("N") + Path.GetExtension(upload.FileName);
        // ok: cs.path-traversal (flow: sanitized)
        using var saved = System.IO.File.Create(Path.Combine(root, "uploads", stored));
        // ok: cs.path-traversal
        var copy = File(upload.OpenReadStream(), "application/octet-stream");
        // ok: cs.path-traversal
        using var disk = new FileStream(Path.Combine(root, Path.GetRandomFileName()), FileMode.Create);
        // ok: cs.path-traversal
        return File(disk, "application/pdf", Request.Query["downloadName"]);
    }

    public IActionResult Constant()
    {
        string path = Request.Query["path"];
        path = "/srv/files/index.html";
        // ok: cs.path-traversal (flow: constant-overwrite)
        var text = System.IO.File.ReadAllText(path);
        string sub = Request.Query["sub"];
        if (false)
        {
            sub = Request.Query["other"];
        }
        else
        {
            sub = "public";
        }
        // ok: cs.path-traversal (flow: dead-branch)
        var files = Directory.GetFiles(Path.Combine(root, sub));
        return Ok(files);
    }
}

public class LegacyUpload : System.Web.UI.Page
{
    protected void Save(object sender, EventArgs e)
    {
        var upload = Request.Files[0];
        // ruleid: cs.path-traversal (flow: direct)
        upload.SaveAs(Server.MapPath("~/uploads/" + upload.FileName));
    }
}

public class Storage
{
    public string Load(string path)
    {
        // ok: cs.path-traversal
        return System.IO.File.ReadAllText(path);
    }
}
