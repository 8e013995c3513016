// Fixture for go.empty-error-check.
package store

import "os"

func Save(path string, data []byte) error {
	err := os.WriteFile(path, data, 0o600)
	// ruleid: go.empty-error-check
	if err != nil {}
	// ruleid: go.empty-error-check
	if err := os.Chmod(path, 0o600); err != nil {
	}
	// ruleid: go.empty-error-check
	if closeErr != nil { }
	// ok: go.empty-error-check
	if err != nil {
		return err
	}
	// ok: go.empty-error-check
	if err != nil {
		// best effort: the file may already be gone
	}
	// ok: go.empty-error-check
	if err == nil {}
	// ok: go.empty-error-check
	if err != nil { return err }
	// ruleid: go.empty-error-check
	if err != nil {
	} else {
		log.Print("saved")
	}
	return nil
}
