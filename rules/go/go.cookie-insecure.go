// Fixture for go.cookie-insecure.
package session

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

func Login(w http.ResponseWriter, r *http.Request, sid string) {
	// ruleid: go.cookie-insecure
	http.SetCookie(w, &http.Cookie{Name: "session", Value: sid, Path: "/"})
	// ruleid: go.cookie-insecure
	http.SetCookie(w, &http.Cookie{Name: "auth", Value: sid, HttpOnly: true, Secure: false})
	// ruleid: go.cookie-insecure
	c := http.Cookie{Name: "remember", Value: sid, HttpOnly: true, Expires: time.Now().Add(24 * time.Hour)}
	http.SetCookie(w, &c)
	// ruleid: go.cookie-insecure
	remember := &http.Cookie{Name: "remember", Value: sid, HttpOnly: true, MaxAge: 3600}
	http.SetCookie(w, remember)
	// ruleid: go.cookie-insecure
	http.SetCookie(w, &http.Cookie{Name: "XSRF-TOKEN", Value: csrfToken})
}

func GinLogin(c *gin.Context, sid string) {
	// ruleid: go.cookie-insecure
	c.SetCookie("session", sid, 3600, "/", "example.com", false, true)
}

func Safe(w http.ResponseWriter, r *http.Request, sid string, c *gin.Context) {
	// ok: go.cookie-insecure
	http.SetCookie(w, &http.Cookie{Name: "session", Value: sid, Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	// ok: go.cookie-insecure
	http.SetCookie(w, &http.Cookie{Name: "session", Value: sid, Secure: true})
	// ok: go.cookie-insecure
	http.SetCookie(w, &http.Cookie{Name: "auth", Value: sid, HttpOnly: false, Secure: true})
	// ok: go.cookie-insecure
	http.SetCookie(w, &http.Cookie{Name: "session", Value: "", MaxAge: -1})
	// ok: go.cookie-insecure
	http.SetCookie(w, &http.Cookie{Name: "session", Value: sid, Secure: r.TLS != nil})
	// ok: go.cookie-insecure
	c.SetCookie("session", sid, 3600, "/", "example.com", true, true)
	// ok: go.cookie-insecure
	c.SetCookie("session", sid, 3600, "/", "example.com", true, false)
	// ok: go.cookie-insecure
	c.SetCookie("session", "", -1, "/", "example.com", false, true)
	// ok: go.cookie-insecure
	http.SetCookie(w, &http.Cookie{Name: "sort", Value: r.FormValue("sort")})
	// ok: go.cookie-insecure
	http.SetCookie(w, &http.Cookie{Name: "XSRF-TOKEN", Value: csrfToken, Secure: true})
}

func ClientRequest(w http.ResponseWriter, req *http.Request, sid string) {
	// ok: go.cookie-insecure
	req.AddCookie(&http.Cookie{Name: "session", Value: sid})
	// ok: go.cookie-insecure
	parsed := &http.Cookie{Name: "session", Value: sid}
	http.SetCookie(w, &http.Cookie{Name: "theme", Value: "dark", Secure: true, HttpOnly: true})
	_ = parsed
}
