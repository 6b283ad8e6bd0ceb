package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestBenchTransfer(t *testing.T) {
	a, b := synthCorpusSeed(t, 6, 3), synthCorpusSeed(t, 6, 5)
	common := []string{"-nodict", "-no-lda", "-no-vectors"}
	code, out, errs := runCmd(append([]string{"bench", "-transfer", "-collection", a, "-collection", b, "-json"}, common...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		Collections []struct {
			Corpus    string         `json:"corpus"`
			Docs      int            `json:"docs"`
			GTWords   int            `json:"gt_words"`
			Corrected float64        `json:"corrected_recall"`
			Raw       float64        `json:"raw_recall"`
			Made      map[string]int `json:"changes_made"`
			Margins   []*float64     `json:"margins"`
		} `json:"collections"`
		All struct {
			Docs int `json:"docs"`
		} `json:"all"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(rep.Collections) != 2 || rep.All.Docs != 12 {
		t.Fatalf("want 2 collections of 6 documents: %+v", rep)
	}
	for _, c := range rep.Collections {
		if c.Docs != 6 || c.GTWords == 0 || c.Corrected < c.Raw {
			t.Errorf("%s: %+v", c.Corpus, c)
		}
		if _, ok := c.Made["punctuation"]; !ok || len(c.Margins) != 14 {
			t.Errorf("%s: changes by kind %v, margins %d", c.Corpus, c.Made, len(c.Margins))
		}
	}
	code, out, errs = runCmd(append([]string{"bench", "-train", a, "-test", b}, common...)...)
	if code != 0 || !strings.Contains(out, "train on "+a) || !strings.Contains(out, "changes by kind") {
		t.Errorf("-train/-test: exit %d\n%s\n%s", code, out, errs)
	}
	// one model, two collections corrected: a row each, and the same
	// figures for b as when it is corrected alone
	c := synthCorpusSeed(t, 4, 7)
	code, out2, errs := runCmd(append([]string{"bench", "-train", a, "-test", b, "-test", c, "-json"}, common...)...)
	if code != 0 {
		t.Fatalf("-test twice: exit %d: %s", code, errs)
	}
	code, out1, errs := runCmd(append([]string{"bench", "-train", a, "-test", b, "-json"}, common...)...)
	if code != 0 {
		t.Fatalf("-test once: exit %d: %s", code, errs)
	}
	var two, one struct {
		Collections []struct {
			Corpus  string   `json:"corpus"`
			Docs    int      `json:"docs"`
			Matched int      `json:"corrected_matched"`
			Habits  []string `json:"habits"`
		} `json:"collections"`
	}
	if err := json.Unmarshal([]byte(out2), &two); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(out1), &one); err != nil {
		t.Fatal(err)
	}
	if len(two.Collections) != 2 || two.Collections[1].Docs != 4 || len(one.Collections) != 1 ||
		two.Collections[0].Matched != one.Collections[0].Matched || two.Collections[0].Habits == nil {
		t.Errorf("-test twice: %+v; once: %+v", two, one)
	}
	// the same pages in another directory are no held-out collection
	code, _, errs = runCmd(append([]string{"bench", "-train", a, "-test", synthCorpusSeed(t, 3, 3)}, common...)...)
	if code != 1 || !strings.Contains(errs, "same ground truth") {
		t.Errorf("a copy of the training pages as -test: exit %d: %s", code, errs)
	}
	for _, args := range [][]string{{"bench", "-train", a}, {"bench", "-test", b}, {"bench", "-transfer", "-corpus", a}} {
		if code, _, _ := runCmd(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
}

func TestProfileCommand(t *testing.T) {
	dir := synthCorpus(t, 4)
	tmp := t.TempDir()
	p := filepath.Join(tmp, "a.prof")
	code, out, errs := runCmd("profile", "-o", p, filepath.Join(dir, "ocr"))
	if code != 0 || !strings.Contains(out, "profile of 4 documents") {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	q := filepath.Join(tmp, "b.prof")
	p2 := filepath.Join(tmp, "a2.prof")
	if b, err := os.ReadFile(p); err != nil || os.WriteFile(p2, b, 0o644) != nil {
		t.Fatal(err)
	}
	// flags may follow the inputs
	if code, out, errs := runCmd("profile", p, p2, "-o", q); code != 0 || !strings.Contains(out, "profile of 8 documents (2 inputs)") {
		t.Errorf("merge: exit %d: %s %s", code, out, errs)
	}
	// a document or profile named twice counts twice nowhere: an error
	ocrDir := filepath.Join(dir, "ocr")
	ents, _ := os.ReadDir(ocrDir)
	for _, args := range [][]string{{p, p}, {ocrDir, filepath.Join(ocrDir, ents[0].Name())}, {ocrDir, ocrDir + "/"}} {
		if code, _, errs := runCmd(append([]string{"profile", "-o", filepath.Join(tmp, "dup.prof")}, args...)...); code != 1 || !strings.Contains(errs, "is named twice") {
			t.Errorf("profile %q: exit %d: %s", args, code, errs)
		}
	}
	// an output not named .prof (an OCR file's name, the output forgotten)
	// is refused before anything is written
	page := filepath.Join(ocrDir, ents[0].Name())
	before, _ := os.ReadFile(page)
	if code, _, errs := runCmd("profile", "-o", page, ocrDir); code != 2 || !strings.Contains(errs, "a profile's name ends with .prof") {
		t.Errorf("profile -o PAGE: exit %d: %s", code, errs)
	}
	if after, _ := os.ReadFile(page); string(after) != string(before) {
		t.Error("profile -o PAGE overwrote the page")
	}
	// standard input is no input of a profile; an output under a file is
	// refused before any work
	if code, _, errs := runCmd("profile", "-o", filepath.Join(tmp, "s.prof"), "-"); code != 2 || !strings.Contains(errs, "not standard input") {
		t.Errorf("profile -: exit %d: %s", code, errs)
	}
	if code, _, errs := runCmd("profile", "-o", filepath.Join(p, "x.prof"), ocrDir); code != 1 || !strings.Contains(errs, "a.prof is a file, not a directory") {
		t.Errorf("profile -o under a file: exit %d: %s", code, errs)
	}
	// a directory without OCR files says so; a subdirectory is skipped
	// aloud
	empty := filepath.Join(tmp, "empty")
	os.MkdirAll(filepath.Join(empty, "sub"), 0o755)
	if code, _, errs := runCmd("profile", "-o", filepath.Join(tmp, "e.prof"), empty); code != 1 || !strings.Contains(errs, "no OCR files") || !strings.Contains(errs, "skipping "+filepath.Join(empty, "sub")) {
		t.Errorf("profile of an empty directory: exit %d: %s", code, errs)
	}
	// correct with a given profile, and with a corrupt one.
	model := filepath.Join(tmp, "m.model")
	if code, _, errs := runCmd("train", "-corpus", dir, "-o", model, "-nodict", "-no-lda", "-no-vectors"); code != 0 {
		t.Fatalf("train: %s", errs)
	}
	if code, _, errs := runCmd("correct", "-model", model, "-profile", q, "-o", filepath.Join(tmp, "out"), filepath.Join(dir, "ocr")); code != 0 {
		t.Errorf("correct -profile: exit %d: %s", code, errs)
	}
	b, _ := os.ReadFile(p)
	bad := filepath.Join(tmp, "bad.prof")
	os.WriteFile(bad, b[:len(b)-9], 0o644)
	out2 := filepath.Join(tmp, "out2")
	if code, _, errs := runCmd("correct", "-model", model, "-profile", bad, "-o", out2, filepath.Join(dir, "ocr")); code != 1 || !strings.Contains(errs, "bad.prof") {
		t.Errorf("corrupt profile: exit %d: %s", code, errs)
	}
	if _, err := os.Stat(out2); err == nil {
		t.Error("corrupt profile: output written")
	}
	if code, _, _ := runCmd("profile", filepath.Join(dir, "ocr")); code != 2 {
		t.Errorf("profile without -o: exit %d, want 2", code)
	}
}

// TestOutputChecks: outputs that would replace an input, two outputs on
// one file, an output in a missing directory, and flag values no run can
// use are refused before any work.
func TestOutputChecks(t *testing.T) {
	dir := synthCorpus(t, 4)
	tmp := t.TempDir()
	ents, _ := os.ReadDir(filepath.Join(dir, "gt"))
	gtFile := filepath.Join(dir, "gt", ents[0].Name())
	before, _ := os.ReadFile(gtFile)
	model := filepath.Join(tmp, "m.model")
	os.WriteFile(model, []byte("not read"), 0o644)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"train", "-corpus", dir, "-o", gtFile, "-nodict"}, 1, "is in the corpus's gt/"},
		{[]string{"train", "-corpus", dir, "-o", filepath.Join(tmp, "no", "m.model"), "-nodict"}, 1, "does not exist"},
		{[]string{"features", "-corpus", dir, "-model", model, "-o", model}, 1, "is the input"},
		{[]string{"features", "-corpus", dir, "-model", model, "-o", filepath.Join(tmp, "a.tsv"), "-doc", filepath.Join(tmp, "a.tsv")}, 2, "name the same file"},
		{[]string{"features", "extra", "-corpus", dir, "-model", model, "-o", filepath.Join(tmp, "a.tsv")}, 2, "unexpected arguments"},
		{[]string{"lda", "-corpus", dir, "-o", filepath.Join(tmp, "l.bin"), "-dump-phi", filepath.Join(tmp, "l.bin")}, 2, "name the same file"},
		{[]string{"lda", "-corpus", dir, "-alpha", "0"}, 2, "-alpha 0"},
		{[]string{"lda", "-corpus", dir, "-partitions", "0"}, 2, "-partitions 0"},
		{[]string{"candgen", "-corpus", dir, "-k", "-1"}, 2, "-k -1"},
		{[]string{"candgen", "-corpus", dir, "-mass", "2"}, 2, "-mass 2"},
		{[]string{"candgen", "-corpus", dir, "-oracle", "-o", filepath.Join(tmp, "c.tsv")}, 2, "choose one"},
		{[]string{"confusion", "-corpus", dir, "-o", filepath.Join(dir, "ocr", "x.tsv")}, 1, "is in the corpus's ocr/"},
		{[]string{"eval", "-fuzzy", "0", gtFile, gtFile}, 2, "-fuzzy 0"},
		{[]string{"bench", "-train", dir, "-test", dir}, 2, "its labels would train the model that corrects it"},
		{[]string{"bench", "-train", dir, "-test", dir + "/", "-folds", "3"}, 2, "-folds is for the k-fold bench"},
	} {
		code, _, errs := runCmd(c.args...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("%q: exit %d, %q; want exit %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
	if after, _ := os.ReadFile(gtFile); string(after) != string(before) {
		t.Error("an input was overwritten")
	}
}
