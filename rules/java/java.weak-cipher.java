// Fixture for java.weak-cipher.
import javax.crypto.Cipher;

public class Crypto {
    public void legacy() throws Exception {
        // ruleid: java.weak-cipher
        Cipher des = Cipher.getInstance("DES/CBC/PKCS5Padding");
        // ruleid: java.weak-cipher
        Cipher tdes = Cipher.getInstance("DESede");
        // ruleid: java.weak-cipher
        Cipher rc4 = Cipher.getInstance("RC4");
        // ruleid: java.weak-cipher
        Cipher aes = Cipher.getInstance("AES");
        // ruleid: java.weak-cipher
        Cipher ecb = javax.crypto.Cipher.getInstance("AES/ECB/PKCS5Padding", "BC");
    }

    public void modern() throws Exception {
        // ok: java.weak-cipher
        Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
        // ok: java.weak-cipher
        Cipher rsa = Cipher.getInstance("RSA/ECB/OAEPWithSHA-256AndMGF1Padding");
        // ok: java.weak-cipher
        Cipher chacha = Cipher.getInstance("ChaCha20-Poly1305");
        // ok: java.weak-cipher
        Cipher cbc = Cipher.getInstance("AES/CBC/PKCS5Padding");
        // ok: java.weak-cipher
        KeyGenerator kg = KeyGenerator.getInstance("AES");
    }
}
