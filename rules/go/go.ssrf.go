// Fixture for go.ssrf: request data choosing the address the server fetches.
package proxy

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/go-resty/resty/v2"
	"github.com/labstack/echo/v4"
)

var client = &http.Client{}

var upstreams = map[string]string{"billing": "http://billing.internal/", "users": "http://users.internal/"}

func Direct(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.ssrf (flow: direct)
	resp, err := http.Get(r.URL.Query().Get("url"))
	if err != nil {
		return
	}
	defer resp.Body.Close()
	io.Copy(w, resp.Body)
	// ruleid: go.ssrf (flow: direct)
	client.Post(r.FormValue("callback"), "application/json", nil)
	// ok: go.ssrf (flow: direct)
	http.Get("https://api.example.com/status")
	// ok: go.ssrf (flow: direct)
	http.Post("https://hooks.example.com/notify", "text/plain", strings.NewReader(r.FormValue("msg")))
}

func GinFetch(c *gin.Context) {
	target := c.Query("target")
	// ruleid: go.ssrf (flow: assignments)
	req, _ := http.NewRequestWithContext(c.Request.Context(), http.MethodGet, target, nil)
	client.Do(req)
}

func EchoFetch(c echo.Context) error {
	rc := resty.New()
	// ruleid: go.ssrf (flow: direct)
	_, err := rc.R().SetHeader("Accept", "application/json").Get(c.QueryParam("feed"))
	return err
}

func Assignments(w http.ResponseWriter, r *http.Request) {
	hook := r.Header.Get("X-Webhook")
	endpoint := hook
	// ruleid: go.ssrf (flow: assignments)
	req, _ := http.NewRequest("POST", endpoint, nil)
	client.Do(req)
	// ok: go.ssrf (flow: assignments)
	req2, _ := http.NewRequest("POST", "https://hooks.example.com/in", strings.NewReader(endpoint))
	client.Do(req2)
}

func Building(w http.ResponseWriter, r *http.Request) {
	host := r.FormValue("host")
	// ruleid: go.ssrf (flow: string-building)
	http.Get("http://" + host + "/health")
	// ruleid: go.ssrf (flow: string-building)
	http.Head(fmt.Sprintf("https://%s:8443/", r.FormValue("node")))
	// ruleid: go.ssrf (flow: string-building)
	net.DialTimeout("tcp", net.JoinHostPort(host, "6379"), 0)
	// ok: go.ssrf (flow: string-building)
	http.Get("https://api.example.com/users/" + url.PathEscape(r.FormValue("id")))
	// ok: go.ssrf (flow: string-building)
	http.Get(fmt.Sprintf("https://api.example.com/search?q=%s", r.FormValue("q")))
}

func Container(w http.ResponseWriter, r *http.Request) {
	cfg := map[string]string{"metrics": "http://localhost:9090/metrics", "probe": r.FormValue("probe")}
	// ok: go.ssrf (flow: container)
	http.Get(cfg["metrics"])
	// ruleid: go.ssrf (flow: container)
	http.Get(cfg["probe"])
	var targets []string
	targets = append(targets, r.FormValue("t"))
	// ruleid: go.ssrf (flow: container)
	http.Get(targets[0])
}

func withScheme(h string) string {
	return "https://" + h
}

func fetch(ctx context.Context, u string) (*http.Response, error) {
	// ruleid: go.ssrf (flow: helper-function)
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return client.Do(req)
}

func Helper(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.ssrf (flow: helper-function)
	http.Get(withScheme(r.FormValue("host")))
	fetch(r.Context(), r.URL.Query().Get("u"))
	// ok: go.ssrf (flow: helper-function)
	http.Get(withScheme("status.example.com"))
}

func Sanitized(w http.ResponseWriter, r *http.Request) {
	base := upstreams[r.FormValue("service")]
	// ok: go.ssrf (flow: sanitized)
	http.Get(base)
	port, err := strconv.Atoi(r.FormValue("port"))
	if err != nil {
		return
	}
	// ok: go.ssrf (flow: number-conversion)
	http.Get("http://localhost:" + strconv.Itoa(port))
}

func Checked(w http.ResponseWriter, r *http.Request) {
	u, err := url.Parse(r.FormValue("url"))
	if err != nil || u.Hostname() != "images.example.com" {
		http.Error(w, "forbidden", http.StatusForbidden)
		return
	}
	// ok: go.ssrf (flow: sanitized)
	http.Get(u.String())
}

func Constant(w http.ResponseWriter, r *http.Request) {
	u := r.FormValue("url")
	u = "https://example.com/feed.xml"
	// ok: go.ssrf (flow: constant-overwrite)
	http.Get(u)
	mirror := r.FormValue("mirror")
	if false {
		mirror = r.FormValue("other")
	} else {
		mirror = "https://mirror.example.com/"
	}
	// ok: go.ssrf (flow: dead-branch)
	http.Get(mirror)
}

func Poll(feed string) {
	// ok: go.ssrf
	http.Get(feed)
}
