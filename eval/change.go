package eval

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Kind is the kind of a change a correction made to the OCR text, as
// ChangeKind classifies it.
type Kind uint8

// The kinds of change. KindNone is no change; NumKinds is the number of
// kinds (for arrays indexed by Kind).
const (
	KindNone   Kind = iota // the text is unchanged
	KindWord               // any other change of one word's letters
	KindPunct              // only punctuation added, removed or replaced
	KindCase               // only the case of letters changed
	KindDigits             // digits read as letters or letters as digits, nothing else
	KindSplit              // one OCR word became more words
	KindMerge              // more OCR words became fewer
	KindDelete             // the OCR word was removed
	NumKinds
)

// Kinds lists the kinds of real changes, in the order reports show them.
var Kinds = []Kind{KindWord, KindPunct, KindCase, KindDigits, KindSplit, KindMerge, KindDelete}

var kindNames = [NumKinds]string{"none", "word", "punctuation", "case", "digits", "split", "merge", "deletion"}

// String returns the kind's name: "none", "word", "punctuation", "case",
// "digits", "split", "merge" or "deletion".
func (k Kind) String() string {
	if k < NumKinds {
		return kindNames[k]
	}
	return "kind?"
}

// ParseKinds reads a list of kinds of change as a user names them, for
// ocrfix correct -changes: their names (String) separated by commas, or
// "all". It returns which kinds the list names (all of them for "all"),
// and an error naming an unknown one.
func ParseKinds(list string) ([NumKinds]bool, error) {
	var named [NumKinds]bool
	for _, name := range strings.Split(list, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "all" {
			for _, k := range Kinds {
				named[k] = true
			}
			continue
		}
		k := Kind(0)
		for k < NumKinds && (k == KindNone || kindNames[k] != name) {
			k++
		}
		if k == NumKinds {
			want := strings.Join(kindNames[KindWord:], ", ")
			if name == "" {
				return named, fmt.Errorf("an empty name in the list of kinds of change %q: want names among %s, separated by commas, or all", list, want)
			}
			return named, fmt.Errorf("unknown kind of change %q: want %s, or all", name, want)
		}
		named[k] = true
	}
	return named, nil
}

// Refused returns, for a list of kinds as ParseKinds reads it (ocrfix
// correct -changes), the test of a change not to be made (for
// model.Correction.Undo): one of a kind the list does not name; nil where
// it names every kind.
func Refused(list string) (func(Change) bool, error) {
	keep, err := ParseKinds(list)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(keep[KindWord:], false) {
		return nil, nil
	}
	return func(c Change) bool { return !keep[c.Kind] }, nil
}

// ChangeKind classifies the change of the OCR text orig into new, where
// both are words separated by white space (orig the OCR tokens a
// correction replaced, new what replaced them). In order:
//
//   - KindNone when they are equal;
//   - KindDelete when new has no words;
//   - KindSplit when new has more words than orig, KindMerge when fewer;
//   - KindCase when they differ only in the case of letters;
//   - KindPunct when they differ only in punctuation (Unicode P*): the
//     other characters, in order, are equal;
//   - KindDigits when they have the same number of characters and every
//     position where they differ pairs a digit with a letter (l0ve -> love,
//     1ndia -> India, S0 -> 50);
//   - KindWord otherwise (a mix of the above counts as KindWord).
func ChangeKind(orig, new string) Kind {
	if orig == new {
		return KindNone
	}
	no, nn := countFields(orig), countFields(new)
	switch {
	case nn == 0:
		return KindDelete
	case nn > no:
		return KindSplit
	case nn < no:
		return KindMerge
	}
	if lowerEqual(orig, new) {
		return KindCase
	}
	if equalSansPunct(orig, new) {
		return KindPunct
	}
	if digitSwap(orig, new) {
		return KindDigits
	}
	return KindWord
}

// lowerEqual reports whether strings.ToLower(a) == strings.ToLower(b),
// without making the lower-case strings when both are ASCII.
func lowerEqual(a, b string) bool {
	if !isASCII(a) || !isASCII(b) {
		return strings.ToLower(a) == strings.ToLower(b)
	}
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}

// nextNonPunct returns the first rune of s at or after byte i that is not
// punctuation, and the byte index after it; -1 and len(s) when there is none.
func nextNonPunct(s string, i int) (rune, int) {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		if !unicode.IsPunct(r) {
			return r, i
		}
	}
	return -1, i
}

// equalSansPunct reports whether stripPunct(a) == stripPunct(b) without
// making the stripped strings: the runes of each that are not punctuation
// (an invalid byte reads as utf8.RuneError, as strings.Map writes it)
// are equal, in order.
func equalSansPunct(a, b string) bool {
	i, j := 0, 0
	for {
		var x, y rune
		x, i = nextNonPunct(a, i)
		y, j = nextNonPunct(b, j)
		if x != y {
			return false
		}
		if x < 0 {
			return true
		}
	}
}

// countFields counts the white-space separated words of s.
func countFields(s string) int {
	if isASCII(s) {
		n, in := 0, false
		for i := 0; i < len(s); i++ {
			c := s[i]
			sp := c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
			if !sp && !in {
				n++
			}
			in = !sp
		}
		return n
	}
	n, in := 0, false
	for _, r := range s {
		sp := unicode.IsSpace(r)
		if !sp && !in {
			n++
		}
		in = !sp
	}
	return n
}

// digitSwap reports whether a and b have the same length in runes and
// differ only at positions holding a digit on one side and a letter on the
// other.
func digitSwap(a, b string) bool {
	if utf8.RuneCountInString(a) != utf8.RuneCountInString(b) {
		return false
	}
	j, swaps := 0, 0
	for _, x := range a {
		y, n := utf8.DecodeRuneInString(b[j:])
		j += n
		if x == y {
			continue
		}
		dx, dy := unicode.IsDigit(x), unicode.IsDigit(y)
		if !(dx && unicode.IsLetter(y) || dy && unicode.IsLetter(x)) {
			return false
		}
		swaps++
	}
	return swaps > 0
}

// Change is one change a correction made: the OCR tokens raw[Pos:Pos+Span]
// (joined by a space in Orig) were replaced by New (words joined by a
// space, "" for a deletion).
type Change struct {
	Pos, Span int
	Orig, New string
	Kind      Kind
}

// Changes lists the changes of a correction in position order. raw holds
// the OCR tokens and out one entry per token in the form of
// model.Correction.Out: the token's new text (itself when unchanged, words
// joined by a space for a split), and "" for a token merged into the
// previous one. A changed token followed by "" entries is one change
// spanning them (a merge); a "" that follows no change is a deletion.
// raw and out must have the same length.
func Changes(raw, out []string) []Change {
	if len(raw) != len(out) {
		panic("eval.Changes: raw and out differ in length")
	}
	var cs []Change
	for i := 0; i < len(out); i++ {
		if out[i] == raw[i] {
			continue
		}
		j := i + 1
		if out[i] != "" {
			for j < len(out) && out[j] == "" && raw[j] != "" {
				j++
			}
		}
		orig := raw[i]
		if j > i+1 {
			orig = strings.Join(raw[i:j], " ")
		}
		cs = append(cs, Change{Pos: i, Span: j - i, Orig: orig, New: out[i], Kind: ChangeKind(orig, out[i])})
		i = j - 1
	}
	return cs
}

// Effect is a change with what it did to the alignment with the ground
// truth: RawMatched of its OCR tokens were matched to gt words in the raw
// text's alignment, CorrMatched of its new words in the corrected text's.
type Effect struct {
	Change
	RawMatched, CorrMatched int
}

// Helped reports whether the change matched more gt words than the OCR
// tokens it replaced (a fix).
func (e Effect) Helped() bool { return e.CorrMatched > e.RawMatched }

// Hurt reports whether the change matched fewer gt words than the OCR
// tokens it replaced (a broken word).
func (e Effect) Hurt() bool { return e.CorrMatched < e.RawMatched }

// ChangeEffects aligns the ground truth gt with the raw OCR tokens raw and
// with the corrected text out (one entry per OCR token, as in Changes) by
// the maximum order-preserving alignments of EvaluateDoc under opt, and
// returns every change of Changes(raw, out) with the number of its words
// matched on each side. Summed over the changes, CorrMatched - RawMatched
// is the corrected text's gain in matched words, up to matches that moved
// between unchanged tokens (where a gt word repeats nearby).
func ChangeEffects(gt, raw, out []string, opt Options) []Effect {
	return NewRawAlignment(gt, raw, opt).Effects(out)
}

// RawAlignment holds a ground truth and the raw OCR tokens read from it,
// for ChangeEffects of many corrections of the same tokens (the choices
// a training run compares): the alignment of gt with raw is made once, on
// the first correction that changes anything.
type RawAlignment struct {
	gt, raw []string
	opt     Options
	rawHit  []bool // raw tokens the alignment matches (nil: not aligned yet)
}

// NewRawAlignment returns the RawAlignment of gt and raw under opt.
func NewRawAlignment(gt, raw []string, opt Options) *RawAlignment {
	return &RawAlignment{gt: gt, raw: raw, opt: opt}
}

// Effects returns ChangeEffects(gt, raw, out, opt) of a's gt, raw and opt.
// It is not safe for concurrent use.
func (a *RawAlignment) Effects(out []string) []Effect {
	gt, raw, opt := a.gt, a.raw, a.opt
	cs := Changes(raw, out)
	if len(cs) == 0 {
		return nil
	}
	var corr []string
	var owner []int32 // the OCR position each corrected word came from
	for i, o := range out {
		for _, w := range strings.Fields(o) {
			corr = append(corr, w)
			owner = append(owner, int32(i))
		}
	}
	if a.rawHit == nil {
		a.rawHit = matchedMask(gt, raw, opt)
	}
	rawHit := a.rawHit
	corrHit := matchedMask(gt, corr, opt)
	// Count matched corrected words per OCR position.
	posHit := make([]int32, len(out))
	for k, ok := range corrHit {
		if ok {
			posHit[owner[k]]++
		}
	}
	eff := make([]Effect, len(cs))
	for i, c := range cs {
		e := Effect{Change: c}
		for p := c.Pos; p < c.Pos+c.Span; p++ {
			if rawHit[p] {
				e.RawMatched++
			}
			e.CorrMatched += int(posHit[p])
		}
		eff[i] = e
	}
	return eff
}

// matchedMask returns, for each word of pred, whether the alignment of
// gt and pred under opt matches it.
func matchedMask(gt, pred []string, opt Options) []bool {
	hit := make([]bool, len(pred))
	for _, pr := range opt.Align(gt, pred) {
		hit[pr.B] = true
	}
	return hit
}

// KindTally sums the effects of the changes of one kind: Changes made,
// Helped and Hurt of them (see Effect), Gained and Lost the gt words they
// matched more or fewer. (Gained - Lost) / raw errors is the kind's share
// of the error reduction.
type KindTally struct {
	Changes, Helped, Hurt, Gained, Lost int
}

// Add adds the counts of u to t (tallies of documents summed over a corpus).
func (t *KindTally) Add(u KindTally) {
	t.Changes += u.Changes
	t.Helped += u.Helped
	t.Hurt += u.Hurt
	t.Gained += u.Gained
	t.Lost += u.Lost
}

// TallyKinds sums effects by kind.
func TallyKinds(effects []Effect) [NumKinds]KindTally {
	var t [NumKinds]KindTally
	for _, e := range effects {
		k := &t[e.Kind]
		k.Changes++
		d := e.CorrMatched - e.RawMatched
		switch {
		case d > 0:
			k.Helped++
			k.Gained += d
		case d < 0:
			k.Hurt++
			k.Lost -= d
		}
	}
	return t
}
