// Fixture for go.xpath-injection: request data reaching an XPath expression.
package catalog

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/antchfx/htmlquery"
	"github.com/antchfx/xmlquery"
	"github.com/antchfx/xpath"
	"github.com/labstack/echo/v4"
)

var doc *xmlquery.Node

var sections = map[string]string{"books": "//catalog/book", "music": "//catalog/cd"}

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.xpath-injection (flow: direct)
	nodes := xmlquery.Find(doc, "//user[name='"+r.FormValue("name")+"']")
	// ok: go.xpath-injection (flow: direct)
	all := xmlquery.Find(doc, "//user")
	_, _ = nodes, all
}

func EchoLogin(c echo.Context) error {
	user := c.FormValue("user")
	pass := c.FormValue("pass")
	expr := "//user[name='" + user + "' and password='" + pass + "']"
	// ruleid: go.xpath-injection (flow: assignments)
	node := xmlquery.FindOne(doc, expr)
	// ok: go.xpath-injection (flow: assignments)
	same := xmlquery.FindOne(doc, "//user[name='admin']")
	_, _ = node, same
	return nil
}

func Building(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	// ruleid: go.xpath-injection (flow: string-building)
	expr, _ := xpath.Compile(fmt.Sprintf("//book[@id='%s']/title", id))
	var sb strings.Builder
	sb.WriteString("//item[@sku='")
	sb.WriteString(r.FormValue("sku"))
	sb.WriteString("']")
	// ruleid: go.xpath-injection (flow: string-building)
	page, _ := htmlquery.QueryAll(nil, sb.String())
	// ok: go.xpath-injection (flow: string-building)
	label := fmt.Sprintf("//book[@id='%s']", id)
	_, _, _ = expr, page, label
}

func Container(w http.ResponseWriter, r *http.Request) {
	q := map[string]string{"root": "//catalog", "filter": r.FormValue("filter")}
	// ok: go.xpath-injection (flow: container)
	a := xmlquery.Find(doc, q["root"])
	// ruleid: go.xpath-injection (flow: container)
	b := xmlquery.Find(doc, q["root"]+"/book["+q["filter"]+"]")
	_, _ = a, b
}

func byAuthor(author string) string {
	return "//book[author='" + author + "']"
}

func selectAll(expr string) []*xmlquery.Node {
	// ruleid: go.xpath-injection (flow: helper-function)
	return xmlquery.Find(doc, expr)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.xpath-injection (flow: helper-function)
	a := xmlquery.Find(doc, byAuthor(r.FormValue("author")))
	b := selectAll(r.URL.Query().Get("xpath"))
	// ok: go.xpath-injection (flow: helper-function)
	c := xmlquery.Find(doc, byAuthor("Knuth"))
	_, _, _ = a, b, c
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(r.FormValue("n"))
	if err != nil {
		return
	}
	// ok: go.xpath-injection (flow: number-conversion)
	a := xmlquery.Find(doc, fmt.Sprintf("//book[%d]", n))
	// ok: go.xpath-injection (flow: sanitized)
	b := xmlquery.Find(doc, sections[r.FormValue("section")])
	_, _ = a, b
}

func Constant(w http.ResponseWriter, r *http.Request) {
	expr := r.FormValue("expr")
	expr = "//book[@featured='true']"
	// ok: go.xpath-injection (flow: constant-overwrite)
	a := xmlquery.Find(doc, expr)
	path := r.FormValue("path")
	if false {
		path = r.FormValue("other")
	} else {
		path = "//catalog/book"
	}
	// ok: go.xpath-injection (flow: dead-branch)
	b := xmlquery.Find(doc, path)
	_, _ = a, b
}

func Titles(expr string) []*xmlquery.Node {
	// ok: go.xpath-injection
	return xmlquery.Find(doc, expr+"/title")
}
