package data

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"ocrfix/internal/shared"
)

// writeTree creates the files of tree (slash path -> contents) under a
// new temporary directory and returns it. A name ending in "/" makes an
// empty directory.
func writeTree(t *testing.T, tree map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range tree {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if strings.HasSuffix(name, "/") {
			if err := os.MkdirAll(p, 0o755); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadDir(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"gt/b.txt":          "the cat\nsat",
		"gt/a.txt":          "\uFEFFhello world",
		"gt/.DS_Store":      "\x00\x01junk",
		"gt/sub/x.txt":      "ignored",
		"ocr/a.txt":         "hcllo world",
		"ocr/b.txt":         "",
		"ocr.latin/b.txt":   "the cot sat",
		"ocr.latin/zz.txt":  "extra",
		"ocr.enm/a.txt":     "he11o",
		"README.md":         "about",
		"manifest.tsv":      "x",
		"extra/matrix.csv":  "1,2",
		".git/config":       "x",
		"ocr.enm/.hidden":   "x",
		"ocr.latin/deep/c/": "",
	})
	c, warns, err := LoadDir(dir, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if c.Name != dir || !reflect.DeepEqual(c.Engines, []string{"enm", "latin"}) || len(c.Docs) != 2 {
		t.Fatalf("corpus %q engines %q docs %d", c.Name, c.Engines, len(c.Docs))
	}
	a, b := c.Docs[0], c.Docs[1]
	if a.Stem != "a" || b.Stem != "b" {
		t.Fatalf("stems %q %q", a.Stem, b.Stem)
	}
	if got := a.GT.Words(); !reflect.DeepEqual(got, []string{"hello", "world"}) {
		t.Errorf("a gt words %q (BOM must be stripped)", got)
	}
	if a.GT.Tokens[0].Start != 3 || string(a.GT.Source[:3]) != "\uFEFF" {
		t.Errorf("BOM handling: first token %+v", a.GT.Tokens[0])
	}
	if a.GT.Path != filepath.Join(dir, "gt", "a.txt") || a.GT.Format != FormatText {
		t.Errorf("path %q format %q", a.GT.Path, a.GT.Format)
	}
	if b.OCR == nil || len(b.OCR.Tokens) != 0 {
		t.Errorf("empty file: %+v", b.OCR)
	}
	if a.Alt[0] == nil || a.Alt[1] != nil || b.Alt[0] != nil || b.Alt[1] == nil {
		t.Errorf("alt alignment wrong: a %v b %v", a.Alt, b.Alt)
	}
	if got := b.Alt[1].Words(); !reflect.DeepEqual(got, []string{"the", "cot", "sat"}) {
		t.Errorf("b latin %q", got)
	}
	if len(warns) != 1 || !strings.Contains(warns[0], "zz") || !strings.Contains(warns[0], "ocr.latin") {
		t.Errorf("warnings %q", warns)
	}
	if c.Doc("b") != b || c.Doc("c") != nil || c.Doc("") != nil {
		t.Error("Corpus.Doc lookup")
	}
	s := c.Subset([]int{1, 0})
	if len(s.Docs) != 2 || s.Docs[0] != a || s.Name != c.Name {
		t.Error("Subset")
	}
}

func TestLoadDirErrors(t *testing.T) {
	tests := []struct {
		name string
		tree map[string]string
		want []string // substrings of the error
	}{
		{"no gt", map[string]string{"ocr/a.txt": "x"}, []string{"missing directory", "gt"}},
		{"no ocr", map[string]string{"gt/a.txt": "x"}, []string{"missing directory", "ocr"}},
		{"empty gt", map[string]string{"gt/": "", "ocr/a.txt": "x"}, []string{"gt", "no documents"}},
		{"only hidden", map[string]string{"gt/a.txt": "x", "ocr/.DS_Store": "x"}, []string{"ocr", "no documents"}},
		{"unpaired", map[string]string{"gt/a.txt": "x", "gt/b.txt": "x", "ocr/a.txt": "x", "ocr/c.txt": "y"},
			[]string{"1 stem(s) in gt/ have no file in ocr/: b"}},
		{"unpaired ocr", map[string]string{"gt/a.txt": "x", "ocr/a.txt": "x", "ocr/c.txt": "y"},
			[]string{"1 stem(s) in ocr/ have no file in gt/: c"}},
		{"duplicate stem", map[string]string{"gt/a.txt": "x", "ocr/a.txt": "x", "ocr/a.tsv": "y"},
			[]string{"a.tsv", "a.txt", "two files"}},
		{"unknown ext", map[string]string{"gt/a.txt": "x", "ocr/a.doc": "x"}, []string{"a.doc", "unknown file extension"}},
		{"binary", map[string]string{"gt/a.txt": "ok\nok\x00\x01\x02", "ocr/a.txt": "x"}, []string{"a.txt:2: binary file"}},
		{"invalid utf8", map[string]string{"gt/a.txt": "x", "ocr/a.txt": "line one\nline two\nbad \xff here"},
			[]string{filepath.Join("ocr", "a.txt") + ":3: invalid UTF-8"}},
		{"no reader", map[string]string{"gt/a.txt": "x", "ocr/a.fake": "x"}, []string{"a.fake"}},
	}
	for _, tc := range tests {
		dir := writeTree(t, tc.tree)
		_, _, err := LoadDir(dir, LoadOptions{})
		if err == nil {
			t.Errorf("%s: no error", tc.name)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q does not contain %q", tc.name, err, w)
			}
		}
	}
	missing := filepath.Join(t.TempDir(), "nope")
	if _, _, err := LoadDir(missing, LoadOptions{}); err == nil || !strings.Contains(err.Error(), missing) {
		t.Errorf("missing dir: %v", err)
	}
	file := filepath.Join(writeTree(t, map[string]string{"f": "x"}), "f")
	if _, _, err := LoadDir(file, LoadOptions{}); err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("file as dir: %v", err)
	}
}

func TestLoadUnpairedList(t *testing.T) {
	tree := map[string]string{"gt/a.txt": "x", "ocr/a.txt": "x"}
	for i := 0; i < 13; i++ {
		tree[fmt.Sprintf("gt/g%02d.txt", i)] = "x"
	}
	tree["ocr/o1.txt"] = "x"
	dir := writeTree(t, tree)
	_, _, err := LoadDir(dir, LoadOptions{})
	if err == nil || !strings.Contains(err.Error(), "13 stem(s)") || !strings.Contains(err.Error(), "g09 and 3 more") ||
		strings.Contains(err.Error(), "g10") {
		t.Fatalf("error %v", err)
	}
	c, warns, err := LoadDir(dir, LoadOptions{AllowUnpaired: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Docs) != 1 || c.Docs[0].Stem != "a" || len(warns) != 2 ||
		!strings.Contains(warns[0], "g00") || !strings.Contains(warns[1], "o1") {
		t.Fatalf("docs %d warns %q", len(c.Docs), warns)
	}
	// No stem in common is an error even with AllowUnpaired.
	dir = writeTree(t, map[string]string{"gt/a.txt": "x", "ocr/b.txt": "x"})
	if _, _, err := LoadDir(dir, LoadOptions{AllowUnpaired: true}); err == nil || !strings.Contains(err.Error(), "no stem") {
		t.Fatalf("disjoint: %v", err)
	}
}

func TestLoadFS(t *testing.T) {
	fsys := fstest.MapFS{
		"gt/x.txt":    {Data: []byte("a b")},
		"ocr/x.txt":   {Data: []byte("a c")},
		"README.md":   {Data: []byte("hi")},
		"extra/x.tsv": {Data: []byte("ignored")}, // tsv/ holds confidences (confidence.go)
	}
	c, warns, err := LoadFS(fsys, "mem", LoadOptions{})
	if err != nil || len(warns) != 0 {
		t.Fatal(err, warns)
	}
	if c.Name != "mem" || len(c.Docs) != 1 || c.Docs[0].OCR.Path != "mem/ocr/x.txt" || c.Engines != nil || c.Docs[0].Alt != nil {
		t.Fatalf("%+v %+v", c, c.Docs[0])
	}
}

func TestReadFile(t *testing.T) {
	dir := writeTree(t, map[string]string{"p.txt": "a\nb", "q.TXT": "", "r.bin": "x"})
	txt, err := ReadFile(filepath.Join(dir, "p.txt"))
	if err != nil || len(txt.Tokens) != 2 || txt.Tokens[1].Line != 2 {
		t.Fatal(txt, err)
	}
	if txt, err := ReadFile(filepath.Join(dir, "q.TXT")); err != nil || txt.Tokens != nil || txt.Format != FormatText {
		t.Fatal(txt, err)
	}
	if _, err := ReadFile(filepath.Join(dir, "r.bin")); err == nil || !strings.Contains(err.Error(), "r.bin") {
		t.Fatal(err)
	}
	if _, err := ReadFile(filepath.Join(dir, "none.txt")); err == nil || !strings.Contains(err.Error(), "none.txt") {
		t.Fatal(err)
	}
}

func TestStemAndFormat(t *testing.T) {
	for in, want := range map[string]string{"a/b.c.txt": "b.c", "x.hocr": "x", "noext": "noext"} {
		if got := Stem(in); got != want {
			t.Errorf("Stem(%q) = %q", in, got)
		}
	}
	for in, want := range map[string]Format{"a.txt": FormatText, "a.TSV": FormatTSV, "a.html": FormatHOCR, "a.hocr": FormatHOCR, "a.xml": FormatALTO} {
		if got, err := FormatOf(in); got != want || err != nil {
			t.Errorf("FormatOf(%q) = %q, %v", in, got, err)
		}
	}
}

func TestLoadADS(t *testing.T) {
	dir := shared.Corpus(t, "ads-fall2018")
	c, warns, err := LoadDir(dir, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(warns) != 0 {
		t.Errorf("warnings: %q", warns)
	}
	gt, ocr := 0, 0
	for _, d := range c.Docs {
		gt += len(d.GT.Tokens)
		ocr += len(d.OCR.Tokens)
	}
	if len(c.Docs) != 100 || gt != 294841 || ocr != 298728 {
		t.Errorf("docs %d gt tokens %d ocr tokens %d, want 100, 294841, 298728", len(c.Docs), gt, ocr)
	}
}

func BenchmarkLoadDirADS(b *testing.B) {
	dir := shared.Corpus(b, "ads-fall2018")
	for b.Loop() {
		if _, _, err := LoadDir(dir, LoadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTokenizeADS(b *testing.B) {
	dir := shared.Corpus(b, "ads-fall2018")
	var srcs [][]byte
	n := 0
	for _, side := range []string{"gt", "ocr"} {
		files, _ := filepath.Glob(filepath.Join(dir, side, "*.txt"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				b.Fatal(err)
			}
			srcs = append(srcs, src)
			n += len(src)
		}
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range srcs {
			Tokenize(s)
		}
	}
}

func TestLoadDirSymlinks(t *testing.T) {
	real := writeTree(t, map[string]string{"gt/a.txt": "x y", "o/a.txt": "x", "sub/": ""})
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(real, "gt"), filepath.Join(dir, "gt")); err != nil {
		t.Skip("no symlinks:", err)
	}
	os.Mkdir(filepath.Join(dir, "ocr"), 0o755)
	os.Symlink(filepath.Join(real, "o", "a.txt"), filepath.Join(dir, "ocr", "a.txt"))
	os.Symlink(filepath.Join(real, "sub"), filepath.Join(dir, "ocr", "linkeddir"))
	c, _, err := LoadDir(dir, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Docs) != 1 || len(c.Docs[0].GT.Tokens) != 2 || len(c.Docs[0].OCR.Tokens) != 1 {
		t.Fatalf("%+v", c.Docs[0])
	}
}

func TestLoadPair(t *testing.T) {
	dir := t.TempDir()
	for p, body := range map[string]string{
		"gt/a.txt": "one two\n", "gt/b.txt": "three\n", "gt/notes.md": "x",
		"pred/a.txt": "one too\n", "pred/c.txt": "extra\n",
	} {
		p = filepath.Join(dir, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	gt, pred := filepath.Join(dir, "gt"), filepath.Join(dir, "pred")
	if _, _, err := LoadPair(gt, pred, LoadOptions{}); err == nil || !strings.Contains(err.Error(), "without ground truth") {
		t.Errorf("unpaired prediction: %v", err)
	}
	c, warns, err := LoadPair(gt, pred, LoadOptions{AllowUnpaired: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Docs) != 2 || c.Docs[0].Stem != "a" || c.Docs[0].OCR == nil || c.Docs[1].OCR != nil || len(warns) != 2 {
		t.Errorf("docs %v, warnings %q", c.Docs, warns)
	}
	if _, _, err := LoadPair(filepath.Join(dir, "nope"), pred, LoadOptions{}); err == nil || !strings.Contains(err.Error(), "no such directory") {
		t.Errorf("missing directory: %v", err)
	}
}

// TestLoadPairRecursive: with Recursive, the truth and the predictions
// pair by their paths below the two directories (pages of one name in two
// issues stay apart), hidden directories are skipped, and two files of one
// stem in one subdirectory are an error naming both.
func TestLoadPairRecursive(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"gt/1850/page1.txt":      "the cat",
		"gt/1851/page1.txt":      "the dog",
		"gt/top.txt":             "a page",
		"pred/1850/page1.txt":    "tbe cat",
		"pred/1851/page1.txt":    "tbe dog",
		"pred/top.txt":           "a page",
		"pred/.cache/page1.txt":  "hidden",
		"gt/.git/ignored.txt":    "hidden",
		"pred2/1850/page1.txt":   "x",
		"pred2/1850/page1.hocr":  "x",
		"flatgt/page1.txt":       "x",
		"flatgt/sub/page2.txt":   "x",
		"flatpred/page1.txt":     "x",
		"flatpred/sub/page2.txt": "x",
	})
	c, _, err := LoadPair(filepath.Join(dir, "gt"), filepath.Join(dir, "pred"), LoadOptions{Recursive: true})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, d := range c.Docs {
		got = append(got, d.Stem+"="+strings.Join(d.OCR.Words(), " "))
	}
	if want := "1850/page1=tbe cat 1851/page1=tbe dog top=a page"; strings.Join(got, " ") != want {
		t.Errorf("got %q, want %q", strings.Join(got, " "), want)
	}
	_, _, err = LoadPair(filepath.Join(dir, "gt"), filepath.Join(dir, "pred2"), LoadOptions{Recursive: true, AllowUnpaired: true})
	if err == nil || !strings.Contains(err.Error(), `two files for the stem "1850/page1"`) {
		t.Errorf("two files of one stem: %v", err)
	}
	// without Recursive a subdirectory is not read
	c, _, err = LoadPair(filepath.Join(dir, "flatgt"), filepath.Join(dir, "flatpred"), LoadOptions{})
	if err != nil || len(c.Docs) != 1 {
		t.Errorf("not recursive: %v, %v", c, err)
	}
}
