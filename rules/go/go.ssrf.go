// Fixture for go.ssrf.
package proxy

import (
	"fmt"
	"io"
	"net/http"

	"github.com/gin-gonic/gin"
)

func Fetch(w http.ResponseWriter, r *http.Request) {
	log.Printf("fetch for %s", r.Host)
	// ruleid: go.ssrf
	resp, err := http.Get(r.URL.Query().Get("url"))
	if err != nil {
		return
	}
	io.Copy(w, resp.Body)
}

func Hook(w http.ResponseWriter, r *http.Request) {
	target := r.FormValue("callback")
	// ruleid: go.ssrf
	req, _ := http.NewRequestWithContext(r.Context(), http.MethodPost, target, nil)
	// ruleid: go.ssrf
	resp, _ := client.Get(fmt.Sprintf("%s/status", r.Header.Get("X-Upstream")))
	_, _ = req, resp
}

func Preview(c *gin.Context) {
	// ruleid: go.ssrf
	req, _ := http.NewRequest("GET", c.Query("u"), nil)
	// ok: go.ssrf
	v, _ := c.Get(c.Query("key"))
	_, _ = req, v
}

func Safe(w http.ResponseWriter, r *http.Request) {
	// ok: go.ssrf
	resp, _ := http.Get("https://api.example.com/v1/status")
	// ok: go.ssrf
	resp, _ = http.Get("https://api.example.com/v1/users/" + r.FormValue("id"))
	// ok: go.ssrf
	req, _ := http.NewRequest("GET", fmt.Sprintf("%s/items?q=%s", apiBase, r.FormValue("q")), nil)
	// ok: go.ssrf
	v := cache.Get(r.FormValue("key"))
	_, _, _ = resp, req, v
}

func SafeChecked(w http.ResponseWriter, r *http.Request) {
	u, err := url.Parse(r.FormValue("url"))
	if err != nil || !allowedHosts[u.Hostname()] {
		return
	}
	// ok: go.ssrf
	resp, _ := http.Get(r.FormValue("url"))
	_ = resp
}
