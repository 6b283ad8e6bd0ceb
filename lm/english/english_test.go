package english

import (
	"bytes"
	"fmt"
	"testing"

	"ocrfix/lm"
)

func TestModel(t *testing.T) {
	m, s, err := Model()
	if err != nil {
		t.Fatal(err)
	}
	if m.Words() < 50000 {
		t.Errorf("only %d words", m.Words())
	}
	of, the := m.ID("of"), m.ID("the")
	if of < 0 || the < 0 || m.ID("returne") < 0 {
		t.Fatal("common or period words missing")
	}
	// "the top of the hill": of beats or and on after "the top"
	top := m.ID("top")
	if !(m.LogProb(the, top, of) > m.LogProb(the, top, m.ID("or")) && m.LogProb(the, top, of) > m.LogProb(the, top, m.ID("on"))) {
		t.Error("'the top of' is not the likeliest of of/or/on")
	}
	if !(m.LogFreq(the) > m.LogFreq(m.ID("returne"))) {
		t.Error("the is not more frequent than returne")
	}
	for _, good := range []string{"returne", "hee", "shewed"} {
		for _, bad := range []string{"tbnrn", ",.i1l", "qxzv"} {
			if !(s.LogProb(good) > s.LogProb(bad)+1) {
				t.Errorf("shape: %s %.2f not well above %s %.2f", good, s.LogProb(good), bad, s.LogProb(bad))
			}
		}
	}
}

// ExampleModel shows the shape scores (mean log probability per character)
// of period spellings and of OCR garbage.
func ExampleModel() {
	_, s, err := Model()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range []string{"returne", "hee", "shewed", "tbnrn", ",.i1l", "qxzv"} {
		fmt.Printf("%-8s %6.2f\n", w, s.LogProb(w))
	}
	// Output:
	// returne   -1.48
	// hee       -3.45
	// shewed    -1.59
	// tbnrn     -9.22
	// ,.i1l    -13.83
	// qxzv     -11.76
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := lm.Load(modelFile); err != nil {
			b.Fatal(err)
		}
		if _, err := lm.ReadShape(bytes.NewReader(shapeFile)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLogProb(b *testing.B) {
	m, _, err := Model()
	if err != nil {
		b.Fatal(err)
	}
	ws := []string{"the", "top", "of", "hill", "and", "he", "returne", "said", "zzzz", "that"}
	ids := make([]int32, len(ws))
	for i, w := range ws {
		ids[i] = m.ID(w)
	}
	var sink float32
	i := 0
	for b.Loop() {
		n := len(ids)
		sink += m.LogProb(ids[i%n], ids[(i+1)%n], ids[(i+2)%n])
		i++
	}
	_ = sink
}

func BenchmarkShape(b *testing.B) {
	_, s, err := Model()
	if err != nil {
		b.Fatal(err)
	}
	ws := []string{"the", "returne", "tbnrn", "shewed", "hill", "constitution"}
	var sink float32
	i := 0
	for b.Loop() {
		sink += s.LogProb(ws[i%len(ws)])
		i++
	}
	_ = sink
}
