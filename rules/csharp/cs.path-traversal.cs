// Fixture for cs.path-traversal.
using System.IO;
using Microsoft.AspNetCore.Mvc;

public class FilesController : Controller
{
    private readonly string root = "/srv/files";

    public IActionResult Download()
    {
        // ruleid: cs.path-traversal
        var text = System.IO.File.ReadAllText(Request.Query["path"]);
        // ruleid: cs.path-traversal
        var full = Path.Combine(root, Request.Query["name"].ToString());
        // ruleid: cs.path-traversal
        using var stream = new FileStream("/srv/files/" + Request.Form["file"], FileMode.Open);
        // ruleid: cs.path-traversal
        return PhysicalFile($"{root}/{Request.RouteValues["file"]}", "application/octet-stream");
    }

    public void Upload()
    {
        var upload = Request.Files[0];
        // ruleid: cs.path-traversal
        upload.SaveAs(Server.MapPath("~/uploads/" + Request.Files[0].FileName));
        // ruleid: cs.path-traversal
        System.IO.File.Delete(Path.Combine(root, Request.QueryString["old"]));
    }

    public IActionResult Safe(string id)
    {
        // ok: cs.path-traversal
        var name = Path.Combine(root, Path.GetFileName(Request.Query["name"]));
        // ok: cs.path-traversal
        var text = System.IO.File.ReadAllText(Path.Combine(root, "index.html"));
        // ok: cs.path-traversal
        using var stream = new FileStream("/srv/files/" + id + ".pdf", FileMode.Open);
        // ok: cs.path-traversal
        var exists = Request.Query.ContainsKey("path") && Directory.Exists(root);
        // ok: cs.path-traversal
        var copy = File(Request.Form.Files[0].OpenReadStream(), "application/octet-stream");
        // ok: cs.path-traversal
        return File(stream, "application/pdf", Request.Query["downloadName"]);
    }
}
