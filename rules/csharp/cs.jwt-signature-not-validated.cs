// Fixture for cs.jwt-signature-not-validated.
using System.IdentityModel.Tokens.Jwt;
using Microsoft.IdentityModel.Tokens;

public class AuthSetup
{
    public TokenValidationParameters Build(SecurityKey key)
    {
        var p = new TokenValidationParameters
        {
            ValidateIssuer = true,
            // ruleid: cs.jwt-signature-not-validated
            RequireSignedTokens = false,
            // ruleid: cs.jwt-signature-not-validated
            SignatureValidator = (token, parameters) => new JwtSecurityToken(token),
        };
        // ruleid: cs.jwt-signature-not-validated
        p.SignatureValidator = (token, _) => { return new JwtSecurityToken(token); };
        // ruleid: cs.jwt-signature-not-validated
        p.SignatureValidator = (token, _) => new JwtSecurityTokenHandler().ReadJwtToken(token);
        return p;
    }

    public TokenValidationParameters Safe(SecurityKey key)
    {
        return new TokenValidationParameters
        {
            // ok: cs.jwt-signature-not-validated
            RequireSignedTokens = true,
            // ok: cs.jwt-signature-not-validated
            IssuerSigningKey = key,
            // ok: cs.jwt-signature-not-validated
            SignatureValidator = (token, parameters) => ValidateWithHsm(token, parameters),
        };
    }
}
