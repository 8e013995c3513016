// Fixture for go.jwt-none-algorithm.
package tokens

import (
	"errors"

	"github.com/golang-jwt/jwt/v4"
)

func Issue(claims jwt.MapClaims) (string, error) {
	// ruleid: go.jwt-none-algorithm
	tok := jwt.NewWithClaims(jwt.SigningMethodNone, claims)
	// ruleid: go.jwt-none-algorithm
	return tok.SignedString(jwt.UnsafeAllowNoneSignatureType)
}

func Check(s string) (*jwt.Token, error) {
	return jwt.Parse(s, func(t *jwt.Token) (interface{}, error) {
		// ruleid: go.jwt-none-algorithm
		return jwt.UnsafeAllowNoneSignatureType, nil
	})
}

func Safe(s string, key []byte, claims jwt.MapClaims) (string, error) {
	// ok: go.jwt-none-algorithm
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	_, err := jwt.Parse(s, func(t *jwt.Token) (interface{}, error) {
		// ok: go.jwt-none-algorithm
		if t.Method == jwt.SigningMethodNone {
			return nil, errors.New("unsigned token")
		}
		// ok: go.jwt-none-algorithm
		return key, nil
	})
	// ok: go.jwt-none-algorithm
	return tok.SignedString(key)
}
