// Fixture for cs.jwt-validation-weakened.
using Microsoft.IdentityModel.Tokens;

public class JwtOptions
{
    public TokenValidationParameters Build(SecurityKey key, bool isDev)
    {
        var p = new TokenValidationParameters
        {
            // ruleid: cs.jwt-validation-weakened
            ValidateLifetime = false,
            // ruleid: cs.jwt-validation-weakened
            ValidateIssuerSigningKey = false,
            IssuerSigningKey = key,
        };
        // ruleid: cs.jwt-validation-weakened
        p.RequireExpirationTime = false;
        return p;
    }

    public TokenValidationParameters Safe(SecurityKey key, bool strict)
    {
        return new TokenValidationParameters
        {
            // ok: cs.jwt-validation-weakened
            ValidateLifetime = true,
            // ok: cs.jwt-validation-weakened
            ValidateIssuerSigningKey = true,
            // ok: cs.jwt-validation-weakened
            RequireExpirationTime = strict,
            IssuerSigningKey = key,
        };
    }
}
