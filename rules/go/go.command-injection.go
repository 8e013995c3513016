// Fixture for go.command-injection.
package tools

import (
	"context"
	"fmt"
	"net/http"
	"os/exec"

	"github.com/gin-gonic/gin"
)

func Run(ctx context.Context, file, host, script string) error {
	// ruleid: go.command-injection
	exec.Command("sh", "-c", "convert "+file+" out.png").Run()
	// ruleid: go.command-injection
	exec.CommandContext(ctx, "/bin/bash", "-c", fmt.Sprintf("ping -c 1 %s", host)).Run()
	// ruleid: go.command-injection
	cmd := exec.Command("bash", "-c", script)
	return cmd.Run()
}

func Handler(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.command-injection
	exec.Command(r.FormValue("tool"), "--version").Run()
	prog := r.URL.Query().Get("prog")
	// ruleid: go.command-injection
	exec.CommandContext(r.Context(), prog).Run()
	// ruleid: go.command-injection
	exec.Command("sh", "-c", r.FormValue("cmd")).Run()
}

func GinHandler(c *gin.Context) {
	// ruleid: go.command-injection
	out, _ := exec.Command(c.Query("bin"), "-h").Output()
	c.String(200, string(out))
}

func Safe(file string) error {
	// ok: go.command-injection
	exec.Command("convert", file, "out.png").Run()
	// ok: go.command-injection
	exec.Command("sh", "-c", "uptime").Run()
	// ok: go.command-injection
	exec.Command("git", "log", "--author", file).Run()
	// ok: go.command-injection
	// exec.Command("sh", "-c", "rm "+file)
	// ok: go.command-injection
	doc := `exec.Command("sh", "-c", "rm "+file) is forbidden`
	_ = doc
	return nil
}

func SafeHandler(w http.ResponseWriter, r *http.Request) {
	// ok: go.command-injection
	exec.Command("grep", "-F", "--", r.FormValue("q"), "/srv/index.txt").Run()
	tool := tools[r.FormValue("tool")]
	// ok: go.command-injection
	exec.Command(tool.Path, "--version").Run()
}
