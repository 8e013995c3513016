// Fixture for java.path-traversal.
import java.io.*;
import java.nio.file.*;
import javax.servlet.http.*;
import org.springframework.web.bind.annotation.*;

public class Downloads extends HttpServlet {
    private static final Path BASE = Paths.get("/srv/files");

    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String name = request.getParameter("file");
        // ruleid: java.path-traversal
        File f = new File("/srv/files/" + request.getParameter("file"));
        // ruleid: java.path-traversal
        InputStream in = new FileInputStream(name);
        // ruleid: java.path-traversal
        byte[] data = Files.readAllBytes(Paths.get("/srv/files", name));
        // ruleid: java.path-traversal
        Path p = BASE.resolve(request.getHeader("X-File"));
        // ruleid: java.path-traversal
        String real = getServletContext().getRealPath(name);
    }

    @GetMapping("/export/{name}")
    public byte[] export(@PathVariable String name, @RequestParam("dir") String dir) throws IOException {
        String full = dir + "/" + name;
        // ruleid: java.path-traversal
        new FileOutputStream(new File(full)).close();
        // ruleid: java.path-traversal
        return Files.readAllBytes(Path.of("/data", name));
    }

    protected void safe(HttpServletRequest request, String configured) throws IOException {
        String name = request.getParameter("file");
        String clean = FilenameUtils.getName(name);
        // ok: java.path-traversal
        File f = new File("/srv/files/", clean);
        // ok: java.path-traversal
        InputStream in = new FileInputStream("/etc/app/config.properties");
        // ok: java.path-traversal
        Path p = BASE.resolve(configured);
        // ok: java.path-traversal
        new File(idToPath(request.getParameter("id")));
        // ok: java.path-traversal
        File log = new File(System.getProperty("user.home"), "app.log");
    }
}
