// Fixture for java.empty-catch.
import java.io.*;

public class Cleanup {
    void close(Closeable c, String s) {
        try {
            c.close();
        // ruleid: java.empty-catch
        } catch (IOException e) {}
        try {
            Integer.parseInt(s);
        // ruleid: java.empty-catch
        } catch (NumberFormatException | NullPointerException e) {
        }
        try {
            Thread.sleep(10);
        }
        // ruleid: java.empty-catch
        catch (final InterruptedException ex) { }
    }

    void fine(Closeable c) {
        try {
            c.close();
        // ok: java.empty-catch
        } catch (IOException e) {
            // closing a read-only stream: nothing to recover
        }
        try {
            c.close();
        // ok: java.empty-catch
        } catch (IOException ignored) {}
        try {
            c.close();
        // ok: java.empty-catch
        } catch (IOException e) {
            log.warn("close failed", e);
        }
    }
}
