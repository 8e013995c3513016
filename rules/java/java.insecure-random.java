// Fixture for java.insecure-random: predictable random values becoming secrets, by every flow the analysis follows.
import java.io.IOException;
import java.security.SecureRandom;
import java.util.*;
import java.util.concurrent.ThreadLocalRandom;
import javax.servlet.http.*;
import org.apache.commons.lang3.RandomStringUtils;

public class RememberMeServlet extends HttpServlet {
    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    private final Random random = new Random();
    private final SecureRandom secure = new SecureRandom();

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        double value = java.lang.Math.random();
        // ruleid: java.insecure-random (flow: assignments)
        String rememberMeKey = Double.toString(value).substring(2);
        String cookieName = "rememberMe";
        // ruleid: java.insecure-random (flow: assignments)
        Cookie rememberMe = new Cookie(cookieName, rememberMeKey);
        rememberMe.setSecure(true);
        // ruleid: java.insecure-random (flow: assignments)
        request.getSession().setAttribute(cookieName, rememberMeKey);
        response.addCookie(rememberMe);

        // ruleid: java.insecure-random (flow: direct)
        request.getSession().setAttribute("nonce", new java.util.Random().nextInt());
        byte[] bytes = new byte[10];
        new java.util.Random().nextBytes(bytes);
        String key = Base64.getEncoder().encodeToString(bytes);
        // ruleid: java.insecure-random (flow: container)
        response.addCookie(new Cookie("key", key));
        int r = new java.util.Random().nextInt(99);
        // ruleid: java.insecure-random (flow: string-building)
        response.addCookie(new Cookie("id", "user-" + Integer.toString(r)));
        float f = new Random().nextFloat();
        // ruleid: java.insecure-random (flow: string-building)
        request.getSession().putValue("code", String.format("%.6f", f));

        byte[] safeBytes = new byte[16];
        secure.nextBytes(safeBytes);
        // ok: java.insecure-random (flow: sanitized)
        response.addCookie(new Cookie("key", Base64.getEncoder().encodeToString(safeBytes)));
        // ok: java.insecure-random (flow: sanitized)
        request.getSession().setAttribute("nonce", java.security.SecureRandom.getInstance("SHA1PRNG").nextInt());
        // ok: java.insecure-random (flow: sanitized)
        response.addCookie(new Cookie("sid", UUID.randomUUID().toString()));
    }

    public String newSession() {
        // ruleid: java.insecure-random (flow: direct)
        String sessionId = Long.toHexString(random.nextLong());
        // ruleid: java.insecure-random (flow: direct)
        int otp = 100000 + new Random().nextInt(900000);
        StringBuilder token = new StringBuilder();
        for (int i = 0; i < 32; i++) {
            // ruleid: java.insecure-random (flow: direct)
            token.append(ALPHABET.charAt(ThreadLocalRandom.current().nextInt(ALPHABET.length())));
        }
        // ruleid: java.insecure-random (flow: direct)
        String apiKey = RandomStringUtils.randomAlphanumeric(32);
        return sessionId + otp + token;
    }

    private static String hex(long v) {
        return Long.toHexString(v);
    }

    private void issue(HttpServletResponse response, String value) {
        // ruleid: java.insecure-random (flow: helper-function)
        response.addCookie(new Cookie("remember", value));
    }

    public String generateResetToken(HttpServletResponse response) {
        long seed = this.random.nextLong();
        issue(response, hex(seed));
        // ok: java.insecure-random (flow: helper-function)
        issue(response, hex(42L));
        // ruleid: java.insecure-random (flow: helper-function)
        return hex(seed);
    }

    public void account(User user) {
        // ruleid: java.insecure-random (flow: string-building)
        user.setPassword("Tmp-" + random.nextInt(1000000));
        String initial = Integer.toString(random.nextInt());
        initial = "changeme";
        // ok: java.insecure-random (flow: constant-overwrite)
        user.setPassword(initial);
        String salt = "fixed";
        if (false) {
            salt = "" + random.nextLong();
        }
        // ok: java.insecure-random (flow: dead-branch)
        user.setSalt(salt);
    }

    public void fine(List<String> items) {
        // ok: java.insecure-random
        int delay = 100 + random.nextInt(50);
        // ok: java.insecure-random
        double jitter = Math.random();
        // ok: java.insecure-random
        String color = COLORS[new Random().nextInt(COLORS.length)];
        // ok: java.insecure-random
        Collections.shuffle(items, new Random());
        // ok: java.insecure-random
        String resetToken = Long.toHexString(secure.nextLong());
        // ok: java.insecure-random
        String csrfToken = Base64.getUrlEncoder().encodeToString(secure.generateSeed(16));
    }
}

class SessionIssuer {
    private String id;

    void init() {
        this.id = Long.toHexString(new Random().nextLong());
    }

    void send(HttpServletResponse response) {
        // ruleid: java.insecure-random (flow: class-field)
        response.addCookie(new Cookie("sid", this.id));
    }
}

class CsrfFilter {
    private String randomClass = "java.security.SecureRandom";
    private Random randomSource;

    String generateNonce() {
        byte[] random = new byte[16];
        // ok: java.insecure-random
        randomSource.nextBytes(random);
        // ok: java.insecure-random
        return HexUtils.toHexString(random);
    }
}
