// Fixture for go.ldap-injection: request data reaching an LDAP filter or DN.
package directory

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/go-ldap/ldap/v3"
)

var conn *ldap.Conn

const baseDN = "ou=people,dc=example,dc=com"

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.ldap-injection (flow: direct)
	req := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+r.FormValue("user")+")", []string{"cn"}, nil)
	conn.Search(req)
	// ok: go.ldap-injection (flow: direct)
	all := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(objectClass=person)", []string{r.FormValue("attr")}, nil)
	conn.Search(all)
}

func Login(c *gin.Context) {
	user := c.PostForm("user")
	dn := "uid=" + user + "," + baseDN
	// ruleid: go.ldap-injection (flow: assignments)
	err := conn.Bind(dn, c.PostForm("password"))
	if err != nil {
		c.AbortWithStatus(http.StatusUnauthorized)
		return
	}
	// ok: go.ldap-injection (flow: assignments)
	conn.Bind("uid="+ldap.EscapeDN(user)+","+baseDN, c.PostForm("password"))
}

func Building(w http.ResponseWriter, r *http.Request) {
	group := r.URL.Query().Get("group")
	filter := fmt.Sprintf("(&(objectClass=groupOfNames)(cn=%s))", group)
	// ruleid: go.ldap-injection (flow: string-building)
	req := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, filter, nil, nil)
	conn.Search(req)
	var sb strings.Builder
	sb.WriteString("(|")
	for _, part := range []string{"mail", "cn"} {
		sb.WriteString("(" + part + "=" + r.FormValue("q") + ")")
	}
	sb.WriteString(")")
	search := &ldap.SearchRequest{
		BaseDN: baseDN,
		Scope:  ldap.ScopeWholeSubtree,
		// ruleid: go.ldap-injection (flow: string-building)
		Filter: sb.String(),
	}
	conn.Search(search)
	// ok: go.ldap-injection (flow: string-building)
	log := fmt.Sprintf("(cn=%s)", group)
	_ = log
}

func Container(w http.ResponseWriter, r *http.Request) {
	q := map[string]string{"base": baseDN, "uid": r.FormValue("uid")}
	// ruleid: go.ldap-injection (flow: container)
	req := ldap.NewSearchRequest(q["base"], ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+q["uid"]+")", nil, nil)
	conn.Search(req)
	// ok: go.ldap-injection (flow: container)
	safe := ldap.NewSearchRequest(q["base"], ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(objectClass=*)", nil, nil)
	conn.Search(safe)
}

func uidFilter(uid string) string {
	return "(uid=" + uid + ")"
}

func searchOU(ou string) {
	// ruleid: go.ldap-injection (flow: helper-function)
	req := ldap.NewSearchRequest("ou="+ou+",dc=example,dc=com", ldap.ScopeSingleLevel, ldap.NeverDerefAliases, 0, 0, false, "(objectClass=*)", nil, nil)
	conn.Search(req)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.ldap-injection (flow: helper-function)
	a := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, uidFilter(r.FormValue("uid")), nil, nil)
	conn.Search(a)
	searchOU(r.URL.Query().Get("ou"))
	// ok: go.ldap-injection (flow: helper-function)
	b := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, uidFilter("admin"), nil, nil)
	conn.Search(b)
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	filter := fmt.Sprintf("(uid=%s)", ldap.EscapeFilter(r.FormValue("uid")))
	// ok: go.ldap-injection (flow: sanitized)
	req := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, filter, nil, nil)
	conn.Search(req)
	id, _ := strconv.Atoi(r.FormValue("id"))
	// ok: go.ldap-injection (flow: number-conversion)
	byID := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, fmt.Sprintf("(uidNumber=%d)", id), nil, nil)
	conn.Search(byID)
}

func Constant(w http.ResponseWriter, r *http.Request) {
	filter := r.FormValue("filter")
	filter = "(objectClass=person)"
	// ok: go.ldap-injection (flow: constant-overwrite)
	a := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, filter, nil, nil)
	conn.Search(a)
	ou := r.FormValue("ou")
	if false {
		ou = r.FormValue("other")
	} else {
		ou = "ou=staff," + baseDN
	}
	// ok: go.ldap-injection (flow: dead-branch)
	b := ldap.NewSearchRequest(ou, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(objectClass=*)", nil, nil)
	conn.Search(b)
}

func Lookup(uid string) {
	// ok: go.ldap-injection
	req := ldap.NewSearchRequest(baseDN, ldap.ScopeWholeSubtree, ldap.NeverDerefAliases, 0, 0, false, "(uid="+uid+")", nil, nil)
	conn.Search(req)
}
