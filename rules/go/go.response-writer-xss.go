// Fixture for go.response-writer-xss: request data written unescaped into an HTML response.
package web

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"html"
	"html/template"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
	"github.com/microcosm-cc/bluemonday"
)

var greetings = map[string]string{"en": "Hello", "fr": "Bonjour"}

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.response-writer-xss (flow: direct)
	fmt.Fprintf(w, "<h1>Hello %s</h1>", r.URL.Query().Get("name"))
	// ruleid: go.response-writer-xss (flow: direct)
	io.WriteString(w, r.FormValue("msg"))
	// ruleid: go.response-writer-xss (flow: direct)
	fmt.Fprintf(w, "%s", r.Header.Get("Referer"))
	// ok: go.response-writer-xss (flow: direct)
	fmt.Fprintf(w, "<h1>Hello</h1>")
	// ok: go.response-writer-xss (flow: direct)
	fmt.Fprintf(os.Stdout, "<h1>Hello %s</h1>", r.FormValue("name"))
	// ok: go.response-writer-xss (flow: direct)
	fmt.Fprintf(w, "Hello %s", r.FormValue("name"))
}

func EchoHello(c echo.Context) error {
	// ruleid: go.response-writer-xss (flow: direct)
	return c.HTML(http.StatusOK, "<b>"+c.QueryParam("name")+"</b>")
}

func GinHello(c *gin.Context) {
	// ruleid: go.response-writer-xss (flow: direct)
	c.Data(http.StatusOK, "text/html; charset=utf-8", []byte("<p>"+c.Query("q")+"</p>"))
	// ok: go.response-writer-xss (flow: direct)
	c.HTML(http.StatusOK, "search.tmpl", gin.H{"q": c.Query("q")})
}

func Assignments(w http.ResponseWriter, r *http.Request) {
	q := r.FormValue("q")
	term := q
	page := "<p>No results for " + term + "</p>"
	// ruleid: go.response-writer-xss (flow: assignments)
	w.Write([]byte(page))
	// ok: go.response-writer-xss (flow: assignments)
	w.Write([]byte("<p>No results</p>"))
}

func Building(w http.ResponseWriter, r *http.Request) {
	name := r.PostFormValue("name")
	var sb strings.Builder
	sb.WriteString("<ul><li>")
	sb.WriteString(name)
	sb.WriteString("</li></ul>")
	// ruleid: go.response-writer-xss (flow: string-building)
	io.WriteString(w, sb.String())
	var buf bytes.Buffer
	buf.WriteString("<div>" + r.URL.Path + "</div>")
	// ruleid: go.response-writer-xss (flow: string-building)
	w.Write(buf.Bytes())
	// ruleid: go.response-writer-xss (flow: string-building)
	fmt.Fprintln(w, fmt.Sprintf("<a href=\"%s\">back</a>", r.Referer()))
	// ruleid: go.response-writer-xss (flow: string-building)
	fmt.Fprint(w, strings.Join([]string{"<p>", name, "</p>"}, ""))
	// ok: go.response-writer-xss (flow: string-building)
	fmt.Fprintf(os.Stderr, "<p>%s</p>", sb.String())
}

func Container(w http.ResponseWriter, r *http.Request) {
	view := map[string]string{"title": "Search", "query": r.FormValue("q")}
	// ok: go.response-writer-xss (flow: container)
	fmt.Fprintf(w, "<title>%s</title>", view["title"])
	// ruleid: go.response-writer-xss (flow: container)
	fmt.Fprintf(w, "<p>%s</p>", view["query"])
	var rows []string
	rows = append(rows, "<tr><td>"+r.FormValue("cell")+"</td></tr>")
	// ruleid: go.response-writer-xss (flow: container)
	io.WriteString(w, strings.Join(rows, ""))
}

func bold(s string) string {
	return "<b>" + s + "</b>"
}

func writePage(w http.ResponseWriter, body string) {
	// ruleid: go.response-writer-xss (flow: helper-function)
	fmt.Fprintf(w, "<html><body>%s</body></html>", body)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.response-writer-xss (flow: helper-function)
	io.WriteString(w, bold(r.FormValue("name")))
	writePage(w, r.URL.Query().Get("msg"))
	// ok: go.response-writer-xss (flow: helper-function)
	io.WriteString(w, bold("guest"))
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	name := html.EscapeString(r.FormValue("name"))
	// ok: go.response-writer-xss (flow: sanitized)
	fmt.Fprintf(w, "<h1>Hello %s</h1>", name)
	// ok: go.response-writer-xss (flow: sanitized)
	fmt.Fprintf(w, "<p>%s</p>", template.HTMLEscapeString(r.FormValue("q")))
	// ok: go.response-writer-xss (flow: sanitized)
	io.WriteString(w, bluemonday.UGCPolicy().Sanitize(r.FormValue("bio")))
	// ok: go.response-writer-xss (flow: sanitized)
	fmt.Fprintf(w, "<h1>%s</h1>", greetings[r.FormValue("lang")])
	n, _ := strconv.Atoi(r.FormValue("n"))
	// ok: go.response-writer-xss (flow: number-conversion)
	fmt.Fprintf(w, "<p>page %d</p>", n)
	// ok: go.response-writer-xss (flow: number-conversion)
	fmt.Fprintf(w, "<p>%d characters</p>", len(r.FormValue("q")))
}

func PlainText(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	// ok: go.response-writer-xss (flow: sanitized)
	fmt.Fprintf(w, "<p>%s</p>", r.FormValue("name"))
}

func SafeJSON(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	// ok: go.response-writer-xss (flow: sanitized)
	fmt.Fprintf(w, `{"name": %q}`, r.FormValue("name"))
}

func Constant(w http.ResponseWriter, r *http.Request) {
	msg := r.FormValue("msg")
	msg = "welcome"
	// ok: go.response-writer-xss (flow: constant-overwrite)
	fmt.Fprintf(w, "<p>%s</p>", msg)
	title := r.FormValue("title")
	if false {
		title = r.FormValue("other")
	} else {
		title = "Home"
	}
	// ok: go.response-writer-xss (flow: dead-branch)
	fmt.Fprintf(w, "<h1>%s</h1>", title)
}

func Render(w http.ResponseWriter, body string) {
	// ok: go.response-writer-xss
	fmt.Fprintf(w, "<main>%s</main>", body)
}

func Page(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("page")
	data, _ := os.ReadFile("/srv/pages/" + strconv.Itoa(len(name)))
	// ok: go.response-writer-xss (flow: sanitized)
	w.Write(data)
	page, _ := os.ReadFile(name)
	// ok: go.response-writer-xss (flow: sanitized)
	w.Write(page)
	// ruleid: go.response-writer-xss (flow: direct)
	w.Write([]byte("<p>No page " + name + "</p>"))
}

func Etag(w http.ResponseWriter, r *http.Request) {
	sum := sha256.Sum256([]byte(r.URL.Query().Get("q")))
	// ok: go.response-writer-xss (flow: sanitized)
	fmt.Fprintf(w, "<p>%x</p>", sum)
}
