// Fixture for cs.weak-rsa-key.
using System.Security.Cryptography;

public class Keys
{
    public void Make()
    {
        // ruleid: cs.weak-rsa-key
        var rsa = new RSACryptoServiceProvider(1024);
        // ruleid: cs.weak-rsa-key
        using var small = RSA.Create(512);
        // ruleid: cs.weak-rsa-key
        var dsa = new DSACryptoServiceProvider(1024);
        // ruleid: cs.weak-rsa-key
        rsa.KeySize = 1536;
    }

    public void Safe(int bits)
    {
        // ok: cs.weak-rsa-key
        var rsa = new RSACryptoServiceProvider(2048);
        // ok: cs.weak-rsa-key
        using var strong = RSA.Create(4096);
        // ok: cs.weak-rsa-key
        using var fromParams = RSA.Create(bits);
        // ok: cs.weak-rsa-key
        aes.KeySize = 128;
    }
}
