package experiment

import (
	"strings"
	"testing"

	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/model"
)

func doc(t *testing.T, coll, stem, gt, ocr string) *data.Doc {
	t.Helper()
	g, err := data.ReadText(stem+".txt", []byte(gt))
	if err != nil {
		t.Fatal(err)
	}
	o, err := data.ReadText(stem+".txt", []byte(ocr))
	if err != nil {
		t.Fatal(err)
	}
	return &data.Doc{Stem: stem, Collection: coll, GT: g, OCR: o}
}

// A document whose truth a training document has (white space aside) is
// no held-out document, whatever its name or collection: each benchmark
// refuses it before training, naming both.
func TestHeldOut(t *testing.T) {
	a := doc(t, "early", "p1", "the cat sat\non the mat", "tbe cat sat on tbe mat")
	b := doc(t, "early", "p2", "a dog ran", "a dog ran")
	copyA := doc(t, "long-s-early", "page7", "the  cat sat on\nthe mat\n", "the cat fat on the mat")
	empty := doc(t, "x", "e", "", "")
	if err := heldOut([]*data.Doc{a, b, empty}, []*data.Doc{doc(t, "y", "p1", "a cat sat", "a cat sat"), empty}); err != nil {
		t.Errorf("distinct truths: %v", err)
	}
	err := heldOut([]*data.Doc{b, a}, []*data.Doc{copyA})
	if err == nil || !strings.Contains(err.Error(), "long-s-early/page7") || !strings.Contains(err.Error(), "early/p1") {
		t.Errorf("the same truth: got %v", err)
	}

	colls := []*data.Corpus{
		{Name: "early", Docs: []*data.Doc{a, b}},
		{Name: "long-s-early", Docs: []*data.Doc{copyA}},
	}
	opt := model.DefaultOptions()
	if _, err := LeaveOneOut(colls, opt, eval.Options{}); err == nil || !strings.Contains(err.Error(), "same ground truth") {
		t.Errorf("LeaveOneOut: got %v", err)
	}
	if _, err := Transfer(colls[:1], colls[1:], opt, eval.Options{}); err == nil || !strings.Contains(err.Error(), "same ground truth") {
		t.Errorf("Transfer: got %v", err)
	}
	dup := &data.Corpus{Name: "early", Docs: []*data.Doc{a, b, doc(t, "early", "p3", "x y z", "x y z"), copyA}}
	if _, err := CrossValidate(dup, 4, opt, eval.Options{}); err == nil || !strings.Contains(err.Error(), "same ground truth") {
		t.Errorf("CrossValidate: got %v", err)
	}
}
