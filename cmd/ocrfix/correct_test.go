package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"ocrfix/data"
	"ocrfix/internal/habitsim"
)

var trainedModel struct {
	once  sync.Once
	model []byte
	code  int
	errs  string
}

// repetitiveCorpus returns synthCorpus(t, 6) with two documents added
// whose words all occur many times on both sides (issue #14: they sent
// the word alignment into endless recursion): "yes no " against "yes mo "
// 1,100 times, and a chapter repeated three times.
func repetitiveCorpus(t *testing.T) string {
	dir := synthCorpus(t, 6)
	chapter, _ := os.ReadFile(filepath.Join(dir, "gt", "d00.txt"))
	ocrChapter, _ := os.ReadFile(filepath.Join(dir, "ocr", "d00.txt"))
	writeFiles(t, dir, map[string]string{
		"gt/rep1.txt":  strings.Repeat("yes no ", 1100) + "\n",
		"ocr/rep1.txt": strings.Repeat("yes mo ", 1100) + "\n",
		"gt/rep2.txt":  strings.Repeat(string(chapter), 3),
		"ocr/rep2.txt": strings.Repeat(string(ocrChapter), 3),
	})
	return dir
}

// trainOnce trains one model on repetitiveCorpus for the tests of this
// file (training itself is the test that such documents do not crash it)
// and returns a fresh copy of that corpus with the model in it.
func trainOnce(t *testing.T) (dir, model string) {
	dir = repetitiveCorpus(t)
	model = filepath.Join(dir, "m.model")
	trainedModel.once.Do(func() {
		trainedModel.code, _, trainedModel.errs = runCmd("train", "-corpus", dir, "-o", model, "-nodict")
		trainedModel.model, _ = os.ReadFile(model)
	})
	if trainedModel.code != 0 {
		t.Fatalf("train on a corpus with repetitive documents: exit %d: %s", trainedModel.code, trainedModel.errs)
	}
	if err := os.WriteFile(model, trainedModel.model, 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, model
}

// TestCorrectRepetitive: correct -alt with a repetitive other reading
// finishes, and eval of such a pair gives the expected recall.
func TestCorrectRepetitive(t *testing.T) {
	dir, model := trainOnce(t)
	out := filepath.Join(t.TempDir(), "out")
	// the OCR is its own other reading: every word has a twin far away
	code, _, errs := runCmd("correct", "-model", model, "-o", out, "-alt", filepath.Join(dir, "ocr"), filepath.Join(dir, "ocr", "rep1.txt"), filepath.Join(dir, "ocr", "rep2.txt"))
	if code != 0 {
		t.Fatalf("correct -alt: exit %d: %s", code, errs)
	}
	code, js, errs := runCmd("eval", "-json", filepath.Join(dir, "gt", "rep1.txt"), filepath.Join(dir, "ocr", "rep1.txt"))
	if code != 0 || !strings.Contains(js, `"matched": 1100`) {
		t.Fatalf("eval of yes no / yes mo: exit %d: %s %s", code, js, errs)
	}
}

// tsvOf writes the words of text as a Tesseract TSV (one line of text per
// TSV line, confidence 90).
func tsvOf(text string) string {
	var b strings.Builder
	b.WriteString("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n")
	for l, line := range strings.Split(strings.TrimSpace(text), "\n") {
		fmt.Fprintf(&b, "4\t1\t1\t1\t%d\t0\t0\t%d\t100\t10\t-1\t\n", l+1, 10*l)
		for w, word := range strings.Fields(line) {
			fmt.Fprintf(&b, "5\t1\t1\t1\t%d\t%d\t%d\t%d\t10\t10\t90\t%s\n", l+1, w+1, 10*w, 10*l, word)
		}
	}
	return b.String()
}

func hocrOf(text string) string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<body>\n<div class='ocr_page' title='bbox 0 0 1000 1000'>\n")
	for l, line := range strings.Split(strings.TrimSpace(text), "\n") {
		fmt.Fprintf(&b, "<span class='ocr_line' title='bbox 0 %d 1000 %d'>", 10*l, 10*l+10)
		for w, word := range strings.Fields(line) {
			fmt.Fprintf(&b, "<span class='ocrx_word' title='bbox %d %d %d %d; x_wconf 90'>%s</span> ", 10*w, 10*l, 10*w+9, 10*l+9, word)
		}
		b.WriteString("</span>\n")
	}
	b.WriteString("</div>\n</body>\n</html>\n")
	return b.String()
}

func altoOf(text string) string {
	var b strings.Builder
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v3#\">\n<Layout><Page><PrintSpace><TextBlock>\n")
	for l, line := range strings.Split(strings.TrimSpace(text), "\n") {
		b.WriteString("<TextLine>")
		for w, word := range strings.Fields(line) {
			fmt.Fprintf(&b, `<String CONTENT="%s" HPOS="%d" VPOS="%d" WIDTH="9" HEIGHT="9" WC="0.9"/><SP/>`, word, 10*w, 10*l)
		}
		b.WriteString("</TextLine>\n")
	}
	b.WriteString("</TextBlock></PrintSpace></Page></Layout>\n</alto>\n")
	return b.String()
}

// runStdin runs ocrfix with in as standard input.
func runStdin(in string, args ...string) (int, string, string) {
	defer func(old io.Reader) { stdinFile = old }(stdinFile)
	stdinFile = strings.NewReader(in)
	return runCmd(args...)
}

// TestCorrectStdinFormats: correct - takes the format of standard input
// from -format or from the content, corrects it and writes the same
// format; a TSV row is never of the wrong width (issue #14: TSV was read
// as plain text, and hOCR and ALTO came back unchanged).
func TestCorrectStdinFormats(t *testing.T) {
	dir, model := trainOnce(t)
	src, _ := os.ReadFile(filepath.Join(dir, "ocr", "d01.txt"))
	text := string(src)
	for _, c := range []struct {
		name, in, format, marker string
	}{
		{"tsv sniffed", tsvOf(text), "", "level\tpage_num"},
		{"tsv flag", tsvOf(text), "tsv", "level\tpage_num"},
		{"hocr sniffed", hocrOf(text), "", "ocrx_word"},
		{"hocr flag", hocrOf(text), "hocr", "ocrx_word"},
		{"alto sniffed", altoOf(text), "", "<String"},
		{"alto flag", altoOf(text), "ALTO", "<String"},
		{"txt sniffed", text, "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"correct", "-model", model}
			if c.format != "" {
				args = append(args, "-format", c.format)
			}
			code, out, errs := runStdin(c.in, append(args, "-")...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errs)
			}
			if out == c.in {
				t.Fatal("the input came back unchanged")
			}
			if !strings.Contains(out, c.marker) {
				t.Fatalf("the output is not in the input's format:\n%.300s", out)
			}
			if strings.HasPrefix(c.name, "tsv") {
				for i, row := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
					if n := strings.Count(row, "\t") + 1; n != 12 {
						t.Fatalf("output row %d has %d fields: %q", i+1, n, row)
					}
				}
			}
		})
	}
	// -report with stdin writes the report of the page's changes
	rep := filepath.Join(t.TempDir(), "rep")
	if code, out, errs := runStdin(text, "correct", "-model", model, "-report", rep, "-"); code != 0 || out == text {
		t.Errorf("-report with stdin: exit %d: %s", code, errs)
	}
	if csv, err := os.ReadFile(filepath.Join(rep, "changes.csv")); err != nil || strings.Count(string(csv), "\nstdin,") == 0 {
		t.Errorf("-report with stdin wrote no changes: %v\n%.300s", err, csv)
	}
	// a TSV read as text when the user says so
	if code, out, errs := runStdin(tsvOf(text), "correct", "-model", model, "-format", "txt", "-"); code != 0 || !strings.HasPrefix(out, "level") {
		t.Errorf("-format txt on TSV: exit %d: %s", code, errs)
	}
	if code, _, errs := runStdin(text, "correct", "-model", model, "-format", "pdf", "-"); code != 2 || !strings.Contains(errs, "pdf") {
		t.Errorf("-format pdf: exit %d, %q", code, errs)
	}
	if code, _, errs := runCmd("correct", "-model", model, "-format", "tsv", "-o", t.TempDir(), filepath.Join(dir, "ocr")); code != 2 || !strings.Contains(errs, "-format") {
		t.Errorf("-format with files: exit %d, %q", code, errs)
	}
	// bad structured input on stdin is an error naming stdin and the line
	bad := tsvOf(text) + "5\t1\t1\t1\t1\t1\t0\t0\t10\t10\tNaN\tword\n"
	if code, _, errs := runStdin(bad, "correct", "-model", model, "-"); code != 1 || !strings.Contains(errs, "stdin:") || !strings.Contains(errs, "finite") {
		t.Errorf("TSV with a NaN conf on stdin: exit %d, %q", code, errs)
	}
}

// TestCorrectOutputIsInput: an output directory whose files would replace
// the inputs (the input directory itself, another spelling of it, the
// directory of an -alt reading) is refused before anything is written.
func TestCorrectOutputIsInput(t *testing.T) {
	dir, model := trainOnce(t)
	ocr := filepath.Join(dir, "ocr")
	before, _ := os.ReadFile(filepath.Join(ocr, "d00.txt"))
	alt := filepath.Join(t.TempDir(), "alt")
	writeFiles(t, alt, map[string]string{"d00.txt": string(before)})
	for _, args := range [][]string{
		{"-o", ocr, ocr},
		{"-o", ocr + "/", filepath.Join(ocr, "d00.txt")},
		{"-o", filepath.Join(ocr, "..", "ocr"), filepath.Join(ocr, "d01.txt"), filepath.Join(ocr, "d00.txt")},
		{"-o", alt, "-alt", alt, filepath.Join(ocr, "d00.txt")},
	} {
		code, _, errs := runCmd(append([]string{"correct", "-model", model}, args...)...)
		if code != 1 || !strings.Contains(errs, "choose another output directory") {
			t.Errorf("correct %v: exit %d, %q", args, code, errs)
		}
	}
	if after, _ := os.ReadFile(filepath.Join(ocr, "d00.txt")); string(after) != string(before) {
		t.Fatal("the input was overwritten")
	}
}

// TestCorrectHabits: correct finds a habit of the collection's OCR (long s
// read as f, made here from the embedded corpus), says so and adapts to
// it; -no-habits corrects with the model as trained.
func TestCorrectHabits(t *testing.T) {
	c, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	files := map[string]string{}
	for _, d := range c.Docs[:6] {
		files["in/"+d.Stem+".txt"] = habitsim.LongS(d.Stem, string(d.OCR.Source), 100)
	}
	writeFiles(t, tmp, files)
	in := filepath.Join(tmp, "in")
	rep := filepath.Join(tmp, "report")
	code, _, errs := runCmd("correct", "-report", rep, "-o", filepath.Join(tmp, "out"), in)
	if code == 1 && strings.Contains(errs, "default model") {
		t.Skip(errs)
	}
	if code != 0 || !strings.Contains(errs, "adapted to it: s read as f") {
		t.Fatalf("correct: exit %d, stderr %q", code, errs)
	}
	// the report says which model corrected: adapted to the habit
	if b, err := os.ReadFile(filepath.Join(rep, "index.html")); err != nil || !strings.Contains(string(b), "adapted to the habits of these files&#39; OCR: s read as f") && !strings.Contains(string(b), "adapted to the habits of these files' OCR: s read as f") {
		t.Errorf("the report does not name the habit (%v)", err)
	}
	code, _, errs = runCmd("correct", "-no-habits", "-o", filepath.Join(tmp, "plain"), in)
	if code != 0 || strings.Contains(errs, "adapted") {
		t.Fatalf("correct -no-habits: exit %d, stderr %q", code, errs)
	}
	// the adapted correction puts back more of the hidden s
	count := func(dir, word string) int {
		n := 0
		for name := range files {
			b, err := os.ReadFile(filepath.Join(tmp, dir, filepath.Base(name)))
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range strings.Fields(string(b)) {
				if strings.Trim(w, ".,;:!?\"'()") == word {
					n++
				}
			}
		}
		return n
	}
	if a, p := count("out", "such"), count("plain", "such"); a <= p {
		t.Errorf("such written %d times adapted, %d as trained", a, p)
	}
}

// TestCorrectArguments: flags after the inputs are read; standard input
// mixed with files, a profile given as the model, an unknown -format and
// an output that is a directory are errors that say so, and a run that
// fails on its input leaves no output directory behind.
func TestCorrectArguments(t *testing.T) {
	dir, model := trainOnce(t)
	ocr := filepath.Join(dir, "ocr")
	tmp := t.TempDir()
	out := filepath.Join(tmp, "out")
	if code, _, errs := runCmd("correct", filepath.Join(ocr, "d00.txt"), "-model", model, "-o", out); code != 0 {
		t.Fatalf("flags after the input: exit %d: %s", code, errs)
	}
	if _, err := os.Stat(filepath.Join(out, "d00.txt")); err != nil {
		t.Errorf("flags after the input: %v", err)
	}
	prof := filepath.Join(tmp, "c.prof")
	if code, _, errs := runCmd("profile", "-o", prof, ocr); code != 0 {
		t.Fatalf("profile: %s", errs)
	}
	bad := filepath.Join(tmp, "bad")
	writeFiles(t, bad, map[string]string{"a.txt": "<alto><String CONTENT=\"x\"/></alto>\n"})
	os.MkdirAll(filepath.Join(tmp, "out3", "d00.txt"), 0o755)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"-model", model, "-o", filepath.Join(tmp, "o1"), "-", filepath.Join(ocr, "d00.txt")}, 2, "- (standard input) is corrected alone"},
		{[]string{"-model", prof, "-o", filepath.Join(tmp, "o1"), ocr}, 1, "a profile (written by ocrfix profile), not a model: give it with -profile"},
		{[]string{"-model", model, "-profile", model, "-o", filepath.Join(tmp, "o1"), ocr}, 1, "not a profile (a model file? give it with -model)"},
		{[]string{"-model", model, "-format", "pdf", "-"}, 2, `unknown format "pdf"`},
		{[]string{"-model", model, "-line-breaks", "join", "-"}, 2, `-line-breaks: "join": want keep, mark or model`},
		{[]string{"-model", model, "-o", filepath.Join(tmp, "out3"), filepath.Join(ocr, "d00.txt")}, 1, "d00.txt is a directory"},
		{[]string{"-model", model, "-o", filepath.Join(tmp, "o2"), bad}, 1, "the content is ALTO XML, not plain text"},
		{[]string{"-model", model, "-o", filepath.Join(tmp, "o1"), ocr, filepath.Join(ocr, "d00.txt")}, 1, "d00.txt is named twice, in the directory " + ocr + " and as "},
		{[]string{"-model", model, "-o", filepath.Join(tmp, "c.prof", "o1"), ocr}, 1, "c.prof is a file, not a directory"},
		{[]string{"-model", model, "-report", filepath.Join(tmp, "c.prof", "r"), "-o", filepath.Join(tmp, "o1"), ocr}, 1, "-report " + filepath.Join(tmp, "c.prof", "r")},
	} {
		code, _, errs := runCmd(append([]string{"correct"}, c.args...)...)
		if code != c.code || !strings.Contains(errs, c.want) {
			t.Errorf("correct %q: exit %d, %q; want exit %d and %q", c.args, code, errs, c.code, c.want)
		}
	}
	for _, d := range []string{"o1", "o2"} {
		if _, err := os.Stat(filepath.Join(tmp, d)); err == nil {
			t.Errorf("a failed run made the output directory %s", d)
		}
	}
	// the profile given is named, and one that counts nothing is a warning
	empty := filepath.Join(tmp, "empty.prof")
	writeFiles(t, filepath.Join(tmp, "nothing"), map[string]string{"a.txt": ""})
	if code, _, errs := runCmd("profile", "-o", empty, filepath.Join(tmp, "nothing")); code != 0 {
		t.Fatalf("profile of an empty file: %s", errs)
	}
	for _, c := range []struct{ prof, want string }{{prof, "profile: " + prof + " (8 documents,"}, {empty, "counts no tokens"}} {
		code, _, errs := runCmd("correct", "-model", model, "-profile", c.prof, "-o", filepath.Join(tmp, "o4"), filepath.Join(ocr, "d00.txt"))
		if code != 0 || !strings.Contains(errs, c.want) {
			t.Errorf("-profile %s: exit %d, %q; want %q", c.prof, code, errs, c.want)
		}
	}
}

// Help asked for goes to stdout (for a pager), usage after a mistake to
// stderr; ocrfix help CMD is CMD -h.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}} {
		code, out, errs := runCmd(args...)
		if code != 0 || !strings.Contains(out, "Commands:") || errs != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	for _, args := range [][]string{{"help", "correct"}, {"correct", "-h"}, {"correct", "-o", "x", "-help"}} {
		code, out, errs := runCmd(args...)
		if code != 0 || !strings.Contains(out, "Usage: ocrfix correct") || !strings.Contains(out, "-profile") || errs != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if code, out, errs := runCmd("correct", "-nosuchflag"); code != 2 || out != "" || !strings.Contains(errs, "Usage: ocrfix correct") {
		t.Errorf("a bad flag: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := runCmd("help", "nosuch"); code != 2 || !strings.Contains(errs, `unknown command "nosuch"`) {
		t.Errorf("help nosuch: exit %d, %q", code, errs)
	}
	if code, _, errs := runCmd("help", "correct", "extra"); code != 2 || !strings.Contains(errs, "takes one command") {
		t.Errorf("help correct extra: exit %d, %q", code, errs)
	}
	if code, _, errs := runCmd("bench", "-transfer", "-report", t.TempDir()); code != 2 || !strings.Contains(errs, "-report are for the k-fold bench") {
		t.Errorf("bench -transfer -report: exit %d, %q", code, errs)
	}
	if code, out, errs := runCmd(); code != 2 || out != "" || !strings.Contains(errs, "Commands:") {
		t.Errorf("no arguments: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestCorrectLineBreaks: -line-breaks mark writes the hyphen that ends a
// line after a letter as ¬ (the built-in model), a word's and a
// compound's alike, as the truths that mark write it; the default keeps
// it.
func TestCorrectLineBreaks(t *testing.T) {
	in := "The meeting was re-\nsolved upon, and the well-\nknown members came.\n"
	code, out, errs := runStdin(in, "correct", "-line-breaks", "mark", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := "The meeting was re¬\nsolved upon, and the well¬\nknown members came.\n"; out != want {
		t.Errorf("-line-breaks mark: %q, want %q", out, want)
	}
	if code, out, errs = runStdin(in, "correct", "-"); code != 0 || out != in {
		t.Errorf("default: exit %d, %q (%s), want the text as read", code, out, errs)
	}
	// lines ended by a carriage return alone (classic Mac OS) are lines too
	cr := strings.ReplaceAll(in, "\n", "\r")
	if code, out, errs = runStdin(cr, "correct", "-line-breaks", "mark", "-"); code != 0 || out != "The meeting was re¬\rsolved upon, and the well¬\rknown members came.\r" {
		t.Errorf("-line-breaks mark, CR line ends: exit %d, %q (%s)", code, out, errs)
	}
}

// TestCorrectLineBreaksLearned: a model trained on a truth that writes
// the hyphen of a word broken at a line end as ¬ writes it so by default
// (-line-breaks model), and says so; -line-breaks keep keeps it as read.
func TestCorrectLineBreaksLearned(t *testing.T) {
	dir := synthCorpus(t, 4)
	writeFiles(t, dir, map[string]string{
		"gt/brk.txt":  strings.Repeat("the govern¬\nment report of the in¬\nformation\n", 20),
		"ocr/brk.txt": strings.Repeat("the govern-\nment report of the in-\nformation\n", 20),
	})
	m := filepath.Join(dir, "m.model")
	code, stdout, errs := runCmd("train", "-corpus", dir, "-o", m, "-nodict", "-no-lda", "-no-vectors")
	if code != 0 {
		t.Fatalf("train: exit %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "40 written with ¬, 0 with a hyphen: correct writes them with ¬ by default") {
		t.Errorf("train does not say how its truth writes line breaks:\n%s", stdout)
	}
	in := "the govern-\nment report\n"
	code, out, errs := runStdin(in, "correct", "-model", m, "-")
	if code != 0 || !strings.Contains(out, "govern¬\nment") || !strings.Contains(errs, "training truth writes them") {
		t.Errorf("default with a model whose truth marks: exit %d, %q (%s)", code, out, errs)
	}
	if code, out, errs = runStdin(in, "correct", "-model", m, "-line-breaks", "keep", "-"); code != 0 || !strings.Contains(out, "govern-\nment") {
		t.Errorf("-line-breaks keep: exit %d, %q (%s)", code, out, errs)
	}
}

// TestCorrectHIPE: HIPE-OCRepair JSONL files are corrected record by
// record as one collection and written back with the outputs filled,
// the hyphens of words broken at line ends written ¬ as the competition's
// truth writes them; records of another language are written as read;
// standard input takes JSONL too; eval scores the outputs and the OCR.
func TestCorrectHIPE(t *testing.T) {
	dir := t.TempDir()
	rec := func(id, lang, ocr, gt string) string {
		b, _ := json.Marshal(map[string]any{
			"document_metadata":         map[string]string{"document_id": id, "language": lang},
			"ocr_hypothesis":            map[string]string{"transcription_unit": ocr},
			"ground_truth":              map[string]string{"transcription_unit": gt},
			"ocr_postcorrection_output": map[string]string{"transcription_unit": "None", "ocr_postcorrection_system": "None"},
		})
		return string(b) + "\n"
	}
	src := rec("a", "en", "The meeting was re-\nsolved upon by tbe members.", "The meeting was re¬\nsolved upon by the members.") +
		rec("b", "en", "They had govern-\nment papers.", "They had govern¬\nment papers.") +
		rec("c", "fr", "Le cbat est re-\nvenu.", "Le chat est re¬\nvenu.")
	writeFiles(t, dir, map[string]string{"in/dev.jsonl": src, "bad/x.jsonl": src + "{\"document_metadata\": 1}\n"})
	out := filepath.Join(dir, "out")
	code, _, errs := runCmd("correct", "-o", out, filepath.Join(dir, "in"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"records are written with ¬", "1 HIPE-OCRepair record in another language than -lang en written as read", "corrected 2 documents (2 records of 1 JSONL file, 0 other files)"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	body, err := os.ReadFile(filepath.Join(out, "dev.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	recs, err := data.ReadHIPE("out", body)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 || recs[0].Output != "The meeting was re¬\nsolved upon by the members." || recs[1].Output != "They had govern¬\nment papers." || recs[2].Output != "Le cbat est re-\nvenu." {
		t.Errorf("outputs: %q %q %q", recs[0].Output, recs[1].Output, recs[2].Output)
	}
	if !strings.Contains(string(body), `"ocr_postcorrection_system": "ocrfix `) {
		t.Errorf("the system is not named:\n%s", body)
	}

	keep := filepath.Join(dir, "keep")
	if code, _, errs = runCmd("correct", "-line-breaks", "keep", "-o", keep, filepath.Join(dir, "in", "dev.jsonl")); code != 0 {
		t.Fatalf("-line-breaks keep: exit %d: %s", code, errs)
	}
	if kept, _ := os.ReadFile(filepath.Join(keep, "dev.jsonl")); !strings.Contains(string(kept), `govern-\nment papers.`) {
		t.Errorf("-line-breaks keep marked:\n%s", kept)
	}

	rep := filepath.Join(dir, "rep")
	code, stdout, errs := runStdin(src, "correct", "-report", rep, "-")
	if code != 0 {
		t.Fatalf("stdin: exit %d: %s", code, errs)
	}
	if stdout != string(body) {
		t.Errorf("stdin gives\n%s\nthe file gives\n%s", stdout, body)
	}
	// -report with stdin writes the report of the records' changes
	if csv, err := os.ReadFile(filepath.Join(rep, "changes.csv")); err != nil || !strings.Contains(string(csv), "tbe,the,word") {
		t.Errorf("-report with stdin: %v\n%s", err, csv)
	}

	code, js, errs := runCmd("eval", "-json", filepath.Join(out, "dev.jsonl"))
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errs)
	}
	var corr, raw struct {
		Docs    int `json:"docs"`
		Matched int `json:"matched"`
	}
	if err := json.Unmarshal([]byte(js), &corr); err != nil {
		t.Fatal(err)
	}
	code, js, errs = runCmd("eval", "-json", "-raw", "-lang", "en", filepath.Join(out, "dev.jsonl"))
	if code != 0 {
		t.Fatalf("eval -raw: exit %d: %s", code, errs)
	}
	if err := json.Unmarshal([]byte(js), &raw); err != nil {
		t.Fatal(err)
	}
	if corr.Docs != 3 || raw.Docs != 2 || corr.Matched <= raw.Matched {
		t.Errorf("eval: corrected %+v, raw %+v", corr, raw)
	}

	bad := filepath.Join(dir, "o2")
	if code, _, errs = runCmd("correct", "-o", bad, filepath.Join(dir, "bad")); code != 1 || !strings.Contains(errs, "x.jsonl:4: document_metadata") {
		t.Errorf("bad record: exit %d: %s", code, errs)
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a failed run made its output directory")
	}
}

// TestCorrectLongS: a page whose OCR writes the long s is not modernised
// (nor ſo made to): the model reads ſ as s and writes it back.
func TestCorrectLongS(t *testing.T) {
	in := "It is the moſt uſeful thing that ever was ſeen, and the firſt of its kind; I muſt ſay it is ſo.\nThe houſe ſtood upon the hill, and tbe ſun ſhone on it.\n"
	code, out, errs := runStdin(in, "correct", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if want := strings.Replace(in, "tbe", "the", 1); out != want {
		t.Errorf("got  %q\nwant %q", out, want)
	}
}

// TestCorrectLongSLearned: a model trained where the OCR reads the long s
// and the truth keeps it keeps it; one whose truth writes s modernises.
func TestCorrectLongSLearned(t *testing.T) {
	for _, keep := range []bool{true, false} {
		dir := synthCorpus(t, 4)
		gt := strings.Repeat("the moſt uſeful houſe of the firſt ſort\n", 20)
		if !keep {
			gt = strings.ReplaceAll(gt, "ſ", "s")
		}
		writeFiles(t, dir, map[string]string{
			"gt/ls.txt":  gt,
			"ocr/ls.txt": strings.Repeat("the moſt uſeful houſe of the firſt ſort\n", 20),
		})
		m := filepath.Join(dir, "m.model")
		code, stdout, errs := runCmd("train", "-corpus", dir, "-o", m, "-nodict", "-no-lda", "-no-vectors")
		if code != 0 {
			t.Fatalf("train: exit %d: %s", code, errs)
		}
		wantSay, wantOut := "keeps it where the OCR reads it", "the moſt uſeful houſe\n"
		if !keep {
			wantSay, wantOut = "writes s for it", "the most useful house\n"
		}
		if !strings.Contains(stdout, wantSay) {
			t.Errorf("keep %v: train does not say %q:\n%s", keep, wantSay, stdout)
		}
		if code, out, errs := runStdin("the moſt uſeful houſe\n", "correct", "-model", m, "-"); code != 0 || out != wantOut {
			t.Errorf("keep %v: exit %d, %q, want %q (%s)", keep, code, out, wantOut, errs)
		}
	}
}

// TestCorrectParallel: the files of one run, corrected several at a time,
// are written as when each is corrected alone against the same profile.
func TestCorrectParallel(t *testing.T) {
	dir := synthCorpus(t, 12)
	ocr := filepath.Join(dir, "ocr")
	prof := filepath.Join(dir, "c.prof")
	if code, _, errs := runCmd("profile", "-o", prof, ocr); code != 0 {
		t.Fatalf("profile: exit %d: %s", code, errs)
	}
	all := filepath.Join(dir, "all")
	if code, _, errs := runCmd("correct", "-o", all, ocr); code != 0 {
		t.Fatalf("correct: exit %d: %s", code, errs)
	}
	ents, err := os.ReadDir(ocr)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) < 12 {
		t.Fatalf("%d files", len(ents))
	}
	for _, e := range ents {
		one := filepath.Join(dir, "one-"+e.Name())
		if code, _, errs := runCmd("correct", "-profile", prof, "-o", one, filepath.Join(ocr, e.Name())); code != 0 {
			t.Fatalf("correct %s: exit %d: %s", e.Name(), code, errs)
		}
		a, _ := os.ReadFile(filepath.Join(all, e.Name()))
		b, _ := os.ReadFile(filepath.Join(one, e.Name()))
		if string(a) != string(b) {
			t.Errorf("%s: corrected with the others:\n%s\nalone:\n%s", e.Name(), a, b)
		}
	}
}

// TestCorrectReadsFilesAgain: correct keeps no file's text between its
// first reading (the profile, the checks) and its correction, reads it
// again with its other readings then, and refuses a file whose content
// changed in between, since the profile counted the old one.
func TestCorrectReadsFilesAgain(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"ocr/a.txt": "Tbe cat sat on tbe mat.\n",
		"ocr/b.txt": "Anotber page.\n",
		"alt/a.txt": "The cat sat on the mat.\n",
		"alt/b.txt": "Another page.\n",
	})
	a, b := filepath.Join(dir, "ocr", "a.txt"), filepath.Join(dir, "ocr", "b.txt")
	words := 0
	docs, _, err := readCorrectInputs([]inputFile{{a, "a.txt"}, {b, "b.txt"}}, []string{filepath.Join(dir, "alt")}, filepath.Join(dir, "out"), "en", func(d correctDoc) {
		words += len(d.t.Tokens) + len(d.alts[0].Tokens)
	})
	if err != nil {
		t.Fatal(err)
	}
	if words != 16 {
		t.Errorf("visit saw %d words of the files and their other readings, want 16", words)
	}
	for _, d := range docs {
		if d.t != nil || d.alts != nil {
			t.Errorf("%s: kept its texts after the first reading", d.name)
		}
	}
	d, err := docs[0].load()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(d.t.Words(), " "); got != "Tbe cat sat on tbe mat." || len(d.alts) != 1 || d.alts[0].Path != filepath.Join(dir, "alt", "a.txt") {
		t.Errorf("load: %q with %d other readings", got, len(d.alts))
	}
	if docs[0].t != nil {
		t.Error("load changed the document it was called on")
	}
	if err := os.WriteFile(b, []byte("Anotber page, changed.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := docs[1].load(); err == nil || !strings.Contains(err.Error(), b+" changed while") {
		t.Errorf("load of a changed file: %v", err)
	}
	if err := os.Remove(b); err != nil {
		t.Fatal(err)
	}
	if _, err := docs[1].load(); err == nil || !strings.Contains(err.Error(), b) {
		t.Errorf("load of a removed file: %v", err)
	}
}

// TestReportDirClash: a -report directory that holds documents the run
// reads or writes (an input's directory, -o, -gt, -pred, a corpus's gt/)
// is refused before any work, so that index.html or Summary.txt never
// replaces a document of that name, and nothing is written.
func TestReportDirClash(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"in/index.html.txt": "Tbe cat sat.\n",
		"gt/Summary.txt":    "The cat sat.\n",
		"pred/Summary.txt":  "The cat sat.\n",
		"corpus/gt/a.txt":   "The cat sat.\n",
		"corpus/ocr/a.txt":  "Tbe cat sat.\n",
	})
	p := func(s string) string { return filepath.Join(dir, s) }
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"correct", "-o", p("out"), "-report", p("in"), p("in/index.html.txt")}, "is the directory of the input"},
		{[]string{"correct", "-o", p("out"), "-report", p("out") + "/", p("in/index.html.txt")}, "is the output directory -o"},
		{[]string{"eval", "-gt", p("gt"), "-pred", p("pred"), "-report", p("gt")}, "is the truth directory -gt"},
		{[]string{"eval", "-gt", p("gt"), "-pred", p("pred"), "-report", p("pred")}, "is the prediction directory -pred"},
		{[]string{"bench", "-corpus", p("corpus"), "-report", p("corpus/ocr")}, "is the corpus's ocr/"},
	}
	for _, c := range cases {
		code, _, errs := runCmd(c.args...)
		if code != 1 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %s; want 1 and %q", c.args[1:], code, errs, c.want)
		}
	}
	for _, f := range []string{"in/index.html.txt", "gt/Summary.txt", "pred/Summary.txt"} {
		if b, err := os.ReadFile(p(f)); err != nil || !strings.HasSuffix(string(b), "cat sat.\n") {
			t.Errorf("%s: %q, %v: replaced", f, b, err)
		}
	}
	if _, err := os.Stat(p("out")); err == nil {
		t.Error("the output directory was made")
	}
	if _, err := os.Stat(p("corpus/ocr/index.html")); err == nil {
		t.Error("bench wrote its report into the corpus")
	}
}

// TestInputLinks: in a directory of inputs, a link to nothing or a loop
// of links is an error that names the link, a link to a directory is
// skipped as a subdirectory is, and a file named twice says how.
func TestInputLinks(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"d/a.txt": "Tbe cat.\n", "sub/b.txt": "x\n"})
	p := func(s string) string { return filepath.Join(dir, s) }
	link := func(target, name string) {
		t.Helper()
		if err := os.Symlink(target, p(name)); err != nil {
			t.Skipf("no symbolic links here: %v", err)
		}
	}
	link("/nonexistent-ocrfix", "d/dangling.txt")
	_, err := expandInputs([]string{p("d")}, false, io.Discard)
	if err == nil || !strings.Contains(err.Error(), p("d/dangling.txt")+": a link that leads to no file") || strings.Contains(err.Error(), "nonexistent") {
		t.Errorf("a link to nothing: %v", err)
	}
	os.Remove(p("d/dangling.txt"))
	link("self.txt", "d/self.txt")
	if _, err := expandInputs([]string{p("d")}, false, io.Discard); err == nil || !strings.Contains(err.Error(), p("d/self.txt")+": a link that leads to no file") {
		t.Errorf("a link to itself: %v", err)
	}
	os.Remove(p("d/self.txt"))
	link(p("sub"), "d/linked.txt")
	var msgs strings.Builder
	got, err := expandInputs([]string{p("d")}, false, &msgs)
	if err != nil || len(got) != 1 || !strings.Contains(msgs.String(), "skipping "+p("d/linked.txt")) {
		t.Errorf("a link to a directory: %v, %v, %q", got, err, msgs.String())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{p("d/a.txt"), p("d/a.txt")}, p("d/a.txt") + " is named twice: each"},
		{[]string{p("d"), p("d")}, "the directory " + p("d") + " is named twice"},
	} {
		if _, err := expandInputs(c.args, false, io.Discard); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}

// TestInputOthersSaid: the files of an input directory that are no OCR
// by their extension are skipped with one line that names a few, and a
// missing -alt directory is named with its flag.
func TestInputOthersSaid(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"in/a.txt": "Tbe cat.\n", "in/notes.md": "x\n", "in/b.prof": "y\n", "in/c.doc": "", "in/d.pdf": "", "in/e.csv": ""})
	var msgs strings.Builder
	got, err := expandInputs([]string{filepath.Join(dir, "in")}, false, &msgs)
	if err != nil || len(got) != 1 {
		t.Fatalf("%v, %v", got, err)
	}
	if want := "skipping 5 files in " + filepath.Join(dir, "in") + ", not OCR files by their extension: b.prof, c.doc, d.pdf and 2 more\n"; msgs.String() != want {
		t.Errorf("said %q, want %q", msgs.String(), want)
	}
	_, err = findStem(map[string]map[string]string{}, filepath.Join(dir, "nonexistent"), "a")
	if err == nil || !strings.HasPrefix(err.Error(), "-alt "+filepath.Join(dir, "nonexistent")+": ") {
		t.Errorf("missing -alt directory: %v", err)
	}
}

// TestCorrectEmptyJSONL: a JSONL file without records is written back
// empty with a warning, as an empty text file is, and the note on marked
// line breaks, which no record then needs, is not printed.
func TestCorrectEmptyJSONL(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"in/e.jsonl": ""})
	code, _, errs := runCmd("correct", "-o", filepath.Join(dir, "out"), filepath.Join(dir, "in", "e.jsonl"))
	if code != 0 || !strings.Contains(errs, "e.jsonl holds no records: written as read") || strings.Contains(errs, "¬") {
		t.Errorf("exit %d: %s", code, errs)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "out", "e.jsonl")); err != nil || len(b) != 0 {
		t.Errorf("written back: %q, %v", b, err)
	}
}

// A file in another encoding than UTF-8 (an ALTO file declaring
// ISO-8859-1, a text in UTF-16) is corrected and written back in it.
func TestCorrectEncodings(t *testing.T) {
	dir := t.TempDir()
	alto := "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<alto><Layout><Page><PrintSpace><TextBlock><TextLine>" +
		"<String CONTENT=\"caf\xe9\"/><SP/><String CONTENT=\"tbe\"/><SP/><String CONTENT=\"best\"/></TextLine></TextBlock></PrintSpace></Page></Layout></alto>\n"
	u16 := "\xff\xfe"
	for _, r := range "It was tbe best caf\u00e9 in tlie town.\n" {
		u16 += string([]byte{byte(r), byte(r >> 8)})
	}
	writeFiles(t, dir, map[string]string{"in/a.xml": alto, "in/u.txt": u16})
	out := filepath.Join(dir, "out")
	code, _, errs := runCmd("correct", "-o", out, filepath.Join(dir, "in"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(filepath.Join(out, "a.xml"))
	if err != nil || !bytes.Contains(b, []byte("CONTENT=\"caf\xe9\"")) || !bytes.Contains(b, []byte(`CONTENT="the"`)) {
		t.Errorf("ALTO in ISO-8859-1: %q, %v", b, err)
	}
	b, err = os.ReadFile(filepath.Join(out, "u.txt"))
	var text []rune
	for i := 2; i+1 < len(b); i += 2 {
		text = append(text, rune(b[i])|rune(b[i+1])<<8)
	}
	if err != nil || !bytes.HasPrefix(b, []byte("\xff\xfe")) || string(text) != "It was the best caf\u00e9 in the town.\n" {
		t.Errorf("UTF-16 text: %q, %v", string(text), err)
	}
}

// correct -changes makes only the kinds of change it names: the others
// are left as read, in files as on standard input, and the summary counts
// what was made.
func TestCorrectChangeKinds(t *testing.T) {
	in := "Tbe cat sat on tbe rnat in tbe DOG's house ofthe town.\n"
	code, all, errs := runStdin(in, "correct", "-")
	if code != 0 || !strings.Contains(all, "The cat") || !strings.Contains(all, "mat") {
		t.Fatalf("all kinds: exit %d %q %s", code, all, errs)
	}
	for _, c := range []struct{ kinds, want string }{
		{"punctuation", in},
		{"word", strings.ReplaceAll(strings.ReplaceAll(in, "Tbe", "The"), "tbe", "the")},
		{"split,word, all", all},
	} {
		code, out, errs := runStdin(in, "correct", "-changes", c.kinds, "-")
		if code != 0 {
			t.Fatalf("-changes %s: exit %d: %s", c.kinds, code, errs)
		}
		if c.kinds == "word" {
			// a word change at every position the model made one
			if strings.Contains(out, "tbe") || strings.Contains(out, "Tbe") || !strings.Contains(out, "ofthe") {
				t.Errorf("-changes word: %q", out)
			}
			continue
		}
		if out != c.want {
			t.Errorf("-changes %s: %q, want %q", c.kinds, out, c.want)
		}
	}
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"in/a.txt": in})
	code, _, errs = runCmd("correct", "-changes", "case", "-o", filepath.Join(dir, "out"), filepath.Join(dir, "in"))
	if b, err := os.ReadFile(filepath.Join(dir, "out", "a.txt")); code != 0 || err != nil || string(b) != in || !strings.Contains(errs, "0 of 12 tokens changed") {
		t.Errorf("-changes case on files: exit %d, %q, %v: %s", code, b, err, errs)
	}
	if code, _, errs := runStdin(in, "correct", "-changes", "words", "-"); code != 2 || !strings.Contains(errs, `unknown kind of change "words"`) {
		t.Errorf("-changes words: exit %d: %s", code, errs)
	}
}

// A document of another language than the model's is written as read, and
// stderr names it; the others are corrected.
func TestCorrectOtherLanguage(t *testing.T) {
	dir := t.TempDir()
	fr := "Les paysans du village parlaient de la récolte, du prix du blé et de la\npluie qui n'était pas venue depuis trois semaines.\n"
	en := "It was tbe best of times, it was the worst of tirnes.\n"
	writeFiles(t, dir, map[string]string{"in/fr.txt": fr, "in/en.txt": en})
	out := filepath.Join(dir, "out")
	code, _, errs := runCmd("correct", "-o", out, filepath.Join(dir, "in"))
	if code != 0 || !strings.Contains(errs, "1 document of another language than the model's written as read") || !strings.Contains(errs, "fr.txt") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if b, err := os.ReadFile(filepath.Join(out, "fr.txt")); err != nil || string(b) != fr {
		t.Errorf("fr.txt: %q, %v", b, err)
	}
	if b, err := os.ReadFile(filepath.Join(out, "en.txt")); err != nil || !strings.Contains(string(b), "the best") {
		t.Errorf("en.txt: %q, %v", b, err)
	}
	if code, out, errs := runStdin(fr, "correct", "-"); code != 0 || out != fr || !strings.Contains(errs, "1 document of another language than the model's written as read") || !strings.Contains(errs, ": stdin") {
		t.Errorf("stdin: exit %d, %q: %s", code, out, errs)
	}
	// as read means without the marks of words broken at a line end too
	broken := strings.Replace(fr, "récolte", "ré-\ncolte", 1)
	if code, out, errs := runStdin(broken, "correct", "-line-breaks", "mark", "-"); code != 0 || out != broken {
		t.Errorf("-line-breaks mark: exit %d, %q: %s", code, out, errs)
	}
	// a French paragraph in an English page: that paragraph alone
	code, out, errs = runStdin(en+"\n"+fr, "correct", "-")
	if code != 0 || out != "It was the best of times, it was the worst of times.\n\n"+fr ||
		!strings.Contains(errs, "1 paragraph of another language than the model's left as read in 1 document") {
		t.Errorf("mixed page: exit %d, %q: %s", code, out, errs)
	}
}

// TestCorrectCleanCollection: a collection whose OCR reads cleaner than
// the built-in model's training OCR is said to on stderr, with the
// margins raised, and so is a page alone on stdin; a noisy one (another
// engine's errors in one word of 12 besides Tesseract's) is not.
func TestCorrectCleanCollection(t *testing.T) {
	c, err := data.Embedded()
	if err != nil {
		t.Skip(err)
	}
	dir := t.TempDir()
	files := map[string]string{}
	for _, d := range c.Docs[:6] {
		files["clean/"+d.Stem+".txt"] = string(d.GT.Source)
		files["noisy/"+d.Stem+".txt"] = habitsim.Confuse(d.Stem, string(d.OCR.Source), 8)
	}
	writeFiles(t, dir, files)
	code, _, errs := runCmd("correct", "-o", filepath.Join(dir, "out-clean"), filepath.Join(dir, "clean"))
	if code != 0 || !strings.Contains(errs, "the collection's OCR reads cleaner than the model's training OCR") || !strings.Contains(errs, "more log-odds of evidence") {
		t.Errorf("clean: exit %d: %s", code, errs)
	}
	code, _, errs = runCmd("correct", "-no-habits", "-o", filepath.Join(dir, "out-noisy"), filepath.Join(dir, "noisy"))
	if code != 0 || strings.Contains(errs, "reads cleaner") {
		t.Errorf("noisy: exit %d: %s", code, errs)
	}
	// a page alone on stdin is its own collection, and is said to as well
	if code, _, errs := runStdin(string(c.Docs[0].GT.Source), "correct", "-"); code != 0 || !strings.Contains(errs, "the page's OCR reads cleaner") {
		t.Errorf("stdin: exit %d: %s", code, errs)
	}
}
