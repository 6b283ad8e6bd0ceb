package model

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"ocrfix/eval"
	"ocrfix/profile"
)

// unseenWith returns a model for unseen collections (every margin of an
// unsupported change +Inf) whose training OCR had the unknown-word counts
// tr.
func unseenWith(tr UnknownCounts) *Model {
	m := &Model{Stats: TrainStats{Unknown: tr}}
	for k := int(eval.NumKinds); k < NumKinds; k++ {
		m.Margins[k] = math.Inf(1)
	}
	return m
}

// profileOfText is the profile of one document, text's words.
func profileOfText(text string) *profile.Profile {
	return profile.Of([][]string{strings.Fields(text)}, profile.Options{})
}

// TestNoiseShift: a collection whose OCR holds fewer unknown small-letter
// words than the training OCR raises the margins by the log of the ratio
// of the shares, its own share taken with noisePriorWords words at the
// training share; a noisier one, names, words in capitals, a model trained
// with labels, one without the training counts and no profile raise
// nothing.
func TestNoiseShift(t *testing.T) {
	tr := UnknownCounts{Unknown: 300, Words: 10000} // 3%
	m := unseenWith(tr)
	clean := strings.Repeat("the house was quiet and the garden was green in the evening ", 1000)
	p := profileOfText(clean)
	n := m.NoiseShift(p)
	words := 11000 // "the house was quiet and the garden was green in the evening": all but "in" of 3 letters or more
	want := math.Log(float64(words+noisePriorWords) / noisePriorWords)
	if n.Collection.Unknown != 0 || n.Collection.Words != words || n.Training != tr || math.Abs(n.Shift-want) > 1e-9 {
		t.Errorf("clean collection: %+v, want shift %.3f", n, want)
	}
	if again := m.NoiseShift(p); again != n {
		t.Errorf("the same profile again: %+v, want %+v", again, n)
	}
	if note := n.Note("collection"); !strings.Contains(note, fmt.Sprintf("needs %.2f more log-odds", n.Shift)) {
		t.Errorf("clean collection: note %q, want the shift said", note)
	}
	// a page alone: little evidence, a small shift, and a note only where
	// the shift shows in its hundredths
	page := profileOfText("the house was quiet and the garden was green in the evening")
	if n := m.NoiseShift(page); !(n.Shift > 0 && n.Shift < 0.02) {
		t.Errorf("a clean line alone: shift %.3f, want a small one", n.Shift)
	} else if note := n.Note("page"); (n.Shift >= 0.005) != (note != "") {
		t.Errorf("a clean line alone: shift %.4f, note %q", n.Shift, note)
	}
	for _, tc := range []struct {
		shift float64
		said  bool
	}{{0, false}, {0.004, false}, {0.006, true}, {math.NaN(), false}} {
		if note := (Noise{Shift: tc.shift}).Note("page"); (note != "") != tc.said {
			t.Errorf("shift %v: note %q, want one said: %v", tc.shift, note, tc.said)
		}
	}
	// misread words (unknown, small letters) as often as in training or
	// more: nothing raised
	noisy := strings.Repeat("tbe hcuse wss qniet and the garden was green in the evening ", 1000)
	if n := m.NoiseShift(profileOfText(noisy)); n.Shift != 0 || n.Collection.Unknown != 4000 {
		t.Errorf("noisy collection: %+v, want no shift and 4,000 unknown words", n)
	}
	// names, capitalised, are not counted: a clean list of them is clean
	names := strings.Repeat("Mr. Swindlehurst and Mr. Longbottom were there with Madame Brunetière. ", 1000)
	if n := m.NoiseShift(profileOfText(names)); n.Collection.Unknown != 0 || n.Shift == 0 {
		t.Errorf("names: %+v, want none unknown and a shift", n)
	}
	// words in capitals and figures say nothing either way: a collection
	// of headings and tables keeps the training share
	caps := strings.Repeat("TBE HCUSE WAS QNIET 1,250 17.5 £3 4s. ", 1000)
	if n := m.NoiseShift(profileOfText(caps)); n.Collection.Words != 0 || n.Shift != 0 {
		t.Errorf("capitals and figures: %+v, want no word counted and no shift", n)
	}
	// a profile that dropped its rarest forms counts their tokens as
	// unknown words: no shift where the forms kept alone would give one
	// (the numbers dropped would not count)
	pruned := profile.New(profile.Options{MaxForms: 4})
	var doc []string
	for i := range 400 {
		doc = append(doc, "the", "house", fmt.Sprint(1000+i)) // numbers, known or not, are no unknown words
	}
	pruned.Add(doc)
	if pruned.Pruned() == 0 {
		t.Fatal("the profile kept every form: the test needs it to drop some")
	}
	if n := m.NoiseShift(pruned); n.Collection.Unknown < 390 || n.Collection.Words < n.Collection.Unknown || n.Shift != 0 {
		t.Errorf("pruned profile: %+v, want most of its 400 numbers, dropped, unknown and no shift", n)
	}
	if n := m.NoiseShift(nil); n != (Noise{}) {
		t.Errorf("no profile: %+v", n)
	}
	if n := unseenWith(UnknownCounts{}).NoiseShift(p); n != (Noise{}) {
		t.Errorf("a model without training counts: %+v", n)
	}
	labelled := unseenWith(tr)
	labelled.Margins[int(eval.NumKinds)] = 0 // a model trained with labels tunes those
	if n := labelled.NoiseShift(p); n != (Noise{}) {
		t.Errorf("a model trained with the collection's labels: %+v", n)
	}
}

// TestTrainUnknown: Train counts the unknown words of its training OCR,
// and the model file keeps them.
func TestTrainUnknown(t *testing.T) {
	docs := synthCorpus(6, 3)
	m, err := Train(docs[:5], testOptions())
	if err != nil {
		t.Fatal(err)
	}
	words := 0
	for _, d := range docs[:5] {
		for _, w := range ReadWords(d.OCR) {
			if _, ok := smallWord(w); ok {
				words++
			}
		}
	}
	u := m.Stats.Unknown
	if u.Words != words || u.Unknown <= 0 || u.Unknown >= u.Words {
		t.Fatalf("training unknown counts %+v, want some of %d words", u, words)
	}
	m2 := readBack(t, m, "t.model")
	if m2.Stats.Unknown != u {
		t.Errorf("read back %+v, want %+v", m2.Stats.Unknown, u)
	}
}
