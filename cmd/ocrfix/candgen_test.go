package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ocrfix/data"
)

// tinyCorpus writes a corpus of six documents whose OCR reads i as l and
// m as rn.
func tinyCorpus(t *testing.T) string {
	dir := t.TempDir()
	files := map[string]string{}
	lines := []string{
		"The committee will meet in the main hall to discuss the bill.",
		"Members of the commission said the time is right for action.",
		"The chairman of the committee indicated his position on the bill.",
		"It is the mission of the committee to examine the administration.",
		"A modern market in the main town is important for trade.",
		"The minister will visit the committee in time for the meeting.",
	}
	for i, l := range lines {
		gt := strings.Repeat(l+"\n", 3)
		ocr := strings.NewReplacer("i", "l", "m", "rn").Replace(gt)
		files[fmt.Sprintf("gt/d%d.txt", i)] = gt
		files[fmt.Sprintf("ocr/d%d.txt", i)] = ocr
	}
	writeFiles(t, dir, files)
	return dir
}

func TestCandgenCommands(t *testing.T) {
	dir := tinyCorpus(t)
	code, out, errs := runCmd("confusion", "-corpus", dir, "-n", "5", "-o", filepath.Join(dir, "conf.tsv"))
	if code != 0 || !strings.Contains(out, `"i"`) {
		t.Fatalf("confusion: exit %d\n%s%s", code, out, errs)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "conf.tsv")); err != nil || !strings.HasPrefix(string(b), "kind\ttruth\tocr\tcount\n") {
		t.Errorf("confusion -o: %v", err)
	}

	cands := filepath.Join(dir, "cands.tsv")
	code, _, errs = runCmd("candgen", "-corpus", dir, "-folds", "3", "-nodict", "-o", cands)
	if code != 0 {
		t.Fatalf("candgen: exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(cands)
	if err != nil || !strings.HasPrefix(string(b), "docid\twordid\tcandid\tword\tspan\n") || !strings.Contains(string(b), "\tcommittee\t1\n") {
		t.Errorf("Candidate relation: %v\n%.300s", err, b)
	}
	roundTrip(t, cands, func(r io.Reader, w io.Writer) error {
		rows, err := data.ReadCandidate(r, cands)
		if err == nil {
			err = data.WriteCandidate(w, rows)
		}
		return err
	})

	code, out, errs = runCmd("candgen", "-corpus", dir, "-folds", "3", "-nodict", "-oracle", "-json")
	if code != 0 {
		t.Fatalf("candgen -oracle: exit %d: %s", code, errs)
	}
	var js map[string]any
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	for _, k := range []string{"raw_recall", "oracle_recall", "candidate_recall", "candidates_per_token", "gap_closed", "attribution"} {
		if _, ok := js[k]; !ok {
			t.Errorf("json lacks %q", k)
		}
	}
	if js["oracle_recall"].(float64) <= js["raw_recall"].(float64) {
		t.Errorf("oracle %v not above raw %v", js["oracle_recall"], js["raw_recall"])
	}
	missed, sum := js["missed"].(float64), 0.0
	for _, a := range js["attribution"].([]any) {
		sum += a.(map[string]any)["count"].(float64)
	}
	if sum != missed {
		t.Errorf("attribution adds up to %v, missed %v", sum, missed)
	}

	code, out, errs = runCmd("detect", "-corpus", dir, "-folds", "3", "-nodict")
	if code != 0 || !strings.Contains(out, "runs") || !strings.Contains(out, "out of lexicon") {
		t.Fatalf("detect: exit %d\n%s%s", code, out, errs)
	}
}

func TestCandgenUsage(t *testing.T) {
	for _, args := range [][]string{
		{"candgen", "-folds", "1"},
		{"candgen", "-json"},
		{"candgen", "extra"},
		{"detect", "-folds", "0"},
		{"confusion", "-n", "-1"},
	} {
		if code, _, _ := runCmd(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, errs := runCmd("candgen", "-corpus", "/nonexistent/dir", "-nodict"); code != 1 || !strings.Contains(errs, "/nonexistent/dir") {
		t.Errorf("missing corpus: exit %d: %s", code, errs)
	}
}
