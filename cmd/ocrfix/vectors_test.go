package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ocrfix/vectors"
)

// vectorsCorpus writes a small corpus directory (gt/ and ocr/) whose
// documents repeat a few sentences.
func vectorsCorpus(t *testing.T) string {
	dir := t.TempDir()
	for _, sub := range []string{"gt", "ocr"} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	sentences := []string{
		"The horse eats the grass in the meadow.",
		"The cattle graze the grass in the meadow.",
		"A train leaves the station for the city.",
		"A coach leaves the station for the town.",
	}
	for d := 0; d < 3; d++ {
		var b strings.Builder
		for i := 0; i < 40; i++ {
			b.WriteString(sentences[(i*7+d)%len(sentences)])
			b.WriteByte('\n')
		}
		for _, sub := range []string{"gt", "ocr"} {
			p := filepath.Join(dir, sub, fmt.Sprintf("doc%d.txt", d))
			if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

func TestVectorsCommand(t *testing.T) {
	dir := vectorsCorpus(t)
	out := filepath.Join(t.TempDir(), "v.bin")
	args := []string{"vectors", "-corpus", dir, "-dim", "12", "-epochs", "2", "-seed", "3", "-o", out, "-words", "horse,zebra", "-n", "3"}
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	for _, want := range []string{"3 gt documents", "words/s", "horse: ", "zebra: not in the vocabulary"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
	v, err := vectors.LoadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if v.Dim != 12 || v.Len() == 0 {
		t.Errorf("loaded %d words of dim %d", v.Len(), v.Dim)
	}
	// the same seed writes the same bytes
	first, _ := os.ReadFile(out)
	stdout.Reset()
	if code := run(args, &stdout, &stderr); code != 0 {
		t.Fatalf("second run: exit %d: %s", code, stderr.String())
	}
	second, _ := os.ReadFile(out)
	if !bytes.Equal(first, second) {
		t.Error("two runs with the same seed wrote different files")
	}
}

func TestVectorsCommandUsage(t *testing.T) {
	dir := vectorsCorpus(t)
	out := filepath.Join(t.TempDir(), "v.bin")
	for _, args := range [][]string{
		{"vectors", "-corpus", dir},
		{"vectors", "-corpus", dir, "-o", out, "-dim", "0"},
		{"vectors", "-corpus", dir, "-o", out, "extra"},
		{"vectors", "-corpus", dir, "-o", out, "-alpha", "-1"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 2 {
			t.Errorf("%q: exit %d, want 2 (%s)", args, code, stderr.String())
		}
	}
	var stdout, stderr bytes.Buffer
	if code := run([]string{"vectors", "-corpus", filepath.Join(dir, "missing"), "-o", out}, &stdout, &stderr); code != 1 {
		t.Errorf("missing corpus: exit %d, want 1", code)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed run left an output file")
	}
}
