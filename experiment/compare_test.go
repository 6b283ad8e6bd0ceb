package experiment

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"ocrfix/eval"
)

// Compare measures a correction against its raw OCR: fixed and broken
// words, the kinds of its changes; a reduction with no raw error to
// reduce is undefined (n/a, null), not 0.
func TestCompare(t *testing.T) {
	w := strings.Fields
	docs := []DocOutcome{
		{Stem: "a", GT: w("the cat sat on the mat"), Raw: w("tbe cat sat on tho mat"), Corrected: w("the cat sat on the mat")},
		{Stem: "b", GT: w("a dog ran"), Raw: w("a dog ran"), Corrected: w("a dig ran")},
	}
	for i := range docs {
		docs[i].Out = eval.OutOf(docs[i].Raw, docs[i].Corrected)
	}
	c := Compare("ocr", docs, eval.Options{})
	if c.RawMatched != 7 || c.Corrected.Matched != 8 || c.Corrected.Broken != 1 || c.Corrected.ErrorReduction != 0.5 || c.Changes != 3 {
		t.Errorf("raw %d, corrected %+v, changes %d", c.RawMatched, c.Corrected, c.Changes)
	}
	if k := c.Kinds[0]; k.Kind != "word" || k.Made != 3 || k.Helped != 2 || k.Hurt != 1 {
		t.Errorf("word changes %+v", k)
	}
	clean := Compare("ocr", docs[1:], eval.Options{})
	if !math.IsNaN(clean.Corrected.CMERReduction) || !math.IsNaN(clean.Corrected.ErrorReduction) {
		t.Errorf("no raw error: reductions %v, %v, want NaN", clean.Corrected.CMERReduction, clean.Corrected.ErrorReduction)
	}
	var text bytes.Buffer
	if err := clean.WriteTable(&text); err != nil || !strings.Contains(text.String(), "cMER n/a lower") || !strings.Contains(text.String(), "(1 document,") {
		t.Errorf("table: %v\n%s", err, text.String())
	}
	b, err := json.Marshal(clean)
	if err != nil || !bytes.Contains(b, []byte(`"cmer_reduction":null`)) || !bytes.Contains(b, []byte(`"error_reduction":null`)) {
		t.Errorf("JSON: %v %s", err, b)
	}
}
