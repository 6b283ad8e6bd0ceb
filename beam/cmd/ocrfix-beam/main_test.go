package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"

	ocrbeam "ocrfix/beam"
	"ocrfix/data"
	"ocrfix/model"
)

// TestCorrectCommand runs "ocrfix-beam correct" in this process on prism
// (once: the command line's flags are global to the process) with a bad
// file among the inputs.
func TestCorrectCommand(t *testing.T) {
	beamlog.LogLevel = "warn"
	c, err := data.Embedded()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range c.Docs[:2] {
		if err := os.WriteFile(filepath.Join(in, d.Stem+".txt"), d.OCR.Source, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(in, "bad.txt"), []byte("a\x00b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	opt := model.DefaultOptions()
	opt.LDA.K, opt.LDA.Iters, opt.LDA.BurnIn = 4, 20, 10
	opt.NoVectors = true
	m, err := model.Train(c.Docs[10:14], opt)
	if err != nil {
		t.Fatal(err)
	}
	var mb bytes.Buffer
	if _, err := m.WriteTo(&mb); err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(dir, "m.model")
	if err := os.WriteFile(mod, mb.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	out := filepath.Join(dir, "out") + "/"
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	var stdout, stderr bytes.Buffer
	err = run([]string{"correct", "--input", filepath.Join(in, "*.txt"), "--output", out, "--model", mod}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr.Bytes())
	}
	// nothing left in the temporary directory (runPipeline)
	if left, _ := os.ReadDir(tmp); len(left) > 0 || os.Getenv("TMPDIR") != tmp {
		t.Errorf("left in TMPDIR %s: %v (TMPDIR now %q)", tmp, left, os.Getenv("TMPDIR"))
	}
	if msg := stderr.String(); !strings.Contains(msg, "corrected 2 files") || !strings.Contains(msg, "1 inputs left out") {
		t.Errorf("stderr: %s", msg)
	}
	for _, d := range c.Docs[:2] {
		if _, err := os.Stat(filepath.Join(out, d.Stem+".txt")); err != nil {
			t.Error(err)
		}
	}
	dl, err := os.ReadFile(filepath.Join(out, ocrbeam.DeadLetterName))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(dl), "bad.txt:1: binary file") {
		t.Errorf("dead letters: %s", dl)
	}
}

func TestUnknownCommand(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if err := run([]string{"nosuch"}, &stdout, &stderr); !errors.As(err, new(errUsage)) {
		t.Errorf("want a usage error, got %v", err)
	}
}

// TestCorrectBadLineBreaks: a --line-breaks mode that is none is a usage
// error naming the flag, before any input is read.
func TestCorrectBadLineBreaks(t *testing.T) {
	var stdout, stderr bytes.Buffer
	err := run([]string{"correct", "--input", "nosuch/*.txt", "--output", t.TempDir(), "--line-breaks", "hyphen"}, &stdout, &stderr)
	if !errors.As(err, new(errUsage)) || !strings.Contains(err.Error(), "--line-breaks") {
		t.Errorf("want a usage error naming --line-breaks, got %v", err)
	}
}
