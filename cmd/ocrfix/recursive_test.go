package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCorrectRecursive: with -r, correct and profile read a collection kept
// as a tree (pages of one name in two issues), correct writes each page at
// its path below the output directory, -alt readings are found below the
// same subdirectory, and eval -r pairs the truth and the corrections by
// their paths. Without -r the subdirectories are skipped, as before, and
// the message says -r reads them.
func TestCorrectRecursive(t *testing.T) {
	dir := t.TempDir()
	p := func(s string) string { return filepath.Join(dir, filepath.FromSlash(s)) }
	writeFiles(t, dir, map[string]string{
		"in/1850/page1.txt":     "Tbe cat sat on tbe mat.\n",
		"in/1851/page1.txt":     "Tbe dog sat on tbe rug.\n",
		"in/1851/03/page2.txt":  "Tbe bird sang in tbe tree.\n",
		"in/.hidden/page9.txt":  "Tbe hidden page.\n",
		"in/notes.md":           "not OCR\n",
		"in/1850/scan.pdf":      "",
		"gt/1850/page1.txt":     "The cat sat on the mat.\n",
		"gt/1851/page1.txt":     "The dog sat on the rug.\n",
		"gt/1851/03/page2.txt":  "The bird sang in the tree.\n",
		"alt/1850/page1.txt":    "The cat sat on the mat.\n",
		"alt/1851/page1.txt":    "The dog sat on the rug.\n",
		"alt/1851/03/page2.txt": "The bird sang in the tree.\n",
	})

	code, _, errs := runCmd("correct", "-o", p("flat"), p("in"))
	if code == 0 || !strings.Contains(errs, "skipping "+p("in/1850")+": ocrfix does not descend into subdirectories (name it to read it, or give -r)") {
		t.Errorf("without -r: exit %d: %s", code, errs)
	}

	code, _, errs = runCmd("correct", "-r", "-o", p("out"), p("in"))
	if code != 0 {
		t.Fatalf("-r: exit %d: %s", code, errs)
	}
	if want := "skipping 2 files in " + p("in") + ", not OCR files by their extension: " + filepath.FromSlash("1850/scan.pdf") + ", notes.md\n"; !strings.Contains(errs, want) {
		t.Errorf("-r: said %q, want %q", errs, want)
	}
	for name, want := range map[string]string{
		"1850/page1.txt":    "The cat sat on the mat.\n",
		"1851/page1.txt":    "The dog sat on the rug.\n",
		"1851/03/page2.txt": "The bird sang in the tree.\n",
	} {
		if b, err := os.ReadFile(p("out/" + name)); err != nil || string(b) != want {
			t.Errorf("out/%s: %q, %v; want %q", name, b, err, want)
		}
	}
	if _, err := os.Stat(p("out/.hidden")); err == nil {
		t.Error("a hidden directory was read")
	}

	// the other readings lie below the same subdirectories
	if code, _, errs := runCmd("correct", "-r", "-alt", p("alt"), "-o", p("withalt"), p("in")); code != 0 {
		t.Errorf("-r -alt: exit %d: %s", code, errs)
	} else if b, err := os.ReadFile(p("withalt/1851/03/page2.txt")); err != nil || string(b) != "The bird sang in the tree.\n" {
		t.Errorf("-r -alt: %q, %v", b, err)
	}

	code, out, errs := runCmd("eval", "-r", "-gt", p("gt"), "-pred", p("out"), "-ocr", p("in"))
	if code != 0 || !strings.Contains(out, "1851/03/page2") || !strings.Contains(out, "1850/page1") {
		t.Errorf("eval -r: exit %d: %s%s", code, out, errs)
	}
	if code, _, errs := runCmd("eval", "-gt", p("gt"), "-pred", p("out")); code == 0 {
		t.Errorf("eval without -r read the subdirectories: %s", errs)
	}
	if code, _, errs := runCmd("eval", "-r", p("gt/1850/page1.txt"), p("out/1850/page1.txt")); code != 2 || !strings.Contains(errs, "-r is for -gt DIR -pred DIR") {
		t.Errorf("eval -r with two files: exit %d: %s", code, errs)
	}

	code, out, errs = runCmd("profile", "-r", "-o", p("all.prof"), p("in"))
	if code != 0 || !strings.Contains(out, "profile of 3 documents (3 inputs)") {
		t.Errorf("profile -r: exit %d: %s%s", code, out, errs)
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"correct", "-r", "-o", p("in/corrected"), p("in")}, "lies inside the input directory " + p("in") + ", which -r reads"},
		{[]string{"correct", "-r", "-o", p("in"), p("in")}, "lies inside the input directory"},
		{[]string{"correct", "-r", "-"}, "-r reads directories"},
		{[]string{"correct", "-r", "-o", p("out2"), "-report", p("in/1850/report"), p("in")}, "-report " + p("in/1850/report") + ": lies inside the input directory"},
	} {
		if code, _, errs := runCmd(c.args...); code == 0 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d: %s, want %q", c.args, code, errs, c.want)
		}
	}
	if _, err := os.Stat(p("in/corrected")); err == nil {
		t.Error("an output directory inside the input was made")
	}
}

// TestCorrectRecursiveLinks: -r follows no link to a directory (a loop
// would never end) and says so; a link to a file is read as the file.
func TestCorrectRecursiveLinks(t *testing.T) {
	dir := t.TempDir()
	p := func(s string) string { return filepath.Join(dir, filepath.FromSlash(s)) }
	writeFiles(t, dir, map[string]string{"in/a/page1.txt": "Tbe cat.\n", "other/page2.txt": "Tbe dog.\n"})
	if err := os.Symlink(p("in"), p("in/a/loop")); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	if err := os.Symlink(p("other/page2.txt"), p("in/a/page2.txt")); err != nil {
		t.Fatal(err)
	}
	code, _, errs := runCmd("correct", "-r", "-o", p("out"), p("in"))
	if code != 0 || !strings.Contains(errs, "skipping "+p("in/a/loop")+": -r does not follow a link to a directory") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, name := range []string{"a/page1.txt", "a/page2.txt"} {
		if _, err := os.Stat(p("out/" + name)); err != nil {
			t.Errorf("out/%s: %v", name, err)
		}
	}
}
