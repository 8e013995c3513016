// Fixture for java.command-injection.
import java.io.IOException;
import javax.servlet.http.HttpServletRequest;

public class Converter {
    public void convert(String file, String host, HttpServletRequest request) throws IOException {
        // ruleid: java.command-injection
        Runtime.getRuntime().exec("convert " + file + " out.png");
        Runtime runtime = Runtime.getRuntime();
        // ruleid: java.command-injection
        runtime.exec(new String[] {"sh", "-c", "ping " + host});
        String command = "nslookup " + host;
        // ruleid: java.command-injection
        Process p = Runtime.getRuntime().exec(command);
        // ruleid: java.command-injection
        new ProcessBuilder("sh", "-c", "tar xzf " + file).start();
        // ruleid: java.command-injection
        Runtime.getRuntime().exec(request.getParameter("cmd"));
        // ruleid: java.command-injection
        Runtime.getRuntime().exec(String.format("git clone %s", file));
    }

    public void safe(String file, String[] cmd, List<String> args) throws IOException {
        // ok: java.command-injection
        Runtime.getRuntime().exec("uptime");
        // ok: java.command-injection
        new ProcessBuilder("convert", file, "out.png").start();
        // ok: java.command-injection
        executor.exec(task);
        // ok: java.command-injection
        Runtime.getRuntime().exec(cmd);
        // ok: java.command-injection
        new ProcessBuilder(args).start();
        // ok: java.command-injection
        Runtime.getRuntime().exec(new String[] {"/system/bin/getprop", METRO_HOST_PROP_NAME});
        // ok: java.command-injection
        Runtime.getRuntime().exec("ls " + BASE_DIR);
        // ok: java.command-injection
        // Runtime.getRuntime().exec("convert " + file);
        // ok: java.command-injection
        String doc = "Runtime.getRuntime().exec(\"rm \" + file) is forbidden";
    }
}
