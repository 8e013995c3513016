// Fixture for go.tls-weak-version.
package server

import "crypto/tls"

func Legacy() *tls.Config {
	// ruleid: go.tls-weak-version
	a := &tls.Config{MinVersion: tls.VersionTLS10}
	// ruleid: go.tls-weak-version
	b := &tls.Config{MinVersion: tls.VersionSSL30, MaxVersion: tls.VersionTLS12}
	// ruleid: go.tls-weak-version
	a.MinVersion = tls.VersionTLS11
	_ = b
	return a
}

func Modern() *tls.Config {
	// ok: go.tls-weak-version
	a := &tls.Config{MinVersion: tls.VersionTLS12}
	// ok: go.tls-weak-version
	b := &tls.Config{MinVersion: tls.VersionTLS13}
	// ok: go.tls-weak-version
	c := &tls.Config{MaxVersion: tls.VersionTLS11}
	// ok: go.tls-weak-version
	if state.Version == tls.VersionTLS10 {
		return nil
	}
	_, _ = b, c
	return a
}
