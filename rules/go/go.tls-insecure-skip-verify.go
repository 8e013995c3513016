// Fixture for go.tls-insecure-skip-verify.
package client

import (
	"crypto/tls"
	"crypto/x509"
	"net/http"
)

func NewClient() *http.Client {
	tr := &http.Transport{
		// ruleid: go.tls-insecure-skip-verify
		TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
	}
	cfg := &tls.Config{}
	// ruleid: go.tls-insecure-skip-verify
	cfg.InsecureSkipVerify = true
	// ruleid: go.tls-insecure-skip-verify
	tr.TLSClientConfig.InsecureSkipVerify = true
	return &http.Client{Transport: tr}
}

func Configured(opts Options, pool *x509.CertPool) *tls.Config {
	// ok: go.tls-insecure-skip-verify
	a := &tls.Config{InsecureSkipVerify: opts.SkipVerify}
	// ok: go.tls-insecure-skip-verify
	b := &tls.Config{RootCAs: pool, InsecureSkipVerify: false}
	// ok: go.tls-insecure-skip-verify
	a.InsecureSkipVerify = false
	// ok: go.tls-insecure-skip-verify
	opts.Insecure = true
	if opts.InsecureSkipVerify {
		// ok: go.tls-insecure-skip-verify
		a.InsecureSkipVerify = true
	}
	_ = b
	return a
}

var insecureClient = &http.Client{Transport: &http.Transport{
	// ok: go.tls-insecure-skip-verify
	TLSClientConfig: &tls.Config{InsecureSkipVerify: true},
}}
