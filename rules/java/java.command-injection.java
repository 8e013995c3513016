// Fixture for java.command-injection.
import java.io.IOException;

public class Converter {
    public void convert(String file, String host) throws IOException {
        // ruleid: java.command-injection
        Runtime.getRuntime().exec("convert " + file + " out.png");
        Runtime runtime = Runtime.getRuntime();
        // ruleid: java.command-injection
        runtime.exec(new String[] {"sh", "-c", "ping " + host});
        // ruleid: java.command-injection
        Process p = Runtime.getRuntime().exec(command);
        // ruleid: java.command-injection
        new ProcessBuilder("sh", "-c", "tar xzf " + file).start();
    }

    public void safe(String file) throws IOException {
        // ok: java.command-injection
        Runtime.getRuntime().exec("uptime");
        // ok: java.command-injection
        new ProcessBuilder("convert", file, "out.png").start();
        // ok: java.command-injection
        executor.exec(task);
        // ok: java.command-injection
        // Runtime.getRuntime().exec("convert " + file);
        // ok: java.command-injection
        String doc = "Runtime.getRuntime().exec(\"rm \" + file) is forbidden";
    }
}
