// Fixture for go.defer-in-loop.
package files

import (
	"os"
	"sync"
)

func ReadAll(paths []string, mu *sync.Mutex) error {
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		// ruleid: go.defer-in-loop
		defer f.Close()
	}
	for i := 0; i < 3; i++ {
		mu.Lock()
		// ruleid: go.defer-in-loop
		defer mu.Unlock()
		if i > 0 {
			// ruleid: go.defer-in-loop
			defer cleanup(i)
		}
	}
	return nil
}

func ReadEach(paths []string) error {
	// ok: go.defer-in-loop
	defer flush()
	for _, p := range paths {
		err := func() error {
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			// ok: go.defer-in-loop
			defer f.Close()
			return nil
		}()
		if err != nil {
			return err
		}
	}
	go func() {
		for range ticks {
			work()
		}
	}()
	// ok: go.defer-in-loop
	defer close(done)
	for {
		resp, err := client.Get(url)
		if err == nil {
			// ok: go.defer-in-loop
			defer resp.Body.Close()
			return decode(resp.Body)
		}
	}
}
