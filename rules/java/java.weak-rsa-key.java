// Fixture for java.weak-rsa-key.
import java.security.*;
import java.security.spec.*;

public class Keys {
    public KeyPair legacy() throws Exception {
        KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA");
        // ruleid: java.weak-rsa-key
        kpg.initialize(1024);
        // ruleid: java.weak-rsa-key
        kpg.initialize(512, new SecureRandom());
        // ruleid: java.weak-rsa-key
        kpg.initialize(new RSAKeyGenParameterSpec(1024, RSAKeyGenParameterSpec.F4));
        return kpg.generateKeyPair();
    }

    public KeyPair dsa() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("DSA");
        // ruleid: java.weak-rsa-key
        g.initialize(1024);
        return g.generateKeyPair();
    }

    public KeyPair good() throws Exception {
        KeyPairGenerator kpg = KeyPairGenerator.getInstance("RSA");
        // ok: java.weak-rsa-key
        kpg.initialize(3072);
        // ok: java.weak-rsa-key
        kpg.initialize(new RSAKeyGenParameterSpec(4096, RSAKeyGenParameterSpec.F4));
        return kpg.generateKeyPair();
    }

    public KeyPair ec() throws Exception {
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
        // ok: java.weak-rsa-key
        ec.initialize(256);
        // ok: java.weak-rsa-key
        cache.initialize(100);
        return ec.generateKeyPair();
    }
}
