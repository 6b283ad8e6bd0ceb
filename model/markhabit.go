package model

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/candgen"
)

// Marks read for letters. Some engines write a mark where they cannot read
// a letter: ads-fall2018's reads e, o, a and others as a hyphen and a as a
// stop inside words (`betwe-n`, `sh-uld`, `th.t`, `st.te`), some 1,300
// tokens, which the letter habits (letterHabits: letters and figures
// only) never looked at, and which the confusion model, trained on
// collections whose marks inside words are compounds' hyphens, prices as
// unlikely as any misreading: `betwe-n` stayed, its best candidate the
// punctuation variant `betwe--n`. A mark inside words is such a habit when
// the words it stands in give it away: most word forms holding it between
// two letters become known words with one letter put back for it, where a
// collection whose marks are its own has compounds (`well-known`), whose
// marks put back make no word. Of the repository's collections and the
// HIPE-OCRepair development sets, ads-fall2018 alone has more than 5 such
// forms of any mark (304 of its hyphen's, in 45% of its occurrences; 153
// of its stop's, 58%), and more than 12% of its hyphens' occurrences so
// (Trove's 5 forms, 9 of 76).

// markHabitShare is the share of the occurrences of a mark between two
// letters that forms becoming known words with a letter put back for the
// mark must have for markHabits to take the mark for a misreading: a fixed
// prior, between the 45% (hyphen) and 58% (stop) of ads-fall2018 and the
// 12% at most of the hyphens of the collections whose marks are their own
// (Trove's `co-respondent`, `mo-t`).
const markHabitShare = 0.25

// markHabitMinWords is how many distinct forms of evidence a letter needs
// beside the mark's (habitMinWords) to be one it stands for.
const markHabitMinWords = 2

// habitMark reports whether r is a mark markHabits may take for a letter:
// punctuation or a symbol, not an apostrophe or a quote (`lov'd`, `don't`:
// elision, which English writes).
func habitMark(r rune) bool {
	return (unicode.IsPunct(r) || unicode.IsSymbol(r)) && !strings.ContainsRune("'’‘\"“”`´", r)
}

// markForm returns the mark of a word form that holds one mark, between
// two letters, and letters otherwise (`betwe-n`, `th.t`), and its byte
// offset; ok false for any other form.
func markForm(w string) (mark rune, at int, ok bool) {
	prev := rune(-1)
	at = -1
	for i, r := range w {
		switch {
		case unicode.IsLetter(r):
		case habitMark(r) && at < 0 && unicode.IsLetter(prev):
			mark, at = r, i
		default:
			return 0, 0, false
		}
		prev = r
	}
	if at < 0 || !unicode.IsLetter(prev) {
		return 0, 0, false
	}
	return mark, at, true
}

// markStat is the evidence of one mark between two letters in a
// profile's word forms (addMark): its occurrences, and those of the forms
// that become known words with a small letter put back for it, with the
// evidence of each letter so put back.
type markStat struct {
	tokens, explained float64
	words             int
	letters           map[habitKey]*habitStat
}

// addMark counts the word form w, seen n times, in the evidence of the
// marks if it holds one between two letters (markForm): a form that
// known (a known word) takes with one small letter put back for the mark
// explains it, its occurrences shared among the letters that do so.
func addMark(marks map[rune]*markStat, w string, n float64, known func(string) bool) {
	mark, at, ok := markForm(w)
	if !ok {
		return
	}
	s := marks[mark]
	if s == nil {
		s = &markStat{letters: map[habitKey]*habitStat{}}
		marks[mark] = s
	}
	s.tokens += n
	if known(w) {
		return
	}
	var made []rune
	for t := 'a'; t <= 'z'; t++ {
		if known(w[:at] + string(t) + w[at+utf8.RuneLen(mark):]) {
			made = append(made, t)
		}
	}
	if len(made) == 0 {
		return
	}
	s.explained += n
	s.words++
	for _, t := range made {
		addStat(s.letters, habitKey{t, string(mark)}, n/float64(len(made)))
	}
}

// markHabits returns the habits of letters read as marks that the
// evidence of a profile's word forms shows (habitEvidence; see above):
// for each mark whose forms between two letters become, in markHabitShare
// of their occurrences at least and in habitMinWords forms at least, a
// known word (knownWeight) with one small letter put back for it, a habit
// of each letter that markHabitMinWords of those forms make words with;
// the occurrences of a form that several letters make words of (`h.s`:
// has, his) shared among them. A habit's rate is its occurrences against
// the letter's in the profile, as letterHabits's.
func (m *Model) markHabits(ev *habitEv) []candgen.Habit {
	var out []candgen.Habit
	for _, s := range ev.marks {
		if s.words < habitMinWords || s.explained < markHabitShare*s.tokens {
			continue
		}
		for _, l := range s.letters {
			if l.words >= markHabitMinWords {
				out = append(out, l.habit(l.tokens/(ev.runes[l.t]+l.tokens), m.Conf.SubRate(string(l.t), l.o)))
			}
		}
	}
	slices.SortFunc(out, func(a, b candgen.Habit) int {
		return cmp.Or(cmp.Compare(b.Tokens, a.Tokens), strings.Compare(a.OCR, b.OCR), cmp.Compare(a.True, b.True))
	})
	return out
}
