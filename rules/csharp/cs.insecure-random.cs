// Fixture for cs.insecure-random: System.Random output becoming a secret or a client-facing identifier.
using System;
using System.Collections.Generic;
using System.Linq;
using System.Security.Cryptography;
using System.Text;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

public class TokensController : Controller
{
    private static readonly Random rng = new Random();
    private readonly Random local = new Random(Environment.TickCount);
    private string pending;
    private string colour;

    public IActionResult Direct(User user)
    {
        // ruleid: cs.insecure-random (flow: direct)
        var resetToken = rng.Next(100000, 999999).ToString();
        // ruleid: cs.insecure-random (flow: direct)
        user.SessionId = Convert.ToBase64String(BitConverter.GetBytes(Random.Shared.NextInt64()));
        // ruleid: cs.insecure-random (flow: direct)
        Response.Cookies.Append("sid", new Random().Next().ToString("x8"));
        return Ok();
    }

    public IActionResult Assignments()
    {
        var value = local.Next();
        var code = value % 1000000;
        var text = code.ToString("D6");
        // ruleid: cs.insecure-random (flow: assignments)
        HttpContext.Session.SetString("otp", text);
        var delay = local.Next(100, 500);
        // ok: cs.insecure-random (flow: assignments)
        HttpContext.Session.SetString("retryAfter", "500");
        return Ok(delay);
    }

    public IActionResult Building()
    {
        var gen = new Random();
        // ruleid: cs.insecure-random (flow: string-building)
        var apiKey = $"key_{gen.Next():x8}{gen.Next():x8}";
        var sb = new StringBuilder();
        for (int i = 0; i < 16; i++)
        {
            sb.Append((char)('a' + gen.Next(26)));
        }
        // ruleid: cs.insecure-random (flow: string-building)
        Response.Cookies.Append("remember", sb.ToString(), new CookieOptions { HttpOnly = true });
        var buffer = new byte[32];
        gen.NextBytes(buffer);
        // ruleid: cs.insecure-random (flow: string-building)
        var csrfToken = Convert.ToBase64String(buffer);
        return Ok();
    }

    public IActionResult Container()
    {
        var values = new Dictionary<string, string>();
        values["label"] = "ticket";
        values["secret"] = rng.Next().ToString();
        // ok: cs.insecure-random (flow: container)
        var sessionLabel = values["label"];
        // ruleid: cs.insecure-random (flow: container)
        HttpContext.Session.SetString("secret", values["secret"]);
        var digits = new List<int>();
        digits.Add(rng.Next(10));
        // ruleid: cs.insecure-random (flow: container)
        var pinCode = string.Concat(digits);
        return Ok();
    }

    private static string Hex(int value)
    {
        return value.ToString("x8");
    }

    private void Store(string value)
    {
        // ruleid: cs.insecure-random (flow: helper-function)
        Response.Cookies.Append("device", value);
    }

    public IActionResult Helper()
    {
        // ruleid: cs.insecure-random (flow: helper-function)
        var nonce = Hex(rng.Next());
        Store(Hex(rng.Next()));
        // ok: cs.insecure-random (flow: helper-function)
        var salt = Hex(42);
        return Ok();
    }

    public void Begin()
    {
        this.pending = rng.Next().ToString();
        this.colour = "blue";
    }

    public IActionResult Confirm()
    {
        // ruleid: cs.insecure-random (flow: class-field)
        HttpContext.Session.SetString("confirm", this.pending);
        // ok: cs.insecure-random (flow: class-field)
        HttpContext.Session.SetString("theme", this.colour);
        return Ok();
    }

    public IActionResult Sanitized(List<string> items, IEnumerable<string> names)
    {
        // ok: cs.insecure-random (flow: sanitized)
        var token = RandomNumberGenerator.GetInt32(0, 1000000);
        // ok: cs.insecure-random (flow: sanitized)
        var sessionKey = Convert.ToHexString(RandomNumberGenerator.GetBytes(32));
        // ok: cs.insecure-random
        var index = rng.Next(items.Count);
        // ok: cs.insecure-random
        var jitterMs = rng.Next(100, 500);
        // ok: cs.insecure-random
        var shuffled = names.OrderBy(n => rng.Next()).ToList();
        var pick = items[rng.Next(items.Count)];
        // ok: cs.insecure-random
        ViewBag.Colour = pick;
        return Ok(index);
    }

    public IActionResult Constant()
    {
        string initial = rng.Next().ToString();
        initial = "changeme";
        // ok: cs.insecure-random (flow: constant-overwrite)
        HttpContext.Session.SetString("initial", initial);
        string ticket = rng.Next().ToString();
        if (false)
        {
            ticket = rng.Next().ToString();
        }
        else
        {
            ticket = "static";
        }
        // ok: cs.insecure-random (flow: dead-branch)
        Response.Cookies.Append("ticket", ticket);
        return Ok();
    }
}

public class Passwords
{
    private static readonly Random random = new Random();
    private const string Chars = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

    public string GeneratePassword(int length)
    {
        var result = new char[length];
        for (int i = 0; i < length; i++)
        {
            result[i] = Chars[random.Next(Chars.Length)];
        }
        // ruleid: cs.insecure-random (flow: assignments)
        return new string(result);
    }

    public int RollDice()
    {
        // ok: cs.insecure-random
        return random.Next(1, 7);
    }

    public byte[] NewKey()
    {
        var key = new byte[32];
        random.NextBytes(key);
        // ruleid: cs.insecure-random (flow: direct)
        using var hmac = new HMACSHA256(key);
        return hmac.Key;
    }
}
