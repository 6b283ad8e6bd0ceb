package model

import (
	"slices"
	"testing"

	"ocrfix/data"
)

// TestMatchedBroken checks the counts tuneContext weighs: gt words
// matched, and words the raw OCR had right that an output breaks, per
// cross-fitting group.
func TestMatchedBroken(t *testing.T) {
	doc := func(gt string) *data.Doc { return gtDoc(t, gt) }
	work := []*docWork{
		{doc: doc("the cat sat on tha mat"), words: []string{"tbe", "cat", "sat", "on", "tha", "mat"}, group: 0},
		{doc: doc("a dog ran"), words: []string{"a", "dog", "ran"}, group: 1},
	}
	sc := newGroupScorer(work)
	outs := [][]string{
		{"the", "cat", "sat", "on", "the", "mat"}, // one fixed (tbe), one broken (tha)
		{"a", "dig", "ran"},                       // one broken
	}
	m, b := sc.matchedBroken(func(dw *docWork) []string {
		if dw == work[0] {
			return outs[0]
		}
		return outs[1]
	})
	if want := []int{5, 2}; !slices.Equal(m, want) {
		t.Errorf("matched %v, want %v", m, want)
	}
	if want := []int{1, 1}; !slices.Equal(b, want) {
		t.Errorf("broken %v, want %v", b, want)
	}
	if n, want := net(m, b), []int{4, 1}; !slices.Equal(n, want) {
		t.Errorf("net %v, want %v", n, want)
	}
}

// gtDoc returns a document whose ground truth is the text gt.
func gtDoc(t *testing.T, gt string) *data.Doc {
	t.Helper()
	tx, err := data.ReadText("gt.txt", []byte(gt))
	if err != nil {
		t.Fatal(err)
	}
	return &data.Doc{Stem: "d", GT: tx}
}
