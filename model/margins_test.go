package model

import (
	"math"
	"slices"
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/features"
	"ocrfix/profile"
)

// TestTuneMarginsMerge: a merge the profile supports that gains the
// training collections a word or two, too few to count against never,
// still keeps a margin, since it starts from the word margin; one that
// loses a group words is never made; a merge the profile does not support
// is never made by an unseen model.
func TestTuneMarginsMerge(t *testing.T) {
	doc := func(gt string) *data.Doc {
		tx, err := data.ReadText("gt.txt", []byte(gt))
		if err != nil {
			t.Fatal(err)
		}
		return &data.Doc{Stem: "d", GT: tx}
	}
	orig := func(w string) candgen.Candidate {
		return candgen.Candidate{Text: w, Span: 1, Source: candgen.SrcOriginal}
	}
	// filler makes the second document long enough (10,000 words) that
	// one word is within the tolerance of equal totals
	filler := strings.Fields(strings.Repeat("and so on ", 3334))
	// work returns two documents: one whose five word changes (each scored 2 over
	// the OCR token) help, and one whose first two OCR tokens a merge into
	// merge (scored 3 over them) replaces, with gt gt2 and the filler.
	work := func(gt2 string, ocr []string, merge string) []*docWork {
		mk := func(gt string, words []string, cands [][]candgen.Candidate, scores []float64, group int) *docWork {
			first := []int32{0}
			for _, cs := range cands {
				first = append(first, first[len(first)-1]+int32(len(cs)))
			}
			return &docWork{doc: doc(gt), words: words, cands: cands, mat: &features.Matrix{First: first}, scores: scores, group: group,
				prof: profile.Of([][]string{words}, profile.Options{})}
		}
		var aw []string
		var ac [][]candgen.Candidate
		var as []float64
		for range 5 {
			aw = append(aw, "tbe")
			ac = append(ac, []candgen.Candidate{orig("tbe"), {Text: "the", Span: 1}})
			as = append(as, 0, 2)
		}
		a := mk("the the the the the", aw, ac, as, 0)
		words := append(slices.Clone(ocr), filler...)
		cands := [][]candgen.Candidate{{orig(ocr[0]), {Text: merge, Span: 2}}}
		scores := []float64{0, 3}
		for _, w := range words[1:] {
			cands = append(cands, []candgen.Candidate{orig(w)})
			scores = append(scores, 0)
		}
		b := mk(gt2+" "+strings.Join(filler, " "), words, cands, scores, 1)
		return []*docWork{a, b}
	}
	_, ms, _, _, _ := tuneMargins(work("xy", []string{"x", "y"}, "xy"), true)
	if m := ms[eval.KindMerge]; math.IsInf(m, 1) || m > 3 {
		t.Errorf("a merge that gains one word in 10,003: margin %v, want one it is made at", m)
	}
	_, ms, _, _, _ = tuneMargins(work("x y", []string{"x", "y"}, "xy"), true)
	if m := ms[eval.KindMerge]; !math.IsInf(m, 1) {
		t.Errorf("a merge that loses words: margin %v, want never", m)
	}
	_, ms, _, _, _ = tuneMargins(work(".The", []string{".", "The"}, ".The"), true)
	if m := ms[int(eval.NumKinds)+int(eval.KindMerge)]; !math.IsInf(m, 1) {
		t.Errorf("an unsupported merge (a mark run into a word): margin %v, want never", m)
	}
}
