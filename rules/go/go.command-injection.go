// Fixture for go.command-injection.
package tools

import (
	"context"
	"fmt"
	"os/exec"
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
