package builtin

import (
	"strings"
	"testing"

	"ocrfix/data"
)

// The built-in model loads, says what it was trained on, and corrects a
// page it has never seen without touching the words that are right.
func TestBuiltinModel(t *testing.T) {
	m, _ := modelAndCorpus(t)
	if d := Describe(m); !strings.Contains(d, "collections") || m.Stats.Docs == 0 {
		t.Errorf("description %q", d)
	}
	src := "It was tbe best of times, it was the worst of tirnes; the age of wisdom.\n"
	tx, err := data.ReadText("page.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	c := m.Correct(tx, nil, nil)
	got := strings.Join(c.Out, " ")
	for _, w := range []string{"It", "was", "best", "worst", "age", "wisdom."} {
		if !strings.Contains(got, w) {
			t.Errorf("%q lost in %q", w, got)
		}
	}
	if m2, _ := Model(); m2 != m {
		t.Error("Model read the file twice")
	}
}
