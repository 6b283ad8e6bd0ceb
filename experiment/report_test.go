package experiment

import (
	"strings"
	"testing"

	"ocrfix/eval"
)

// TestReportPreference: the documents whose corrected text has a lower,
// the same or a higher cMER than their raw OCR, and HIPE-OCRepair's
// preference score (their sign's mean).
func TestReportPreference(t *testing.T) {
	f := strings.Fields
	docs := []DocOutcome{
		{Stem: "better", GT: f("the cat sat"), Raw: f("tbe cat sat"), Corrected: f("the cat sat")},
		{Stem: "worse", GT: f("the cat sat"), Raw: f("the cat sat"), Corrected: f("the cot sat")},
		{Stem: "same", GT: f("a dog ran"), Raw: f("a dog rau"), Corrected: f("a dog rau")},
		{Stem: "better2", GT: f("of the"), Raw: f("ot tbe"), Corrected: f("of tbe")},
		{Stem: "empty"},
	}
	var r Report
	r.Add(docs, eval.Options{})
	if r.DocsCMERLower != 2 || r.DocsCMERSame != 2 || r.DocsCMERHigher != 1 {
		t.Errorf("lower/same/higher %d/%d/%d, want 2/2/1", r.DocsCMERLower, r.DocsCMERSame, r.DocsCMERHigher)
	}
	if r.Preference != 0.2 {
		t.Errorf("preference %v, want 0.2", r.Preference)
	}
	var b strings.Builder
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "2 lower, 2 the same, 1 higher (HIPE-OCRepair's preference score +0.200)") {
		t.Errorf("table without the documents by cMER:\n%s", b.String())
	}
}
