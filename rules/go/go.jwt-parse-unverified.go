// Fixture for go.jwt-parse-unverified.
package tokens

import (
	"github.com/golang-jwt/jwt/v4"
)

func UserID(s string) string {
	claims := jwt.MapClaims{}
	// ruleid: go.jwt-parse-unverified
	jwt.NewParser().ParseUnverified(s, claims)
	p := new(jwt.Parser)
	// ruleid: go.jwt-parse-unverified
	tok, _, _ := p.ParseUnverified(s, &claims)
	_ = tok
	var out Claims
	// ruleid: go.jwt-parse-unverified
	parsed.UnsafeClaimsWithoutVerification(&out)
	return claims["sub"].(string)
}

func Verified(s string, key []byte) error {
	claims := jwt.MapClaims{}
	// ok: go.jwt-parse-unverified
	_, err := jwt.ParseWithClaims(s, claims, func(t *jwt.Token) (interface{}, error) { return key, nil }, jwt.WithValidMethods([]string{"HS256"}))
	// ok: go.jwt-parse-unverified
	_, err = jwt.NewParser(jwt.WithValidMethods([]string{"HS256"})).Parse(s, keyFunc)
	// ok: go.jwt-parse-unverified
	_, err = jwx.Parse([]byte(s), jwx.WithKey(jwa.RS256, pub))
	return err
}

func (p *Parser) ParseWithClaims(s string, claims Claims, keyFunc Keyfunc) (*Token, error) {
	// ok: go.jwt-parse-unverified
	token, parts, err := p.ParseUnverified(s, claims)
	if err != nil {
		return token, err
	}
	key, _ := keyFunc(token)
	return token, token.Method.Verify(strings.Join(parts[0:2], "."), parts[2], key)
}
