package model

import (
	"math"
	"reflect"
	"testing"

	"ocrfix/candgen"
)

func cands(ocr []string, extra map[int][]candgen.Candidate) [][]candgen.Candidate {
	out := make([][]candgen.Candidate, len(ocr))
	for i, w := range ocr {
		out[i] = append([]candgen.Candidate{{Text: w, Span: 1, Source: candgen.SrcOriginal}}, extra[i]...)
	}
	return out
}

func TestLabelDoc(t *testing.T) {
	gt := []string{"the", "modern", "age", "of", "the", "world"}
	ocr := []string{"tbe", "rnodern", "age", "ofthe", "wor1d"}
	cs := cands(ocr, map[int][]candgen.Candidate{
		0: {{Text: "the", Span: 1}, {Text: "tee", Span: 1}},
		1: {{Text: "modem", Span: 1}, {Text: "modern", Span: 1}},
		3: {{Text: "of the", Span: 1, Source: candgen.SrcSplit}},
		// no right candidate for wor1d
	})
	labels, left := labelDoc(gt, ocr, cs)
	want := []int8{
		0, 1, 0, // tbe: original, the, tee
		0, 0, 1, // rnodern
		1,    // age (aligned, original right)
		0, 1, // ofthe -> "of the"
		-1, // wor1d: no candidate matches, left out
	}
	if !reflect.DeepEqual(labels, want) {
		t.Errorf("labels %v, want %v", labels, want)
	}
	if left != 1 {
		t.Errorf("left out %d, want 1", left)
	}
}

func TestLabelDocMerge(t *testing.T) {
	gt := []string{"a", "market", "day"}
	ocr := []string{"a", "mar-", "ket", "day"}
	cs := cands(ocr, map[int][]candgen.Candidate{
		1: {{Text: "market", Span: 2, Source: candgen.SrcMerge}},
	})
	labels, left := labelDoc(gt, ocr, cs)
	want := []int8{1, 0, 1, -1, 1}
	if !reflect.DeepEqual(labels, want) || left != 1 {
		t.Errorf("labels %v left %d, want %v left 1", labels, left, want)
	}
}

func TestDecodeMargin(t *testing.T) {
	words := []string{"tbe", "cat", "mar-", "ket"}
	cs := cands(words, map[int][]candgen.Candidate{
		0: {{Text: "the", Span: 1}},
		2: {{Text: "market", Span: 2}},
	})
	first := []int32{0, 2, 3, 5, 6}
	scores := []float64{-1, 2, 0, -2, 1.5, 0}
	got := decode(words, cs, first, scores, decider{margins: uniform(0)})
	if want := []string{"the", "cat", "market", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("margin 0: %q, want %q", got, want)
	}
	got = decode(words, cs, first, scores, decider{margins: uniform(3.2)})
	if want := []string{"tbe", "cat", "market", ""}; !reflect.DeepEqual(got, want) {
		t.Errorf("margin 3.2: %q, want %q", got, want)
	}
	got = decode(words, cs, first, scores, decider{margins: uniform(math.Inf(1))})
	if !reflect.DeepEqual(got, words) {
		t.Errorf("margin +Inf changed the text: %q", got)
	}
	if ow := OutputWords([]string{"of the", "x", ""}); !reflect.DeepEqual(ow, []string{"of", "the", "x"}) {
		t.Errorf("OutputWords: %q", ow)
	}
}
