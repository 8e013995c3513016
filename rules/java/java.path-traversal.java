// Fixture for java.path-traversal: request data reaching a file path, by every flow the analysis follows.
import java.io.*;
import java.net.URI;
import java.nio.file.*;
import java.util.*;
import javax.servlet.http.*;
import org.apache.commons.io.FilenameUtils;
import org.springframework.web.bind.annotation.*;

public class DownloadServlet extends HttpServlet {
    private static final Path BASE = Paths.get("/srv/files");
    private static final String TESTFILES_DIR = "/srv/testfiles/";
    private String exportName;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        // ruleid: java.path-traversal (flow: direct)
        File f = new File("/srv/files/" + request.getParameter("file"));
        // ruleid: java.path-traversal (flow: direct)
        Path p = Paths.get(BASE.toString(), request.getHeader("X-File"));
        String param = request.getParameter("file");
        String bar = param;
        String fileName = TESTFILES_DIR + bar;
        // ruleid: java.path-traversal (flow: assignments)
        InputStream in = new FileInputStream(new File(fileName));
        // ruleid: java.path-traversal (flow: assignments)
        byte[] data = Files.readAllBytes(BASE.resolve(bar));
        // ruleid: java.path-traversal (flow: assignments)
        File child = new File(TESTFILES_DIR, bar);
        // ruleid: java.path-traversal (flow: string-building)
        new FileOutputStream(String.format("%s/%s.txt", TESTFILES_DIR, bar)).close();
        // ruleid: java.path-traversal (flow: string-building)
        new File(new URI("file:///" + TESTFILES_DIR.replace('\\', '/') + bar));
        // ruleid: java.path-traversal (flow: assignments)
        String real = getServletContext().getRealPath(bar);
        Map<String, String> files = new HashMap<String, String>();
        files.put("user", bar);
        files.put("default", "readme.txt");
        // ruleid: java.path-traversal (flow: container)
        Files.newInputStream(Paths.get(TESTFILES_DIR, files.get("user")));
        // ok: java.path-traversal (flow: container)
        Files.newInputStream(Paths.get(TESTFILES_DIR, files.get("default")));
        // ok: java.path-traversal
        Files.copy(request.getPart("upload").getInputStream(), BASE.resolve("upload.bin"));
        // ruleid: java.path-traversal (flow: assignments)
        Files.copy(BASE.resolve("template.txt"), BASE.resolve(bar));
    }

    private static String underBase(String name) {
        return TESTFILES_DIR + name;
    }

    private void remove(String path) throws IOException {
        // ruleid: java.path-traversal (flow: helper-function)
        Files.delete(Paths.get(path));
    }

    protected void helpers(HttpServletRequest request) throws IOException {
        String param = request.getParameter("name");
        // ruleid: java.path-traversal (flow: helper-function)
        new FileReader(underBase(param));
        remove(param);
        // ok: java.path-traversal (flow: helper-function)
        new FileReader(underBase("readme.txt"));
        this.exportName = request.getParameter("export");
    }

    protected void export() throws IOException {
        // ruleid: java.path-traversal (flow: class-field)
        new FileWriter(TESTFILES_DIR + this.exportName).close();
    }

    protected void safe(HttpServletRequest request) throws IOException {
        String name = request.getParameter("file");
        // ok: java.path-traversal (flow: sanitized)
        File f = new File("/srv/files/", FilenameUtils.getName(name));
        // ok: java.path-traversal (flow: sanitized)
        Files.readAllBytes(BASE.resolve(Paths.get(name).getFileName()));
        // ok: java.path-traversal (flow: sanitized)
        new FileInputStream(new File(TESTFILES_DIR, new File(name).getName()));
        int id = Integer.parseInt(request.getParameter("id"));
        // ok: java.path-traversal (flow: number-conversion)
        new FileInputStream(TESTFILES_DIR + id + ".txt");
        String other = request.getParameter("other");
        other = "default.txt";
        // ok: java.path-traversal (flow: constant-overwrite)
        new FileInputStream(TESTFILES_DIR + other);
        String bar = "default.txt";
        if (false) {
            bar = name;
        }
        // ok: java.path-traversal (flow: dead-branch)
        new FileInputStream(TESTFILES_DIR + bar);
        // ok: java.path-traversal
        InputStream cfg = new FileInputStream("/etc/app/config.properties");
        // ok: java.path-traversal
        File log = new File(System.getProperty("user.home"), "app.log");
    }

    protected byte[] confined(HttpServletRequest request) throws IOException {
        String name = request.getParameter("file");
        Path resolved = BASE.resolve(name).normalize();
        if (!resolved.startsWith(BASE)) {
            throw new SecurityException("outside of " + BASE);
        }
        // ok: java.path-traversal (flow: sanitized)
        return Files.readAllBytes(resolved);
    }

    protected InputStream canonical(HttpServletRequest request) throws IOException {
        // ok: java.path-traversal (flow: sanitized)
        File file = new File(TESTFILES_DIR, request.getParameter("file"));
        if (!file.getCanonicalPath().startsWith(new File(TESTFILES_DIR).getCanonicalPath())) {
            throw new SecurityException("outside");
        }
        // ok: java.path-traversal (flow: sanitized)
        return new FileInputStream(file);
    }

    protected void guarded(HttpServletRequest request) throws IOException {
        String name = request.getParameter("file");
        Path resolved = BASE.resolve(name).normalize();
        if (resolved.startsWith(BASE)) {
            // ok: java.path-traversal (flow: guard)
            Files.readAllBytes(resolved);
        }
        // ruleid: java.path-traversal (flow: guard)
        Files.readAllBytes(resolved);
        Path real = BASE.resolve(request.getParameter("name")).toRealPath();
        if (!real.startsWith(BASE.toRealPath())) {
            return;
        }
        // ok: java.path-traversal (flow: guard)
        Files.delete(real);
        // The raw value: "/srv/files/../../etc/passwd" starts with "/srv/files".
        if (name.startsWith("/srv/files/")) {
            // ruleid: java.path-traversal (flow: guard)
            new FileInputStream(name);
        }
        // A Path that is not normalised: Path.startsWith compares names, ".." included.
        Path joined = BASE.resolve(name);
        if (joined.startsWith(BASE)) {
            // ruleid: java.path-traversal (flow: guard)
            Files.readAllBytes(joined);
        }
        // A prefix that is no base folder.
        String absolute = new File(name).getCanonicalPath();
        if (!absolute.startsWith("/")) {
            throw new SecurityException("relative");
        }
        // ruleid: java.path-traversal (flow: guard)
        new FileInputStream(absolute);
        // A deny-list: an absolute path has no "..".
        if (name.contains("..")) {
            throw new SecurityException("parent folder");
        }
        // ruleid: java.path-traversal (flow: guard)
        new FileInputStream(name);
    }

    protected InputStream canonicalVariable(HttpServletRequest request) throws IOException {
        File requested = new File(TESTFILES_DIR, request.getParameter("file"));
        String canonical = requested.getCanonicalPath();
        if (!canonical.startsWith(new File(TESTFILES_DIR).getCanonicalPath() + File.separator)) {
            throw new SecurityException("outside of " + TESTFILES_DIR);
        }
        // ok: java.path-traversal (flow: guard)
        new FileInputStream(canonical).close();
        // ok: java.path-traversal (flow: guard)
        return new FileInputStream(requested);
    }

    protected void inPlace(HttpServletRequest request) throws IOException {
        File upload = new File(TESTFILES_DIR, request.getParameter("upload"));
        if (upload.toPath().normalize().startsWith(Paths.get(TESTFILES_DIR))) {
            // ok: java.path-traversal (flow: guard)
            new FileOutputStream(upload).close();
        } else {
            // ruleid: java.path-traversal (flow: guard)
            new FileOutputStream(upload).close();
        }
    }
}

@RestController
class ExportController {
    @GetMapping("/export/{name}")
    public byte[] export(@PathVariable String name, @RequestParam("dir") String dir) throws IOException {
        String full = dir + "/" + name;
        // ruleid: java.path-traversal (flow: direct)
        new FileOutputStream(new File(full)).close();
        // ruleid: java.path-traversal (flow: direct)
        return Files.readAllBytes(Path.of("/data", name));
    }

    @GetMapping("/files")
    public byte[] file(@RequestParam String name) throws IOException {
        Path target = Paths.get("/data").resolve(name).normalize();
        if (!target.startsWith(Paths.get("/data"))) {
            throw new IllegalArgumentException("outside of /data");
        }
        // ok: java.path-traversal (flow: guard)
        return Files.readAllBytes(target);
    }
}
