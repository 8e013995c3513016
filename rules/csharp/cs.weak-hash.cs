// Fixture for cs.weak-hash.
using System.Security.Cryptography;

public static class Hashes
{
    public static byte[] Legacy(byte[] data)
    {
        // ruleid: cs.weak-hash
        using var md5 = MD5.Create();
        // ruleid: cs.weak-hash
        var digest = SHA1.HashData(data);
        // ruleid: cs.weak-hash
        var provider = new MD5CryptoServiceProvider();
        // ruleid: cs.weak-hash
        var managed = new SHA1Managed();
        // ruleid: cs.weak-hash
        var etag = MD5.Create().ComputeHash(data);
        return md5.ComputeHash(data);
    }

    public static byte[] Modern(byte[] data)
    {
        // ok: cs.weak-hash
        var digest = SHA256.HashData(data);
        // ok: cs.weak-hash
        using var sha = SHA256.Create();
        // ok: cs.weak-hash
        var key = Rfc2898DeriveBytes.Pbkdf2(data, salt, 100000, HashAlgorithmName.SHA256, 32);
        // ok: cs.weak-hash
        // var md5 = MD5.Create();
        // ok: cs.weak-hash
        var doc = "MD5.Create() is weak";
        return digest;
    }
}
