package htmlreport

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"ocrfix/eval"
)

// browser returns the path of a Chromium or Chrome binary, or skips.
func browser(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no chromium in PATH (Debian: apt-get install chromium): the browser test of the HTML reports is skipped")
	return ""
}

// render loads a page headless and returns its DOM after the scripts ran,
// the browser's log and the screenshot's PNG bytes.
func render(t *testing.T, bin, page string) (dom, log string, shot []byte) {
	t.Helper()
	shotPath := filepath.Join(t.TempDir(), "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--user-data-dir="+t.TempDir(), "--enable-logging=stderr", "--v=0",
		"--window-size=800,1000", "--screenshot="+shotPath, "--dump-dom", "file://"+page)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", bin, page, err, errb.String())
	}
	shot, err := os.ReadFile(shotPath)
	if err != nil {
		t.Fatalf("%s: no screenshot: %v\n%s", page, err, errb.String())
	}
	if dir := os.Getenv("OCRFIX_SCREENSHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, filepath.Base(page)+".png"), shot, 0o644)
	}
	return out.String(), errb.String(), shot
}

// checkRendered fails when the page logged a script error or its
// screenshot is blank (one colour).
func checkRendered(t *testing.T, name, dom, log string, shot []byte) {
	t.Helper()
	if strings.Contains(dom, `data-js-error="`) {
		i := strings.Index(dom, `data-js-error="`)
		t.Errorf("%s: script error: %s", name, dom[i:min(len(dom), i+200)])
	}
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, "CONSOLE") && (strings.Contains(l, "Error") || strings.Contains(l, "Uncaught")) {
			t.Errorf("%s: browser console: %s", name, l)
		}
	}
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatalf("%s: screenshot: %v", name, err)
	}
	b := img.Bounds()
	first := img.At(b.Min.X, b.Min.Y)
	r0, g0, b0, _ := first.RGBA()
	differ := 0
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bb, _ := img.At(x, y).RGBA()
			if r != r0 || g != g0 || bb != b0 {
				differ++
			}
		}
	}
	if total := b.Dx() * b.Dy() / 4; differ < total/200 {
		t.Errorf("%s: screenshot looks blank (%d of %d sampled pixels differ from the corner)", name, differ, total)
	}
}

// TestBrowser renders a bench report's index and one document page, and
// an eval report's index, in headless Chromium: the tables must hold the
// figures the text reports give, no script may fail, and the screenshots
// must not be blank. A page whose script throws must be caught.
func TestBrowser(t *testing.T) {
	bin := browser(t)
	dir := t.TempDir()
	docs := testBenchDocs()
	if err := WriteBench(dir, &Header{Title: "bench test", Provenance: "test"}, docs, eval.Options{}); err != nil {
		t.Fatal(err)
	}
	dom, log, shot := render(t, bin, filepath.Join(dir, "index.html"))
	checkRendered(t, "bench index", dom, log, shot)
	if !strings.Contains(dom, `data-rows="`+strconv.Itoa(len(docs))+`"`) {
		t.Errorf("bench index: the document table did not report %d rows", len(docs))
	}
	for _, d := range docs {
		r := eval.EvaluateDoc(d.Name, d.GT, d.Raw, eval.Options{})
		k := eval.EvaluateDoc(d.Name, d.GT, outputWords(d.Out), eval.Options{})
		// The row as the DOM holds it after the script built the table.
		row := fmt.Sprintf(`<a href="docs/%s.html">%s</a></td><td>%d</td><td>%d</td><td>%s</td><td>%d</td><td>%s</td>`,
			d.Name, d.Name, r.GTWords, r.Matched, frac4(r.Recall), k.Matched, frac4(k.Recall))
		if !strings.Contains(dom, row) {
			t.Errorf("bench index: no row %s", row)
		}
	}
	for _, want := range []string{"<svg", `class="kinds"`, `class="heat"`} {
		if !strings.Contains(dom, want) {
			t.Errorf("bench index: no %s", want)
		}
	}
	dom, log, shot = render(t, bin, filepath.Join(dir, "docs", docs[0].Name+".html"))
	checkRendered(t, "bench document", dom, log, shot)
	for _, want := range []string{`<th>truth</th><th>raw OCR</th><th>corrected</th>`, `<span class="fix chg"`, `title="OCR: tbe (word)`} {
		if !strings.Contains(dom, want) {
			t.Errorf("bench document page: no %s", want)
		}
	}

	// eval: the summary figures of Summary.txt.
	var res []eval.DocResult
	for _, d := range docs {
		res = append(res, eval.EvaluateDoc(d.Name, d.GT, d.Raw, eval.Options{}))
	}
	s := eval.Summarize(res, eval.Options{})
	edir := t.TempDir()
	if err := WriteEval(edir, &Header{Title: "eval test"}, s); err != nil {
		t.Fatal(err)
	}
	dom, log, shot = render(t, bin, filepath.Join(edir, "index.html"))
	checkRendered(t, "eval index", dom, log, shot)
	for _, want := range []string{fmt.Sprintf("<td>%d / %d</td>", s.Matched, s.GTWords), strconv.FormatFloat(s.Recall, 'f', 6, 64)} {
		if !strings.Contains(dom, want) {
			t.Errorf("eval index: no %s", want)
		}
	}

	// A page whose script throws is reported.
	bad := filepath.Join(dir, "bad.html")
	os.WriteFile(bad, []byte("<!DOCTYPE html><html><head><script>"+errHook+"</script></head><body><p>x</p><script>undefinedFunction()</script></body></html>"), 0o644)
	dom, _, _ = render(t, bin, bad)
	if !strings.Contains(dom, `data-js-error="`) {
		t.Error("a script error was not caught by the error hook")
	}
}

// testBenchDocs are three small documents with fixes, a broken word, a
// merge and a split.
func testBenchDocs() []BenchDoc {
	mk := func(name, gt, raw string, out []string) BenchDoc {
		r := strings.Fields(raw)
		cands := map[int][]Cand{}
		for i := range out {
			if out[i] != r[i] {
				cands[i] = []Cand{{Text: out[i], Span: 1, Score: 1.5}, {Text: r[i], Span: 1, Score: -0.5}}
			}
		}
		return BenchDoc{Name: name, GT: strings.Fields(gt), Raw: r, Out: out, Cands: cands, Oracle: len(strings.Fields(gt))}
	}
	return []BenchDoc{
		mk("doc1", "the man said he would come today to the house", "tbe man sald he wou1d come to day to thc house",
			[]string{"the", "man", "said", "he", "would", "come", "today", "", "to", "the", "houses"}),
		mk("doc2", "it was a dark and stormy night", "it wasa dark aud stormy night",
			[]string{"it", "was a", "dark", "and", "stormy", "night"}),
		mk("doc3", "Emma Woodhouse handsome clever and rich", "Emma Woodhouse handsorne clever aud rich",
			[]string{"Emma", "Woodhouse", "handsome", "clever", "and", "rich"}),
	}
}
