// Fixture for go.cookie-httponly.
package session

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
)

func Login(w http.ResponseWriter, r *http.Request, sid string) {
	// ruleid: go.cookie-httponly
	http.SetCookie(w, &http.Cookie{Name: "session", Value: sid, Path: "/"})
	// ruleid: go.cookie-httponly
	http.SetCookie(w, &http.Cookie{Name: "auth", Value: sid, Secure: true, HttpOnly: false})
	// ruleid: go.cookie-httponly
	c := http.Cookie{Name: "remember", Value: sid, Secure: true, Expires: time.Now().Add(24 * time.Hour)}
	http.SetCookie(w, &c)
	// ruleid: go.cookie-httponly
	remember := &http.Cookie{Name: "remember", Value: sid, Secure: true, MaxAge: 3600}
	http.SetCookie(w, remember)
}

func GinLogin(c *gin.Context, sid string) {
	// ruleid: go.cookie-httponly
	c.SetCookie("session", sid, 3600, "/", "example.com", true, false)
}

func Safe(w http.ResponseWriter, r *http.Request, sid string, c *gin.Context) {
	// ok: go.cookie-httponly
	http.SetCookie(w, &http.Cookie{Name: "session", Value: sid, Path: "/", Secure: true, HttpOnly: true, SameSite: http.SameSiteLaxMode})
	// ok: go.cookie-httponly
	http.SetCookie(w, &http.Cookie{Name: "session", Value: sid, HttpOnly: true})
	// ok: go.cookie-httponly
	http.SetCookie(w, &http.Cookie{Name: "auth", Value: sid, HttpOnly: true, Secure: false})
	// ok: go.cookie-httponly
	http.SetCookie(w, &http.Cookie{Name: "session", Value: "", MaxAge: -1})
	// ok: go.cookie-httponly
	http.SetCookie(w, &http.Cookie{Name: "session", Value: sid, Secure: r.TLS != nil, HttpOnly: cfg.HTTPOnly})
	// ok: go.cookie-httponly
	c.SetCookie("session", sid, 3600, "/", "example.com", true, true)
	// ok: go.cookie-httponly
	c.SetCookie("session", sid, 3600, "/", "example.com", false, true)
	// ok: go.cookie-httponly
	c.SetCookie("session", "", -1, "/", "example.com", true, false)
	// ok: go.cookie-httponly
	c.SetCookie("csrf_token", token, 3600, "/", "example.com", true, false)
	// ok: go.cookie-httponly
	http.SetCookie(w, &http.Cookie{Name: "sort", Value: r.FormValue("sort")})
	// ok: go.cookie-httponly
	http.SetCookie(w, &http.Cookie{Name: "XSRF-TOKEN", Value: csrfToken, Secure: true})
}

func ClientRequest(w http.ResponseWriter, req *http.Request, sid string) {
	// ok: go.cookie-httponly
	req.AddCookie(&http.Cookie{Name: "session", Value: sid})
	// ok: go.cookie-httponly
	parsed := &http.Cookie{Name: "session", Value: sid}
	http.SetCookie(w, &http.Cookie{Name: "theme", Value: "dark", Secure: true, HttpOnly: true})
	_ = parsed
}
