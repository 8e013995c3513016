// Fixture for cs.weak-cipher.
using System.Security.Cryptography;

public class LegacyCrypto
{
    public byte[] Encrypt(byte[] key, byte[] data)
    {
        // ruleid: cs.weak-cipher
        using var des = DES.Create();
        // ruleid: cs.weak-cipher
        var tdes = new TripleDESCryptoServiceProvider();
        // ruleid: cs.weak-cipher
        var rc2 = System.Security.Cryptography.RC2.Create();
        // ruleid: cs.weak-cipher
        var enc = TripleDES.Create().CreateEncryptor(key, key);
        using var aes = Aes.Create();
        // ruleid: cs.weak-cipher
        aes.Mode = CipherMode.ECB;
        // ruleid: cs.weak-cipher
        return aes.EncryptEcb(data, PaddingMode.PKCS7);
    }

    public byte[] Safe(byte[] key, byte[] nonce, byte[] data)
    {
        // ok: cs.weak-cipher
        using var aes = Aes.Create();
        // ok: cs.weak-cipher
        aes.Mode = CipherMode.CBC;
        // ok: cs.weak-cipher
        using var gcm = new AesGcm(key, 16);
        // ok: cs.weak-cipher
        var name = nameof(CipherMode.ECB);
        return aes.EncryptCbc(data, nonce);
    }

    private static byte[] TransformKeyRounds(byte[] key, byte[] seed, ulong rounds)
    {
        using var aes = Aes.Create();
        // ok: cs.weak-cipher
        aes.Mode = CipherMode.ECB;
        return key;
    }

    public static SymmetricAlgorithm ByName(string name)
    {
        switch (name)
        {
            // ok: cs.weak-cipher
            case "3DES": return TripleDES.Create();
            default: return Aes.Create();
        }
    }
}
