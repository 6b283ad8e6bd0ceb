package ocrbeam

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"ocrfix/data"
	"ocrfix/internal/habitsim"
	"ocrfix/model"
)

// The tests run the pipelines on prism, in this process, and compare their
// outputs with those of the ocrfix command built from the core module.
// The SDK in loopback mode leaves an empty file in os.TempDir for every
// pipeline it runs (apache/beam issue 27569), so TMPDIR points at a
// directory of the test binary's own while the tests run, removed after.
func TestMain(m *testing.M) {
	beamlog.LogLevel = "warn" // not each job's progress
	tmp, err := os.MkdirTemp("", "ocrbeam-tmp")
	if err == nil {
		os.Setenv("TMPDIR", tmp)
	}
	code := ptest.MainRetWithDefault(m, "prism")
	if fixture.dir != "" {
		os.RemoveAll(fixture.dir)
	}
	if err == nil {
		os.RemoveAll(tmp)
	}
	os.Exit(code)
}

var (
	fixtureOnce sync.Once
	fixture     struct {
		dir    string // holds everything below; TestMain removes it
		ocrfix string // the ocrfix command
		model  string // a small model trained on the embedded corpus
		err    error
	}
)

// setup builds the ocrfix command and trains a small model once per test
// binary.
func setup(t testing.TB) (ocrfixCmd, modelPath string) {
	t.Helper()
	fixtureOnce.Do(func() {
		f := &fixture
		if f.dir, f.err = os.MkdirTemp("", "ocrbeam-test"); f.err != nil {
			return
		}
		f.ocrfix = filepath.Join(f.dir, "ocrfix")
		// Built in the core module (the parent directory), with its own
		// go.mod: this module needs none of the command's dependencies.
		build := exec.Command("go", "build", "-o", f.ocrfix, "./cmd/ocrfix")
		build.Dir = ".."
		out, err := build.CombinedOutput()
		if err != nil {
			f.err = &cmdError{"go build ./cmd/ocrfix (in ..)", err, out}
			return
		}
		c, err := data.Embedded()
		if err != nil {
			f.err = err
			return
		}
		opt := model.DefaultOptions()
		opt.LDA.K, opt.LDA.Iters, opt.LDA.BurnIn = 4, 20, 10
		opt.NoVectors = true
		m, err := model.Train(c.Docs[10:20], opt)
		if err != nil {
			f.err = err
			return
		}
		var buf bytes.Buffer
		if _, err := m.WriteTo(&buf); err != nil {
			f.err = err
			return
		}
		f.model = filepath.Join(f.dir, "small.model")
		f.err = os.WriteFile(f.model, buf.Bytes(), 0o644)
	})
	if fixture.err != nil {
		t.Fatal(fixture.err)
	}
	return fixture.ocrfix, fixture.model
}

type cmdError struct {
	cmd string
	err error
	out []byte
}

func (e *cmdError) Error() string { return e.cmd + ": " + e.err.Error() + "\n" + string(e.out) }

// runOcrfix runs the ocrfix command and returns its stdout.
func runOcrfix(t testing.TB, bin string, args ...string) []byte {
	t.Helper()
	out, _ := runOcrfixStderr(t, bin, args...)
	return out
}

// runOcrfixStderr is runOcrfix, returning what the command wrote to
// stderr too.
func runOcrfixStderr(t testing.TB, bin string, args ...string) (stdout []byte, stderr string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	var eb bytes.Buffer
	cmd.Stderr = &eb
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ocrfix %s: %v\n%s", strings.Join(args, " "), err, eb.Bytes())
	}
	return out, eb.String()
}

// linesAfter returns the rest of each line of text that starts with
// prefix, in order.
func linesAfter(text, prefix string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok {
			out = append(out, rest)
		}
	}
	return out
}

// writeCorpus writes n documents of the embedded corpus to dir/ocr (plain
// text, and one as Tesseract TSV) and dir/gt, and returns the stems.
func writeCorpus(t testing.TB, dir string, n int) []string {
	t.Helper()
	c, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	for _, sub := range []string{"ocr", "gt"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var stems []string
	for _, d := range c.Docs[:n] {
		stems = append(stems, d.Stem)
		write(t, filepath.Join(dir, "ocr", d.Stem+".txt"), d.OCR.Source)
		write(t, filepath.Join(dir, "gt", d.Stem+".txt"), d.GT.Source)
	}
	// One document in Tesseract TSV, written back in that format.
	d := c.Docs[n]
	gz, err := os.ReadFile(filepath.Join("..", "data", "corpus", "tsv", d.Stem+".tsv.gz"))
	if err != nil {
		t.Logf("no TSV document (%v): plain text only", err)
		return stems
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		t.Fatal(err)
	}
	tsv, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "ocr", d.Stem+".tsv"), tsv)
	write(t, filepath.Join(dir, "gt", d.Stem+".txt"), d.GT.Source)
	return append(stems, d.Stem)
}

func write(t testing.TB, name string, b []byte) {
	t.Helper()
	if err := os.WriteFile(name, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// readDir returns the files of dir by name (hidden files too, so a
// leftover temporary file shows up).
func readDir(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]byte{}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		out[e.Name()] = b
	}
	return out
}

func run(t testing.TB, build func(s beam.Scope)) {
	t.Helper()
	p, s := beam.NewPipelineWithRoot()
	build(s)
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
}

// sameFiles fails unless want and got hold the same names with the same
// bytes.
func sameFiles(t *testing.T, want, got map[string][]byte) {
	t.Helper()
	var names []string
	for n := range want {
		names = append(names, n)
	}
	for n := range got {
		if _, ok := want[n]; !ok {
			t.Errorf("unexpected output %s", n)
		}
	}
	slices.Sort(names)
	for _, n := range names {
		g, ok := got[n]
		switch {
		case !ok:
			t.Errorf("missing output %s", n)
		case !bytes.Equal(g, want[n]):
			t.Errorf("%s: %d bytes differ from ocrfix's %d bytes", n, len(g), len(want[n]))
		}
	}
}

const emptyDeadLetters = "path\terror\n"

// takeCounts reads the counts file under the output prefix out, checks
// its files and dead letters, and removes it from files (the outputs
// read by readDir).
func takeCounts(t *testing.T, out string, files map[string][]byte, wantFiles, wantDead int64) Counts {
	t.Helper()
	c, err := ReadCounts(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	if c.Files != wantFiles || c.Dead != wantDead {
		t.Errorf("%s: counts %+v, want %d files and %d dead letters", out, c, wantFiles, wantDead)
	}
	delete(files, CountsName)
	return c
}

// TestCorrectSameBytes: ocrfix-beam correct on prism writes exactly the
// files ocrfix correct writes, and a rerun writes them again.
func TestCorrectSameBytes(t *testing.T) {
	bin, mod := setup(t)
	dir := t.TempDir()
	writeCorpus(t, dir, 4)
	want := filepath.Join(dir, "want")
	runOcrfix(t, bin, "correct", "-model", mod, "-o", want, filepath.Join(dir, "ocr"))
	got := filepath.Join(dir, "got")
	o := CorrectOptions{Input: filepath.Join(dir, "ocr", "*"), Output: got, Model: mod}
	run(t, func(s beam.Scope) { CorrectPipeline(s, o) })
	files := readDir(t, got)
	if dl := string(files[DeadLetterName]); dl != emptyDeadLetters {
		t.Errorf("dead letters of a clean run:\n%s", dl)
	}
	delete(files, DeadLetterName)
	c := takeCounts(t, got, files, 5, 0)
	if c.Tokens < 1000 || c.Changed < 1 || c.Changed > c.Tokens {
		t.Errorf("counts %+v: want the corpus's tokens and some changed", c)
	}
	wantFiles := readDir(t, want)
	if len(wantFiles) < 4 {
		t.Fatalf("ocrfix correct wrote %d files", len(wantFiles))
	}
	changed := 0
	src := readDir(t, filepath.Join(dir, "ocr"))
	for n, b := range wantFiles {
		if !bytes.Equal(b, src[n]) {
			changed++
		}
	}
	if changed == 0 {
		t.Error("the model changed no file: the comparison proves little")
	}
	sameFiles(t, wantFiles, files)

	// A rerun over the same inputs writes the same outputs.
	run(t, func(s beam.Scope) { CorrectPipeline(s, o) })
	rerun := readDir(t, got)
	delete(rerun, DeadLetterName)
	if c2 := takeCounts(t, got, rerun, 5, 0); c2 != c {
		t.Errorf("rerun counts %+v, first run %+v", c2, c)
	}
	sameFiles(t, files, rerun)

	// So does a run with the profile given as a file (ocrfix profile's).
	prof := filepath.Join(dir, "coll.prof")
	runOcrfix(t, bin, "profile", "-o", prof, filepath.Join(dir, "ocr"))
	got2 := filepath.Join(dir, "got2")
	o2 := o
	o2.Output, o2.Profile = got2, prof
	run(t, func(s beam.Scope) { CorrectPipeline(s, o2) })
	files2 := readDir(t, got2)
	delete(files2, DeadLetterName)
	takeCounts(t, got2, files2, 5, 0)
	sameFiles(t, wantFiles, files2)
}

// TestCorrectDeadLetters: bad inputs are listed with their names and
// errors, and the other documents are corrected as ocrfix corrects them
// alone.
func TestCorrectDeadLetters(t *testing.T) {
	bin, mod := setup(t)
	dir := t.TempDir()
	writeCorpus(t, dir, 3)
	ocr := filepath.Join(dir, "ocr")
	want := filepath.Join(dir, "want")
	runOcrfix(t, bin, "correct", "-model", mod, "-o", want, ocr)

	write(t, filepath.Join(ocr, "zz_bad.txt"), []byte("valid line\nbroken \xff\xfe byte\n"))
	write(t, filepath.Join(ocr, "notes.doc"), []byte("not OCR"))
	write(t, filepath.Join(ocr, "broken.xml"), []byte("<alto><Layout><String CONTENT=\"x\""))
	got := filepath.Join(dir, "got")
	o := CorrectOptions{Input: filepath.Join(ocr, "*"), Output: got, Model: mod}
	run(t, func(s beam.Scope) { CorrectPipeline(s, o) })
	files := readDir(t, got)
	dl := string(files[DeadLetterName])
	delete(files, DeadLetterName)
	takeCounts(t, got, files, 4, 3)
	sameFiles(t, readDir(t, want), files)
	for _, name := range []string{"zz_bad.txt:2: invalid UTF-8", "notes.doc: unknown file extension", "broken.xml"} {
		if !strings.Contains(dl, filepath.Join(ocr, name)) {
			t.Errorf("dead letters lack %s:\n%s", name, dl)
		}
	}
	if strings.Count(dl, "\n") != 4 {
		t.Errorf("want a header and 3 dead letters, got:\n%s", dl)
	}

	// Two inputs with one name: both left out (the output would hold
	// one of them).
	for _, d := range []string{"d1", "d2"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
		write(t, filepath.Join(dir, d, "dup.txt"), []byte("the same name in "+d+"\n"))
	}
	dupOut := filepath.Join(dir, "dup")
	od := CorrectOptions{Input: filepath.Join(dir, "d*", "dup.txt"), Output: dupOut, Model: mod}
	run(t, func(s beam.Scope) { CorrectPipeline(s, od) })
	dupFiles := readDir(t, dupOut)
	takeCounts(t, dupOut, dupFiles, 0, 2)
	if len(dupFiles) != 1 || strings.Count(string(dupFiles[DeadLetterName]), "same name;") != 2 {
		t.Errorf("two inputs named dup.txt: want both in the dead letters and no output, got %d files:\n%s", len(dupFiles), dupFiles[DeadLetterName])
	}

	// A rerun gives the same outputs.
	run(t, func(s beam.Scope) { CorrectPipeline(s, o) })
	again := readDir(t, got)
	takeCounts(t, got, again, 4, 3)
	if string(again[DeadLetterName]) != dl {
		t.Errorf("rerun: dead letters differ:\n%s\nthen\n%s", dl, again[DeadLetterName])
	}
	delete(again, DeadLetterName)
	sameFiles(t, files, again)
}

// TestProfileSameBytes: the profile Combine writes the bytes of ocrfix
// profile.
func TestProfileSameBytes(t *testing.T) {
	bin, _ := setup(t)
	dir := t.TempDir()
	writeCorpus(t, dir, 5)
	want := filepath.Join(dir, "want.prof")
	runOcrfix(t, bin, "profile", "-o", want, filepath.Join(dir, "ocr"))
	got := filepath.Join(dir, "got.prof")
	o := ProfileOptions{Input: filepath.Join(dir, "ocr", "*"), Output: got, DeadLetter: got + ".deadletter.tsv"}
	run(t, func(s beam.Scope) { ProfilePipeline(s, o) })
	w, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	g, err := os.ReadFile(got)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(w, g) {
		t.Errorf("profile: %d bytes differ from ocrfix profile's %d", len(g), len(w))
	}
	if dl, _ := os.ReadFile(o.DeadLetter); string(dl) != emptyDeadLetters {
		t.Errorf("dead letters: %q", dl)
	}
}

// TestEvalSameTable: the evaluation pipeline writes the table ocrfix eval
// prints, for raw OCR and with options, and lists an unpaired prediction.
func TestEvalSameTable(t *testing.T) {
	bin, _ := setup(t)
	dir := t.TempDir()
	stems := writeCorpus(t, dir, 4)
	gt, ocr := filepath.Join(dir, "gt"), filepath.Join(dir, "ocr")
	// A document with no prediction counts as 0 matched in both.
	if err := os.Remove(filepath.Join(ocr, stems[1]+".txt")); err != nil {
		t.Fatal(err)
	}
	for i, flags := range [][]string{nil, {"-lower", "-strip-punct"}, {"-fuzzy", "0.8"}} {
		want := runOcrfix(t, bin, append(append([]string{"eval"}, flags...), "-gt", gt, "-pred", ocr)...)
		out := filepath.Join(dir, "eval", string(rune('a'+i)))
		o := EvalOptions{GT: filepath.Join(gt, "*"), Pred: filepath.Join(ocr, "*"), Output: out}
		for j := 0; j < len(flags); j++ {
			switch flags[j] {
			case "-lower":
				o.Eval.Lower = true
			case "-strip-punct":
				o.Eval.StripPunct = true
			case "-fuzzy":
				o.Eval.Fuzzy = 0.8
				j++
			}
		}
		run(t, func(s beam.Scope) { EvalPipeline(s, o) })
		got, err := os.ReadFile(filepath.Join(out, SummaryName))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("eval %v: table differs from ocrfix eval's:\n%s\nwant\n%s", flags, got, want)
		}
	}

	// A prediction without ground truth is a dead letter; JSON output.
	write(t, filepath.Join(ocr, "orphan.txt"), []byte("no truth here\n"))
	out := filepath.Join(dir, "eval", "json")
	o := EvalOptions{GT: filepath.Join(gt, "*"), Pred: filepath.Join(ocr, "*"), Output: out, JSON: true}
	run(t, func(s beam.Scope) { EvalPipeline(s, o) })
	dl, err := os.ReadFile(filepath.Join(out, DeadLetterName))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(dl), "orphan.txt: prediction without ground truth") {
		t.Errorf("dead letters: %s", dl)
	}
	want := runOcrfix(t, bin, "eval", "-json", "-allow-unpaired", "-gt", gt, "-pred", ocr)
	got, err := os.ReadFile(filepath.Join(out, SummaryJSONName))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("eval -json differs:\n%s\nwant\n%s", got, want)
	}
}

// embeddedOCR writes text(d) of the first n documents of the embedded
// corpus to DIR/ocr/<stem>.txt in a new temporary DIR, and returns DIR and
// DIR/ocr.
func embeddedOCR(t *testing.T, n int, text func(d *data.Doc) []byte) (dir, in string) {
	t.Helper()
	c, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	dir = t.TempDir()
	in = filepath.Join(dir, "ocr")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, d := range c.Docs[:n] {
		write(t, filepath.Join(in, d.Stem+".txt"), text(d))
	}
	return dir, in
}

// TestCorrectHabitsSameBytes: on a collection whose OCR reads the long s
// as f, ocrfix-beam adapts the model to the habit as ocrfix correct does
// and writes the same bytes, with and without -no-habits (and adapting
// changes the output, or the comparison would prove little).
func TestCorrectHabitsSameBytes(t *testing.T) {
	bin, mod := setup(t)
	dir, in := embeddedOCR(t, 6, func(d *data.Doc) []byte { return []byte(habitsim.LongS(d.Stem, string(d.OCR.Source), 100)) })
	outs := map[bool]map[string][]byte{}
	for _, off := range []bool{false, true} {
		want := filepath.Join(dir, fmt.Sprintf("want%v", off))
		args := []string{"correct", "-model", mod, "-o", want, in}
		if off {
			args = append(args[:1], append([]string{"-no-habits"}, args[1:]...)...)
		}
		_, stderr := runOcrfixStderr(t, bin, args...)
		got := filepath.Join(dir, fmt.Sprintf("got%v", off))
		o := CorrectOptions{Input: filepath.Join(in, "*"), Output: got, Model: mod, NoHabits: off}
		run(t, func(s beam.Scope) { CorrectPipeline(s, o) })
		files := readDir(t, got)
		delete(files, DeadLetterName)
		c := takeCounts(t, got, files, 6, 0)
		// the counts name the habits ocrfix correct says it adapted to
		said := linesAfter(stderr, habitLinePrefix)
		if !slices.Equal(c.HabitList(), said) || len(said) == 0 != off {
			t.Errorf("habits counted %q, ocrfix correct -no-habits=%v said %q", c.HabitList(), off, said)
		}
		wantFiles := readDir(t, want)
		sameFiles(t, wantFiles, files)
		outs[off] = wantFiles
	}
	differ := 0
	for n, b := range outs[false] {
		if !bytes.Equal(b, outs[true][n]) {
			differ++
		}
	}
	if differ == 0 {
		t.Error("adapting to the habit changed no file")
	}
}

// TestCorrectChangesSameBytes: with --changes, ocrfix-beam makes only the
// kinds of change named, as ocrfix correct -changes does: the same bytes,
// and fewer changes than with every kind.
func TestCorrectChangesSameBytes(t *testing.T) {
	bin, mod := setup(t)
	dir, in := embeddedOCR(t, 4, func(d *data.Doc) []byte { return d.OCR.Source })
	var all map[string][]byte
	for _, kinds := range []string{"all", "word,split"} {
		wantFiles := sameAsCorrect(t, bin, dir, "changes-"+kinds, in,
			CorrectOptions{Model: mod, Changes: kinds}, "-changes", kinds, "-model", mod)
		if all == nil {
			all = wantFiles
			continue
		}
		differ := 0
		for n, b := range all {
			if !bytes.Equal(b, wantFiles[n]) {
				differ++
			}
		}
		if differ == 0 {
			t.Errorf("-changes %s changed no file", kinds)
		}
	}
}

// sameAsCorrect corrects the files of in with CorrectPipeline under o
// (its Input and Output set here, under dir/got-tag) and with ocrfix
// correct and its arguments args (under dir/want-tag), checks that they
// wrote the same files, and returns them (the dead letters and counts
// left out).
func sameAsCorrect(t *testing.T, bin, dir, tag, in string, o CorrectOptions, args ...string) map[string][]byte {
	t.Helper()
	want := filepath.Join(dir, "want-"+tag)
	runOcrfix(t, bin, append(append([]string{"correct"}, args...), "-o", want, in)...)
	o.Input, o.Output = filepath.Join(in, "*"), filepath.Join(dir, "got-"+tag)
	run(t, func(s beam.Scope) { CorrectPipeline(s, o) })
	files := readDir(t, o.Output)
	delete(files, DeadLetterName)
	delete(files, CountsName)
	wantFiles := readDir(t, want)
	sameFiles(t, wantFiles, files)
	return wantFiles
}

// TestCorrectLineBreaksSameBytes: with LineBreaks "mark", ocrfix-beam
// writes the hyphen of a word broken at a line end as ¬, as ocrfix correct
// -line-breaks mark does: the same bytes, which differ from those of
// "keep" (the built-in model's default, "model", keeps); a mode that is
// none is an error before any file is read.
func TestCorrectLineBreaksSameBytes(t *testing.T) {
	bin, mod := setup(t)
	dir, in := embeddedOCR(t, 4, func(d *data.Doc) []byte { return d.OCR.Source })
	got := map[string]map[string][]byte{}
	for _, mode := range []string{"keep", "mark", "model"} {
		got[mode] = sameAsCorrect(t, bin, dir, "breaks-"+mode, in,
			CorrectOptions{Model: mod, LineBreaks: mode}, "-line-breaks", mode, "-model", mod)
	}
	marked := 0
	for n, b := range got["mark"] {
		if !bytes.Equal(b, got["keep"][n]) {
			marked++
			if !bytes.Contains(b, []byte(model.LineBreakMark)) {
				t.Errorf("%s: marked differs from kept without a %s", n, model.LineBreakMark)
			}
		}
		if !bytes.Equal(got["model"][n], got["keep"][n]) {
			t.Errorf("%s: the model's way differs from keep (the built-in model keeps)", n)
		}
	}
	if marked == 0 {
		t.Error("mark wrote no line-break mark")
	}
	if _, err := MarksLineBreaks(context.Background(), mod, "hyphen"); err == nil || !strings.Contains(err.Error(), "want keep, mark or model") {
		t.Errorf("MarksLineBreaks(hyphen): %v", err)
	}
}

// TestCorrectOtherLanguageCounts: a document of another language, and a
// French paragraph in an English one, are written as read and counted,
// as ocrfix correct writes them.
func TestCorrectOtherLanguageCounts(t *testing.T) {
	bin, mod := setup(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "ocr")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	fr := "Les paysans du village parlaient de la récolte, du prix du blé et de la\npluie qui n'était pas venue depuis trois semaines.\n"
	en := "It was tbe best of times, it was the worst of tirnes.\n"
	write(t, filepath.Join(in, "fr.txt"), []byte(fr))
	write(t, filepath.Join(in, "mixed.txt"), []byte(en+"\n"+fr))
	write(t, filepath.Join(in, "en.txt"), []byte(en))
	want := filepath.Join(dir, "want")
	runOcrfix(t, bin, "correct", "-model", mod, "-o", want, in)
	got := filepath.Join(dir, "got")
	o := CorrectOptions{Input: filepath.Join(in, "*"), Output: got, Model: mod}
	run(t, func(s beam.Scope) { CorrectPipeline(s, o) })
	files := readDir(t, got)
	delete(files, DeadLetterName)
	c := takeCounts(t, got, files, 3, 0)
	if c.OtherLanguage != 1 || c.OtherParagraphs != 1 {
		t.Errorf("counts %+v, want 1 document and 1 paragraph of another language", c)
	}
	sameFiles(t, readDir(t, want), files)
	if string(files["fr.txt"]) != fr {
		t.Errorf("fr.txt: %q", files["fr.txt"])
	}
}

// habitLinePrefix starts each line in which ocrfix correct says it adapted
// the model to a habit of the collection's OCR.
var habitLinePrefix = model.HabitNote("")

// TestCorrectNoiseCounts: the built-in model corrects OCR that reads
// cleaner than its training OCR with its margins raised, and the counts
// say so as ocrfix correct does.
func TestCorrectNoiseCounts(t *testing.T) {
	bin, _ := setup(t)
	dir, in := embeddedOCR(t, 6, func(d *data.Doc) []byte { return d.OCR.Source })
	want := filepath.Join(dir, "want")
	_, stderr := runOcrfixStderr(t, bin, "correct", "-o", want, in)
	got := filepath.Join(dir, "got")
	o := CorrectOptions{Input: filepath.Join(in, "*"), Output: got}
	run(t, func(s beam.Scope) { CorrectPipeline(s, o) })
	files := readDir(t, got)
	delete(files, DeadLetterName)
	c := takeCounts(t, got, files, 6, 0)
	sameFiles(t, readDir(t, want), files)
	note := c.Noise().Note("collection")
	if !(c.NoiseShift > 0) || c.CollectionWords == 0 || c.TrainingWords == 0 || !strings.Contains(stderr, note+"\n") {
		t.Errorf("counts %+v: note %q, ocrfix correct said:\n%s", c, note, stderr)
	}
}

// TestReadCounts: a counts file reads back as written, and one whose
// figures cannot be is an error naming the file and the line.
func TestReadCounts(t *testing.T) {
	head := strings.Join(countsHeader, "\t") + "\n"
	dir := t.TempDir()
	write(t, filepath.Join(dir, CountsName), []byte(head+"3\t100\t7\t1\t0\t2\t0.5\t4\t200\t50\t1000\ts read as f (1%)\\nwords run together\n"))
	c, err := ReadCounts(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	want := Counts{Files: 3, Tokens: 100, Changed: 7, Dead: 1, OtherParagraphs: 2, NoiseShift: 0.5,
		CollectionUnknown: 4, CollectionWords: 200, TrainingUnknown: 50, TrainingWords: 1000, Habits: "s read as f (1%)\nwords run together"}
	if c != want || !slices.Equal(c.HabitList(), []string{"s read as f (1%)", "words run together"}) {
		t.Errorf("read %+v, want %+v", c, want)
	}
	if n := c.Noise(); n.Shift != 0.5 || n.Collection.Share() != 0.02 || n.Training.Share() != 0.05 {
		t.Errorf("noise %+v", n)
	}
	for _, row := range []string{
		"3\t100\t7\t1\t0\t2\t0.5\t4\t200\t50\t1000",    // a column missing
		"3\t100\t7\t-1\t0\t2\t0\t0\t0\t0\t0\t",         // a negative count
		"3\t100\t7\t1\t0\t2\tNaN\t0\t0\t0\t0\t",        // no shift
		"3\t100\t7\t1\t0\t2\t-0.5\t4\t200\t50\t1000\t", // a negative shift
		"3\t100\t7\t1\t0\t2\t0\t201\t200\t50\t1000\t",  // more unknown words than words
		"3\t100\t7\t1\t0\t2\t0.5\t0\t0\t50\t1000\t",    // a shift without the collection's words
		"3\t100\t7\t1\t0\t2\t+Inf\t4\t200\t50\t1000\t", // an infinite shift
	} {
		write(t, filepath.Join(dir, CountsName), []byte(head+row+"\n"))
		if _, err := ReadCounts(context.Background(), dir); err == nil || !strings.Contains(err.Error(), CountsName+":2") {
			t.Errorf("%q: error %v, want one naming %s and line 2", row, err, CountsName)
		}
	}
}
