// Fixture for go.sql-injection: request data reaching a SQL statement's text, by every flow the analysis follows.
package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/go-chi/chi/v5"
	"github.com/gorilla/mux"
	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"
	"gorm.io/gorm"
)

var db *sql.DB
var xdb *sqlx.DB
var gdb *gorm.DB

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.sql-injection (flow: direct)
	db.Query("SELECT * FROM users WHERE name = '" + r.URL.Query().Get("name") + "'")
	// ruleid: go.sql-injection (flow: direct)
	db.ExecContext(r.Context(), "DELETE FROM carts WHERE owner = '"+r.FormValue("owner")+"'")
	// ruleid: go.sql-injection (flow: direct)
	db.QueryRow("SELECT * FROM items WHERE id = " + mux.Vars(r)["id"])
	// ruleid: go.sql-injection (flow: direct)
	db.Exec("DELETE FROM posts WHERE slug = '" + chi.URLParam(r, "slug") + "'")
	// ok: go.sql-injection (flow: direct)
	db.QueryContext(r.Context(), "SELECT * FROM users WHERE name = $1", r.URL.Query().Get("name"))
	// ok: go.sql-injection (flow: direct)
	db.Exec("UPDATE users SET seen = now() WHERE name = ?", r.Header.Get("X-User"))
}

func Assignments(w http.ResponseWriter, req *http.Request) {
	cookie, err := req.Cookie("session")
	if err != nil {
		return
	}
	sid := cookie.Value
	who := sid
	query := "SELECT * FROM sessions WHERE id = '" + who + "'"
	// ruleid: go.sql-injection (flow: assignments)
	rows, _ := db.Query(query)
	defer rows.Close()
	// ok: go.sql-injection (flow: assignments)
	db.Query("SELECT * FROM sessions WHERE id = ?", who)
}

func Building(c *gin.Context) {
	name := c.Query("name")
	// ruleid: go.sql-injection (flow: string-building)
	c.JSON(200, xdb.MustExec(fmt.Sprintf("DELETE FROM users WHERE name = '%s'", name)))
	ids := strings.Join(c.QueryArray("id"), ",")
	// ruleid: go.sql-injection (flow: string-building)
	xdb.Queryx("SELECT * FROM users WHERE id IN (" + ids + ")")
	var sb strings.Builder
	sb.WriteString("SELECT * FROM users WHERE role = '")
	sb.WriteString(c.PostForm("role"))
	sb.WriteString("'")
	// ruleid: go.sql-injection (flow: string-building)
	xdb.Queryx(sb.String())
	var buf bytes.Buffer
	buf.WriteString("SELECT * FROM logs ORDER BY ")
	buf.WriteString(c.DefaultQuery("sort", "id"))
	// ruleid: go.sql-injection (flow: string-building)
	gdb.Raw(buf.String()).Scan(nil)
	var users []struct{ Name string }
	// ruleid: go.sql-injection (flow: string-building)
	xdb.Select(&users, "SELECT name FROM users WHERE team = '"+c.Param("team")+"'")
	// ruleid: go.sql-injection (flow: string-building)
	gdb.Where("name = '" + name + "'").Find(&users)
	// ruleid: go.sql-injection (flow: direct)
	gdb.Order(c.Query("order")).Find(&users)
	// ok: go.sql-injection (flow: string-building)
	gdb.Where("name = ?", name).Find(&users)
	// ok: go.sql-injection (flow: string-building)
	gdb.Where(map[string]interface{}{"name": name}).Find(&users)
	// ok: go.sql-injection (flow: string-building)
	xdb.Select(&users, "SELECT name FROM users WHERE name = $1", name)
	// ok: go.sql-injection (flow: string-building)
	log.Printf("SELECT * FROM users WHERE name = '%s'", name)
}

func Container(e echo.Context) error {
	params := map[string]string{"table": "users", "user": e.QueryParam("u")}
	// ok: go.sql-injection (flow: container)
	db.Query("SELECT * FROM " + params["table"])
	// ruleid: go.sql-injection (flow: container)
	db.Query("SELECT * FROM users WHERE name = '" + params["user"] + "'")
	var parts []string
	parts = append(parts, e.FormValue("col"))
	// ruleid: go.sql-injection (flow: container)
	db.Query("SELECT " + strings.Join(parts, ", ") + " FROM users")
	var body struct{ Name string }
	json.NewDecoder(e.Request().Body).Decode(&body)
	// ruleid: go.sql-injection (flow: container)
	db.Query("SELECT * FROM users WHERE name = '" + body.Name + "'")
	return nil
}

func whereName(value string) string {
	return "name = '" + value + "'"
}

func runQuery(ctx context.Context, where string) {
	// ruleid: go.sql-injection (flow: helper-function)
	db.QueryContext(ctx, "SELECT * FROM users WHERE "+where)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.sql-injection (flow: helper-function)
	db.Query("SELECT * FROM users WHERE " + whereName(r.FormValue("n")))
	runQuery(r.Context(), r.PostFormValue("w"))
	// ok: go.sql-injection (flow: helper-function)
	db.Query("SELECT * FROM users WHERE " + whereName("admin"))
}

func Bound(c *gin.Context) {
	var in struct {
		Name string `json:"name"`
	}
	err := c.ShouldBindJSON(&in)
	if err != nil {
		return
	}
	// ruleid: go.sql-injection (flow: container)
	xdb.Queryx("SELECT * FROM users WHERE name = '" + in.Name + "'")
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	page, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil {
		return
	}
	// ok: go.sql-injection (flow: number-conversion)
	db.Query("SELECT * FROM users LIMIT 10 OFFSET " + strconv.Itoa(page*10))
	limit, _ := strconv.ParseInt(r.FormValue("limit"), 10, 64)
	// ok: go.sql-injection (flow: number-conversion)
	db.Query(fmt.Sprintf("SELECT * FROM users LIMIT %d", limit))
	// ok: go.sql-injection (flow: number-conversion)
	db.Query(fmt.Sprintf("SELECT * FROM users LIMIT %d", len(r.FormValue("q"))))
	column := sortColumns[r.URL.Query().Get("sort")]
	// ok: go.sql-injection (flow: sanitized)
	db.Query("SELECT * FROM users ORDER BY " + column)
	// ok: go.sql-injection (flow: sanitized)
	db.Query("SELECT * FROM users WHERE name = $1", r.FormValue("n"))
}

var sortColumns = map[string]string{"name": "name", "age": "age DESC"}

var allowedSorts = []string{"name", "created_at"}
var directions = map[string]bool{"asc": true, "desc": true}
var validTable = regexp.MustCompile(`^[a-z_]+$`)

func AllowList(w http.ResponseWriter, r *http.Request) {
	sort := r.URL.Query().Get("sort")
	if slices.Contains(allowedSorts, sort) {
		// ok: go.sql-injection (flow: guard)
		db.Query("SELECT * FROM users ORDER BY " + sort)
	}
	// ruleid: go.sql-injection (flow: guard)
	db.Query("SELECT * FROM users ORDER BY " + sort)
	dir := r.URL.Query().Get("dir")
	if _, ok := directions[dir]; !ok {
		http.Error(w, "bad direction", http.StatusBadRequest)
		return
	}
	// ok: go.sql-injection (flow: guard)
	db.Query("SELECT * FROM users ORDER BY name " + dir)
	col := r.FormValue("col")
	if !slices.Contains([]string{"id", "name", "email"}, col) {
		return
	}
	// ok: go.sql-injection (flow: guard)
	db.Query("SELECT " + col + " FROM users")
	table := r.FormValue("table")
	if validTable.MatchString(table) {
		// ok: go.sql-injection (flow: guard)
		db.Query("SELECT * FROM " + table)
	} else {
		// ruleid: go.sql-injection (flow: guard)
		db.Query("SELECT * FROM " + table)
	}
	tag := r.FormValue("tag")
	if !regexp.MustCompile("^[a-z0-9_-]+$").MatchString(tag) {
		panic("bad tag")
	}
	// ok: go.sql-injection (flow: guard)
	db.Query("SELECT * FROM posts WHERE tag = '" + tag + "'")
	knownRoles := map[string]bool{"staff": true, "admin": true}
	role := r.FormValue("role")
	if knownRoles[role] {
		// ok: go.sql-injection (flow: guard)
		db.Query("SELECT * FROM users WHERE role = '" + role + "'")
	}
	kind := r.FormValue("kind")
	_, found := directions[kind]
	if !found {
		return
	}
	// ok: go.sql-injection (flow: guard)
	db.Query("SELECT * FROM items ORDER BY " + kind)
}

func WrongChecks(c *gin.Context) {
	q := c.Query("q")
	// A deny-list: a quote is not the only way in.
	if strings.Contains(q, "'") {
		return
	}
	// ruleid: go.sql-injection (flow: guard)
	xdb.Queryx("SELECT * FROM docs WHERE id = " + q)
	// Patterns that let anything through: unanchored, or with a space, a quote or a '.'.
	if regexp.MustCompile(`[a-z]+`).MatchString(q) {
		// ruleid: go.sql-injection (flow: guard)
		xdb.Queryx("SELECT * FROM docs WHERE id = " + q)
	}
	if regexp.MustCompile(`^[a-z ;'=.]+$`).MatchString(q) {
		// ruleid: go.sql-injection (flow: guard)
		xdb.Queryx("SELECT * FROM docs WHERE id = " + q)
	}
	if regexp.MustCompile(`^[\S]+$`).MatchString(q) {
		// ruleid: go.sql-injection (flow: guard)
		xdb.Queryx("SELECT * FROM docs WHERE id = " + q)
	}
	// A map filled from the request is no allow-list.
	seen := map[string]bool{}
	for _, v := range c.QueryArray("v") {
		seen[v] = true
	}
	if seen[q] {
		// ruleid: go.sql-injection (flow: guard)
		xdb.Queryx("SELECT * FROM docs WHERE id = " + q)
	}
}

func Constant(w http.ResponseWriter, r *http.Request) {
	order := r.URL.Query().Get("order")
	order = "name"
	// ok: go.sql-injection (flow: constant-overwrite)
	db.Query("SELECT * FROM users ORDER BY " + order)
	table := r.FormValue("t")
	if false {
		table = r.FormValue("other")
	} else {
		table = "users"
	}
	// ok: go.sql-injection (flow: dead-branch)
	db.Query("SELECT * FROM " + table)
}

func NotAHandler(ctx context.Context, name string) {
	// ok: go.sql-injection
	db.QueryContext(ctx, "SELECT * FROM users WHERE name = '"+name+"'")
}

func Closure() {
	http.HandleFunc("/find", func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query().Get("q")
		// ruleid: go.sql-injection (flow: direct)
		db.Query("SELECT * FROM docs WHERE body LIKE '%" + q + "%'")
		// ok: go.sql-injection
		cache.Get(q)
	})
}
