// Fixture for go.static-iv.
package vault

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"encoding/binary"
	"io"
)

var fixedIV = []byte("0123456789abcdef")

func Encrypt(key, plain []byte) []byte {
	block, _ := aes.NewCipher(key)
	out := make([]byte, len(plain))
	// ruleid: go.static-iv
	cipher.NewCBCEncrypter(block, []byte("abcdefghijklmnop")).CryptBlocks(out, plain)
	// ruleid: go.static-iv
	cipher.NewCTR(block, fixedIV).XORKeyStream(out, plain)
	iv := make([]byte, aes.BlockSize)
	// ruleid: go.static-iv
	cipher.NewCFBEncrypter(block, iv).XORKeyStream(out, plain)
	gcm, _ := cipher.NewGCM(block)
	// ruleid: go.static-iv
	return gcm.Seal(nil, make([]byte, gcm.NonceSize()), plain, nil)
}

func EncryptRandom(key, plain []byte) []byte {
	block, _ := aes.NewCipher(key)
	iv := make([]byte, aes.BlockSize)
	if _, err := io.ReadFull(rand.Reader, iv); err != nil {
		panic(err)
	}
	out := make([]byte, len(plain))
	// ok: go.static-iv
	cipher.NewCBCEncrypter(block, iv).CryptBlocks(out, plain)
	gcm, _ := cipher.NewGCM(block)
	nonce := make([]byte, gcm.NonceSize())
	rand.Read(nonce)
	// ok: go.static-iv
	return gcm.Seal(nonce, nonce, plain, nil)
}

func CounterNonce(gcm cipher.AEAD, seq uint64, plain []byte) []byte {
	nonce := make([]byte, 12)
	binary.BigEndian.PutUint64(nonce[4:], seq)
	// ok: go.static-iv
	return gcm.Seal(nil, nonce, plain, nil)
}

func Box(msg []byte, nonce *[24]byte, key *[32]byte) []byte {
	// ok: go.static-iv
	return secretbox.Seal(nil, []byte("hello"), nonce, key)
}

func FromMessage(block cipher.Block, msg []byte) cipher.Stream {
	// ok: go.static-iv
	return cipher.NewCTR(block, msg[:aes.BlockSize])
}
