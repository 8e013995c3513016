// Fixture for go.gin-debug-mode.
package main

import (
	"os"

	"github.com/gin-gonic/gin"
)

func main() {
	// ruleid: go.gin-debug-mode
	gin.SetMode(gin.DebugMode)
	r := gin.Default()
	r.Run(":8080")
}

func setup() {
	// ruleid: go.gin-debug-mode
	gin.SetMode("debug")
}

func init() {
	// ruleid: go.gin-debug-mode
	defer gin.SetMode(gin.DebugMode)
}

func configured(debug bool) {
	// ok: go.gin-debug-mode
	gin.SetMode(gin.ReleaseMode)
	// ok: go.gin-debug-mode
	gin.SetMode(os.Getenv("GIN_MODE"))
	if debug {
		// ok: go.gin-debug-mode
		gin.SetMode(gin.DebugMode)
	}
	// ok: go.gin-debug-mode
	mode := gin.DebugMode
	_ = mode
}
