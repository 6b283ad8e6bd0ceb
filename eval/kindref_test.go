package eval

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// changeKindRef is ChangeKind as first written (lower-casing and stripping
// copies of the strings); ChangeKind must agree with it.
func changeKindRef(orig, new string) Kind {
	if orig == new {
		return KindNone
	}
	count := func(s string) int {
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
	no, nn := count(orig), count(new)
	switch {
	case nn == 0:
		return KindDelete
	case nn > no:
		return KindSplit
	case nn < no:
		return KindMerge
	}
	if strings.ToLower(orig) == strings.ToLower(new) {
		return KindCase
	}
	if stripPunct(orig) == stripPunct(new) {
		return KindPunct
	}
	if utf8.RuneCountInString(orig) == utf8.RuneCountInString(new) {
		br := []rune(new)
		i, swaps := 0, 0
		ok := true
		for _, x := range orig {
			y := br[i]
			i++
			if x == y {
				continue
			}
			dx, dy := unicode.IsDigit(x), unicode.IsDigit(y)
			if !(dx && unicode.IsLetter(y) || dy && unicode.IsLetter(x)) {
				ok = false
				break
			}
			swaps++
		}
		if ok && swaps > 0 {
			return KindDigits
		}
	}
	return KindWord
}

// stripPunct removes every punctuation rune of s.
func stripPunct(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsPunct(r) {
			return -1
		}
		return r
	}, s)
}

// TestChangeKindAgreesWithReference checks ChangeKind's ASCII fast paths
// and allocation-free comparisons against the reference on every pair of
// a set of tricky strings (case folding beyond ASCII, invalid UTF-8 and
// U+FFFD, Unicode spaces, punctuation against symbols, digits).
func TestChangeKindAgreesWithReference(t *testing.T) {
	words := []string{
		"", " ", "Hello", "hello", "HELLO", "he,llo", "hello.", "hello,", "(hello)", "he'llo",
		"Ægypt", "ægypt", "AEgypt", "straße", "STRASSE", "ς", "σ", "Σ", "\u212a", "k", "K",
		"a\xffb", "a\ufffdb", "a\xff\xfeb", "ab", "1ndia", "India", "india", "l0ve", "love", "L0VE",
		"S0", "50", "a b", "a\u00a0b", "a\tb", "x\u0085y", "xy", "İ", "i\u0307", "i", "-", "--",
		"«oui»", "oui", "$5", "5", "a+b", "ab+", "1st", "lst", "Ist", "x~y", "x_y", "xy_",
	}
	for _, a := range words {
		for _, b := range words {
			if got, want := ChangeKind(a, b), changeKindRef(a, b); got != want {
				t.Errorf("ChangeKind(%q, %q) = %v, reference %v", a, b, got, want)
			}
		}
	}
}

// TestChangeKindRandom compares ChangeKind with the reference on random
// strings over a small alphabet of the same tricky characters.
func TestChangeKindRandom(t *testing.T) {
	alpha := []string{"a", "A", "b", "1", "0", "l", "I", ".", ",", "'", "$", "+", " ", "\u00a0", "ß", "Σ", "σ", "\xff", "\ufffd", "İ", "\u212a", "k"}
	rng := rand.New(rand.NewPCG(7, 11))
	word := func() string {
		var sb strings.Builder
		for n := rng.IntN(5); n > 0; n-- {
			sb.WriteString(alpha[rng.IntN(len(alpha))])
		}
		return sb.String()
	}
	for range 200000 {
		a, b := word(), word()
		if rng.IntN(3) == 0 {
			b = strings.ToUpper(a) // case changes are rare by chance
		}
		if got, want := ChangeKind(a, b), changeKindRef(a, b); got != want {
			t.Fatalf("ChangeKind(%q, %q) = %v, reference %v", a, b, got, want)
		}
	}
}
