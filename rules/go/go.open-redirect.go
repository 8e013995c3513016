// Fixture for go.open-redirect.
package web

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

func Login(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.open-redirect
	http.Redirect(w, r, r.URL.Query().Get("next"), http.StatusFound)
}

func Logout(w http.ResponseWriter, r *http.Request) {
	target := r.FormValue("return_to")
	// ruleid: go.open-redirect
	http.Redirect(w, r, target, http.StatusSeeOther)
}

func Back(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.open-redirect
	http.Redirect(w, r, r.Form.Get("url")+"?done=1", 302)
}

func GinRedirect(c *gin.Context) {
	// ruleid: go.open-redirect
	c.Redirect(http.StatusFound, c.Query("redirect"))
}

func Safe(w http.ResponseWriter, r *http.Request) {
	// ok: go.open-redirect
	http.Redirect(w, r, "/login", http.StatusFound)
	// ok: go.open-redirect
	http.Redirect(w, r, "/items/"+r.FormValue("id"), http.StatusFound)
	// ok: go.open-redirect
	http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
}

func SafeChecked(w http.ResponseWriter, r *http.Request) {
	next := r.FormValue("next")
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") {
		next = "/"
	}
	// ok: go.open-redirect
	http.Redirect(w, r, next, http.StatusFound)
}

func GinSafe(c *gin.Context) {
	// ok: go.open-redirect
	c.Redirect(http.StatusFound, "/dashboard")
}
