// Fixture for go.log-injection: request data written raw into a log line.
package audit

import (
	"encoding/json"
	"fmt"
	"log"
	"log/slog"
	"net/http"
	"os"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
)

var logger = log.New(os.Stderr, "api ", log.LstdFlags)

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.log-injection (flow: direct)
	log.Printf("login attempt for %s", r.FormValue("user"))
	// ruleid: go.log-injection (flow: direct)
	fmt.Fprintln(os.Stderr, "search:", r.URL.Query().Get("q"))
	// ruleid: go.log-injection (flow: direct)
	logger.Println("agent", r.UserAgent())
	// ok: go.log-injection (flow: direct)
	log.Printf("login attempt for %q", r.FormValue("user"))
	// ok: go.log-injection (flow: direct)
	slog.Info("login attempt", "user", r.FormValue("user"))
	// ok: go.log-injection (flow: direct)
	fmt.Fprintf(w, "hello %s", r.FormValue("user"))
}

func Assignments(c *gin.Context) {
	user := c.PostForm("user")
	who := user
	// ruleid: go.log-injection (flow: assignments)
	log.Println("password reset requested by", who)
	// ok: go.log-injection (flow: assignments)
	log.Println("password reset requested")
}

func Building(w http.ResponseWriter, r *http.Request) {
	path := r.URL.Path
	line := "GET " + path + " " + r.Header.Get("X-Forwarded-For")
	// ruleid: go.log-injection (flow: string-building)
	log.Print(line)
	// ruleid: go.log-injection (flow: string-building)
	fmt.Fprintf(os.Stdout, "%v\n", fmt.Sprintf("[%s] %s", r.Method, r.RequestURI))
	var sb strings.Builder
	sb.WriteString("cookie=")
	c, err := r.Cookie("session")
	if err == nil {
		sb.WriteString(c.Value)
	}
	// ruleid: go.log-injection (flow: string-building)
	logger.Printf("%s", sb.String())
	// ok: go.log-injection (flow: string-building)
	log.Printf("request size %d", len(line))
}

func Container(w http.ResponseWriter, r *http.Request) {
	fields := map[string]string{"event": "upload", "name": r.FormValue("name")}
	// ok: go.log-injection (flow: container)
	log.Println("event", fields["event"])
	// ruleid: go.log-injection (flow: container)
	log.Println("file", fields["name"])
	var input struct{ Comment string }
	err := json.NewDecoder(r.Body).Decode(&input)
	if err != nil {
		// ok: go.log-injection (flow: container)
		log.Printf("bad body: %v", err)
		return
	}
	// ruleid: go.log-injection (flow: container)
	log.Printf("comment: %s", input.Comment)
}

func describe(ua string) string {
	return "client " + ua
}

func audit(event string) {
	// ruleid: go.log-injection (flow: helper-function)
	log.Println("audit:", event)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.log-injection (flow: helper-function)
	log.Println(describe(r.UserAgent()))
	audit(r.FormValue("event"))
	// ok: go.log-injection (flow: helper-function)
	log.Println(describe("healthcheck"))
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	// ok: go.log-injection (flow: sanitized)
	log.Println("user", strconv.Quote(r.FormValue("user")))
	clean := strings.ReplaceAll(r.FormValue("note"), "\n", " ")
	// ok: go.log-injection (flow: sanitized)
	log.Printf("note: %s", clean)
	stripped := strings.NewReplacer("\n", "", "\r", "").Replace(r.Referer())
	// ok: go.log-injection (flow: sanitized)
	log.Printf("referer: %s", stripped)
	n, _ := strconv.Atoi(r.FormValue("n"))
	// ok: go.log-injection (flow: number-conversion)
	log.Printf("page %v", n)
}

func Constant(w http.ResponseWriter, r *http.Request) {
	user := r.FormValue("user")
	user = "anonymous"
	// ok: go.log-injection (flow: constant-overwrite)
	log.Printf("visit by %s", user)
	src := r.Header.Get("X-Source")
	if false {
		src = r.FormValue("src")
	} else {
		src = "web"
	}
	// ok: go.log-injection (flow: dead-branch)
	log.Printf("source %s", src)
}

func Startup(addr string) {
	// ok: go.log-injection
	log.Printf("listening on %s", addr)
}
