// Fixture for go.insecure-random: math/rand values becoming secrets, tokens or session identifiers.
package auth

import (
	crand "crypto/rand"
	"crypto/aes"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/rand"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/sessions"
)

const letters = "abcdefghijklmnopqrstuvwxyz0123456789"

var store = sessions.NewCookieStore([]byte("x"))

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.insecure-random (flow: direct)
	sessionID := rand.Int63()
	// ruleid: go.insecure-random (flow: direct)
	http.SetCookie(w, &http.Cookie{Name: "sid", Value: strconv.FormatInt(rand.Int63(), 36), HttpOnly: true})
	// ok: go.insecure-random (flow: direct)
	delay := rand.Intn(100)
	time.Sleep(time.Duration(delay) * time.Millisecond)
	_ = sessionID
}

func Assignments(c *gin.Context) {
	n := rand.Uint64()
	value := n
	// ruleid: go.insecure-random (flow: assignments)
	c.SetCookie("remember", strconv.FormatUint(value, 16), 3600, "/", "", true, true)
	sess, _ := store.Get(c.Request, "app")
	// ruleid: go.insecure-random (flow: assignments)
	sess.Values["csrf"] = fmt.Sprint(value)
	// ok: go.insecure-random (flow: assignments)
	c.SetCookie("theme", "dark", 3600, "/", "", true, true)
}

func Building(u *User) {
	// ruleid: go.insecure-random (flow: string-building)
	u.ResetToken = fmt.Sprintf("%06d", rand.Intn(1000000))
	var sb strings.Builder
	for i := 0; i < 8; i++ {
		sb.WriteByte(letters[rand.Intn(len(letters))])
	}
	// ruleid: go.insecure-random (flow: string-building)
	u.Password = sb.String()
	// ruleid: go.insecure-random (flow: string-building)
	apiKey := "key_" + strconv.Itoa(rand.Int())
	// ok: go.insecure-random (flow: string-building)
	label := "guest-" + strconv.Itoa(rand.Intn(1000))
	_, _ = apiKey, label
}

func Container(c *gin.Context) {
	b := make([]byte, 16)
	rand.Read(b)
	// ruleid: go.insecure-random (flow: container)
	c.JSON(http.StatusOK, gin.H{"token": hex.EncodeToString(b), "ok": true})
	s := Session{
		// ruleid: go.insecure-random (flow: container)
		Secret: rand.Uint64(),
		// ok: go.insecure-random (flow: container)
		Color: palette[rand.Intn(len(palette))],
	}
	_ = s
}

func randomString(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = letters[rand.Intn(len(letters))]
	}
	return string(b)
}

func GenerateToken() string {
	// ruleid: go.insecure-random (flow: helper-function)
	return randomString(32)
}

func NewKey() {
	key := make([]byte, 32)
	r := rand.New(rand.NewSource(time.Now().UnixNano()))
	r.Read(key)
	// ruleid: go.insecure-random (flow: helper-function)
	aes.NewCipher(key)
	// ruleid: go.insecure-random (flow: helper-function)
	nonce := randomString(12)
	// ok: go.insecure-random (flow: helper-function)
	nickname := randomString(6)
	_, _ = nonce, nickname
}

func Sanitized(w http.ResponseWriter) {
	b := make([]byte, 32)
	crand.Read(b)
	// ok: go.insecure-random (flow: sanitized)
	token := base64.RawURLEncoding.EncodeToString(b)
	// ok: go.insecure-random (flow: sanitized)
	http.SetCookie(w, &http.Cookie{Name: "sid", Value: token})
}

func Constant(w http.ResponseWriter, cfg *Config) {
	value := strconv.Itoa(rand.Int())
	value = "anonymous"
	// ok: go.insecure-random (flow: constant-overwrite)
	http.SetCookie(w, &http.Cookie{Name: "user", Value: value})
	salt := "static-salt-from-config"
	if false {
		salt = strconv.Itoa(rand.Int())
	}
	// ok: go.insecure-random (flow: dead-branch)
	cfg.Salt = salt
}

func Shuffle(items []string) {
	// ok: go.insecure-random
	rand.Shuffle(len(items), func(i, j int) { items[i], items[j] = items[j], items[i] })
	// ok: go.insecure-random
	idx := rand.Intn(len(items))
	// ok: go.insecure-random
	tokens := strings.Fields(items[idx])
	_ = tokens
}
