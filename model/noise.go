package model

import (
	"fmt"
	"math"
	"unicode"
	"unicode/utf8"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/profile"
)

// How clean a collection reads. A model's margins are the log-odds by
// which a candidate must beat the OCR token, learned on training
// collections whose OCR misreads a certain share of its words. A
// collection whose OCR misreads ten times fewer has ten times lower prior
// odds that any token is misread, so the same evidence for a change is
// worth less there: on a clean collection the ranker's mistakes (a right
// word made another, heir -> their, a period spelling made modern) come at
// the rate they come anywhere, while the errors to fix are few. A model
// for unseen collections measures how noisy the collection's OCR is by the
// share of its words of three small letters or more that no word list
// nor the English model knows (UnknownCounts: few in clean print,
// whatever its subject; most misreadings are such words; names, words in
// capitals and figures are left out), beside the same share in its
// training OCR (TrainStats.Unknown), and adds to every margin the log of
// their ratio where the collection's is the lower: the prior odds of a
// misreading, scaled (NoiseShift). A collection noisier than the training OCR keeps
// the margins as learned. The four rendered collections with nine in ten
// of their OCR's error stretches put right (internal/habitsim.Clean),
// corrected by models trained on the other three: 1.1% (early) to 28.1%
// (embedded) fewer word errors and 62 to 217 words broken without, 5.1%
// to 30.4% and 27 to 183 with.
//
// A page alone says little: its share is taken as noisePriorWords words
// at the training share plus its own (a Bayesian prior), so a clean page
// raises the margins a little and a clean collection of thousands of
// words by the full ratio.

// UnknownCounts is how many of the words of three small letters or more
// (between marks) of a collection's OCR (Words) no word list nor the
// English model knows (Unknown; counted on the exact forms of a profile,
// see unknownForm). Words in capitals, numbers and marks are left out of
// both: a collection of headings in capitals, or of tables of figures,
// reads neither cleaner nor noisier for them.
type UnknownCounts struct {
	Unknown int `json:"unknown"`
	Words   int `json:"words"`
}

// Valid reports whether c can be counts of words: none negative, and no
// more unknown words than words.
func (c UnknownCounts) Valid() bool {
	return c.Unknown >= 0 && c.Words >= 0 && c.Unknown <= c.Words
}

// Share is Unknown over Words (0 without words).
func (c UnknownCounts) Share() float64 {
	if c.Words == 0 {
		return 0
	}
	return float64(c.Unknown) / float64(c.Words)
}

// noisePriorWords is the weight, in words, of the training share in a
// collection's estimated share (NoiseShift): a fixed prior. A page of 200
// small-letter words none of them unknown gets log(1200/1000) = 0.18 more
// log-odds on its margins; a collection of 10,000 such words log(11) =
// 2.4.
const noisePriorWords = 1000

// smallWord reports whether the token tok (as read) is a word of three
// small letters or more between its marks, and returns its core.
func smallWord(tok string) (string, bool) {
	_, core, _ := candgen.SplitAffix(tok)
	if utf8.RuneCountInString(core) < 3 {
		return "", false
	}
	for _, r := range core {
		if !unicode.IsLower(r) {
			return "", false
		}
	}
	return core, true
}

// unknownForm reports whether core, a word of small letters (smallWord),
// is one neither the English model nor lex's listed forms (word lists)
// know. Capitalised words are not asked: names, which no list holds, are
// as common in clean print as in noisy.
func unknownForm(core string, lex *candgen.Lexicon) bool {
	return !inEnglishModel(profile.Norm(core)) && !(lex != nil && lex.HasListedAs(core))
}

// unknownCounts returns the UnknownCounts of the collection of profile p.
// A profile that dropped its rarest forms (Profile.Pruned: a collection
// of millions of words) counts the tokens of the dropped forms as unknown
// small-letter words, most of them being misreadings seen once: the share
// is then an upper bound, which raises the margins less, never more.
func unknownCounts(p *profile.Profile, lex *candgen.Lexicon) UnknownCounts {
	var c UnknownCounts
	kept := 0
	for tok, k := range p.ExactForms() {
		kept += int(k.N)
		if core, ok := smallWord(tok); ok {
			c.Words += int(k.N)
			if unknownForm(core, lex) {
				c.Unknown += int(k.N)
			}
		}
	}
	if dropped := p.Tokens() - kept; p.Pruned() > 0 && dropped > 0 {
		c.Unknown += dropped
		c.Words += dropped
	}
	return c
}

// countUnknown returns the UnknownCounts of the OCR of the training
// documents docs, with the lexicon lex (its listed forms only: the
// training truth's own words would make the training OCR look cleaner than
// a new collection's).
func countUnknown(docs []*data.Doc, lex *candgen.Lexicon) UnknownCounts {
	p := profile.New(profile.Options{})
	for _, d := range docs {
		p.Add(ReadWords(d.OCR))
	}
	return unknownCounts(p, lex)
}

// Noise is how noisy a collection's OCR reads beside the model's training
// OCR, and what that does to the model's margins (see NoiseShift).
type Noise struct {
	Collection UnknownCounts `json:"collection"` // the collection's counts
	Training   UnknownCounts `json:"training"`   // the training OCR's (TrainStats.Unknown)
	// Share is the collection's share of unknown words as estimated:
	// its counts and noisePriorWords words at the training share.
	Share float64 `json:"share"`
	// Shift is the log-odds added to every margin: log(training share /
	// Share) where that is positive, else 0.
	Shift float64 `json:"shift"`
}

// Note returns what a command says of n where it raised the margins: that
// the OCR of what it corrects (what: "collection", "page") reads cleaner
// than the model's training OCR, by how much, and the log-odds each change
// then needs; "" where n raised nothing, or less than the note's
// hundredths show (a page of a few words: `needs 0.00 more log-odds` said
// nothing).
func (n Noise) Note(what string) string {
	if !(n.Shift >= 0.005) {
		return ""
	}
	return fmt.Sprintf("the %s's OCR reads cleaner than the model's training OCR (%.2f%% of its words in small letters are words no word list nor English knows, against %.2f%%): each change needs %.2f more log-odds of evidence",
		what, 100*n.Collection.Share(), 100*n.Training.Share(), n.Shift)
}

// HabitNote returns what a command says of a habit of the collection's
// OCR that it adapted the model to (Model.Habits), desc being the habit
// described (candgen.Describe).
func HabitNote(desc string) string {
	return "the collection's OCR has a habit the model did not learn; adapted to it: " + desc
}

// NoiseShift returns how noisy the collection of profile p reads and the
// log-odds correction adds to the margins of a model for unseen
// collections there (see above); a zero Noise for a model that tunes the
// margins of the changes a profile does not support (forUnseen false: one
// trained with labels from the collection it corrects), one whose file
// predates TrainStats.Unknown or has bad counts, or a nil profile. The
// result is remembered by profile (weakly: the profile can still be
// freed) until the profile's token count changes.
func (m *Model) NoiseShift(p *profile.Profile) Noise {
	tr := m.Stats.Unknown
	if p == nil || !tr.Valid() || tr.Unknown == 0 || !m.forUnseen() {
		return Noise{}
	}
	return m.noise.get(p, func() Noise {
		c := unknownCounts(p, m.Lex)
		rt := tr.Share()
		share := (float64(c.Unknown) + noisePriorWords*rt) / (float64(c.Words) + noisePriorWords)
		return Noise{Collection: c, Training: tr, Share: share, Shift: max(0, math.Log(rt/share))}
	})
}
