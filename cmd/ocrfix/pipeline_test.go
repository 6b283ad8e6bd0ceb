package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ocrfix/data"
	"ocrfix/data/wordlist"
)

// synthCorpus writes a corpus of n documents whose OCR has systematic
// confusions (i -> l, m -> rn) on a share of the words, in a new directory.
func synthCorpus(t *testing.T, n int) string {
	t.Helper()
	return synthCorpusSeed(t, n, 3)
}

// synthCorpusSeed is synthCorpus with other words for each seed (the same
// seed, the same corpus).
func synthCorpusSeed(t *testing.T, n int, seed uint64) string {
	t.Helper()
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(seed, 4))
	vocab := strings.Fields(`which committee important minister members information the of and to in
		is that for it as with was on be by this are from at government economic policy report`)
	files := map[string]string{}
	for d := 0; d < n; d++ {
		var gt, ocr strings.Builder
		for l := 0; l < 30; l++ {
			for w := 0; w < 8; w++ {
				word := vocab[rng.IntN(len(vocab))]
				o := word
				if rng.Float64() < 0.3 {
					if rng.IntN(2) == 0 {
						o = strings.Replace(word, "i", "l", 1)
					} else {
						o = strings.Replace(word, "m", "rn", 1)
					}
				}
				if w > 0 {
					gt.WriteByte(' ')
					ocr.WriteByte(' ')
				}
				gt.WriteString(word)
				ocr.WriteString(o)
			}
			gt.WriteString("\n")
			ocr.WriteString("\n")
		}
		files[fmt.Sprintf("gt/d%02d.txt", d)] = gt.String()
		files[fmt.Sprintf("ocr/d%02d.txt", d)] = ocr.String()
	}
	writeFiles(t, dir, files)
	return dir
}

func TestBenchCommand(t *testing.T) {
	dir := synthCorpus(t, 8)
	code, out, errs := runCmd("bench", "-corpus", dir, "-folds", "2", "-json", "-peers", "-nodict")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("bench -json output is not JSON: %v\n%s", err, out)
	}
	for _, k := range []string{"docs", "folds", "raw_recall", "corrected_recall", "oracle_recall", "error_reduction",
		"broken_rate", "oracle_gain_captured", "train_seconds", "correct_words_per_second"} {
		if _, ok := rep[k]; !ok {
			t.Errorf("bench -json lacks %q", k)
		}
	}
	raw, _ := rep["raw_recall"].(float64)
	corr, _ := rep["corrected_recall"].(float64)
	oracle, _ := rep["oracle_recall"].(float64)
	if !(corr > raw) || oracle < corr {
		t.Errorf("raw %.3f, corrected %.3f, oracle %.3f: want raw < corrected <= oracle", raw, corr, oracle)
	}
	if _, ok := rep["hunspell_recall"]; !ok {
		if _, noHun := rep["hunspell_error"]; !noHun {
			t.Error("-peers: neither hunspell_recall nor hunspell_error")
		} else {
			t.Logf("hunspell baseline not run: %v", rep["hunspell_error"])
		}
	}
	// The table form, with the built-in word list.
	code, out, errs = runCmd("bench", "-corpus", dir, "-folds", "2")
	if code != 0 || !strings.Contains(out, "ocrfix corrected") || !strings.Contains(out, "oracle") {
		t.Errorf("bench table: exit %d\n%s%s", code, out, errs)
	}
	if want := "lexicon: the training truth and " + wordlist.Name; !strings.Contains(out, want) {
		t.Errorf("bench table: %q missing:\n%s", want, out)
	}
}

func TestTrainCorrectCommands(t *testing.T) {
	dir := synthCorpus(t, 6)
	tmp := t.TempDir()
	modelPath := filepath.Join(tmp, "m.model")
	if code, _, errs := runCmd("train", "-corpus", dir, "-o", modelPath, "-nodict"); code != 0 {
		t.Fatalf("train: exit %d: %s", code, errs)
	}
	outDir := filepath.Join(tmp, "out")
	repDir := filepath.Join(tmp, "report")
	code, _, errs := runCmd("correct", "-model", modelPath, "-o", outDir, "-report", repDir, filepath.Join(dir, "ocr"))
	if code != 0 {
		t.Fatalf("correct: exit %d: %s", code, errs)
	}
	if page, err := os.ReadFile(filepath.Join(repDir, "index.html")); err != nil || !strings.Contains(string(page), `"d00.txt"`) {
		t.Errorf("correct -report: no index.html listing d00.txt (%v)", err)
	}
	in, _ := os.ReadFile(filepath.Join(dir, "ocr", "d00.txt"))
	out, err := os.ReadFile(filepath.Join(outDir, "d00.txt"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(in), "\n") != strings.Count(string(out), "\n") {
		t.Error("correct changed the number of lines")
	}
	if string(in) == string(out) {
		t.Error("correct changed nothing on systematic confusions")
	}

	// Bad input: a corrupt model, a model path that is not a model, no
	// text in the input directory, missing flags.
	bad := filepath.Join(tmp, "bad.model")
	b, _ := os.ReadFile(modelPath)
	os.WriteFile(bad, b[:len(b)/3], 0o644)
	out2 := filepath.Join(tmp, "out2")
	if code, _, errs := runCmd("correct", "-model", bad, "-o", out2, filepath.Join(dir, "ocr")); code != 1 || !strings.Contains(errs, "bad.model") {
		t.Errorf("corrupt model: exit %d, %q", code, errs)
	}
	if _, err := os.Stat(filepath.Join(out2, "d00.txt")); err == nil {
		t.Error("corrupt model: an output file was written")
	}
	empty := t.TempDir()
	if code, _, errs := runCmd("correct", "-model", modelPath, "-o", out2, empty); code != 1 || !strings.Contains(errs, "no OCR files") {
		t.Errorf("empty input dir: exit %d, %q", code, errs)
	}
	if code, _, _ := runCmd("correct", "-model", modelPath, empty); code != 2 {
		t.Errorf("missing -o: exit %d, want 2", code)
	}
	// Without -model the built-in model corrects (or, in a build made
	// without it, the error says so).
	if code, _, errs := runCmd("correct", "-o", out2, empty); code != 1 || !strings.Contains(errs, "no OCR files") && !strings.Contains(errs, "default model") {
		t.Errorf("no -model: exit %d, %q", code, errs)
	}
	if code, _, _ := runCmd("train", "-corpus", dir); code != 2 {
		t.Errorf("train without -o: exit %d, want 2", code)
	}
	if code, _, errs := runCmd("train", "-corpus", filepath.Join(tmp, "nope"), "-o", bad); code != 1 || !strings.Contains(errs, "nope") {
		t.Errorf("train on a missing corpus: exit %d, %q", code, errs)
	}
}

func TestFeaturesCommand(t *testing.T) {
	dir := synthCorpus(t, 4)
	tmp := t.TempDir()
	f, dc, doc := filepath.Join(tmp, "f.tsv"), filepath.Join(tmp, "dc.tsv"), filepath.Join(tmp, "doc.tsv")
	if code, _, errs := runCmd("features", "-corpus", dir, "-o", f, "-doccand", dc, "-doc", doc, "-nodict"); code != 0 {
		t.Fatalf("features: exit %d: %s", code, errs)
	}
	for _, c := range []struct{ path, header, has string }{
		{f, "docid\twordid\tcandid\tfname\tfval\n", "\tis_original\t1\n"},
		{dc, "docid\twordid\tcandid\tvalue\n", "d00\t0\t0\t"},
		{doc, "docid\twordid\tword\n", "d00\t0\t"},
	} {
		b, err := os.ReadFile(c.path)
		if err != nil || !strings.HasPrefix(string(b), c.header) || !strings.Contains(string(b), c.has) {
			t.Errorf("%s: %v\n%.200s", c.path, err, b)
		}
	}
	// Each relation reads back through package data and writes again to
	// the same bytes.
	roundTrip(t, f, func(r io.Reader, w io.Writer) error {
		rows, err := data.ReadFeature(r, f)
		if err == nil {
			err = data.WriteFeature(w, rows)
		}
		return err
	})
	roundTrip(t, dc, func(r io.Reader, w io.Writer) error {
		rows, err := data.ReadDocCand(r, dc)
		if err == nil {
			err = data.WriteDocCand(w, rows)
		}
		return err
	})
	roundTrip(t, doc, func(r io.Reader, w io.Writer) error {
		rows, err := data.ReadDoc(r, doc)
		if err == nil {
			err = data.WriteDoc(w, rows)
		}
		return err
	})
}

// roundTrip reads the relation file path with copy's reader and checks that
// copy's writer writes the same bytes again.
func roundTrip(t *testing.T, path string, copy func(r io.Reader, w io.Writer) error) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var again bytes.Buffer
	if err := copy(bytes.NewReader(b), &again); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if !bytes.Equal(again.Bytes(), b) || strings.Count(string(b), "\n") < 2 {
		t.Errorf("%s: %d bytes read, %d written again", path, len(b), again.Len())
	}
}

// TestJSONLCorpus: a HIPE-OCRepair JSONL file with truths is a corpus for
// bench and train as a directory is: the same documents (named by their
// document_id), the same figures; the records of another language are
// left out by -lang, and a record without a truth is an error that names
// its line unless -allow-unpaired.
func TestJSONLCorpus(t *testing.T) {
	dir := synthCorpus(t, 6)
	var src strings.Builder
	for d := 0; d < 6; d++ {
		gt, _ := os.ReadFile(filepath.Join(dir, "gt", fmt.Sprintf("d%02d.txt", d)))
		ocr, _ := os.ReadFile(filepath.Join(dir, "ocr", fmt.Sprintf("d%02d.txt", d)))
		b, _ := json.Marshal(map[string]any{
			"document_metadata": map[string]string{"document_id": fmt.Sprintf("d%02d", d), "language": "en"},
			"ocr_hypothesis":    map[string]string{"transcription_unit": string(ocr)},
			"ground_truth":      map[string]string{"transcription_unit": string(gt)},
		})
		src.Write(b)
		src.WriteByte('\n')
	}
	src.WriteString(`{"document_metadata": {"document_id": "f1", "language": "fr"}, "ocr_hypothesis": {"transcription_unit": "Le cbat"}, "ground_truth": null}` + "\n")
	jsonl := filepath.Join(t.TempDir(), "set.jsonl")
	if err := os.WriteFile(jsonl, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	figures := func(corpus string) map[string]any {
		code, out, errs := runCmd("bench", "-corpus", corpus, "-folds", "2", "-json", "-nodict", "-no-lda", "-no-vectors")
		if code != 0 {
			t.Fatalf("bench -corpus %s: exit %d: %s", corpus, code, errs)
		}
		var rep map[string]any
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		return rep
	}
	d, j := figures(dir), figures(jsonl)
	for _, k := range []string{"docs", "raw_recall", "corrected_recall", "oracle_recall", "broken_rate"} {
		if d[k] == nil || d[k] != j[k] {
			t.Errorf("%s: %v from the directory, %v from the JSONL file", k, d[k], j[k])
		}
	}
	m := filepath.Join(t.TempDir(), "m.model")
	if code, out, errs := runCmd("train", "-corpus", jsonl, "-o", m, "-nodict", "-no-lda", "-no-vectors"); code != 0 || !strings.Contains(out, "trained on 6 documents") {
		t.Errorf("train on JSONL: exit %d\n%s%s", code, out, errs)
	} else if !strings.Contains(errs, `1 record(s) not in language "en" left out`) {
		t.Errorf("train does not say it left the French record out: %s", errs)
	}
	if code, _, errs := runCmd("train", "-corpus", jsonl, "-lang", "all", "-o", m, "-nodict"); code != 1 || !strings.Contains(errs, "set.jsonl:7 (document f1): no ground_truth") {
		t.Errorf("-lang all with a record without a truth: exit %d, %s", code, errs)
	}
	if code, _, errs := runCmd("bench", "-corpus", jsonl, "-lang", "all", "-allow-unpaired", "-folds", "2", "-nodict", "-no-lda", "-no-vectors"); code != 0 || !strings.Contains(errs, "no ground_truth (left out)") {
		t.Errorf("-lang all -allow-unpaired: exit %d, %s", code, errs)
	}
}

// TestBenchBuiltin: bench -builtin corrects the same folds with the
// built-in model and shows its figures beside the trained models', in the
// table and in the JSON; it is no flag of the transfer bench.
func TestBenchBuiltin(t *testing.T) {
	dir := synthCorpus(t, 6)
	code, out, errs := runCmd("bench", "-corpus", dir, "-folds", "2", "-builtin", "-json", "-nodict", "-no-lda", "-no-vectors")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var rep struct {
		RawMatched int `json:"raw_matched"`
		Baseline   *struct {
			Matched int     `json:"matched"`
			CMER    float64 `json:"cmer"`
		} `json:"baseline"`
		BaselineName string `json:"baseline_name"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Baseline == nil || rep.BaselineName != "built-in model, no labels" || rep.Baseline.Matched <= rep.RawMatched || rep.Baseline.CMER <= 0 {
		t.Errorf("baseline %+v (%q), raw matched %d: want the built-in model's figures, better than raw", rep.Baseline, rep.BaselineName, rep.RawMatched)
	}
	if !strings.Contains(errs, "-builtin: correcting the same folds with the built-in model") {
		t.Errorf("stderr does not name the model: %s", errs)
	}
	code, out, _ = runCmd("bench", "-corpus", dir, "-folds", "2", "-builtin", "-nodict", "-no-lda", "-no-vectors")
	if code != 0 || !strings.Contains(out, "built-in model, no labels (the same folds): cMER") {
		t.Errorf("table: exit %d\n%s", code, out)
	}
	if code, _, errs := runCmd("bench", "-transfer", "-builtin"); code != 2 || !strings.Contains(errs, "-builtin") {
		t.Errorf("-transfer -builtin: exit %d, %s", code, errs)
	}
}

// TestCorpusNamedTwice: a corpus given twice to train or to a transfer
// bench, by any path, is an error: its documents would count twice.
func TestCorpusNamedTwice(t *testing.T) {
	dir := synthCorpus(t, 3)
	m := filepath.Join(t.TempDir(), "m.model")
	for _, args := range [][]string{
		{"train", "-corpus", dir, "-corpus", dir + "/", "-o", m},
		{"train", "-corpus", "embedded", "-corpus", "", "-o", m},
		{"bench", "-transfer", "-collection", dir, "-collection", filepath.Join(dir, "..", filepath.Base(dir))},
	} {
		code, _, errs := runCmd(args...)
		if code != 1 || !strings.Contains(errs, "named twice") {
			t.Errorf("%q: exit %d, %s", args, code, errs)
		}
	}
	if _, err := os.Stat(m); err == nil {
		t.Error("a refused training wrote its model")
	}
}

// TestBenchFewDocs: more folds than documents runs one document a fold
// and says so.
func TestBenchFewDocs(t *testing.T) {
	dir := synthCorpus(t, 3)
	code, out, errs := runCmd("bench", "-corpus", dir, "-folds", "5", "-json", "-nodict", "-no-lda", "-no-vectors")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "warning: -folds 5 with 3 documents: 3 folds of one document each") {
		t.Errorf("no warning: %s", errs)
	}
	if !strings.Contains(out, `"folds": 3`) {
		t.Errorf("the report does not give 3 folds:\n%.400s", out)
	}
}
