// Fixture for go.cors-credentials-any-origin.
package api

import (
	"net/http"

	ginCors "github.com/gin-contrib/cors"
	"github.com/rs/cors"
)

func Router() {
	// ruleid: go.cors-credentials-any-origin
	c := cors.New(cors.Options{AllowedOrigins: []string{"*"}, AllowCredentials: true})
	// ruleid: go.cors-credentials-any-origin
	g := ginCors.New(cors.Config{AllowAllOrigins: true, AllowCredentials: true, AllowMethods: []string{"GET"}})
	h := cors.New(cors.Options{
		// ruleid: go.cors-credentials-any-origin
		AllowOriginFunc:  func(origin string) bool { return true },
		AllowCredentials: true,
	})
	_, _, _ = c, g, h
}

func Middleware(w http.ResponseWriter, r *http.Request) {
	// ruleid: go.cors-credentials-any-origin
	w.Header().Set("Access-Control-Allow-Origin", r.Header.Get("Origin"))
	w.Header().Set("Access-Control-Allow-Credentials", "true")
}

func SafeRouter() {
	// ok: go.cors-credentials-any-origin
	c := cors.New(cors.Options{AllowedOrigins: []string{"https://app.example.com"}, AllowCredentials: true})
	// ok: go.cors-credentials-any-origin
	d := cors.New(cors.Options{AllowedOrigins: []string{"*"}})
	_, _ = c, d
}

func SafeMiddleware(w http.ResponseWriter, r *http.Request) {
	origin := r.Header.Get("Origin")
	if allowedOrigins[origin] {
		// ok: go.cors-credentials-any-origin
		w.Header().Set("Access-Control-Allow-Origin", origin)
		w.Header().Set("Access-Control-Allow-Credentials", "true")
	}
}

func Public(w http.ResponseWriter, r *http.Request) {
	// ok: go.cors-credentials-any-origin
	w.Header().Set("Access-Control-Allow-Origin", "*")
}
