package candgen

import (
	"unicode"
	"unicode/utf8"
)

// The garbage rules of Kulp and Kontostathis (rmgarbage), with the
// thresholds of their study. Bit i of Garbage's result is rule i.
const (
	RuleLong       = iota // more than 20 runes
	RulePunct             // more punctuation than letters and digits
	RuleInnerPunct        // two or more different punctuation marks, first and last rune ignored
	RuleRepeat            // three or more identical runes in a row
	RuleUpper             // more upper- than lower-case letters, yet not all letters upper case
	RuleVowels            // all letters, with consonants > 8 x vowels or vowels > 8 x consonants
	RuleRuns              // four or more vowels in a row, or five or more consonants in a row
	RuleInnerCase         // first and last runes lower case, an upper-case letter between them
)

// RuleNames names the garbage rules, by bit.
var RuleNames = [8]string{"long", "punct", "inner_punct", "repeat", "upper", "vowels", "runs", "inner_case"}

// isPunctRune reports whether r counts as punctuation for the rules: any
// rune that is neither a letter, a digit nor a space.
func isPunctRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsSpace(r)
}

// isVowel reports whether r is one of a e i o u (either case; accented
// letters are folded by their base only when ASCII).
func isVowel(r rune) bool {
	switch unicode.ToLower(r) {
	case 'a', 'e', 'i', 'o', 'u':
		return true
	}
	return false
}

// Garbage applies the eight rules to tok and returns the bit set of the
// rules that fire (bit i = RuleNames[i]). An empty token fires none.
func Garbage(tok string) uint8 {
	if tok == "" {
		return 0
	}
	var bits uint8
	n := utf8.RuneCountInString(tok)
	if n > 20 {
		bits |= 1 << RuleLong
	}
	var punct, alnum, upper, lower, letters, vowels, cons int
	var prev rune = -1
	same := 0
	vrun, crun := 0, 0
	allLetters := true
	var inner1 rune = -1 // the first inner punctuation mark seen
	innerDiff := false   // a second, different one seen
	i := 0
	for _, r := range tok {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			alnum++
		case isPunctRune(r):
			punct++
			if i > 0 && i < n-1 {
				if inner1 < 0 {
					inner1 = r
				} else if r != inner1 {
					innerDiff = true
				}
			}
		}
		if r == prev {
			same++
		} else {
			same = 1
			prev = r
		}
		if same >= 3 {
			bits |= 1 << RuleRepeat
		}
		if unicode.IsLetter(r) {
			letters++
			if unicode.IsUpper(r) {
				upper++
			} else if unicode.IsLower(r) {
				lower++
			}
			if isVowel(r) {
				vowels++
				vrun++
				crun = 0
			} else {
				cons++
				crun++
				vrun = 0
			}
			if vrun >= 4 || crun >= 5 {
				bits |= 1 << RuleRuns
			}
		} else {
			allLetters = false
			vrun, crun = 0, 0
		}
		i++
	}
	if punct > alnum {
		bits |= 1 << RulePunct
	}
	if innerDiff {
		bits |= 1 << RuleInnerPunct
	}
	if upper > lower && upper < letters {
		bits |= 1 << RuleUpper
	}
	if allLetters && (cons > 8*vowels || vowels > 8*cons) {
		bits |= 1 << RuleVowels
	}
	first, _ := utf8.DecodeRuneInString(tok)
	last, _ := utf8.DecodeLastRuneInString(tok)
	if n >= 3 && unicode.IsLower(first) && unicode.IsLower(last) {
		j := 0
		for _, r := range tok {
			if j > 0 && j < n-1 && unicode.IsUpper(r) {
				bits |= 1 << RuleInnerCase
				break
			}
			j++
		}
	}
	return bits
}
