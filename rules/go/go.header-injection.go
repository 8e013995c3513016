// Fixture for go.header-injection: request data setting a response header the browser acts on.
package download

import (
	"fmt"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/gofiber/fiber/v2"
	"github.com/labstack/echo/v4"
)

var contentTypes = map[string]string{"csv": "text/csv", "json": "application/json"}

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.header-injection (flow: direct)
	w.Header().Set("Content-Type", r.URL.Query().Get("type"))
	// ruleid: go.header-injection (flow: direct)
	w.Header().Add(r.FormValue("header"), "1")
	// ok: go.header-injection (flow: direct)
	w.Header().Set("X-Request-ID", r.Header.Get("X-Request-ID"))
	// ok: go.header-injection (flow: direct)
	w.Header().Set("Content-Type", "application/json")
}

func GinDownload(c *gin.Context) {
	name := c.Query("name")
	file := name
	// ruleid: go.header-injection (flow: assignments)
	c.Header("Content-Disposition", "attachment; filename=\""+file+"\"")
	// ok: go.header-injection (flow: assignments)
	c.Header("Cache-Control", "no-store")
}

func EchoRefresh(c echo.Context) error {
	// ruleid: go.header-injection (flow: string-building)
	c.Response().Header().Set("Refresh", fmt.Sprintf("3; url=%s", c.QueryParam("next")))
	return c.String(http.StatusOK, "redirecting")
}

func FiberLink(c *fiber.Ctx) error {
	// ruleid: go.header-injection (flow: string-building)
	c.Set("Link", "<"+c.Query("preload")+">; rel=preload")
	return nil
}

func Building(w http.ResponseWriter, r *http.Request) {
	var sb strings.Builder
	sb.WriteString("default-src 'self'; img-src ")
	sb.WriteString(r.FormValue("img"))
	// ruleid: go.header-injection (flow: string-building)
	w.Header().Set("Content-Security-Policy", sb.String())
	// ok: go.header-injection (flow: string-building)
	w.Header().Set("X-Debug", "img="+r.FormValue("img"))
}

func Container(w http.ResponseWriter, r *http.Request) {
	h := map[string]string{"type": "text/plain", "lang": r.FormValue("lang")}
	// ok: go.header-injection (flow: container)
	w.Header().Set("Content-Type", h["type"])
	// ruleid: go.header-injection (flow: container)
	w.Header().Set("Set-Cookie", "lang="+h["lang"])
}

func attachment(name string) string {
	return "attachment; filename=" + name
}

func setType(w http.ResponseWriter, t string) {
	// ruleid: go.header-injection (flow: helper-function)
	w.Header().Set("Content-Type", t)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.header-injection (flow: helper-function)
	w.Header().Set("Content-Disposition", attachment(r.FormValue("file")))
	setType(w, r.Header.Get("Accept"))
	// ok: go.header-injection (flow: helper-function)
	w.Header().Set("Content-Disposition", attachment("report.pdf"))
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	// ok: go.header-injection (flow: sanitized)
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment", map[string]string{"filename": r.FormValue("file")}))
	// ok: go.header-injection (flow: sanitized)
	w.Header().Set("Content-Type", contentTypes[r.FormValue("format")])
	size, _ := strconv.Atoi(r.FormValue("size"))
	// ok: go.header-injection (flow: number-conversion)
	w.Header().Set("Refresh", strconv.Itoa(size))
}

func Constant(w http.ResponseWriter, r *http.Request) {
	ct := r.FormValue("type")
	ct = "text/plain; charset=utf-8"
	// ok: go.header-injection (flow: constant-overwrite)
	w.Header().Set("Content-Type", ct)
	disp := r.FormValue("disposition")
	if false {
		disp = r.FormValue("other")
	} else {
		disp = "inline"
	}
	// ok: go.header-injection (flow: dead-branch)
	w.Header().Set("Content-Disposition", disp)
}

func Serve(w http.ResponseWriter, contentType string) {
	// ok: go.header-injection
	w.Header().Set("Content-Type", contentType)
}
