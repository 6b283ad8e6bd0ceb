package model

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

func TestCapitalMisreadings(t *testing.T) {
	habits := []candgen.Habit{
		{True: 'E', OCR: "B"}, {True: 'R', OCR: "B"}, {True: 'E', OCR: "B"},
		{True: 'e', OCR: "c"},                   // small letters: the confusion's
		{True: 'H', OCR: "II"},                  // two letters: capitalHabits'
		{True: 'S', OCR: "A", Convention: true}, // the print's own
		{True: 'C', OCR: "c", Case: true},
		{True: ' ', Breaks: true},
	}
	got := capitalMisreadings(habits)
	if want := map[rune]string{'B': "ER"}; !maps.Equal(got, want) {
		t.Errorf("capitalMisreadings = %q, want %q", got, want)
	}
	if capitalMisreadings(habits[3:]) != nil {
		t.Error("no capital read as another: want nil")
	}
}

func TestCapitalWords(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	caps := map[rune]string{'B': "E"}
	words := strings.Fields("DBMANDS 81STBRS, U8BFUL FINB8T WIL80N. (DOVB) BASE THB HOGGBTT Dbntal BB 1B5B COUNTnY ThBFT cOUNTRY COUnTrY MOUs ACTs McLAY CAFé DBAR")
	out := slices.Clone(words)
	out[len(out)-1] = "DEAN" // a decision changed it
	capitalWords(out, words, caps, nil)
	// BASE and EASE are both English, THB too short, HOGGBTT no word
	// whichever B is E, Dbntal not in capitals, BB too short, 1B5B too
	// few letters; a small letter first or two small letters are no word
	// in capitals, nor a final s (an acronym's plural: MOUT, and ACTs is
	// English as it stands), a small second letter (McLAY: MALAY, ThBFT) or a
	// letter not a to z (CAFé).
	want := strings.Fields("DEMANDS SISTERS, USEFUL FINEST WILSON. (DOVE) BASE THB HOGGBTT Dbntal BB 1B5B COUNTRY ThBFT cOUNTRY COUnTrY MOUs ACTs McLAY CAFé DEAN")
	if !slices.Equal(out, want) {
		t.Errorf("capitalWords:\n got %q\nwant %q", out, want)
	}
	// without the habit, B stays B: figures and a small letter alone
	out = slices.Clone(words)
	capitalWords(out, words, nil, nil)
	want = slices.Clone(words)
	want[4], want[12] = "WILSON.", "COUNTRY"
	if !slices.Equal(out, want) {
		t.Errorf("capitalWords without habits:\n got %q\nwant %q", out, want)
	}
	// a mixed spelling the collection writes again is its own
	p := profile.Of([][]string{{"COUNTnY", "LOTS", "COUNTnY"}}, profile.Options{})
	out = []string{"COUNTnY", "WIL80N"}
	capitalWords(out, out, nil, p)
	if want := []string{"COUNTnY", "WILSON"}; !slices.Equal(out, want) {
		t.Errorf("capitalWords with a profile: got %q, want %q", out, want)
	}
	if _, _, ok := capitalAlternatives("BBBBBBBBB", map[rune]string{'B': "ER"}); ok {
		t.Error("3^9 readings: want too many")
	}
}
