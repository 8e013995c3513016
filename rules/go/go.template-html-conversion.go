// Fixture for go.template-html-conversion.
package views

import (
	"fmt"
	"html"
	"html/template"
	"net/http"

	"github.com/gin-gonic/gin"
)

func Profile(w http.ResponseWriter, r *http.Request) {
	data := map[string]interface{}{
		// ruleid: go.template-html-conversion
		"Bio": template.HTML(r.FormValue("bio")),
		// ruleid: go.template-html-conversion
		"Link": template.URL(r.URL.Query().Get("site")),
	}
	name := r.FormValue("name")
	// ruleid: go.template-html-conversion
	data["Greeting"] = template.HTML("<b>" + name + "</b>")
	tmpl.Execute(w, data)
}

func Card(c *gin.Context, user User) template.HTML {
	// ruleid: go.template-html-conversion
	script := template.JS(fmt.Sprintf("var q = '%s';", c.Query("q")))
	_ = script
	// ruleid: go.template-html-conversion
	return template.HTML(fmt.Sprintf("<span class=\"user\">%s</span>", user.Name))
}

func Safe(user User) []template.HTML {
	return []template.HTML{
		// ok: go.template-html-conversion
		template.HTML("<hr/>"),
		// ok: go.template-html-conversion
		template.HTML("<b>" + html.EscapeString(user.Name) + "</b>"),
		// ok: go.template-html-conversion
		template.HTML(fmt.Sprintf("<span>%d items</span>", len(user.Items))),
		// ok: go.template-html-conversion
		template.HTMLEscapeString(user.Name),
		// ok: go.template-html-conversion
		template.HTML(bluemonday.UGCPolicy().Sanitize(user.Bio)),
	}
}
