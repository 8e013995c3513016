// Fixture for java.insecure-random.
import java.security.SecureRandom;
import java.util.Random;
import java.util.concurrent.ThreadLocalRandom;

public class Tokens {
    private final Random random = new Random();
    private final SecureRandom secure = new SecureRandom();

    public String newSession() {
        // ruleid: java.insecure-random
        String sessionId = Long.toHexString(random.nextLong());
        // ruleid: java.insecure-random
        int otp = 100000 + new Random().nextInt(900000);
        StringBuilder token = new StringBuilder();
        for (int i = 0; i < 32; i++) {
            // ruleid: java.insecure-random
            token.append(ALPHABET.charAt(ThreadLocalRandom.current().nextInt(ALPHABET.length())));
        }
        return sessionId + otp + token;
    }

    public String generatePassword(int len) {
        char[] out = new char[len];
        // ruleid: java.insecure-random
        for (int i = 0; i < len; i++) out[i] = ALPHABET.charAt((int) (Math.random() * ALPHABET.length()));
        return new String(out);
    }

    public void fine() {
        // ok: java.insecure-random
        int delay = 100 + random.nextInt(50);
        byte[] buf = new byte[32];
        // ok: java.insecure-random
        secure.nextBytes(buf);
        // ok: java.insecure-random
        String csrfToken = Base64.getUrlEncoder().encodeToString(buf);
        // ok: java.insecure-random
        double jitter = Math.random();
        // ok: java.insecure-random
        String resetToken = Long.toHexString(secure.nextLong());
    }
}

class CsrfFilter {
    private String randomClass = "java.security.SecureRandom";
    private Random randomSource;

    String generateNonce() {
        byte[] random = new byte[16];
        // ok: java.insecure-random
        randomSource.nextBytes(random);
        return HexUtils.toHexString(random);
    }
}
