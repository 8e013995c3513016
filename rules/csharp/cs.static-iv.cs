// Fixture for cs.static-iv.
using System.Security.Cryptography;
using System.Text;

public class TokenCipher
{
    public byte[] Encrypt(byte[] key, byte[] data)
    {
        using var aes = Aes.Create();
        aes.Key = key;
        // ruleid: cs.static-iv
        aes.IV = new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
        // ruleid: cs.static-iv
        aes.IV = Encoding.UTF8.GetBytes("1234567890123456");
        // ruleid: cs.static-iv
        var enc = aes.CreateEncryptor(key, Encoding.ASCII.GetBytes("abcdefghijklmnop"));
        // ruleid: cs.static-iv
        return aes.EncryptCbc(data, new byte[16] { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 });
    }

    public byte[] Safe(byte[] key, byte[] iv, byte[] data)
    {
        using var aes = Aes.Create();
        // ok: cs.static-iv
        aes.GenerateIV();
        // ok: cs.static-iv
        aes.IV = RandomNumberGenerator.GetBytes(16);
        // ok: cs.static-iv
        var enc = aes.CreateEncryptor(key, iv);
        // ok: cs.static-iv
        aes.IV = new byte[16];
        // ok: cs.static-iv
        var header = Encoding.UTF8.GetBytes("v1:");
        return aes.EncryptCbc(data, aes.IV);
    }
}
