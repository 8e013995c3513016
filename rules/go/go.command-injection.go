// Fixture for go.command-injection: request data choosing the program or reaching a shell command line.
package tools

import (
	"context"
	"fmt"
	"net/http"
	"os/exec"
	"strconv"
	"strings"

	"github.com/alessio/shellescape"
	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
)

var allowedTools = map[string]string{"resize": "/usr/bin/convert", "info": "/usr/bin/identify"}

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.command-injection (flow: direct)
	exec.Command(r.FormValue("tool"), "--version").Run()
	// ruleid: go.command-injection (flow: direct)
	exec.Command("sh", "-c", r.URL.Query().Get("cmd")).Run()
	// ruleid: go.command-injection (flow: direct)
	exec.CommandContext(r.Context(), "/bin/bash", "-c", "ping -c 1 "+r.Header.Get("X-Host")).Run()
	// ok: go.command-injection (flow: direct)
	exec.Command("grep", "-F", "--", r.FormValue("q"), "/srv/index.txt").Run()
	// ok: go.command-injection (flow: direct)
	exec.Command("sh", "-c", "uptime").Run()
}

func Assignments(c *gin.Context) {
	prog := c.Query("prog")
	bin := prog
	// ruleid: go.command-injection (flow: assignments)
	out, _ := exec.CommandContext(c.Request.Context(), bin).Output()
	c.String(200, string(out))
	// ok: go.command-injection (flow: assignments)
	exec.Command("file", "--brief", "--", bin).Run()
}

func Building(e echo.Context) error {
	host := e.QueryParam("host")
	// ruleid: go.command-injection (flow: string-building)
	exec.Command("bash", "-c", fmt.Sprintf("nslookup %s", host)).Run()
	args := strings.Join([]string{"tar", "czf", e.FormValue("name")}, " ")
	// ruleid: go.command-injection (flow: string-building)
	exec.Command("sh", "-c", args).Run()
	var sb strings.Builder
	sb.WriteString("convert ")
	sb.WriteString(e.Param("file"))
	// ruleid: go.command-injection (flow: string-building)
	exec.Command("cmd", "/C", sb.String()).Run()
	// ok: go.command-injection (flow: string-building)
	fmt.Printf("would run: sh -c nslookup %s\n", host)
	return nil
}

func Container(w http.ResponseWriter, r *http.Request) {
	job := map[string]string{"shell": "/bin/sh", "script": r.FormValue("script")}
	// ok: go.command-injection (flow: container)
	exec.Command(job["shell"], "-n", "/srv/check.sh").Run()
	// ruleid: go.command-injection (flow: container)
	exec.Command("sh", "-c", job["script"]).Run()
	var steps []string
	steps = append(steps, r.FormValue("step"))
	// ruleid: go.command-injection (flow: container)
	exec.Command("sh", "-c", strings.Join(steps, " && ")).Run()
}

func pingCommand(host string) string {
	return "ping -c 1 " + host
}

func runShell(line string) error {
	// ruleid: go.command-injection (flow: helper-function)
	return exec.Command("sh", "-c", line).Run()
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.command-injection (flow: helper-function)
	exec.Command("sh", "-c", pingCommand(r.FormValue("host"))).Run()
	runShell(r.PostFormValue("line"))
	// ok: go.command-injection (flow: helper-function)
	exec.Command("sh", "-c", pingCommand("localhost")).Run()
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	// ok: go.command-injection (flow: sanitized)
	exec.Command("sh", "-c", "ls -l "+shellescape.Quote(r.FormValue("dir"))).Run()
	tool := allowedTools[r.FormValue("tool")]
	// ok: go.command-injection (flow: sanitized)
	exec.Command(tool, "--version").Run()
	n, err := strconv.Atoi(r.FormValue("count"))
	if err != nil {
		return
	}
	// ok: go.command-injection (flow: number-conversion)
	exec.Command("sh", "-c", fmt.Sprintf("ping -c %d localhost", n)).Run()
}

func Constant(w http.ResponseWriter, r *http.Request) {
	cmd := r.FormValue("cmd")
	cmd = "uptime"
	// ok: go.command-injection (flow: constant-overwrite)
	exec.Command("sh", "-c", cmd).Run()
	prog := r.FormValue("prog")
	if false {
		prog = r.FormValue("other")
	} else {
		prog = "date"
	}
	// ok: go.command-injection (flow: dead-branch)
	exec.Command(prog).Run()
}

func Run(ctx context.Context, file, script string) error {
	// ok: go.command-injection
	exec.Command("sh", "-c", "convert "+file+" out.png").Run()
	// ok: go.command-injection
	return exec.CommandContext(ctx, "bash", "-c", script).Run()
}

// Compared with a constant, after lower-casing: the command is that constant in some case.
func Listing(w http.ResponseWriter, r *http.Request) {
	cmd := r.URL.Query().Get("cmd")
	if strings.ToLower(cmd) == "ls" {
		// ok: go.command-injection (flow: guard)
		exec.Command("sh", "-c", cmd).Run()
	}
	if strings.ToLower(cmd) != "ls" || cmd == "pwd" {
		// ruleid: go.command-injection (flow: guard)
		exec.Command("sh", "-c", cmd).Run()
	}
}
