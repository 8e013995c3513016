// Fixture for java.weak-hash.
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

public class Hashes {
    public byte[] legacy(byte[] data) throws NoSuchAlgorithmException {
        // ruleid: java.weak-hash
        MessageDigest md5 = MessageDigest.getInstance("MD5");
        // ruleid: java.weak-hash
        MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
        // ruleid: java.weak-hash
        byte[] d = java.security.MessageDigest.getInstance("SHA1").digest(data);
        // ruleid: java.weak-hash
        MessageDigest old = MessageDigest.getInstance("md5", "SUN");
        return d;
    }

    public byte[] modern(byte[] data) throws NoSuchAlgorithmException {
        // ok: java.weak-hash
        MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
        // ok: java.weak-hash
        MessageDigest sha3 = MessageDigest.getInstance("SHA3-256");
        // ok: java.weak-hash
        Signature sig = Signature.getInstance("SHA256withRSA");
        // ok: java.weak-hash
        // MessageDigest.getInstance("MD5") was replaced
        // ok: java.weak-hash
        String doc = "MessageDigest.getInstance(\"MD5\") is weak";
        return sha256.digest(data);
    }
}
