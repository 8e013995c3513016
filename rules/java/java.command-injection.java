// Fixture for java.command-injection: request data reaching an OS command, by every flow the analysis follows.
import java.io.File;
import java.io.IOException;
import java.util.*;
import javax.servlet.ServletException;
import javax.servlet.http.*;
import org.apache.commons.exec.CommandLine;
import org.springframework.web.bind.annotation.*;

public class PingServlet extends HttpServlet {
    private String host;

    @Override
    public void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        // ruleid: java.command-injection (flow: direct)
        Runtime.getRuntime().exec("ping -c 1 " + request.getParameter("host"));
        // ruleid: java.command-injection (flow: direct)
        new ProcessBuilder("sh", "-c", "nslookup " + request.getHeader("X-Host")).start();

        String param = request.getParameter("host");
        String bar = param;
        String cmd = "ping -c 1 " + bar;
        Runtime r = Runtime.getRuntime();
        // ruleid: java.command-injection (flow: assignments)
        Process p = r.exec(cmd);
        String[] args = { "sh", "-c", "echo " + bar };
        // ruleid: java.command-injection (flow: container)
        r.exec(args);
        String[] argsEnv = { "FOO=" + bar };
        // ruleid: java.command-injection (flow: container)
        r.exec(new String[] { "printenv" }, argsEnv);
        // ruleid: java.command-injection (flow: container)
        r.exec(new String[] { "printenv" }, argsEnv, new File(System.getProperty("user.dir")));
        // ok: java.command-injection (flow: assignments)
        r.exec(new String[] { "uptime" }, new String[] { "LANG=C" }, new File(bar));
    }

    public void building(HttpServletRequest request) throws IOException {
        String param = request.getHeader("X-File");
        // ruleid: java.command-injection (flow: string-building)
        Runtime.getRuntime().exec(String.format("convert %s out.png", param));
        StringBuilder sb = new StringBuilder("tar xzf ");
        sb.append(param);
        // ruleid: java.command-injection (flow: string-building)
        Runtime.getRuntime().exec(sb.toString());
        List<String> argList = new ArrayList<String>();
        String osName = System.getProperty("os.name");
        if (osName.indexOf("Windows") != -1) {
            argList.add("cmd.exe");
            argList.add("/c");
        } else {
            argList.add("sh");
            argList.add("-c");
        }
        argList.add("echo " + param);
        ProcessBuilder pb = new ProcessBuilder();
        // ruleid: java.command-injection (flow: container)
        pb.command(argList);
        // ruleid: java.command-injection (flow: string-building)
        CommandLine line = CommandLine.parse("gzip " + String.join(" ", param, "-k"));
        CommandLine cmdLine = new CommandLine("gzip");
        // ruleid: java.command-injection (flow: direct)
        cmdLine.addArgument(param);
        // ok: java.command-injection (flow: string-building)
        cmdLine.addArgument("-k");
    }

    private static String doSomething(HttpServletRequest request, String param) {
        return param + " --verbose";
    }

    private void run(String target) throws IOException {
        // ruleid: java.command-injection (flow: helper-function)
        new ProcessBuilder("git", "clone", target).start();
    }

    public void helpers(HttpServletRequest request) throws IOException {
        String param = request.getParameter("repo");
        // ruleid: java.command-injection (flow: helper-function)
        Runtime.getRuntime().exec("git fetch " + doSomething(request, param));
        run(param);
    }

    public void remember(HttpServletRequest request) {
        this.host = request.getParameter("host");
    }

    public void ping() throws IOException {
        // ruleid: java.command-injection (flow: class-field)
        Runtime.getRuntime().exec("ping " + this.host);
    }

    public void safe(HttpServletRequest request) throws IOException {
        String param = request.getParameter("count");
        int count = Integer.parseInt(param);
        // ok: java.command-injection (flow: number-conversion)
        Runtime.getRuntime().exec("ping -c " + count + " example.org");
        String mode = request.getParameter("mode");
        mode = "fast";
        // ok: java.command-injection (flow: constant-overwrite)
        Runtime.getRuntime().exec("scan --" + mode);
        String bar = "safe";
        if (false) {
            bar = param;
        }
        // ok: java.command-injection (flow: dead-branch)
        Runtime.getRuntime().exec("echo " + bar);
        // ok: java.command-injection (flow: sanitized)
        new ProcessBuilder("ping", "-c", String.valueOf(Integer.parseInt(param)), "example.org").start();
        // ok: java.command-injection
        Runtime.getRuntime().exec("uptime");
        // ok: java.command-injection
        executor.exec(param);
        // ok: java.command-injection
        log.info("running " + param);
        // ok: java.command-injection
        new ProcessBuilder("ls", System.getProperty("user.home")).start();
    }
}

@RestController
class ToolController {
    @PostMapping("/tools/dig")
    public String dig(@RequestParam String domain, @RequestParam int timeout) throws IOException {
        // ruleid: java.command-injection (flow: direct)
        new ProcessBuilder("dig", domain).start();
        // ok: java.command-injection (flow: number-conversion)
        new ProcessBuilder("sleep", String.valueOf(timeout)).start();
        return "ok";
    }
}
