// Fixture for java.jwt-unsigned-parse.
import io.jsonwebtoken.*;

public class TokenService {
    private final JwtParser legacyParser = Jwts.parserBuilder().setSigningKey(KEY).build();

    public Object read(String token) {
        // ruleid: java.jwt-unsigned-parse
        Jwt jwt = Jwts.parser().setSigningKey(KEY).parse(token);
        // ruleid: java.jwt-unsigned-parse
        Jwt<Header, Claims> c = Jwts.parserBuilder().setSigningKey(KEY).build().parseClaimsJwt(token);
        // ruleid: java.jwt-unsigned-parse
        Object body = legacyParser.parse(token).getBody();
        // ruleid: java.jwt-unsigned-parse
        return Jwts.parserBuilder().setSigningKey(KEY).build().parse(token);
    }

    public Claims verified(String token) {
        // ok: java.jwt-unsigned-parse
        Claims a = Jwts.parser().setSigningKey(KEY).parseClaimsJws(token).getBody();
        // ok: java.jwt-unsigned-parse
        Claims b = Jwts.parser().verifyWith(key).build().parseSignedClaims(token).getPayload();
        // ok: java.jwt-unsigned-parse
        Object c = Jwts.parser().verifyWith(key).build().parse(token);
        // ok: java.jwt-unsigned-parse
        Date d = dateFormat.parse(token);
        return a;
    }
}
