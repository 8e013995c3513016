// Fixture for go.path-traversal.
package files

import (
	"net/http"
	"os"
	"path/filepath"

	"github.com/gin-gonic/gin"
	"github.com/gorilla/mux"
)

const base = "/srv/files"

func Download(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.path-traversal
	data, _ := os.ReadFile(filepath.Join(base, r.URL.Query().Get("name")))
	// ruleid: go.path-traversal
	http.ServeFile(w, r, "/srv/files/"+r.FormValue("file"))
	name := r.FormValue("name")
	// ruleid: go.path-traversal
	f, _ := os.Open(name)
	defer f.Close()
	// ruleid: go.path-traversal
	os.WriteFile(fmt.Sprintf("uploads/%s.txt", name), data, 0o600)
	w.Write(data)
}

func Remove(w http.ResponseWriter, r *http.Request) {
	vars := mux.Vars(r)
	// ruleid: go.path-traversal
	os.Remove(filepath.Join(base, vars["file"]))
}

func Upload(w http.ResponseWriter, r *http.Request, dir string) {
	root := dir + "/uploads"
	name := r.FormValue("name")
	// ruleid: go.path-traversal
	os.WriteFile(filepath.Join(root, name), nil, 0o600)
}

func GinFile(c *gin.Context) {
	// ruleid: go.path-traversal
	c.File(filepath.Join(base, c.Param("path")))
	p := filepath.Join(base, c.Query("doc"))
	// ruleid: go.path-traversal
	c.FileAttachment(p, "doc.pdf")
}

func Safe(w http.ResponseWriter, r *http.Request) {
	// ok: go.path-traversal
	f, _ := os.Open(filepath.Join(base, "index.html"))
	defer f.Close()
	// ok: go.path-traversal
	http.ServeFile(w, r, "/srv/files/index.html")
	// ok: go.path-traversal
	data, _ := store.ReadFile(r.FormValue("name"))
	cfg := os.Getenv("CONFIG")
	// ok: go.path-traversal
	os.ReadFile(cfg)
	_ = data
}

func SafeChecked(w http.ResponseWriter, r *http.Request) {
	name := filepath.Base(r.FormValue("name"))
	// ok: go.path-traversal
	f, _ := os.Open(filepath.Join(base, name))
	defer f.Close()
}

func SafeLocal(c *gin.Context) {
	name := c.Param("name")
	if !filepath.IsLocal(name) {
		return
	}
	// ok: go.path-traversal
	c.File(filepath.Join(base, name))
}
