// Fixture for go.weak-cipher.
package legacy

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/des"
	"crypto/rc4"

	"golang.org/x/crypto/chacha20poly1305"
)

func Old(key []byte) {
	// ruleid: go.weak-cipher
	block, _ := des.NewCipher(key[:8])
	// ruleid: go.weak-cipher
	tdes, _ := des.NewTripleDESCipher(key[:24])
	// ruleid: go.weak-cipher
	stream, _ := rc4.NewCipher(key)
	_, _, _ = block, tdes, stream
}

func Modern(key []byte) {
	// ok: go.weak-cipher
	block, _ := aes.NewCipher(key)
	// ok: go.weak-cipher
	gcm, _ := cipher.NewGCM(block)
	// ok: go.weak-cipher
	aead, _ := chacha20poly1305.New(key)
	// ok: go.weak-cipher
	size := des.BlockSize
	_, _, _ = gcm, aead, size
}
