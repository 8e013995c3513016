// Fixture for go.open-redirect: request data becoming a redirect target.
package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/gofiber/fiber/v2"
	"github.com/labstack/echo/v4"
)

var destinations = map[string]string{"home": "/", "docs": "https://docs.example.com/"}

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.open-redirect (flow: direct)
	http.Redirect(w, r, r.URL.Query().Get("next"), http.StatusFound)
	// ok: go.open-redirect (flow: direct)
	http.Redirect(w, r, "/login", http.StatusFound)
}

func GinLogin(c *gin.Context) {
	// ruleid: go.open-redirect (flow: direct)
	c.Redirect(http.StatusFound, c.Query("return_to"))
}

func EchoLogin(c echo.Context) error {
	// ruleid: go.open-redirect (flow: direct)
	return c.Redirect(http.StatusSeeOther, c.FormValue("next"))
}

func FiberLogin(c *fiber.Ctx) error {
	// ruleid: go.open-redirect (flow: direct)
	return c.Redirect(c.Query("next"))
}

func Assignments(w http.ResponseWriter, r *http.Request) {
	next := r.FormValue("next")
	target := next
	// ruleid: go.open-redirect (flow: assignments)
	w.Header().Set("Location", target)
	w.WriteHeader(http.StatusFound)
}

func Building(w http.ResponseWriter, r *http.Request) {
	host := r.Header.Get("X-Forwarded-Host")
	// ruleid: go.open-redirect (flow: string-building)
	http.Redirect(w, r, "https://"+host+"/welcome", http.StatusFound)
	// ruleid: go.open-redirect (flow: string-building)
	http.Redirect(w, r, fmt.Sprintf("%s/welcome", r.FormValue("base")), http.StatusFound)
	// ruleid: go.open-redirect (flow: string-building)
	http.Redirect(w, r, "/"+r.FormValue("path"), http.StatusFound)
	// ok: go.open-redirect (flow: string-building)
	http.Redirect(w, r, "/users/"+r.FormValue("id"), http.StatusFound)
	// ok: go.open-redirect (flow: string-building)
	http.Redirect(w, r, fmt.Sprintf("https://example.com/search?q=%s", url.QueryEscape(r.FormValue("q"))), http.StatusFound)
}

func UpgradeHTTPS(w http.ResponseWriter, r *http.Request) {
	// ok: go.open-redirect (flow: string-building)
	http.Redirect(w, r, "https://"+r.Host+r.URL.RequestURI(), http.StatusMovedPermanently)
}

func Container(w http.ResponseWriter, r *http.Request) {
	links := map[string]string{"home": "/", "back": r.Referer()}
	// ok: go.open-redirect (flow: container)
	http.Redirect(w, r, links["home"], http.StatusFound)
	// ruleid: go.open-redirect (flow: container)
	http.Redirect(w, r, links["back"], http.StatusFound)
}

func withTracking(u string) string {
	return u + "?utm_source=mail"
}

func redirectTo(w http.ResponseWriter, r *http.Request, u string) {
	// ruleid: go.open-redirect (flow: helper-function)
	http.Redirect(w, r, u, http.StatusFound)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.open-redirect (flow: helper-function)
	http.Redirect(w, r, withTracking(r.FormValue("to")), http.StatusFound)
	redirectTo(w, r, r.URL.Query().Get("continue"))
	// ok: go.open-redirect (flow: helper-function)
	http.Redirect(w, r, withTracking("/news"), http.StatusFound)
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	dest := destinations[r.FormValue("dest")]
	// ok: go.open-redirect (flow: sanitized)
	http.Redirect(w, r, dest, http.StatusFound)
	page, _ := strconv.Atoi(r.FormValue("page"))
	// ok: go.open-redirect (flow: number-conversion)
	http.Redirect(w, r, "/list?page="+strconv.Itoa(page), http.StatusFound)
}

func Checked(w http.ResponseWriter, r *http.Request) {
	next := r.FormValue("next")
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") {
		next = "/"
	}
	// ok: go.open-redirect (flow: sanitized)
	http.Redirect(w, r, next, http.StatusFound)
}

func Constant(w http.ResponseWriter, r *http.Request) {
	next := r.FormValue("next")
	next = "/dashboard"
	// ok: go.open-redirect (flow: constant-overwrite)
	http.Redirect(w, r, next, http.StatusFound)
	back := r.Referer()
	if false {
		back = r.FormValue("back")
	} else {
		back = "/"
	}
	// ok: go.open-redirect (flow: dead-branch)
	http.Redirect(w, r, back, http.StatusFound)
}

func Logout(w http.ResponseWriter, r *http.Request, home string) {
	// ok: go.open-redirect
	http.Redirect(w, r, home, http.StatusFound)
}
