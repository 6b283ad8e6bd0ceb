package eval

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"ocrfix/align"
)

// Options says how words are compared. The zero value is the evaluation
// protocol itself: exact, case-sensitive comparison of whitespace tokens.
type Options struct {
	// Lower compares words lowercased (strings.ToLower).
	Lower bool
	// StripPunct removes leading and trailing Unicode punctuation
	// (unicode.IsPunct, categories P*) from every word. Symbols (S*) and
	// format characters such as the soft hyphen U+00AD are kept.
	StripPunct bool
	// NFKC applies Unicode NFKC normalisation (ligatures such as "ﬁ"
	// become "fi", full-width forms become ASCII, and so on).
	NFKC bool
	// Fuzzy, when strictly between 0 and 1, makes two words match when
	// their Levenshtein ratio (align.Ratio, over runes) is >= Fuzzy. 0 and
	// 1 both mean exact matching, which takes the fast path.
	Fuzzy float64
}

// Validate reports whether the options are usable: Fuzzy must lie in [0, 1].
func (o Options) Validate() error {
	if o.Fuzzy < 0 || o.Fuzzy > 1 || o.Fuzzy != o.Fuzzy {
		return fmt.Errorf("fuzzy threshold %v is outside [0, 1]", o.Fuzzy)
	}
	return nil
}

// fuzzy reports whether fuzzy matching is on.
func (o Options) fuzzy() bool { return o.Fuzzy > 0 && o.Fuzzy < 1 }

// identity reports whether Normalize returns every word unchanged.
func (o Options) identity() bool { return !o.Lower && !o.StripPunct && !o.NFKC }

// Normalize returns w as the options compare it: NFKC first, then
// lowercasing, then stripping leading and trailing punctuation. The result
// may be "" (a token made only of punctuation); callers that compare word
// sequences drop such empty tokens on both sides, so with StripPunct the
// number of ground-truth words (the recall denominator) can be smaller than
// the number of whitespace tokens.
func (o Options) Normalize(w string) string {
	if o.NFKC && !isASCII(w) {
		w = norm.NFKC.String(w)
	}
	if o.Lower {
		w = strings.ToLower(w)
	}
	if o.StripPunct {
		w = strings.TrimFunc(w, unicode.IsPunct)
	}
	return w
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// normalizeWords applies Normalize to every word and drops those that become
// empty. keep[i] is the index in ws of the i-th word returned.
func (o Options) normalizeWords(ws []string) (out []string, keep []int) {
	out = make([]string, 0, len(ws))
	keep = make([]int, 0, len(ws))
	for i, w := range ws {
		if !o.identity() {
			w = o.Normalize(w)
		}
		if w == "" {
			continue
		}
		out = append(out, w)
		keep = append(keep, i)
	}
	return out, keep
}

// Align returns the alignment of the word sequences a and b that the
// measures use under o: the order-preserving alignment with the most
// matching words, compared after Normalize (and by Fuzzy); a word that
// normalises to "" is in no pair. The pairs index a and b themselves.
func (o Options) Align(a, b []string) []align.Pair {
	an, ak := o.normalizeWords(a)
	bn, bk := o.normalizeWords(b)
	v := align.NewVocab()
	ai, bi := v.IDs(an), v.IDs(bn)
	var pairs []align.Pair
	if o.fuzzy() {
		pairs = fuzzyAlign(v, ai, bi, o.Fuzzy)
	} else {
		pairs = align.Align(ai, bi)
	}
	for k, p := range pairs {
		pairs[k] = align.Pair{A: ak[p.A], B: bk[p.B]}
	}
	return pairs
}

// String states every option in words, for reports, e.g.
// "case-sensitive, punctuation kept, no NFKC, exact match".
func (o Options) String() string {
	var parts []string
	if o.Lower {
		parts = append(parts, "lowercased")
	} else {
		parts = append(parts, "case-sensitive")
	}
	if o.StripPunct {
		parts = append(parts, "leading/trailing punctuation stripped (empty tokens dropped)")
	} else {
		parts = append(parts, "punctuation kept")
	}
	if o.NFKC {
		parts = append(parts, "NFKC")
	} else {
		parts = append(parts, "no NFKC")
	}
	if o.fuzzy() {
		parts = append(parts, "fuzzy match (Levenshtein ratio >= "+strconv.FormatFloat(o.Fuzzy, 'g', -1, 64)+")")
	} else {
		parts = append(parts, "exact match")
	}
	return strings.Join(parts, ", ")
}
