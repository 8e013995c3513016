// Fixture for go.weak-rsa-key.
package keys

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
)

func Weak() {
	// ruleid: go.weak-rsa-key
	k1, _ := rsa.GenerateKey(rand.Reader, 1024)
	// ruleid: go.weak-rsa-key
	k2, _ := rsa.GenerateKey(rand.Reader, 512)
	// ruleid: go.weak-rsa-key
	k3, _ := rsa.GenerateMultiPrimeKey(rand.Reader, 3, 1536)
	_, _, _ = k1, k2, k3
}

func Strong(bits int) {
	// ok: go.weak-rsa-key
	k1, _ := rsa.GenerateKey(rand.Reader, 2048)
	// ok: go.weak-rsa-key
	k2, _ := rsa.GenerateKey(rand.Reader, 4096)
	// ok: go.weak-rsa-key
	k3, _ := rsa.GenerateKey(rand.Reader, bits)
	// ok: go.weak-rsa-key
	k4, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	_, _, _, _ = k1, k2, k3, k4
}
