// Fixture for go.text-template-http-response.
package pages

import (
	"net/http"
	"os"
	"text/template"

	"github.com/gin-gonic/gin"
)

var page = template.Must(template.New("p").Parse(`<h1>{{.Name}}</h1>`))

func Show(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.text-template-http-response
	page.Execute(w, map[string]string{"Name": r.FormValue("name")})
}

func (s *Server) List(rw http.ResponseWriter, req *http.Request) {
	// ruleid: go.text-template-http-response
	if err := s.tmpl.ExecuteTemplate(rw, "list.html", s.items); err != nil {
		http.Error(rw, err.Error(), 500)
	}
}

func GinShow(c *gin.Context) {
	// ruleid: go.text-template-http-response
	page.Execute(c.Writer, gin.H{"Name": c.Query("name")})
}

func Generate(w http.ResponseWriter, out *os.File, data interface{}) error {
	// ok: go.text-template-http-response
	page.Execute(out, data)
	// ok: go.text-template-http-response
	page.Execute(os.Stdout, data)
	// ok: go.text-template-http-response
	page.Execute(&buf, data)
	// ok: go.text-template-http-response
	return cmd.Execute(w)
}
