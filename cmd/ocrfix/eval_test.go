package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ocrfix/internal/shared"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestEvalCommand(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"gt/a.txt":   "The quick brown fox\njumps over the lazy dog\n",
		"gt/b.txt":   "one two three\n",
		"pred/a.txt": "Tbe quick brown fox\njumps ovcr the lazy dog\n",
		"pred/b.txt": "one too three\n",
	})
	gt, pred := filepath.Join(dir, "gt"), filepath.Join(dir, "pred")
	code, out, errs := runCmd("eval", "-gt", gt, "-pred", pred)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "micro (summed counts)") || !strings.Contains(out, "recall %") || !strings.Contains(out, "75.00") {
		t.Errorf("table:\n%s", out)
	}
	report := filepath.Join(dir, "report")
	code, out, errs = runCmd("eval", "-json", "-report", report, "-lower", "-gt", gt, "-pred", pred)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var js map[string]any
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	for _, k := range []string{"docs", "gt_words", "pred_words", "matched", "recall", "precision", "f1", "macro_recall", "wer", "cer", "options", "per_doc"} {
		if _, ok := js[k]; !ok {
			t.Errorf("json lacks %q", k)
		}
	}
	if js["matched"].(float64) != 9 || js["gt_words"].(float64) != 12 {
		t.Errorf("json figures: %v %v", js["matched"], js["gt_words"])
	}
	for _, f := range []string{"Summary.txt", "FileMetrics.csv", "confusions.csv", "diffs/a.diff", "diffs/b.diff", "index.html", "docs/a.html", "docs/b.html"} {
		if _, err := os.Stat(filepath.Join(report, f)); err != nil {
			t.Errorf("report: %v", err)
		}
	}
	diff, _ := os.ReadFile(filepath.Join(report, "diffs/a.diff"))
	if !strings.Contains(string(diff), "[-over-]{+ovcr+}") {
		t.Errorf("diff:\n%s", diff)
	}
	// two files
	code, out, errs = runCmd("eval", filepath.Join(gt, "b.txt"), filepath.Join(pred, "b.txt"))
	if code != 0 || !strings.Contains(out, "66.67") {
		t.Errorf("two files: exit %d\n%s%s", code, out, errs)
	}
	if code, _, _ := runCmd("eval", "-h"); code != 0 {
		t.Errorf("-h exit %d", code)
	}
}

func TestEvalCommandBadInput(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"gt/a.txt":        "alpha beta\n",
		"gt/b.txt":        "gamma\n",
		"pred/a.txt":      "alpha beta\n",
		"pred/c.txt":      "delta\n",
		"bin/a.txt":       "alpha\x00\x01\x02beta",
		"badutf/a.txt":    "alpha \xff\xfe beta",
		"empty/gt/a.txt":  "",
		"empty/pr/a.txt":  "",
		"other/x.txt":     "x\n",
		"dup/a.txt":       "a\n",
		"dup/a.tsv":       "a\n",
		"emptydir/.keep":  "",
		"onlygt/gt/a.txt": "alpha\n",
	})
	p := func(s string) string { return filepath.Join(dir, s) }
	for _, tc := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no args", []string{"eval"}, 2, "nothing to evaluate"},
		{"one flag", []string{"eval", "-gt", p("gt")}, 2, "-gt and -pred go together"},
		{"bad fuzzy", []string{"eval", "-fuzzy", "2", p("gt/a.txt"), p("pred/a.txt")}, 2, "fuzzy"},
		{"three args", []string{"eval", "a", "b", "c"}, 2, "two files"},
		{"missing dir", []string{"eval", "-gt", p("nope"), "-pred", p("pred")}, 1, "no such directory"},
		{"missing file", []string{"eval", p("nope.txt"), p("pred/a.txt")}, 1, "no such file"},
		{"unpaired", []string{"eval", "-gt", p("gt"), "-pred", p("pred")}, 1, "without ground truth"},
		{"binary", []string{"eval", p("gt/a.txt"), p("bin/a.txt")}, 1, "bin/a.txt"},
		{"bad utf8", []string{"eval", p("gt/a.txt"), p("badutf/a.txt")}, 1, "UTF-8"},
		{"empty", []string{"eval", "-gt", p("empty/gt"), "-pred", p("empty/pr")}, 1, "no words"},
		{"stems differ", []string{"eval", "-gt", p("gt"), "-pred", p("other"), "-allow-unpaired"}, 1, "no document"},
		{"dup stem", []string{"eval", "-gt", p("gt"), "-pred", p("dup")}, 1, "two files for the stem \"a\""},
		{"empty dir", []string{"eval", "-gt", p("gt"), "-pred", p("emptydir")}, 1, "no documents"},
		{"dir as file", []string{"eval", p("gt"), p("pred")}, 1, "is a directory"},
	} {
		code, _, errs := runCmd(tc.args...)
		if code != tc.code || !strings.Contains(errs, tc.msg) {
			t.Errorf("%s: exit %d, stderr %q; want exit %d and %q", tc.name, code, errs, tc.code, tc.msg)
		}
	}
	// allowed unpaired: b has no prediction (warning, 0 matched), c ignored
	code, out, errs := runCmd("eval", "-allow-unpaired", "-gt", p("gt"), "-pred", p("pred"))
	if code != 0 || !strings.Contains(errs, "b: no prediction") || !strings.Contains(errs, "c") || !strings.Contains(out, "66.67") {
		t.Errorf("allow-unpaired: exit %d\n%s\n%s", code, out, errs)
	}
	// -predicted-only leaves b out: a's 2 words of 2
	code, out, errs = runCmd("eval", "-allow-unpaired", "-predicted-only", "-json", "-gt", p("gt"), "-pred", p("pred"))
	if code != 0 || strings.Contains(errs, "b: no prediction") || !strings.Contains(out, `"docs": 1,`) {
		t.Errorf("-predicted-only: exit %d\n%s\n%s", code, out, errs)
	}
	if code, _, errs := runCmd("eval", "-predicted-only", p("gt/a.txt"), p("pred/a.txt")); code != 2 || !strings.Contains(errs, "-predicted-only is for -gt DIR -pred DIR") {
		t.Errorf("-predicted-only with files: exit %d, %q", code, errs)
	}
}

// Many documents without a prediction are counted in one warning, not
// named one by one.
func TestEvalManyUnpredicted(t *testing.T) {
	dir := t.TempDir()
	gt := map[string]string{}
	for i := range 12 {
		gt[fmt.Sprintf("d%02d.txt", i)] = "one two three\n"
	}
	writeFiles(t, filepath.Join(dir, "gt"), gt)
	writeFiles(t, filepath.Join(dir, "pred"), map[string]string{"d00.txt": "one two three\n"})
	code, _, errs := runCmd("eval", "-gt", filepath.Join(dir, "gt"), "-pred", filepath.Join(dir, "pred"))
	if code != 0 || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "11 documents have no prediction") || !strings.Contains(errs, "-predicted-only") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

func TestEvalCommandADS(t *testing.T) {
	dir := shared.Corpus(t, "ads-fall2018")
	if testing.Short() {
		t.Skip("short mode")
	}
	code, out, errs := runCmd("eval", "-json", "-gt", filepath.Join(dir, "gt"), "-pred", filepath.Join(dir, "ocr"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var js struct {
		Matched int     `json:"matched"`
		GTWords int     `json:"gt_words"`
		Recall  float64 `json:"recall"`
	}
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatal(err)
	}
	if js.Matched != 180755 || js.GTWords != 294841 {
		t.Errorf("matched %d of %d, want 180755 of 294841", js.Matched, js.GTWords)
	}
}

// eval -ocr measures the predictions against the raw OCR they corrected:
// error reduction, broken words, changes by kind, and bench's pages.
func TestEvalAgainstRaw(t *testing.T) {
	dir := t.TempDir()
	p := func(s string) string { return filepath.Join(dir, s) }
	writeFiles(t, p("gt"), map[string]string{"a.txt": "the cat sat on the mat\n", "b.txt": "a dog ran\n"})
	writeFiles(t, p("ocr"), map[string]string{"a.txt": "tbe cat sat on tho mat\n", "b.txt": "a dog ran\n"})
	writeFiles(t, p("pred"), map[string]string{"a.txt": "the cat sat on the mat\n", "b.txt": "a dig ran\n"})
	code, out, errs := runCmd("eval", "-gt", p("gt"), "-pred", p("pred"), "-ocr", p("ocr"), "-report", p("rep"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"against the raw OCR, " + p("ocr") + " (2 documents, 9 ground-truth words)", "50.0%", "word 3/2/1"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	page, err := os.ReadFile(p("rep/docs/a.html"))
	if err != nil || !bytes.Contains(page, []byte("tbe")) {
		t.Errorf("the report's page of a lacks the raw OCR: %v", err)
	}
	code, out, _ = runCmd("eval", "-json", "-gt", p("gt"), "-pred", p("pred"), "-ocr", p("ocr"))
	var v struct {
		Summary    struct{ Matched int }
		AgainstRaw struct {
			RawMatched int     `json:"raw_matched"`
			Broken     int     `json:"broken"`
			Reduction  float64 `json:"error_reduction"`
		} `json:"against_raw"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &v) != nil || v.Summary.Matched != 8 || v.AgainstRaw.RawMatched != 7 || v.AgainstRaw.Broken != 1 || v.AgainstRaw.Reduction != 0.5 {
		t.Errorf("-json: exit %d, %+v\n%s", code, v, out)
	}
	os.Remove(p("ocr/b.txt"))
	if code, _, errs := runCmd("eval", "-gt", p("gt"), "-pred", p("pred"), "-ocr", p("ocr")); code != 1 || !strings.Contains(errs, "no raw OCR of the document b") {
		t.Errorf("raw OCR missing: exit %d, %q", code, errs)
	}
	if code, _, errs := runCmd("eval", "-ocr", p("ocr"), p("gt/a.txt"), p("pred/a.txt")); code != 2 || !strings.Contains(errs, "-ocr is for -gt DIR -pred DIR") {
		t.Errorf("-ocr with files: exit %d, %q", code, errs)
	}
}

// eval -vs-ocr measures HIPE-OCRepair records' outputs against their own
// OCR, as -ocr DIR does for directories.
func TestEvalVsOCR(t *testing.T) {
	dir := t.TempDir()
	rec := func(id, ocr, gt, out string) string {
		b, _ := json.Marshal(map[string]any{
			"document_metadata":         map[string]string{"document_id": id, "language": "en"},
			"ocr_hypothesis":            map[string]string{"transcription_unit": ocr},
			"ground_truth":              map[string]string{"transcription_unit": gt},
			"ocr_postcorrection_output": map[string]string{"transcription_unit": out, "ocr_postcorrection_system": "test"},
		})
		return string(b) + "\n"
	}
	f := filepath.Join(dir, "dev.jsonl")
	writeFiles(t, dir, map[string]string{"dev.jsonl": rec("a", "tbe cat sat on tho mat", "the cat sat on the mat", "the cat sat on the mat") +
		rec("b", "a dog ran", "a dog ran", "a dig ran")})
	code, out, errs := runCmd("eval", "-vs-ocr", f)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"against the raw OCR, the records' ocr_hypothesis (2 documents, 9 ground-truth words)", "50.0%", "word 3/2/1"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, args := range [][]string{{"eval", "-vs-ocr", "-raw", f}, {"eval", "-vs-ocr", "-gt", dir, "-pred", dir}} {
		if code, _, errs := runCmd(args...); code != 2 || !strings.Contains(errs, "-vs-ocr is for JSONL files") {
			t.Errorf("%q: exit %d, %q", args, code, errs)
		}
	}
}
