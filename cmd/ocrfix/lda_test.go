package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ocrfix/lda"
)

// ldaCorpus writes a small two-theme corpus (gt/ and ocr/) and returns its
// directory.
func ldaCorpus(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	themes := [][]string{
		strings.Fields("ship sea harbour captain crew sail wind waves anchor deck"),
		strings.Fields("farmer field wheat harvest barn plough barley cattle meadow hay"),
	}
	for d := 0; d < 20; d++ {
		var b strings.Builder
		for i := 0; i < 120; i++ {
			w := themes[d%2][(i*7+d)%10]
			if i%9 == 0 {
				w = themes[1-d%2][i%10]
			}
			fmt.Fprintf(&b, "The %s, ", w)
			if i%10 == 9 {
				b.WriteString("\n")
			}
		}
		for _, sub := range []string{"gt", "ocr"} {
			p := filepath.Join(dir, sub, fmt.Sprintf("doc%02d.txt", d))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

func ldaRun(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestLDACommandDeterministic(t *testing.T) {
	corpus := ldaCorpus(t)
	out := t.TempDir()
	var files [2][]byte
	for i := range files {
		p := filepath.Join(out, fmt.Sprintf("m%d.lda", i))
		code, stdout, stderr := ldaRun("lda", "-corpus", corpus, "-k", "2", "-iters", "40", "-seed", "7", "-o", p)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		for _, want := range []string{"topic  0:", "topic  1:", "held-out perplexity", "18 training documents, 2 held out"} {
			if !strings.Contains(stdout, want) {
				t.Errorf("output lacks %q:\n%s", want, stdout)
			}
		}
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = b
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Fatal("two runs with the same seed wrote different model files")
	}
	m, err := lda.Read(bytes.NewReader(files[0]))
	if err != nil {
		t.Fatal(err)
	}
	// The topics separate the two themes.
	for k := 0; k < 2; k++ {
		top := strings.Join(m.TopWords(k, 5), " ")
		sea := strings.Contains(top, "ship") || strings.Contains(top, "sea") || strings.Contains(top, "crew")
		farm := strings.Contains(top, "wheat") || strings.Contains(top, "farmer") || strings.Contains(top, "barn")
		if sea == farm {
			t.Errorf("topic %d mixes the themes: %s", k, top)
		}
	}
	// Another seed gives another file.
	p := filepath.Join(out, "other.lda")
	if code, _, stderr := ldaRun("lda", "-corpus", corpus, "-k", "2", "-iters", "40", "-seed", "8", "-o", p); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if b, _ := os.ReadFile(p); bytes.Equal(b, files[0]) {
		t.Error("seeds 7 and 8 wrote the same model")
	}
}

func TestLDACommandDumps(t *testing.T) {
	corpus := ldaCorpus(t)
	out := t.TempDir()
	docs, phi := filepath.Join(out, "docs.tsv"), filepath.Join(out, "phi.tsv")
	code, _, stderr := ldaRun("lda", "-corpus", corpus, "-k", "3", "-iters", "10", "-top", "0",
		"-dump-docs", docs, "-dump-phi", phi)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	d, _ := os.ReadFile(docs)
	lines := strings.Split(strings.TrimSuffix(string(d), "\n"), "\n")
	if len(lines) != 20 || strings.Count(string(d), "test\t") != 2 {
		t.Fatalf("docs dump: %d lines, %d test docs", len(lines), strings.Count(string(d), "test\t"))
	}
	if f := strings.Split(lines[0], "\t"); len(f) != 3 || strings.Contains(f[2], "The") || strings.Contains(f[2], ",") {
		t.Errorf("docs dump line %q: want split, stem, normalised words", lines[0])
	}
	p, _ := os.ReadFile(phi)
	rows := strings.Split(strings.TrimSuffix(string(p), "\n"), "\n")
	if len(rows) != 20 || len(strings.Split(rows[0], "\t")) != 4 {
		t.Errorf("phi dump: %d rows, first %q", len(rows), rows[0])
	}
}

func TestLDACommandErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		code int
	}{
		{[]string{"lda", "-k", "0"}, 2},
		{[]string{"lda", "-iters", "0"}, 2},
		{[]string{"lda", "-alpha", "-1"}, 2},
		{[]string{"lda", "-k", "-3"}, 2},
		{[]string{"lda", "-iters", "10", "-burnin", "10"}, 2},
		{[]string{"lda", "-holdout", "1.5"}, 2},
		{[]string{"lda", "extra"}, 2},
		{[]string{"lda", "-corpus", "/nonexistent/corpus"}, 1},
	} {
		code, _, stderr := ldaRun(c.args...)
		if code != c.code || stderr == "" {
			t.Errorf("%v: exit %d (want %d), stderr %q", c.args, code, c.code, stderr)
		}
	}
}
