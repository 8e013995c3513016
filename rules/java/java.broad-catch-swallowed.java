// Fixture for java.broad-catch-swallowed.
public class Parser {
    Integer parse(String s) {
        try {
            return Integer.valueOf(s);
        // ruleid: java.broad-catch-swallowed
        } catch (Exception e) {
            return null;
        }
    }

    boolean isValid(String s) {
        try {
            check(s);
            return true;
        // ruleid: java.broad-catch-swallowed
        } catch (Throwable t) {
            return false;
        }
    }

    void each(List<String> items) {
        for (String item : items) {
            try {
                handle(item);
            // ruleid: java.broad-catch-swallowed
            } catch (RuntimeException ex) { continue; }
        }
    }

    Integer fine(String s) {
        try {
            return Integer.valueOf(s);
        // ok: java.broad-catch-swallowed
        } catch (NumberFormatException e) {
            return null;
        }
    }

    Integer commented(String s) {
        try {
            return Integer.valueOf(s);
        // ok: java.broad-catch-swallowed
        } catch (Exception e) {
            // any parse failure means "no value": callers treat null as absent
            return null;
        }
    }

    Integer logged(String s) {
        try {
            return Integer.valueOf(s);
        // ok: java.broad-catch-swallowed
        } catch (Exception e) {
            log.warn("bad number " + s, e);
            return null;
        }
    }

    Integer rethrown(String s) {
        try {
            return Integer.valueOf(s);
        // ok: java.broad-catch-swallowed
        } catch (Exception e) {
            throw new IllegalArgumentException(s, e);
        }
    }
}
