// Fixture for go.template-html-conversion: request data converted to a trusted html/template type.
package views

import (
	"fmt"
	"html"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/microcosm-cc/bluemonday"
)

var tmpl = template.Must(template.ParseFiles("profile.html"))

var badges = map[string]string{"gold": "<span class=\"gold\">Gold</span>", "silver": "<span>Silver</span>"}

func Direct(w http.ResponseWriter, r *http.Request) {
	data := map[string]interface{}{
		// ruleid: go.template-html-conversion (flow: direct)
		"Bio": template.HTML(r.FormValue("bio")),
		// ruleid: go.template-html-conversion (flow: direct)
		"Link": template.URL(r.URL.Query().Get("site")),
		// ok: go.template-html-conversion (flow: direct)
		"Rule": template.HTML("<hr/>"),
		// ok: go.template-html-conversion (flow: direct)
		"Name": r.FormValue("name"),
	}
	tmpl.Execute(w, data)
}

func Assignments(c *gin.Context) {
	q := c.Query("q")
	query := q
	// ruleid: go.template-html-conversion (flow: assignments)
	script := template.JS("var q = '" + query + "';")
	c.HTML(http.StatusOK, "search.tmpl", gin.H{"script": script, "q": query})
}

func Building(w http.ResponseWriter, r *http.Request) {
	name := r.PostFormValue("name")
	// ruleid: go.template-html-conversion (flow: string-building)
	greeting := template.HTML(fmt.Sprintf("<b>Hello %s</b>", name))
	var sb strings.Builder
	sb.WriteString("<ul>")
	sb.WriteString("<li>" + r.FormValue("item") + "</li>")
	sb.WriteString("</ul>")
	// ruleid: go.template-html-conversion (flow: string-building)
	list := template.HTML(sb.String())
	// ok: go.template-html-conversion (flow: string-building)
	footer := template.HTML(fmt.Sprintf("<small>%s</small>", "built with Go"))
	tmpl.Execute(w, []template.HTML{greeting, list, footer})
}

func Container(w http.ResponseWriter, r *http.Request) {
	page := map[string]string{"banner": "<h1>Welcome</h1>", "note": r.FormValue("note")}
	// ok: go.template-html-conversion (flow: container)
	banner := template.HTML(page["banner"])
	// ruleid: go.template-html-conversion (flow: container)
	note := template.HTML(page["note"])
	var cells []string
	cells = append(cells, r.FormValue("cell"))
	// ruleid: go.template-html-conversion (flow: container)
	row := template.HTML("<td>" + strings.Join(cells, "</td><td>") + "</td>")
	tmpl.Execute(w, []template.HTML{banner, note, row})
}

func link(href string) string {
	return "<a href=\"" + href + "\">profile</a>"
}

func trusted(s string) template.HTML {
	// ruleid: go.template-html-conversion (flow: helper-function)
	return template.HTML(s)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.template-html-conversion (flow: helper-function)
	a := template.HTML(link(r.FormValue("href")))
	b := trusted(r.URL.Query().Get("html"))
	// ok: go.template-html-conversion (flow: helper-function)
	c := template.HTML(link("/me"))
	tmpl.Execute(w, []template.HTML{a, b, c})
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	// ok: go.template-html-conversion (flow: sanitized)
	a := template.HTML("<b>" + html.EscapeString(r.FormValue("name")) + "</b>")
	// ok: go.template-html-conversion (flow: sanitized)
	b := template.HTML(bluemonday.UGCPolicy().Sanitize(r.FormValue("bio")))
	// ok: go.template-html-conversion (flow: sanitized)
	c := template.URL("/search?q=" + url.QueryEscape(r.FormValue("q")))
	// ok: go.template-html-conversion (flow: sanitized)
	d := template.HTML(badges[r.FormValue("badge")])
	n, _ := strconv.Atoi(r.FormValue("n"))
	// ok: go.template-html-conversion (flow: number-conversion)
	e := template.HTML(fmt.Sprintf("<span>%d items</span>", n))
	tmpl.Execute(w, []interface{}{a, b, c, d, e})
}

func Constant(w http.ResponseWriter, r *http.Request) {
	msg := r.FormValue("msg")
	msg = "<em>saved</em>"
	// ok: go.template-html-conversion (flow: constant-overwrite)
	a := template.HTML(msg)
	title := r.FormValue("title")
	if false {
		title = r.FormValue("other")
	} else {
		title = "<h1>Home</h1>"
	}
	// ok: go.template-html-conversion (flow: dead-branch)
	b := template.HTML(title)
	tmpl.Execute(w, []template.HTML{a, b})
}

func Card(name string) template.HTML {
	// ok: go.template-html-conversion
	return template.HTML("<span class=\"user\">" + name + "</span>")
}
