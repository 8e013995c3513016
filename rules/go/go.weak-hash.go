// Fixture for go.weak-hash.
package hashes

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"io"
)

func Legacy(data []byte, r io.Reader) []byte {
	// ruleid: go.weak-hash
	h := md5.New()
	io.Copy(h, r)
	// ruleid: go.weak-hash
	sum := md5.Sum(data)
	// ruleid: go.weak-hash
	s := sha1.Sum(data)
	// ruleid: go.weak-hash
	mac := hmac.New(sha1.New(), key)
	_, _, _ = sum, s, mac
	return h.Sum(nil)
}

func Modern(data []byte) []byte {
	// ok: go.weak-hash
	sum := sha256.Sum256(data)
	// ok: go.weak-hash
	h := sha256.New()
	// ok: go.weak-hash
	digest := h.Sum(nil)
	// ok: go.weak-hash
	// md5.Sum(data) was used before
	// ok: go.weak-hash
	doc := "md5.New() is weak"
	_, _ = digest, doc
	return sum[:]
}
