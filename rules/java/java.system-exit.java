// Fixture for java.system-exit.
public class ConfigLoader {
    public Properties load(File f) {
        if (!f.exists()) {
            // ruleid: java.system-exit
            System.exit(1);
        }
        try {
            return read(f);
        } catch (IOException e) {
            // ruleid: java.system-exit
            Runtime.getRuntime().halt(2);
            return null;
        }
    }

    void shutdown() {
        // ruleid: java.system-exit
        java.lang.System.exit(0);
    }
}

class Launcher {
    public static void main(String[] args) {
        // ok: java.system-exit
        System.exit(run(args));
    }

    static void fail(String message) {
        System.err.println(message);
        // ok: java.system-exit
        System.exit(2);
    }
}

class Service {
    void stop() {
        // ok: java.system-exit
        executor.exit(0);
        // ok: java.system-exit
        System.out.println("exit");
    }
}
