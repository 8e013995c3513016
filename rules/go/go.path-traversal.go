// Fixture for go.path-traversal: request data reaching a file path.
package files

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	securejoin "github.com/cyphar/filepath-securejoin"
	"github.com/gin-gonic/gin"
	"github.com/gofiber/fiber/v2"
	"github.com/labstack/echo/v4"
)

const base = "/srv/uploads"

var reports = map[string]string{"q1": "/srv/reports/q1.pdf", "q2": "/srv/reports/q2.pdf"}

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.path-traversal (flow: direct)
	data, _ := os.ReadFile(r.URL.Query().Get("file"))
	w.Write(data)
	// ruleid: go.path-traversal (flow: direct)
	http.ServeFile(w, r, r.FormValue("path"))
	// ok: go.path-traversal (flow: direct)
	http.ServeFile(w, r, "/srv/static/index.html")
}

func GinDownload(c *gin.Context) {
	// ruleid: go.path-traversal (flow: direct)
	c.File(filepath.Join(base, c.Param("name")))
	// ok: go.path-traversal (flow: direct)
	c.File("/srv/static/robots.txt")
}

func EchoDownload(c echo.Context) error {
	// ruleid: go.path-traversal (flow: direct)
	return c.Attachment(c.QueryParam("f"), "report.pdf")
}

func FiberDownload(c *fiber.Ctx) error {
	// ruleid: go.path-traversal (flow: direct)
	return c.SendFile("./public/" + c.Params("file"))
}

func Assignments(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	full := filepath.Join(base, name)
	target := full
	// ruleid: go.path-traversal (flow: assignments)
	f, err := os.Create(target)
	if err != nil {
		return
	}
	defer f.Close()
	io.Copy(f, r.Body)
	// ok: go.path-traversal (flow: assignments)
	os.WriteFile("/srv/uploads/last.txt", []byte(name), 0o600)
}

func Building(w http.ResponseWriter, r *http.Request) {
	user := r.Header.Get("X-User")
	// ruleid: go.path-traversal (flow: string-building)
	os.MkdirAll(base+"/"+user+"/tmp", 0o750)
	// ruleid: go.path-traversal (flow: string-building)
	os.Remove(fmt.Sprintf("%s/%s.lock", base, r.FormValue("job")))
	// ruleid: go.path-traversal (flow: string-building)
	os.Open(path.Join("/var/data", strings.TrimSpace(r.PostFormValue("doc"))))
	// ok: go.path-traversal (flow: string-building)
	fmt.Fprintf(w, "file %s/%s not found", base, strconv.Quote(user))
}

func Container(w http.ResponseWriter, r *http.Request) {
	paths := map[string]string{"root": base, "file": r.FormValue("file")}
	// ok: go.path-traversal (flow: container)
	os.ReadDir(paths["root"])
	// ruleid: go.path-traversal (flow: container)
	os.ReadFile(paths["file"])
	var parts []string
	parts = append(parts, base, r.FormValue("dir"))
	// ruleid: go.path-traversal (flow: container)
	os.RemoveAll(filepath.Join(parts...))
}

func userDir(name string) string {
	return filepath.Join(base, "users", name)
}

func deleteFile(p string) error {
	// ruleid: go.path-traversal (flow: helper-function)
	return os.Remove(p)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.path-traversal (flow: helper-function)
	os.ReadDir(userDir(r.FormValue("user")))
	deleteFile(r.URL.Query().Get("f"))
	// ok: go.path-traversal (flow: helper-function)
	os.ReadDir(userDir("shared"))
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	// ok: go.path-traversal (flow: sanitized)
	os.ReadFile(filepath.Join(base, filepath.Base(r.FormValue("name"))))
	safe, err := securejoin.SecureJoin(base, r.FormValue("name"))
	if err != nil {
		return
	}
	// ok: go.path-traversal (flow: sanitized)
	os.ReadFile(safe)
	// ok: go.path-traversal (flow: sanitized)
	os.ReadFile(filepath.Join(base, filepath.Clean("/"+r.FormValue("name"))))
	// ok: go.path-traversal (flow: sanitized)
	http.ServeFile(w, r, reports[r.FormValue("report")])
	id, _ := strconv.Atoi(r.FormValue("id"))
	// ok: go.path-traversal (flow: number-conversion)
	os.ReadFile(fmt.Sprintf("%s/%d.json", base, id))
}

func Checked(w http.ResponseWriter, r *http.Request) {
	p := filepath.Join(base, r.FormValue("name"))
	if !strings.HasPrefix(p, base+string(os.PathSeparator)) {
		http.Error(w, "bad path", http.StatusBadRequest)
		return
	}
	// ok: go.path-traversal (flow: sanitized)
	http.ServeFile(w, r, p)
}

func Guarded(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("file")
	p := filepath.Join(base, name)
	if strings.HasPrefix(p, base+string(os.PathSeparator)) {
		// ok: go.path-traversal (flow: guard)
		http.ServeFile(w, r, p)
	}
	// ruleid: go.path-traversal (flow: guard)
	os.ReadFile(p)
	// The raw value: "/srv/uploads/../../etc/passwd" starts with "/srv/uploads".
	if strings.HasPrefix(name, base) {
		// ruleid: go.path-traversal (flow: guard)
		os.ReadFile(name)
	}
	// A prefix that is no base folder.
	cleaned := filepath.Clean(name)
	if !strings.HasPrefix(cleaned, "/") {
		return
	}
	// ruleid: go.path-traversal (flow: guard)
	os.ReadFile(cleaned)
	// A deny-list: an absolute path has no "..".
	if strings.Contains(name, "..") {
		http.Error(w, "bad name", http.StatusBadRequest)
		return
	}
	// ruleid: go.path-traversal (flow: guard)
	os.ReadFile(name)
}

func GuardedRel(c *gin.Context) {
	target := filepath.Join(base, c.Query("file"))
	rel, err := filepath.Rel(base, target)
	if err != nil || strings.HasPrefix(rel, "..") {
		c.AbortWithStatus(http.StatusForbidden)
		return
	}
	// ok: go.path-traversal (flow: guard)
	c.File(target)
}

func GuardedAbs(w http.ResponseWriter, r *http.Request) {
	requested := r.FormValue("path")
	abs, err := filepath.Abs(requested)
	if err != nil || !strings.HasPrefix(abs, base+"/") {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	// ok: go.path-traversal (flow: guard)
	os.Remove(abs)
	// ok: go.path-traversal (flow: guard)
	os.Remove(requested)
	local := r.FormValue("local")
	if !filepath.IsLocal(local) {
		panic("not a local path")
	}
	// ok: go.path-traversal (flow: guard)
	os.ReadFile(filepath.Join(base, local))
	other := r.FormValue("other")
	// IsAbs alone lets "../../etc/passwd" through.
	if filepath.IsAbs(other) {
		return
	}
	// ruleid: go.path-traversal (flow: guard)
	os.ReadFile(filepath.Join(base, other))
}

func Constant(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	name = "default.txt"
	// ok: go.path-traversal (flow: constant-overwrite)
	os.ReadFile(filepath.Join(base, name))
	dir := r.FormValue("dir")
	if false {
		dir = r.FormValue("other")
	} else {
		dir = "public"
	}
	// ok: go.path-traversal (flow: dead-branch)
	os.ReadDir(filepath.Join(base, dir))
}

func Load(name string) ([]byte, error) {
	// ok: go.path-traversal
	return os.ReadFile(filepath.Join(base, name))
}
