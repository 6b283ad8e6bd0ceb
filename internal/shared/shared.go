// Package shared finds the benchmark corpora kept beside the project in
// ../shared/data, for tests and benchmarks. Tests that need a corpus call
// Corpus, which skips the test with a clear message when it is absent.
// CPUTime lets benchmarks report throughput per CPU-second.
package shared

import (
	"os"
	"path/filepath"
	"testing"
)

// Root returns the shared directory: $OCRFIX_SHARED when set, otherwise
// the "shared" directory beside the module root (the directory holding
// go.mod), found by walking up from the working directory. It returns ""
// when there is none.
func Root() string {
	if d := os.Getenv("OCRFIX_SHARED"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			s := filepath.Join(filepath.Dir(dir), "shared")
			if fi, err := os.Stat(s); err == nil && fi.IsDir() {
				return s
			}
			return ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

// Corpus returns the directory of the named benchmark corpus
// (shared/data/<name>), or skips tb when it is not there.
func Corpus(tb testing.TB, name string) string {
	tb.Helper()
	root := Root()
	if root == "" {
		tb.Skipf("benchmark corpus %s absent: no ../shared beside the module (set OCRFIX_SHARED to its path)", name)
	}
	dir := filepath.Join(root, "data", name)
	if _, err := os.Stat(filepath.Join(dir, "gt")); err != nil {
		tb.Skipf("benchmark corpus %s absent: %s has no gt/", name, dir)
	}
	return dir
}

// Texts returns the directory shared/texts/<name>, or skips tb when it is
// not there.
func Texts(tb testing.TB, name string) string {
	tb.Helper()
	root := Root()
	if root == "" {
		tb.Skipf("texts %s absent: no ../shared beside the module", name)
	}
	dir := filepath.Join(root, "texts", name)
	if _, err := os.Stat(dir); err != nil {
		tb.Skipf("texts %s absent: %v", name, err)
	}
	return dir
}
