// Fixture for go.trust-boundary-violation: request data stored in the session.
package account

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/alexedwards/scs/v2"
	"github.com/gin-contrib/sessions"
	"github.com/gin-gonic/gin"
	gsessions "github.com/gorilla/sessions"
)

var store = gsessions.NewCookieStore([]byte("secret-key-from-env"))
var sessionManager = scs.New()

var roles = map[string]string{"reader": "reader", "editor": "editor"}

func Direct(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app")
	// ruleid: go.trust-boundary-violation (flow: direct)
	session.Values["role"] = r.FormValue("role")
	// ok: go.trust-boundary-violation (flow: direct)
	session.Values["visits"] = 1
	session.Save(r, w)
}

func GinLogin(c *gin.Context) {
	session := sessions.Default(c)
	user := c.PostForm("user")
	name := user
	// ruleid: go.trust-boundary-violation (flow: assignments)
	session.Set("user", name)
	// ok: go.trust-boundary-violation (flow: assignments)
	session.Set("logged_in_at", "now")
	session.Save()
}

func Building(w http.ResponseWriter, r *http.Request) {
	var sb strings.Builder
	sb.WriteString("tenant:")
	sb.WriteString(r.Header.Get("X-Tenant"))
	// ruleid: go.trust-boundary-violation (flow: string-building)
	sessionManager.Put(r.Context(), "tenant", sb.String())
	// ruleid: go.trust-boundary-violation (flow: string-building)
	sessionManager.Put(r.Context(), "lang", fmt.Sprintf("%s-%s", r.FormValue("lang"), "US"))
	// ok: go.trust-boundary-violation (flow: string-building)
	sessionManager.Put(r.Context(), "flash", fmt.Sprintf("saved %s", "settings"))
}

func Container(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app")
	prefs := map[string]string{"theme": "dark", "name": r.FormValue("name")}
	// ok: go.trust-boundary-violation (flow: container)
	session.Values["theme"] = prefs["theme"]
	// ruleid: go.trust-boundary-violation (flow: container)
	session.Values["name"] = prefs["name"]
	session.Save(r, w)
}

func normalise(s string) string {
	return strings.ToLower(strings.TrimSpace(s))
}

func remember(c *gin.Context, value string) {
	session := sessions.Default(c)
	// ruleid: go.trust-boundary-violation (flow: helper-function)
	session.Set("last_search", value)
}

func Helper(c *gin.Context) {
	session := sessions.Default(c)
	// ruleid: go.trust-boundary-violation (flow: helper-function)
	session.Set("email", normalise(c.PostForm("email")))
	remember(c, c.Query("q"))
	// ok: go.trust-boundary-violation (flow: helper-function)
	session.Set("source", normalise("Web"))
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app")
	// ok: go.trust-boundary-violation (flow: sanitized)
	session.Values["role"] = roles[r.FormValue("role")]
	page, _ := strconv.Atoi(r.FormValue("page"))
	// ok: go.trust-boundary-violation (flow: number-conversion)
	session.Values["page"] = page
	session.Save(r, w)
}

func Constant(w http.ResponseWriter, r *http.Request) {
	session, _ := store.Get(r, "app")
	role := r.FormValue("role")
	role = "guest"
	// ok: go.trust-boundary-violation (flow: constant-overwrite)
	session.Values["role"] = role
	plan := r.FormValue("plan")
	if false {
		plan = r.FormValue("other")
	} else {
		plan = "free"
	}
	// ok: go.trust-boundary-violation (flow: dead-branch)
	session.Values["plan"] = plan
	session.Save(r, w)
}

func SetUser(session *gsessions.Session, id int) {
	// ok: go.trust-boundary-violation
	session.Values["user_id"] = id
}
