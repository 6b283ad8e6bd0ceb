package habitsim

import (
	"strings"
	"testing"
)

func TestLongS(t *testing.T) {
	for in, want := range map[string]string{
		"such a house is his":           "fuch a houfe is his",
		"husband, ask, offset, inside.": "husband, ask, offset, infide.",
		"Sense and sensibility":         "Senfe and fenfibility",
	} {
		if got := LongS("x", in, 100); got != want {
			t.Errorf("LongS(%q) = %q, want %q", in, got, want)
		}
	}
	if got, want := LongSGlyph("x", "such a house is his; offset, possess", 100), "ſuch a houſe is his; offset, poſseſs"; got != want {
		t.Errorf("LongSGlyph = %q, want %q", got, want)
	}
	if got := LongS("x", "such", 0); got != "such" {
		t.Errorf("LongS at 0%% = %q", got)
	}
	// 85 in 100, the same every time
	text := ""
	for range 200 {
		text += "so "
	}
	a, b := LongS("x", text, 85), LongS("x", text, 85)
	n := 0
	for _, r := range a {
		if r == 'f' {
			n++
		}
	}
	if a != b || n < 150 || n > 190 {
		t.Errorf("85%%: %d of 200 read as f, stable %v", n, a == b)
	}
}

func TestUV(t *testing.T) {
	if got, want := UV("Upon the river we have just seven Jewels, unto us"), "Vpon the riuer we haue iust seuen Iewels, vnto vs"; got != want {
		t.Errorf("UV = %q, want %q", got, want)
	}
}

func TestHLi(t *testing.T) {
	if got := HLi("x", "the which", 100); got != "tlie wliicli" {
		t.Errorf("HLi at 100%% = %q", got)
	}
	if got := HLi("x", "the which", 0); got != "the which" {
		t.Errorf("HLi at 0%% = %q", got)
	}
}

func TestReadAs(t *testing.T) {
	if got, want := ReadAs("x", "this is it", 'i', "1", 100), "th1s 1s 1t"; got != want {
		t.Errorf("ReadAs = %q, want %q", got, want)
	}
	if got := ReadAs("x", "this is it", 'i', "1", 0); got != "this is it" {
		t.Errorf("ReadAs at 0%% = %q", got)
	}
}

func TestCapitals(t *testing.T) {
	got := Capitals("x", "it was very similar, since Sunday; so vast", []string{"v", "si"}, 100)
	if want := "it was Very Similar, Since Sunday; so Vast"; got != want {
		t.Errorf("Capitals = %q, want %q", got, want)
	}
	if got := Capitals("x", "very", []string{"v"}, 0); got != "very" {
		t.Errorf("percent 0: %q", got)
	}
}

func TestUpper(t *testing.T) {
	if got, want := Upper("x", "the man's house, 12 ft.", 100), "THE MAN'S HOUSE, 12 FT."; got != want {
		t.Errorf("Upper at 100%% = %q, want %q", got, want)
	}
	text := strings.Repeat("the old house and the new one ", 50)
	got := Upper("x", text, 30)
	if got != Upper("x", text, 30) || strings.ToLower(got) != text {
		t.Fatalf("Upper is not deterministic, or changed more than case: %q", got)
	}
	if n := strings.Count(got, "THE"); n < 10 || n > 60 {
		t.Errorf("Upper at 30%%: %d of 100 the in capitals", n)
	}
}

// Random reads some 3 letters in 100 as other letters, of many pairs,
// the same on every run, and leaves every other byte alone.
func TestRandom(t *testing.T) {
	text := strings.Repeat("the man had seen the old house, and went in. ", 200)
	a := Random("f", text, 30)
	if a != Random("f", text, 30) {
		t.Fatal("not deterministic")
	}
	if len(a) != len(text) {
		t.Fatalf("%d bytes became %d", len(text), len(a))
	}
	letters, changed := 0, 0
	into := map[[2]byte]bool{}
	for i := range len(text) {
		x, y := text[i], a[i]
		if x < 'a' || x > 'z' {
			if x != y {
				t.Fatalf("byte %d: %q became %q", i, x, y)
			}
			continue
		}
		letters++
		if x != y {
			changed++
			if y < 'a' || y > 'z' {
				t.Fatalf("byte %d: %q became %q", i, x, y)
			}
			into[[2]byte{x, y}] = true
		}
	}
	// 30 in 1000, spread over many pairs
	if changed < letters*2/100 || changed > letters*4/100 || len(into) < changed/3 {
		t.Errorf("%d of %d letters changed, into %d pairs", changed, letters, len(into))
	}
	if Random("f", text, 0) != text {
		t.Error("changed at 0")
	}
}

// Confuse gives a share of the words one confusion each, the same on
// every run, and leaves the rest and every non-letter alone.
func TestConfuse(t *testing.T) {
	text := strings.Repeat("the man had seen the old house, and went in. ", 40)
	a, b := Confuse("f", text, 20), Confuse("f", text, 20)
	if a != b {
		t.Fatal("not deterministic")
	}
	ws, vs := strings.Fields(text), strings.Fields(a)
	if len(ws) != len(vs) {
		t.Fatalf("%d words became %d", len(ws), len(vs))
	}
	changed := 0
	for i := range ws {
		if ws[i] != vs[i] {
			changed++
			if strings.Trim(ws[i], ".,") == "" || len(vs[i]) > len(ws[i])+1 {
				t.Errorf("%q -> %q", ws[i], vs[i])
			}
		}
	}
	if changed < len(ws)/10 || changed > len(ws)*3/10 {
		t.Errorf("%d of %d words changed at 20%%", changed, len(ws))
	}
	if Confuse("f", text, 0) != text || Confuse("f", "1234 ,.;", 100) != "1234 ,.;" {
		t.Error("changed what it should not")
	}
}

func TestSpaces(t *testing.T) {
	text := strings.Repeat("the man had seen the old house, and went in. ", 40)
	a := Spaces("f", text, 20)
	if a != Spaces("f", text, 20) {
		t.Fatal("not deterministic")
	}
	if strings.ReplaceAll(a, " ", "") != strings.ReplaceAll(text, " ", "") {
		t.Fatal("changed more than spaces")
	}
	split, joined := 0, 0
	for _, w := range strings.Fields(a) {
		core := strings.Trim(w, ".,")
		switch {
		case strings.Contains(text, " "+core+" ") || strings.HasPrefix(text, core+" ") || strings.Contains(text, " "+core+","):
		case strings.Contains(strings.ReplaceAll(text, " ", ""), core) && len(core) < 4:
			split++ // a piece of a word
		default:
			joined++
		}
	}
	n := len(strings.Fields(text))
	if split == 0 || joined == 0 || split+joined > n*3/10 {
		t.Errorf("%d words split, %d joined of %d at 20%%", split, joined, n)
	}
	if Spaces("f", text, 0) != text || Spaces("f", "1234 ,.; 5", 100) != "1234 ,.; 5" {
		t.Error("changed what it should not")
	}
}

// TestClean: with none of its error stretches kept, the OCR reads as the
// truth's words, its right words and their line breaks as they were;
// with all kept it is the OCR; in between, some of each, the same on
// every run.
func TestClean(t *testing.T) {
	gt := "It was the best of times,\nit was the worst of times, it was the age of wisdom.\n"
	ocr := "lt was tbe best ot times,\nit was the worst of tirnes, it wasthe age of wisdom\n"
	all := Clean("a.txt", ocr, gt, 0)
	if strings.Join(strings.Fields(all), " ") != strings.Join(strings.Fields(gt), " ") || !strings.Contains(all, "times,\nit was the worst") {
		t.Errorf("Clean 0: %q", all)
	}
	if got := Clean("a.txt", ocr, gt, 100); got != ocr {
		t.Errorf("Clean 100: %q, want the OCR", got)
	}
	half := Clean("a.txt", ocr, gt, 50)
	if half == ocr || half == all || half != Clean("a.txt", ocr, gt, 50) {
		t.Errorf("Clean 50: %q", half)
	}
	// a word the OCR lost at the end, and one it added
	if got := Clean("b.txt", "one two", "one two three", 0); got != "one two three\n" {
		t.Errorf("lost at the end: %q", got)
	}
	if got := Clean("b.txt", "one , two\n", "one two\n", 0); got != "one two\n" {
		t.Errorf("added: %q", got)
	}
	if got := Clean("b.txt", "' one two\n", "one two\n", 0); got != "one two\n" {
		t.Errorf("added first: %q", got)
	}
	// letters beyond ASCII (à holds the byte 0xA0, Å 0x85) and a space
	// beyond it (U+2003)
	if got := Clean("c.txt", "tbe café à Paris\u2003Å\n", "the café à Paris\u2003Å\n", 0); got != "the café à Paris\u2003Å\n" {
		t.Errorf("beyond ASCII: %q", got)
	}
}
