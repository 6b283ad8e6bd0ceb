package data

import (
	"io/fs"
	"strings"
	"testing"
)

func TestEmbedded(t *testing.T) {
	sub, err := fs.Sub(corpusFiles, "corpus")
	if err != nil {
		t.Fatal(err)
	}
	c, err := Embedded()
	if _, statErr := fs.Stat(sub, "gt"); statErr != nil {
		// Not generated yet: a clear error, never a panic.
		if err == nil || !strings.Contains(err.Error(), "no documents yet") {
			t.Fatalf("empty embedded corpus: %v", err)
		}
		t.Skip("data/corpus not generated yet")
	}
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != EmbeddedName || len(c.Docs) == 0 {
		t.Fatalf("embedded corpus %q has %d docs", c.Name, len(c.Docs))
	}
	_, warns, err := LoadFS(sub, EmbeddedName, LoadOptions{})
	if err != nil || len(warns) != 0 {
		t.Errorf("embedded corpus is not clean: %v %q", err, warns)
	}
	for _, d := range c.Docs {
		if len(d.GT.Tokens) == 0 || len(d.OCR.Tokens) == 0 {
			t.Errorf("embedded doc %s is empty", d.Stem)
		}
	}
}
