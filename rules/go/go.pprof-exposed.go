// Fixture for go.pprof-exposed.
package main

import (
	"log"
	"net/http"
	// ruleid: go.pprof-exposed
	_ "net/http/pprof"
	// ok: go.pprof-exposed
	"net/http/httputil"
	// ok: go.pprof-exposed
	"runtime/pprof"
	// ok: go.pprof-exposed
	_ "embed"
)

// ruleid: go.pprof-exposed
import _ "net/http/pprof"

// ruleid: go.pprof-exposed
import _ `net/http/pprof`

func main() {
	_ = httputil.DumpRequest
	_ = pprof.StartCPUProfile
	log.Fatal(http.ListenAndServe(":8080", nil))
}
