package model

import (
	"reflect"
	"testing"

	"ocrfix/candgen"
	"ocrfix/lm/english"
)

// Two neighbouring corrections that each fall short of the margin alone
// are made together when the language model prefers the pair in context;
// with no weight, the path search decides as decode does, merges included.
func TestDecodeContext(t *testing.T) {
	eng, _, err := english.Model()
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"he", "went", "up", "or", "tbe", "hill", "to", "mar-", "ket"}
	cs := cands(words, map[int][]candgen.Candidate{
		3: {{Text: "of", Span: 1}},
		4: {{Text: "the", Span: 1}},
		7: {{Text: "market", Span: 2}},
	})
	first := []int32{0, 1, 2, 3, 5, 7, 8, 9, 11, 12}
	// The OCR token is each position's first candidate (score 0); "of"
	// and "the" score just below the margin of 1; the merge above it.
	scores := []float64{0, 0, 0, 0, 0.8, 0, 0.9, 0, 0, 0, 2, 0}
	margins := decider{margins: uniform(1)}
	alone := decode(words, cs, first, scores, margins)
	want := []string{"he", "went", "up", "or", "tbe", "hill", "to", "market", ""}
	if !reflect.DeepEqual(alone, want) {
		t.Fatalf("decode: %q, want %q", alone, want)
	}
	if got := decodeContext(words, cs, first, scores, margins, eng, 0, contextBand); !reflect.DeepEqual(got, alone) {
		t.Errorf("weight 0: %q, want decode's %q", got, alone)
	}
	got := decodeContext(words, cs, first, scores, margins, eng, 0.5, contextBand)
	want = []string{"he", "went", "up", "of", "the", "hill", "to", "market", ""}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("in context: %q, want %q", got, want)
	}
	// A band of 0 (which training may choose with labels from the
	// collections it corrects) lets the language model choose
	// only among changes that pass their margins: the sub-margin pair is
	// not made, the merge is.
	got = decodeContext(words, cs, first, scores, margins, eng, 0.5, 0)
	if !reflect.DeepEqual(got, alone) {
		t.Errorf("band 0: %q, want decode's %q", got, alone)
	}
}
