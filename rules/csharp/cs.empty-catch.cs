// Fixture for cs.empty-catch.
using System;
using System.IO;

public class Loader
{
    public string Read(string path)
    {
        try { return File.ReadAllText(path); }
        // ruleid: cs.empty-catch
        catch (Exception) { }
        try { Directory.Delete(path); }
        // ruleid: cs.empty-catch
        catch { }
        try
        {
            File.Delete(path);
        }
        // ruleid: cs.empty-catch
        catch (IOException ex)
        {
        }
        return null;
    }

    public string Safe(string path, ILogger log)
    {
        try { return File.ReadAllText(path); }
        // ok: cs.empty-catch
        catch (FileNotFoundException) { /* a missing file means no settings yet */ }
        try { File.Delete(path); }
        // ok: cs.empty-catch
        catch (IOException ex) { log.LogWarning(ex, "could not delete {Path}", path); }
        try { Directory.Delete(path); }
        // ok: cs.empty-catch
        catch (Exception ex) when (ex is UnauthorizedAccessException) { }
        try { File.Delete(path); }
        // ok: cs.empty-catch
        catch { throw; }
        return null;
    }
}
