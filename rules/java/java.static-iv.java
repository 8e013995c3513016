// Fixture for java.static-iv.
import java.security.SecureRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.*;

public class TokenCipher {
    private static final byte[] IV = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

    public void init(Cipher c, SecretKeySpec key) throws Exception {
        // ruleid: java.static-iv
        c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(IV));
        // ruleid: java.static-iv
        c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec("0123456789abcdef".getBytes()));
        // ruleid: java.static-iv
        c.init(Cipher.ENCRYPT_MODE, key, new IvParameterSpec(new byte[16]));
        // ruleid: java.static-iv
        c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, new byte[] { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 }));
    }

    public byte[] random(Cipher c, SecretKeySpec key, byte[] message) throws Exception {
        byte[] iv = new byte[12];
        new SecureRandom().nextBytes(iv);
        // ok: java.static-iv
        c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
        // ok: java.static-iv
        c.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(message, 0, 16));
        // ok: java.static-iv
        c.init(Cipher.DECRYPT_MODE, key, new IvParameterSpec(Arrays.copyOfRange(message, 0, 16)));
        // ok: java.static-iv
        SecretKeySpec k = new SecretKeySpec("0123456789abcdef".getBytes(), "AES");
        return c.doFinal(message);
    }
}
