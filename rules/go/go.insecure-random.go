// Fixture for go.insecure-random.
package auth

import (
	"math/rand"
	"strings"
)

const letters = "abcdefghijklmnopqrstuvwxyz0123456789"

func GenerateToken(n int) string {
	b := make([]byte, n)
	for i := range b {
		// ruleid: go.insecure-random
		b[i] = letters[rand.Intn(len(letters))]
	}
	return string(b)
}

func NewUser(u *User) {
	// ruleid: go.insecure-random
	u.ResetToken = fmt.Sprintf("%06d", rand.Intn(1000000))
	// ruleid: go.insecure-random
	sessionID := rand.Int63()
	// ruleid: go.insecure-random
	s := Session{Secret: rand.Uint64(), Owner: u.Name}
	_, _ = sessionID, s
}

func Jitter(items []string) {
	// ok: go.insecure-random
	delay := rand.Intn(100)
	// ok: go.insecure-random
	rand.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	// ok: go.insecure-random
	idx := rand.Intn(len(items))
	// ok: go.insecure-random
	tokens := strings.Fields(items[0])
	_, _, _ = delay, idx, tokens
}
