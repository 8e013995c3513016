// Fixture for go.response-writer-xss.
package web

import (
	"fmt"
	"html"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
)

func Hello(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.response-writer-xss
	fmt.Fprintf(w, "<h1>Hello %s</h1>", r.URL.Query().Get("name"))
	q := r.FormValue("q")
	// ruleid: go.response-writer-xss
	w.Write([]byte("<p>No results for " + q + "</p>"))
	// ruleid: go.response-writer-xss
	io.WriteString(w, r.FormValue("msg"))
}

func EchoHello(c echo.Context) error {
	// ruleid: go.response-writer-xss
	return c.HTML(http.StatusOK, "<b>"+c.QueryParam("name")+"</b>")
}

func Safe(w http.ResponseWriter, r *http.Request) {
	// ok: go.response-writer-xss
	fmt.Fprintf(w, "<h1>Hello</h1>")
	// ok: go.response-writer-xss
	fmt.Fprintf(os.Stdout, "<h1>Hello %s</h1>", r.FormValue("name"))
	// ok: go.response-writer-xss
	fmt.Fprintf(w, "Hello %d", len(r.FormValue("name")))
	// ok: go.response-writer-xss
	fmt.Fprintf(w, "Hello %s", r.FormValue("name"))
}

func SafeEscaped(w http.ResponseWriter, r *http.Request) {
	name := html.EscapeString(r.FormValue("name"))
	// ok: go.response-writer-xss
	fmt.Fprintf(w, "<h1>Hello %s</h1>", name)
}

func SafeJSON(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	// ok: go.response-writer-xss
	fmt.Fprintf(w, `{"name": %q}`, r.FormValue("name"))
}
