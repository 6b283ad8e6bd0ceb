package model

import (
	"strings"
	"unicode"

	"ocrfix/align"
	"ocrfix/candgen"
	"ocrfix/eval"
)

// Kind is the kind of change a candidate makes to the OCR text it
// replaces. The do-no-harm decision keeps one margin per kind: a kind of
// change that helps on one collection (say punctuation) can hurt on
// another, and the margins are learned on collections other than the
// one the candidates came from.
type Kind uint8

// The kinds of change, checked in this order: a merge of several tokens,
// a split into several words, a deletion, a change of case only, of
// punctuation only (case may change too), one that turns digits into
// letters or letters into digits, and any other change of a word.
const (
	KindMerge Kind = iota
	KindSplit
	KindDelete
	KindCase
	KindPunct
	KindDigits
	KindWord
	NumKinds
)

var kindNames = [NumKinds]string{"merge", "split", "delete", "case", "punct", "digits", "word"}

// String returns the kind's name.
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "unknown"
}

// KindOf returns the kind of change from the OCR text ocr (the tokens
// replaced, joined by a space) to the candidate text cand of the given
// span (tokens replaced).
func KindOf(ocr, cand string, span int) Kind {
	switch {
	case span > 1:
		return KindMerge
	case strings.IndexFunc(cand, unicode.IsSpace) >= 0:
		return KindSplit
	case cand == "":
		return KindDelete
	case strings.EqualFold(ocr, cand):
		return KindCase
	}
	oc, cc := strings.TrimFunc(ocr, isPunctSym), strings.TrimFunc(cand, isPunctSym)
	if strings.EqualFold(oc, cc) {
		return KindPunct
	}
	if hasDigit(oc) != hasDigit(cc) {
		return KindDigits
	}
	return KindWord
}

func isPunctSym(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

func hasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

// kindAt returns the kind of change of candidate c at position i of
// words.
func kindAt(words []string, i int, c *candgen.Candidate) Kind {
	if c.Span > 1 {
		return KindMerge
	}
	return KindOf(words[i], c.Text, 1)
}

// ChangeOutcomes counts the changes a correction made, by kind: made (every
// position whose text changed), helped (the OCR tokens replaced were not
// all matched to the truth and the corrected words all are) and hurt (the
// reverse). Matching is the order-preserving alignment with the most equal
// words under opt, of the truth with the OCR and with the corrected text.
// out is Correction.Out: one string per OCR token.
func ChangeOutcomes(gt, ocr, out []string, opt eval.Options) (made, helped, hurt [NumKinds]int) {
	v := align.NewVocab()
	norm := func(ws []string) []int32 {
		ids := make([]int32, len(ws))
		for i, w := range ws {
			ids[i] = v.ID(opt.Normalize(w))
		}
		return ids
	}
	g := norm(gt)
	rawOK := make([]bool, len(ocr))
	for _, p := range align.Align(norm(ocr), g) {
		rawOK[p.A] = true
	}
	// The corrected words, each remembering its position.
	var words []string
	var pos []int
	for i, s := range out {
		for _, w := range strings.Fields(s) {
			words = append(words, w)
			pos = append(pos, i)
		}
	}
	corrOK := make([]bool, len(words))
	for _, p := range align.Align(norm(words), g) {
		corrOK[p.A] = true
	}
	first := 0 // the first corrected word of position i
	for i := 0; i < len(out); i++ {
		for first < len(pos) && pos[first] < i {
			first++
		}
		if out[i] == ocr[i] {
			continue
		}
		span := 1
		for i+span < len(out) && out[i+span] == "" && ocr[i+span] != "" {
			span++
		}
		k := KindOf(strings.Join(ocr[i:i+span], " "), out[i], span)
		made[k]++
		was, is := true, true
		for _, ok := range rawOK[i : i+span] {
			was = was && ok
		}
		for w := first; w < len(pos) && pos[w] == i; w++ {
			is = is && corrOK[w]
		}
		switch {
		case !was && is:
			helped[k]++
		case was && !is:
			hurt[k]++
		}
		i += span - 1
	}
	return made, helped, hurt
}
