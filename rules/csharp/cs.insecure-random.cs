// Fixture for cs.insecure-random.
using System;
using System.Security.Cryptography;

public class Tokens
{
    private static readonly Random rng = new Random();

    public string Issue(User user)
    {
        // ruleid: cs.insecure-random
        var resetToken = rng.Next(100000, 999999).ToString();
        var bytes = new byte[32];
        // ruleid: cs.insecure-random
        user.SessionId = Convert.ToBase64String(BitConverter.GetBytes(Random.Shared.NextInt64()));
        return resetToken;
    }

    public string GeneratePassword(int length)
    {
        const string chars = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
        var result = new char[length];
        for (int i = 0; i < length; i++)
        {
            // ruleid: cs.insecure-random
            result[i] = chars[rng.Next(chars.Length)];
        }
        return new string(result);
    }

    public int Otp()
    {
        // ruleid: cs.insecure-random
        int otpCode = new Random().Next(0, 1000000);
        return otpCode;
    }

    public void Safe(List<string> items, IEnumerator<string> e)
    {
        // ok: cs.insecure-random
        var index = rng.Next(items.Count);
        // ok: cs.insecure-random
        var token = RandomNumberGenerator.GetInt32(0, 1000000);
        // ok: cs.insecure-random
        var jitterMs = rng.Next(100, 500);
        // ok: cs.insecure-random
        var sessionKey = Convert.ToHexString(RandomNumberGenerator.GetBytes(32));
    }
}
