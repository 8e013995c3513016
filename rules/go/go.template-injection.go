// Fixture for go.template-injection: request data becoming template source.
package render

import (
	"fmt"
	htmltemplate "html/template"
	"net/http"
	"strconv"
	"strings"
	"text/template"

	"github.com/flosch/pongo2/v6"
	"github.com/gin-gonic/gin"
)

var layouts = map[string]string{"plain": "{{.Body}}", "card": "<div class=card>{{.Body}}</div>"}

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.template-injection (flow: direct)
	t, _ := template.New("greeting").Parse(r.FormValue("tpl"))
	t.Execute(w, map[string]string{"Name": "world"})
	// ok: go.template-injection (flow: direct)
	safe, _ := template.New("greeting").Parse("Hello {{.Name}}")
	safe.Execute(w, map[string]string{"Name": r.FormValue("name")})
}

func GinPreview(c *gin.Context) {
	src := c.PostForm("template")
	body := src
	// ruleid: go.template-injection (flow: assignments)
	tpl, err := pongo2.FromString(body)
	if err != nil {
		return
	}
	out, _ := tpl.Execute(pongo2.Context{"user": c.Query("user")})
	c.String(http.StatusOK, out)
}

func Building(w http.ResponseWriter, r *http.Request) {
	title := r.URL.Query().Get("title")
	// ruleid: go.template-injection (flow: string-building)
	t := htmltemplate.Must(htmltemplate.New("page").Parse("<h1>" + title + "</h1>{{.Body}}"))
	var sb strings.Builder
	sb.WriteString("{{define \"row\"}}")
	sb.WriteString(r.FormValue("row"))
	sb.WriteString("{{end}}")
	// ruleid: go.template-injection (flow: string-building)
	t.New("row").Parse(sb.String())
	// ok: go.template-injection (flow: string-building)
	t.New("footer").Parse(fmt.Sprintf("<footer>%s</footer>", "{{.Year}}"))
	t.Execute(w, nil)
}

func Container(w http.ResponseWriter, r *http.Request) {
	parts := map[string]string{"header": "<h1>{{.Title}}</h1>", "body": r.FormValue("body")}
	// ok: go.template-injection (flow: container)
	a, _ := template.New("header").Parse(parts["header"])
	// ruleid: go.template-injection (flow: container)
	b, _ := template.New("body").Parse(parts["body"])
	_, _ = a, b
}

func wrap(s string) string {
	return "{{define \"main\"}}" + s + "{{end}}"
}

func compile(name string, src string) *template.Template {
	// ruleid: go.template-injection (flow: helper-function)
	return template.Must(template.New(name).Parse(src))
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.template-injection (flow: helper-function)
	t, _ := template.New("main").Parse(wrap(r.FormValue("main")))
	compile("user", r.URL.Query().Get("src"))
	// ok: go.template-injection (flow: helper-function)
	u, _ := template.New("main").Parse(wrap("{{.Body}}"))
	_, _ = t, u
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	// ok: go.template-injection (flow: sanitized)
	t, _ := template.New("layout").Parse(layouts[r.FormValue("layout")])
	cols, _ := strconv.Atoi(r.FormValue("cols"))
	// ok: go.template-injection (flow: number-conversion)
	g, _ := template.New("grid").Parse("<div style=\"columns:" + strconv.Itoa(cols) + "\">{{.}}</div>")
	_, _ = t, g
}

func Constant(w http.ResponseWriter, r *http.Request) {
	src := r.FormValue("src")
	src = "{{.Name}}"
	// ok: go.template-injection (flow: constant-overwrite)
	a, _ := template.New("a").Parse(src)
	layout := r.FormValue("layout")
	if false {
		layout = r.FormValue("other")
	} else {
		layout = "<main>{{.}}</main>"
	}
	// ok: go.template-injection (flow: dead-branch)
	b, _ := template.New("b").Parse(layout)
	_, _ = a, b
}

func Load(src string) (*template.Template, error) {
	// ok: go.template-injection
	return template.New("file").Parse(src)
}
