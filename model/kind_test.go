package model

import (
	"math"
	"slices"
	"strings"
	"testing"

	"ocrfix/candgen"
	"ocrfix/eval"
	"ocrfix/features"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

// A change the collection's own OCR does not support is not made,
// whatever its margin.
func TestSupported(t *testing.T) {
	lex := candgen.NewLexicon()
	lex.Add("gas", 0)
	lex.Add("AMD", 0)
	lex.AddText([]string{"trom", "wil", "gas"}) // known only from a training truth (gas is listed too)
	lex.Add("ts", 0)                            // a word list's abbreviation English seldom writes
	lex.Add("lo", 0)                            // ... and a short word it writes often
	for _, w := range []string{"Ina", "Ona", "into"} {
		lex.Add(w, 0)
	}
	p := profile.Of([][]string{
		strings.Fields("The HILL rose; the HILL fell; in 1887 and 1887 the Hill stood, said he in 1887 gas EMC tbe sayes 1n 4s. 10th"),
		strings.Fields("HILL 18 lS tbe end gas EMC sayes 1n 4s. 10th"),
		strings.Fields("the gas EMC tbe sayes 1n 4s. 10th"),
		strings.Fields("thal " + strings.Repeat("that ", 20) + "thal thal"),
		strings.Fields("underway underway underway tothe tothe tothe " + strings.Repeat("to the ", 30)),
		strings.Fields("amd amd amd gas"),
		strings.Fields("ofthe of the twoidlglt payout pay dirt out"),
		strings.Fields("moming moming moming morning shal shal shal shall shall"),
		strings.Fields("trom trom trom " + strings.Repeat("from ", 20) + "wil wil wil will will will"),
		strings.Fields("ts ts ts lo lo lo " + strings.Repeat("is to ", 20) + "Slade Slade Slade Blade Chalman Chalman Chairman Chairman Chairman"),
		strings.Fields("ina ina ina into into into ona " + strings.Repeat("in a in to on a ", 40)),
		strings.Fields("Donley Donley Donley Cozporatlon Cozporatlon Cozporatlon corporation Copp Copp Copp copper Cornrnittee Cornrnittee Cornrnittee committee"),
		strings.Fields("thew thew thew thew " + strings.Repeat("their ", 10) + "lange lange lange lange " + strings.Repeat("large ", 5)),
		strings.Fields("owne owne owne own own flie flie flie fly fly mutuall mutuall mutuall mutual mutual pitie pitie pitie " + strings.Repeat("pity ", 30) + "bul bul bul but"),
		strings.Fields("L. cpl Smith, L. cpl Jones, L. cpl Brown, cpl Hay; aud aud aud"),
		strings.Fields("sawce sawce sawce scowred scowred scowred dane dane dane done hel hel hel " + strings.Repeat("held ", 10)),
	}, profile.Options{})
	for _, c := range []struct {
		orig, cand string
		want       bool
	}{
		{"HILL", "Hill", false},                         // the collection writes HILL thrice, Hill once
		{"Hill", "HILL", true},                          // ... and the other way round
		{"rose;", "rose,", false},                       // punctuation is never supported
		{"fell;", "fell", false},                        // ... nor dropping it
		{"gas", "g as", false},                          // a split of a known word
		{"ofthe", "of the", true},                       // a split of an unknown one seen once, into words the collection writes side by side
		{"stood,", "st ood,", false},                    // ... not into words it never writes side by side
		{"payout", "pay out", false},                    // ... such as a compound's
		{"twoidlglt", "two digit", true},                // ... unless the token is garbled: neither English-looking nor the words run together
		{"tbe", "t be", false},                          // ... not of one the collection repeats, with no evidence for the words apart
		{"and/or", "and/ or", false},                    // a split beside punctuation
		{"that,considcring", "that, considering", true}, // ... but for a space after a comma between words run together
		{"has;been", "has; been", true},
		{"(has,been.", "(has, been.", true}, // ... marks around the word aside
		{"has,been", "has ,been", false},    // ... before it
		{"a,b", "a, b", false},              // ... two letters on either side
		{"has,been", "ha s,been", false},    // ... and no other space
		{"1887", "l887", false},             // digits read as letters in a number the collection repeats
		{"lS", "1S", false},                 // digits kind that leaves a digit in the word
		{"$18", "18", false},                // a word change of a token with digits
		{"&", "a", false},                   // an ampersand is a word sign
		{"&c.", "it", false},
		{"1887", "IBB7", false}, // a number the collection repeats (twice elsewhere)
		{"18", "is", false},     // a number seen once is not made a word
		{"£1", "£I", false},
		{"0", "a", false},
		{"S0", "50", true}, // letters read as digits, a number made
		{"1n", "in", true}, // a word read with a digit, however often the collection repeats it
		{"1n", "In", true},
		{"4s.", "as.", false},            // money the collection repeats
		{"10th", "loth", false},          // an ordinal the collection repeats
		{"100th", "10th", false},         // a word change that changes a number's digits
		{"4", "it", false},               // ... or drops them
		{"tbe", "the", true},             // a word change: evidence is in the features
		{"symptom", "symptoms", false},   // a word made its plural
		{"members", "member", false},     // ... or its singular
		{"Hazardou", "Hazardous", true},  // ... not a misread word that the s completes
		{"cpl", "col", false},            // a short form the collection writes more often than English's rate of the word would
		{"aud", "and", true},             // ... not a misreading of a word it writes as often
		{"satisfie", "satisfied", false}, // a form seen once that spells a word the old way
		{"satisfie", "satisfy", false},   // ... not even into that word
		{"tlie", "the", true},            // ... which a misreading seen once need not
		{"sayes", "says", false},         // a spelling of its period the collection repeats
		{"thal", "that", true},           // ... but a rare variant of a form it writes 10 times as often is not
		{"moming", "morning", true},      // ... nor a form English never writes that looks far less English than the candidate
		{"shal", "shall", false},         // ... which a spelling of its period does not
		{"underway", "under way", false}, // a split of a form the collection repeats
		{"ina", "in a", true},            // ... a known word (the name Ina) English never wrote, where it writes the words apart far more often
		{"into", "in to", false},         // ... not one English writes
		{"ona", "on a", false},           // ... nor one the collection does not repeat
		{"tothe", "to the", true},        // ... unless it writes the words apart 10 times as often
		{"gas", "as", false},             // a known word the collection repeats
		{"amd", "and", true},             // ... but the lexicon knows AMD, not amd
		{"trom", "from", true},           // a word of the training truth only, a rare variant here
		{"wil", "will", false},           // ... or not: then neither the frequency test nor misreadOf changes it
		{"thew", "their", true},          // a form English never writes, beside a word it writes that the collection writes 3 times as often
		{"lange", "large", false},        // ... not less often
		{"ts", "is", true},               // a word list's abbreviation English seldom writes, a rare variant here
		{"lo", "to", false},              // ... not a short word English writes
		{"owne", "own", false},           // a word spelt as its period printed it, which the collection repeats beside the word
		{"flie", "fly", false},
		{"flie", "file", false}, // ... nor made another word
		{"mutuall", "mutual", false},
		{"pitie", "pity", false},  // ... even where the collection writes the word 10 times as often
		{"pitie", "piety", false}, // ... nor another word
		{"bul", "but", true},      // a form that would spell bull the old way, where the collection does not write bull
		{"sawce", "sauce", false}, // an old spelling of a word the collection does not write
		{"scowred", "scoured", false},
		{"dane", "done", true},               // ... not where English writes done far more often than dan
		{"hel", "held", true},                // ... nor three letters with an l put back
		{"Slade", "Blade", false},            // a name the collection repeats, not made a capitalised word it writes less often
		{"Chalman", "Chairman", true},        // ... where a misread capitalised word is not
		{"Donley", "Donkey", false},          // ... nor a word English knows and the collection never writes
		{"Cozporatlon", "Corporation", true}, // ... but a misreading of one it writes, however seldom in capitals
		{"Copp", "Copper", false},            // ... not a word two letters longer: a name, not a misreading
		{"Cornrnittee", "Committee", true},   // ... but one two letters shorter (rn for m twice)
		{"J.", "I.", false},                  // an initial into another letter
		{"(E.),", "(I.),", false},
		{"J", "I", true},    // a lone letter without the stop: often the pronoun misread
		{"J.", "In.", true}, // an initial into a word
		{"|", "I", true},    // a sign into a letter
		{".", "a", false},   // ... not sentence punctuation
		{"--", "do", false},
		{"possess'd", "possessed", false}, // an elision expanded
		{"ev’n", "even", false},
		{"preach‘d", "preached", false}, // the apostrophe read as ‘
		{"don'l", "don't", true},        // ... not: the apostrophe stays
		{"I'l", "I'll", false},          // (a spelling of the period seen once: oldSpelling)
		{"'tis", "this", true},          // ... not: no letter before it
		{"swell'ng", "swelling", true},  // an apostrophe read for a thin letter
		{"Ou'houses,", "Outhouses,", true},
		{"w'th", "with", false},      // ... not one letter before it: an elision of i
		{"fear'd", "feared", false},  // ... nor where e or v was elided
		{"s'hould", "should", true},  // an apostrophe where the page has none: punctuation only
		{"don't", "dont", false},     // ... not an elision's
		{"o'clock", "oclock", false}, // ... nor into a word English never wrote
	} {
		cd := &candgen.Candidate{Text: c.cand, Span: 1}
		k := kindAt([]string{c.orig}, 0, cd)
		if got := supported(p, lex, nil, asTrained, k, []string{c.orig}, 0, cd); got != c.want {
			t.Errorf("%q -> %q (%s): supported %v, want %v", c.orig, c.cand, k, got, c.want)
		}
	}
	// a number with a number's letters, seen once: shillings beside money
	// stay, the same letters in running text may be a misread word
	for _, c := range []struct {
		words string
		i     int
		cand  string
		want  bool
	}{
		{"1½d, 2s 3d, 7s 6d, and", 3, "as", false},
		{"it 7s good", 1, "is", true},
		{"on the 9th inst.", 2, "oth", false},
		// a name after a title stays (nameShaped, inNames)
		{"read by Mr. Nutter, detailed", 3, "butter,", false},
		{"Tandy and Sergeant Dutton were", 3, "button", false},
		{"Long and detective sergeant Dutton that", 4, "button", false},
		{"there. Sub-inspector Tandy and", 2, "sandy", false},
	} {
		words := strings.Fields(c.words)
		cd := &candgen.Candidate{Text: c.cand, Span: 1}
		k := kindAt(words, c.i, cd)
		if got := supported(p, lex, nil, asTrained, k, words, c.i, cd); got != c.want {
			t.Errorf("%q at %d -> %q (%s): supported %v, want %v", c.words, c.i, c.cand, k, got, c.want)
		}
	}
	for _, c := range []struct {
		orig, cand string
		want       bool
	}{
		{"grea er", "greater", true},       // pieces of a word
		{"Prl clples", "Principles", true}, // ... garbled too
		{"Depreclat on,", "Depreciation,", true},
		{"2 0", "20", true},
		{"t h e", "the", true},
		{". The", ".The", false},                // a lone mark run into the next word
		{"' He", "'He", false},                  // ... a quote too
		{"compare- and", "compare--and", false}, // a dash closed up
		{"con* slderatlon", "consideration", false},
		{"wou d", "would", true},
	} {
		words := strings.Fields(c.orig)
		cd := &candgen.Candidate{Text: c.cand, Span: len(words)}
		k := kindAt(words, 0, cd)
		if k != eval.KindMerge {
			t.Fatalf("%q -> %q: kind %s, want merge", c.orig, c.cand, k)
		}
		if got := supported(p, lex, nil, asTrained, k, words, 0, cd); got != c.want {
			t.Errorf("merge %q -> %q: supported %v, want %v", c.orig, c.cand, got, c.want)
		}
	}
	d := decider{margins: uniform(0), prof: p, lex: lex}
	d.margins[int(eval.NumKinds)+int(eval.KindCase)] = 7
	if m := d.margin([]string{"HILL"}, 0, &candgen.Candidate{Text: "Hill", Span: 1}); m != 7 {
		t.Errorf("unsupported case change has margin %v, want its own, 7", m)
	}
	if k := d.kind([]string{"Hill"}, 0, &candgen.Candidate{Text: "HILL", Span: 1}); k != int(eval.KindCase) || KindName(k) != "case" {
		t.Errorf("supported case change: kind %d %s", k, KindName(k))
	}
	if n := KindName(int(eval.NumKinds) + int(eval.KindWord)); n != "word (unsupported)" {
		t.Errorf("KindName: %q", n)
	}
	if k := kindAt([]string{"HILL"}, 0, &candgen.Candidate{Text: "Hill", Span: 1}); k != eval.KindCase {
		t.Errorf("kind %s", k)
	}
}

// A number the collection writes far more often than the numbers beside
// it is a word its OCR misreads as that number; a word read with digits in
// it is a word.
func TestNumberSpike(t *testing.T) {
	p := profile.Of([][]string{
		strings.Fields(strings.Repeat("it 15 true ", 6) + "14 16 " + strings.Repeat("9 10 11 ", 4) + strings.Repeat("1 ", 12) + "1nternatlonal"),
		strings.Fields(strings.Repeat("it 15 true ", 6) + strings.Repeat("3 ", 9) + strings.Repeat("$7 ", 12) + strings.Repeat("0 ", 20) + "1nternatlonal 1nternatlonal"),
	}, profile.Options{})
	for _, c := range []struct {
		orig, cand string
		want       bool
	}{
		{"15", "is", true},                       // 12 times in two documents, beside 14 and 16 once
		{"15,", "is,", true},                     // ... whatever its punctuation
		{"15", "is.", true},                      // ... and as a word change
		{"$15", "is", false},                     // ... but money stays money
		{"18", "is.", false},                     // a number seen once, as a word change too
		{"10", "to", false},                      // a number as common as its neighbours
		{"1", "I", false},                        // ... and one whose neighbour 0 is common too
		{"3", "a", false},                        // a number seen 9 times: too few to tell
		{"7", "T", false},                        // written only as money ($7)
		{"16", "is", false},                      // a number seen once
		{"15", "1S", false},                      // a candidate keeping a digit
		{"1nternatlonal", "international", true}, // a word read with a digit, repeated
		{"51mllar", "similar", true},
		{"1ndla", "india", true},       // four letters are a word
		{"1nd", "find", false},         // two are not (nor 10th, 8vo)
		{"H2O", "HO", false},           // a formula
		{"1n1t1al", "initials", false}, // more digits than half the letters
		{"1ntemal", "in4ernal", false}, // the candidate keeps a digit
		{"company1", "company", false}, // a number beside a word, dropped
		{"COVID19", "COVID", false},    // a code
	} {
		cd := &candgen.Candidate{Text: c.cand, Span: 1}
		k := kindAt([]string{c.orig}, 0, cd)
		if got := supported(p, nil, nil, asTrained, k, []string{c.orig}, 0, cd); got != c.want {
			t.Errorf("%q -> %q (%s): supported %v, want %v", c.orig, c.cand, k, got, c.want)
		}
	}
	// the spike is a day after its month, or the end of a range
	for _, c := range []struct {
		text string
		want bool
	}{
		{"there 15 a", true},
		{"on October 15 the", false}, {"on Sept. 15 the", false}, {"of 14 and 15 members", false}, {"from 12 to 15 the", false},
		{"dated 15 January 1978", false}, {"totalled 15 percent", false}, {"some 15 per cent", false},
		{"he 15, January", true},         // a mark between
		{"last October, 15 under", true}, // a mark after the month
		{"in October. 15 the", true},     // ... a sentence's stop
		{"we may 15 be", true},           // the verb
		{"in 1980, and 15 due", true},    // a mark after the number
	} {
		words := strings.Fields(c.text)
		i := slices.IndexFunc(words, func(w string) bool { return strings.HasPrefix(w, "15") })
		cd := &candgen.Candidate{Text: "is", Span: 1}
		if got := supported(p, nil, nil, asTrained, kindAt(words, i, cd), words, i, cd); got != c.want {
			t.Errorf("%q: 15 -> is supported %v, want %v", c.text, got, c.want)
		}
	}
}

func TestNumberShaped(t *testing.T) {
	for _, c := range []struct {
		text string // the token decided is the one marked with *
		want bool
	}{
		{"*15", true}, {"*1,000.", true}, {"*£1", true}, {"*(1887)", true}, {"*6d.", true},
		{"*2nd", true}, {"*10TH", true}, {"*8vo", true}, {"*12mo", true},
		{"depth of *50ft with", true}, {"*25lbs.", true}, {"*18in", true}, {"*4oz", true}, {"*3cwt", true},
		{"price *4s.", true}, {"£1 *4s 6d", true}, {"£1 *4s", true}, {"*4s 6d", true},
		{"this *1s all", false}, {"it *1s,", false},
		{"*1n", false}, {"*1ndustry", false}, {"*Th1s", false}, {"*0f", false}, {"*l5", false}, {"*word", false},
	} {
		words, i := markedWord(c.text)
		if got := numberShaped(words, i); got != c.want {
			t.Errorf("numberShaped(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// Positions sharing a candidate list share its margins, except where the
// profile's support depends on the neighbours: 4s is money beside £1 and a
// misread word elsewhere.
func TestSharedMarginByNeighbours(t *testing.T) {
	words := strings.Fields("£1 4s 6d and it 4s well 4s")
	p := profile.Of([][]string{words, words}, profile.Options{})
	ms := uniform(0)
	ms[int(eval.NumKinds)+int(eval.KindDigits)] = 9
	d := decider{margins: ms, prof: p}
	c := &candgen.Candidate{Text: "is", Span: 1}
	// every position holds one candidate row; positions 1, 5 and 7 share
	// the list of position 1
	same := make([]int32, len(words))
	for i := range same {
		same[i] = -1
	}
	same[1], same[5], same[7] = 0, 0, 0
	b := &ctxBuilder{words: words, same: same, first: []int32{1}, marg: make([]float64, len(words)), known: make([]bool, len(words))}
	for i, want := range map[int]float64{1: 9, 5: 0, 7: 0} {
		if got := b.margin(d, i, i, 0, c); got != want {
			t.Errorf("margin of %q at %d = %v, want %v", words[i], i, got, want)
		}
	}
	// an initial is made a word alone, not beside another initial
	words = strings.Fields("P. M. and M. went")
	d = decider{margins: uniform(0), prof: profile.Of([][]string{words}, profile.Options{})}
	d.margins[int(eval.NumKinds)+int(eval.KindWord)] = 9
	c = &candgen.Candidate{Text: "Mr.", Span: 1}
	same = []int32{-1, -1, -1, 1, -1}
	b = &ctxBuilder{words: words, same: same, first: []int32{0, 1, 2, 3, 4}, marg: make([]float64, 5), known: make([]bool, 5)}
	for _, i := range []int{1, 3} {
		want := map[int]float64{1: 9, 3: 0}[i]
		if got := b.margin(d, i, i, 0, c); got != want {
			t.Errorf("margin of %q at %d = %v, want %v", words[i], i, got, want)
		}
	}
	for tok, want := range map[string]bool{"4s": true, "12S.": true, "(1s)": true, "J.": true, "(E.),": true, "s": false, "is": false, "1st": false, "4": true, "Mr.": true, "Isla": true, "Hazardou": false} {
		if got := byNeighbours(tok); got != want {
			t.Errorf("byNeighbours(%q) = %v, want %v", tok, got, want)
		}
	}
}

func TestPeriodSpelling(t *testing.T) {
	for _, c := range []struct {
		n, cn string
		want  bool
	}{
		{"wil", "will", true}, {"shal", "shall", true}, {"mutuall", "mutual", true},
		{"owne", "own", true}, {"finde", "find", true}, {"pitie", "pity", true},
		{"flie", "fly", true}, {"yeer", "year", true}, {"neerer", "nearer", true},
		{"mee", "me", true}, {"shee", "she", true}, {"tryal", "trial", true},
		{"intreat", "entreat", true},
		{"dayes", "days", true}, {"mouthes", "mouths", true}, {"musick", "music", true},
		{"scowred", "scoured", true}, {"sowr", "sour", true}, {"sawce", "sauce", true},
		{"surprize", "surprise", true}, {"possest", "possessed", true}, {"mixt", "mixed", true}, {"stopt", "stopped", true},
		{"partes", "parts", true}, {"meanes", "means", true}, {"onely", "only", true}, {"owne", "oune", false}, // -es, -ely; ow at the start
		{"will", "wil", false}, {"own", "owne", false}, {"fly", "flie", false}, // the modern form is no period spelling of the old
		{"bul", "but", false}, {"wil", "well", false}, {"will", "will", false},
		{"tbe", "the", false}, {"yeer", "yet", false}, {"e", "", false}, {"ee", "e", false},
		{"be", "bel", false}, {"it", "itl", false}, {"rea", "real", false}, // an l put back only after an l
	} {
		if got := slices.Contains(periodForms(c.n), c.cn); got != c.want {
			t.Errorf("%q among periodForms(%q) = %v, want %v", c.cn, c.n, got, c.want)
		}
	}
}

func TestKeepAffixes(t *testing.T) {
	words := strings.Fields("actlons: tbe abou! @qual “Thal to gether tothe (cel Prlnclples, TIIE Jost Chlld OF (o [f “ood th- tbe- t, “l theland.")
	out := strings.Fields("actions; the, about equal \"That to gether to_the feel principles, the lost child of (to [if “good the- the- i, “i the_land,")
	out[5], out[6] = "together", "" // a merge keeps its text
	out[7] = "to the"               // ... and so does a split
	out[21] = "the land,"           // ... but for the marks at its ends
	keepAffixes(out, words)
	// the capitals of a word whose first letter the change kept stay, a
	// changed first letter was a misread capital (keepCapital); a mark
	// before which the change put a letter was that letter misread,
	// unless it opens a quotation (markForLetter), and so was a hyphen
	// after which it put one (hyphenForLetter), not one it kept; and the
	// pronoun is a capital (pronounCapital)
	want := []string{"actions:", "the", "about", "equal", "“That", "together", "", "to the", "feel", "Principles,", "THE", "lost", "Child", "of",
		"to", "If", "“good", "the", "the-", "I,", "“I", "the land."}
	if !slices.Equal(out, want) {
		t.Errorf("keepAffixes = %q, want %q", out, want)
	}
}

// An initial beside another stays an initial (P. M.); alone it may be a
// word misread (M. -> Mr.), left to the ranker.
func TestInitialsRun(t *testing.T) {
	p := profile.Of([][]string{strings.Fields("at 4 P. M. and M. Smith")}, profile.Options{})
	cd := &candgen.Candidate{Text: "Mr.", Span: 1}
	if supported(p, nil, nil, asTrained, eval.KindWord, []string{"4", "P.", "M.", "and"}, 2, cd) {
		t.Error("P. M. -> P. Mr. supported")
	}
	if !supported(p, nil, nil, asTrained, eval.KindWord, []string{"and", "M.", "Smith"}, 1, cd) {
		t.Error("and M. Smith -> and Mr. Smith not supported")
	}
}

// A listed word the collection repeats is changed where its counts say it
// is a misreading: one letter from a word the collection writes so often
// that the confusion model's rate of misreading it explains the form's
// count, and that English writes far more often (explained).
func TestExplainedListedWord(t *testing.T) {
	lex := candgen.NewLexicon()
	for _, w := range []string{"ail", "net", "comer", "hin", "te"} {
		lex.Add(w, 0)
	}
	p := profile.Of([][]string{
		strings.Fields("ail ail ail net net net comer comer comer hin hin hin te te te"),
		strings.Fields(strings.Repeat("all not corner the ", 40) + strings.Repeat("him ", 15)),
	}, profile.Options{})
	for _, c := range []struct {
		orig, cand string
		logConf    float64
		want       bool
	}{
		{"ail", "all", -5.9, true},    // 40 all misread at e^-5.9 give 0.11 ail, 5% of its 2 other occurrences
		{"ail.", "all.", -5.9, true},  // the same, punctuation aside
		{"Ail", "All", -5.9, true},    // ... and case
		{"ail", "all", -6.1, false},   // ... at e^-6.1, 0.09: ail is the collection's own
		{"net", "not", 0, false},      // English writes net too often beside not, whatever the rate
		{"te", "the", 0, false},       // not one letter for another: a letter lost
		{"comer", "corner", 0, false}, // ... or m for rn
		{"ail", "aid", 0, false},      // a word the collection never writes explains nothing
		{"hin", "him", 0, false},      // explained, but him is not written 10 times as often as hin
		{"ail", "all", math.Inf(-1), false},
	} {
		cd := &candgen.Candidate{Text: c.cand, Span: 1, LogConf: c.logConf}
		k := kindAt([]string{c.orig}, 0, cd)
		if got := supported(p, lex, nil, asTrained, k, []string{c.orig}, 0, cd); got != c.want {
			t.Errorf("%q -> %q at log P %v: supported %v, want %v", c.orig, c.cand, c.logConf, got, c.want)
		}
	}
}

// TestTuneMarginsMerge: a merge the profile supports that gains the
// training collections a word or two, too few to count against never,
// still keeps a margin, since it starts from the word margin; one that
// loses a group words is never made; a merge the profile does not support
// is never made by an unseen model.
func TestTuneMarginsMerge(t *testing.T) {
	orig := func(w string) candgen.Candidate {
		return candgen.Candidate{Text: w, Span: 1, Source: candgen.SrcOriginal}
	}
	// filler makes the second document long enough (10,000 words) that
	// one word is within the tolerance of equal totals
	filler := strings.Fields(strings.Repeat("and so on ", 3334))
	// work returns two documents: one whose five word changes (each
	// scored 2 over the OCR token) help, and one whose first two OCR
	// tokens ocr a merge into merge (scored 3 over them) replaces, with gt
	// gt2 and the filler.
	work := func(gt2 string, ocr []string, merge string) []*docWork {
		mk := func(gt string, words []string, cands [][]candgen.Candidate, scores []float64, group int) *docWork {
			first := []int32{0}
			for _, cs := range cands {
				first = append(first, first[len(first)-1]+int32(len(cs)))
			}
			return &docWork{doc: gtDoc(t, gt), words: words, cands: cands, mat: &features.Matrix{First: first}, scores: scores, group: group,
				prof: profile.Of([][]string{words}, profile.Options{})}
		}
		var aw []string
		var ac [][]candgen.Candidate
		var as []float64
		for range 5 {
			aw = append(aw, "tbe")
			ac = append(ac, []candgen.Candidate{orig("tbe"), {Text: "the", Span: 1}})
			as = append(as, 0, 2)
		}
		a := mk("the the the the the", aw, ac, as, 0)
		words := append(slices.Clone(ocr), filler...)
		cands := [][]candgen.Candidate{{orig(ocr[0]), {Text: merge, Span: 2}}}
		scores := []float64{0, 3}
		for _, w := range words[1:] {
			cands = append(cands, []candgen.Candidate{orig(w)})
			scores = append(scores, 0)
		}
		b := mk(gt2+" "+strings.Join(filler, " "), words, cands, scores, 1)
		return []*docWork{a, b}
	}
	_, ms, _, _, _ := tuneMargins(work("xy", []string{"x", "y"}, "xy"), true)
	if m := ms[eval.KindMerge]; m >= 3 {
		t.Errorf("a merge that gains one word in 10,008: margin %v, want one it is made at (below 3)", m)
	}
	_, ms, _, _, _ = tuneMargins(work("x y", []string{"x", "y"}, "xy"), true)
	if m := ms[eval.KindMerge]; !math.IsInf(m, 1) {
		t.Errorf("a merge that loses words: margin %v, want never", m)
	}
	_, ms, _, _, _ = tuneMargins(work(".The", []string{".", "The"}, ".The"), true)
	if m := ms[int(eval.NumKinds)+int(eval.KindMerge)]; !math.IsInf(m, 1) {
		t.Errorf("an unsupported merge (a mark run into a word): margin %v, want never", m)
	}
}

// TestLeaders: dot leaders and section-break stars are runs of one mark
// repeated by a neighbour; a lone mark, or a mark beside another, is not.
func TestLeaders(t *testing.T) {
	words := strings.Fields("Oxygen, . . . 20 22.3 * * * a . b -- -- x , .")
	want := map[int]bool{1: true, 2: true, 3: true, 6: true, 7: true, 8: true, 12: true, 13: true}
	for i := range words {
		if got := leaders(words, i); got != want[i] {
			t.Errorf("leaders(%q, %d) = %v, want %v", words, i, got, want[i])
		}
	}
	if leaders([]string{"", ""}, 0) {
		t.Error("an empty token is a leader")
	}
	// a leader is made no word (a model that had not seen science-law
	// wrote a for every one of its truth's dot leaders), a lone mark that
	// an engine reads a letter as may be (the ranker decides), a lone stop
	// not (sentenceMarks)
	p := profile.Of([][]string{words}, profile.Options{})
	cd := &candgen.Candidate{Text: "a", Span: 1}
	if supported(p, nil, nil, asTrained, eval.KindWord, words, 2, cd) {
		t.Error(". . . -> . a . supported")
	}
	if supported(p, nil, nil, asTrained, eval.KindWord, words, 10, cd) {
		t.Error("a . b -> a a b supported")
	}
	at := []string{"a", "@", "b"}
	if !supported(profile.Of([][]string{at}, profile.Options{}), nil, nil, asTrained, eval.KindWord, at, 1, cd) {
		t.Error("a @ b -> a a b not supported")
	}
}

func TestOverRepresented(t *testing.T) {
	doc := func(words ...string) []string { return words }
	rep := func(w string, n int) []string { return strings.Fields(strings.Repeat(w+" ", n)) }
	p := profile.Of([][]string{
		append(append(rep("the", 40), rep("tho", 15)...), rep("other", 10)...),
		append(append(rep("ether", 12), rep("lam", 3)...), rep("law", 2)...),
		doc("said", "tho", "man", "the", "and", "I", "am", "here"),
	}, profile.Options{})
	for _, c := range []struct {
		n, cn string
		want  bool
	}{
		{"tho", "the", true},      // English writes tho 8 times beside 325,814 the
		{"ether", "other", false}, // English writes ether too often beside other
		{"the", "tho", false},     // the word is the rare one
		{"tho", "thee", false},    // not one misreading (a letter added)
		{"said", "sail", false},   // said once: no recurring form
	} {
		if got := overRepresented(p, c.n, c.cn); got != c.want {
			t.Errorf("overRepresented(%q, %q) = %v, want %v", c.n, c.cn, got, c.want)
		}
	}
	if !gluedIForm(p, "“lam") || gluedIForm(p, "law") {
		t.Errorf("gluedIForm: “lam %v, law %v", gluedIForm(p, "“lam"), gluedIForm(p, "law"))
	}
}

// A name English never saw, in a list of names, is not made the word a
// letter or two away; a garbled one, or one a habit of the collection
// explains, still is.
func TestNamesInList(t *testing.T) {
	p := profile.Of([][]string{strings.Fields("Esther Isla Woolnough and Nancy Mav McDonald, Leonard Geoigc Bladwell; the Isla ran")}, profile.Options{})
	habits := []candgen.Habit{{True: 'y', OCR: "v"}}
	for _, c := range []struct {
		text, cand string // the token decided is the one marked with *
		want       bool
	}{
		{"Esther *Isla Woolnough", "Islam", false}, // between two capitalised words
		{"Leonard *Isla, Woolnough", "Islam", false},
		{"the *Isla ran", "Islam", true},                  // not in a list: the other rules decide
		{"J. C. *Isla instructed", "Islam", false},        // after an initial
		{"Mr J C *Isla instructed", "Islam", false},       // the initial's stop lost
		{"and I *Isla instructed", "Islam", true},         // I is a word, not an initial
		{"Nancy *Mav McDonald", "May", true},              // a habit of the collection undone
		{"Leonard *Geoigc Bladwell", "George", true},      // garbled, not name-shaped
		{"Leonard *Hazardou Bladwell", "Hazardous", true}, // too long for a name this near a word
	} {
		words, i := markedWord(c.text)
		cd := &candgen.Candidate{Text: c.cand, Span: 1}
		if got := supported(p, nil, habits, asTrained, eval.KindWord, words, i, cd); got != c.want {
			t.Errorf("%q -> %q: supported %v, want %v", c.text, c.cand, got, c.want)
		}
		if !byNeighbours(words[i]) && c.cand == "Islam" {
			t.Errorf("%q: the support of a name-shaped token depends on its neighbours", words[i])
		}
	}
}

// A capitalised token where names stand is not split into words (David
// Tehan Fred -> To him), though the pronoun I and the article A run into
// the next word are.
func TestNameSplit(t *testing.T) {
	for _, c := range []struct {
		text, cand string // the token decided is the one marked with *
		want       bool   // nameSplit: the split is refused
	}{
		{"David *Tehan Fred", "To him", true}, // between two capitalised words
		{"Kenneth *Inall, Cornelius", "In all", true},
		{"Mr. *Smitthe said", "Smith he", true}, // after a title
		{"Messrs *Smitthe and", "Smith he", true},
		{"J. *Smitthe said", "Smith he", true},    // after an initial
		{"Kenneth *Iam Cornelius", "I am", false}, // the pronoun run into the next word
		{"Kenneth *Adinner Cornelius", "A dinner", false},
		{"and *Tehan went", "To him", false},     // not where names stand
		{"David *tehan Fred", "to him", false},   // not capitalised
		{"David *TEHAN Fred", "TO HIM", false},   // capitals only: a heading
		{"*Tehan Fred", "To him", false},         // the text's first word
		{"Mr. *Smitthe said", "smith he", false}, // the first word small
	} {
		words, i := markedWord(c.text)
		_, core, _ := candgen.SplitAffix(words[i])
		if got := nameSplit(words, i, core, c.cand); got != c.want {
			t.Errorf("%q -> %q: nameSplit %v, want %v", c.text, c.cand, got, c.want)
		}
		if c.want && !splitByNeighbours(words[i], c.cand) {
			t.Errorf("%q -> %q: the support of the split does not depend on the neighbours", c.text, c.cand)
		}
	}
	// the profile gate refuses it whatever the collection writes
	p := profile.Of([][]string{strings.Fields("to him to him to him in all in all David Tehan Fred")}, profile.Options{})
	words, i := markedWord("David *Tehan Fred")
	if supported(p, nil, nil, asTrained, eval.KindSplit, words, i, &candgen.Candidate{Text: "To him", Span: 1}) {
		t.Error("David Tehan Fred -> To him supported")
	}
	if splitByNeighbours("Tehan", "Tehan") || splitByNeighbours("tehan", "te han") {
		t.Error("splitByNeighbours: a change that is no split of a capitalised token")
	}
}

// A symbol before a number is the text's (§ 12), and so is one print sets
// as a word of its own beside a number of any shape (`sold @ 5s.`, `12 #
// per`): not a misread word; the marks read for the pronoun I, and after a
// number brackets and quotes, are judged by other rules.
func TestSymbolByNumber(t *testing.T) {
	p := profile.Of([][]string{strings.Fields("See § 12 of the act, and | said § was all")}, profile.Options{})
	for _, c := range []struct {
		text, cand string
		want       bool
	}{
		{"See *§ 12 of", "I", false},
		{"and *¶ 9.", "I", false},
		{"I think *§ was", "I", true},
		{"and *| said", "I", true}, // an I look-alike, judged by the word after it (lowerNext)
		{"and *| 12", "I", false},  // ... a mark before a number
		{"and *| 12", "a", true},   // ... no symbol of the text to keep
		{"Wheat sold *@ 5s. per bushel", "it", false},
		{"barley *@ 3s. 6d.", "it", false},
		{"quoted at 12 *# per bale", "it", false},
		{"gave 5 *% on the loan", "it", false},
		{"paid 30, *# was", "it", false},
		{"with one “1” *] am", "I", true},  // a bracket after a number: the pronoun misread
		{"sold *@ the market", "it", true}, // no number beside it
		{"sold *@ five shillings", "it", true},
	} {
		words, i := markedWord(c.text)
		cd := &candgen.Candidate{Text: c.cand, Span: 1}
		if got := supported(p, nil, nil, asTrained, eval.KindWord, words, i, cd); got != c.want {
			t.Errorf("%q -> %q: supported %v, want %v", c.text, c.cand, got, c.want)
		}
		if !byNeighbours(words[i]) {
			t.Errorf("%q: the support of a symbol depends on its neighbours", words[i])
		}
	}
}

// markedWord returns the words of text and the index of the one marked
// with a leading * (the mark taken off): the token a test decides.
func markedWord(text string) ([]string, int) {
	words := strings.Fields(text)
	i := slices.IndexFunc(words, func(w string) bool { return strings.HasPrefix(w, "*") })
	words[i] = words[i][1:]
	return words, i
}

// TestShortFormCapital: a short form with a capital that a collection
// repeats (a list of soldiers' Spr) is its abbreviation, not a misreading
// of a word it writes less often (Sir), unless English's rate of the word
// would have the collection write it three times as often as the form;
// in small letters, as often suffices.
func TestShortFormCapital(t *testing.T) {
	m, _, err := english.Model()
	if err != nil {
		t.Fatal(err)
	}
	rate := float64(m.Count(m.ID("sir"))) / float64(m.Tokens())
	// a collection where English would write sir about six times: twice
	// as often as each form recurs elsewhere, less than three times
	filler := int(6 / rate)
	for _, c := range []struct {
		orig, cand string
		want       bool
	}{
		{"Spr", "Sir", false},
		{"spr", "sir", true},
	} {
		var docs [][]string
		for range 4 {
			docs = append(docs, append([]string{c.orig, "Smith"}, slices.Repeat([]string{"the"}, filler/4)...))
		}
		docs[0] = append(docs[0], c.cand, "Thomas", c.cand, "John") // the word written twice, the form four times
		p := profile.Of(docs, profile.Options{})
		if e := expectedIn(p, "sir"); e <= 3 || e >= 9 {
			t.Fatalf("expectedIn(sir) = %.1f, want between 3 and 9", e)
		}
		cd := &candgen.Candidate{Text: c.cand, Span: 1}
		if got := supported(p, nil, nil, asTrained, eval.KindWord, []string{c.orig}, 0, cd); got != c.want {
			t.Errorf("%q -> %q: supported %v, want %v", c.orig, c.cand, got, c.want)
		}
	}
}

// A lone mark becomes the pronoun I only before a word in small letters:
// `that | thought` is I misread, `HUNTER. | Sydney` and `at once ! OUR`
// keep their marks (a column rule, an exclamation).
func TestLoneMarkI(t *testing.T) {
	p := profile.New(profile.Options{})
	for _, c := range []struct {
		text string
		want bool
	}{
		{"that | thought--but I beg", true},
		{"said she softly. \"| wonder what", true},
		{"PERCY HUNTER. | Sydney, Jan.", false},
		{"at once ! OUR WAR", false},
		{"inches to [ 1*3111 in", false},
		{"the end |", true}, // nothing after it
	} {
		words := strings.Fields(c.text)
		i := slices.IndexFunc(words, func(w string) bool { return profile.Norm(w) == "" && strings.ContainsAny(w, "|![") })
		cd := &candgen.Candidate{Text: strings.NewReplacer("|", "I", "!", "I", "[", "I").Replace(words[i]), Span: 1}
		if got := supported(p, nil, nil, asTrained, eval.KindWord, words, i, cd); got != c.want {
			t.Errorf("%q: %s -> %s supported %v, want %v", c.text, words[i], cd.Text, got, c.want)
		}
	}
}

func TestInNames(t *testing.T) {
	for _, c := range []struct {
		words string
		i     int
		want  bool
	}{
		{"J. C. Gannon came", 2, true},
		{"J C Gannon came", 2, true},
		{"read by Mr. Nutter, detailed", 3, true},
		{"read by Mrs Nutter detailed", 3, true},
		{"Sergeant Dutton was", 1, true},
		{"the Dutton was", 1, false},
		{"read by mr. Nutter detailed", 3, false},   // a title is capitalised
		{"detective sergeant Dutton that", 2, true}, // ... but for a rank in running text
		{"Sub-inspector Tandy and", 1, true},        // ... or at a compound's end
		{"the police-constable Ward said", 2, true},
		{"the sub-editor Ward said", 2, false},
		{"for the constable. Dutton came", 3, false}, // a sentence's end
		{"Thos. Theo Butler", 1, true},
		{"the Rev. George Prowde in the chair", 3, true}, // a given name between title and name
		{"the Rev. Geo. Prowde in the chair", 3, true},   // ... shortened
		{"and Mr. Baker. Thair wish", 3, false},          // a sentence's end, not a given name
		{"and the George Prowde in", 3, false},           // no title
	} {
		if got := inNames(strings.Fields(c.words), c.i); got != c.want {
			t.Errorf("inNames(%q, %d) = %v, want %v", c.words, c.i, got, c.want)
		}
	}
}

// TestTitledName: after a title, a name-shaped token that the
// collection's habit would make a word stays unless the word is a name
// the lexicon holds capitalised (`Dr. Goode` is no Geode, `Mr. Jonos` is
// Jones); elsewhere the habit's change stands.
func TestTitledName(t *testing.T) {
	lex := candgen.NewLexicon()
	for _, w := range []string{"geode", "Jones", "surge", "Arnold"} {
		lex.Add(w, 0)
	}
	lex.Add("merit", 14)
	lex.Add("Merit", 1) // a name less often than a word
	lex.Add("John", 3)  // a name only
	lex.Add("Will", 1)
	lex.Add("will", 9)
	habits := []candgen.Habit{{True: 'e', OCR: "o"}, {True: 'S', OCR: "B"}}
	p := profile.Of([][]string{strings.Fields("by Dr. Goode, and Mr. Jonos and the Goode, and Mr. Burge, then")}, profile.Options{})
	for _, c := range []struct {
		words string
		i     int
		cand  string
		want  bool
	}{
		{"by Dr. Goode, and", 2, "Geode,", false},
		{"and Mr. Burge, then", 2, "Surge,", false},
		{"and Mr. Jonos and", 2, "Jones", true},
		{"and the Goode, and", 2, "Geode,", true}, // no title before it
		// a name after initials or a title is no word in small letters,
		// whatever its shape
		{"Mr. W. H. Rix, lately", 3, "six,", false},
		{"Mr. Rix still", 1, "six", false},
		{"Hill, Rev. John Rix. The", 3, "six.", false},
		{"(Messrs. Kwong Wir", 1, "wrong", false},
		// but a word after a title and a word not a given name
		{"Tuesday Mr. Jones Iost his", 3, "lost", true},
		// after a given name a name-shaped token is made no other word,
		// but a name the lexicon holds
		{"said John Monat to", 2, "Merit", false},
		{"named John Amold, explaining", 2, "Arnold,", true},
		// the son's jun. after a surname and its comma
		{"Mr. Mobris, jun., said", 2, "jim.,", false},
		{"Abraham Arme, sen. was", 2, "son.", false},
		// a given name's short form with its stop or before a name, and a
		// title so, are no other word
		{"man named Thos. Robertson on", 2, "This.", false},
		{"Ptes Phillp Jos Cafferv Walter", 2, "Jes", false},
		{"Roe Dvr Thomas Rosa", 1, "Dr", false},
		{"the Rt. Rev. Dr.", 1, "It.", false},
		{"sold hy the", 1, "by", true},                  // in small letters a misreading
		{"Rt the meeting", 0, "At", true},               // a word before a small one
		{"and Gnr Rix said", 2, "six", false},           // a rank's name (ranks are titles)
		{"on lease. Thos Company has", 2, "This", true}, // at a sentence's start, a capital after it is no sign
	} {
		words := strings.Fields(c.words)
		cd := &candgen.Candidate{Text: c.cand, Span: 1}
		k := kindAt(words, c.i, cd)
		if got := supported(p, lex, habits, asTrained, k, words, c.i, cd); got != c.want {
			t.Errorf("%q: %q -> %q supported %v, want %v", c.words, words[c.i], c.cand, got, c.want)
		}
	}
}

// TestIzeVariant: British and American spellings of one word are each
// other's izeVariant, and the profile gate makes neither the other.
func TestIzeVariant(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"equalised", "equalized", true},
		{"organization", "organisation", true},
		{"analyse", "analyze", true},
		{"rose", "roze", false},  // not after i or y
		{"sise", "size", true},   // any word so spelt
		{"size", "size", false},  // the same
		{"sizes", "size", false}, // other lengths
		{"raised", "razed", false},
		{"isle", "izle", true},
		{"s", "z", false},
	} {
		if got := izeVariant(c.a, c.b); got != c.want {
			t.Errorf("izeVariant(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
	p := profile.Of([][]string{strings.Fields("the score was soon equalised, and")}, profile.Options{})
	words := strings.Fields("was soon equalised, and")
	cd := &candgen.Candidate{Text: "equalized,", Span: 1}
	if supported(p, nil, nil, asTrained, kindAt(words, 2, cd), words, 2, cd) {
		t.Error("equalised -> equalized supported")
	}
}

// A change that reads a token's last leading mark as a letter of its word
// is told from one that keeps the mark or changes the word.
func TestMarkReadAsLetter(t *testing.T) {
	for _, c := range []struct {
		orig, cand string
		want       bool
	}{
		{"{t", "It", true}, {"{t,", "it,", true}, {"(o", "to", true}, {"|s", "is", true}, {"“[t", "“It", true},
		{"(o", "(to", false},     // the mark kept
		{"{t", "to", false},      // the word changed
		{"{t", "Its", false},     // more than one letter
		{"{t", "1t", false},      // no letter
		{"t", "It", false},       // no mark
		{"~You", "\"You", false}, // a mark for a mark
		{"'m", "am", false},      // an elision
		{"‘s", "is", false},      // a quote
	} {
		if got := markReadAsLetter(c.orig, c.cand); got != c.want {
			t.Errorf("markReadAsLetter(%q, %q) = %v, want %v", c.orig, c.cand, got, c.want)
		}
	}
}

// A capitalised form seen once that English takes for a misreading of a
// word is no name; written twice, capitalised both times, it is.
func TestNameLike(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	once := profile.Of([][]string{strings.Fields("the evening smiled. Jone takes her pail")}, profile.Options{})
	twice := profile.Of([][]string{strings.Fields("the evening smiled. Jone takes her pail and Jone, she strokes a Sillibub")}, profile.Options{})
	lower := profile.Of([][]string{strings.Fields("Jone takes her pail and jone strokes it")}, profile.Options{})
	for _, c := range []struct {
		name string
		p    *profile.Profile
		want bool
	}{
		{"once", once, false},
		{"twice", twice, true},
		{"once capitalised", lower, false},
	} {
		if got := nameLike(c.p, "Jone", "jone", "jones"); got != c.want {
			t.Errorf("%s: nameLike(Jone, jones) = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestSupportedSpelling: a period form the model's lexicon knows (a
// training truth of period print spelled so: the built-in model learned
// the Compleat Angler's wil) is the period's spelling in a document of
// period print, however often the collection writes the modern word; in a
// modern one, and for a model trained on the collection's labels, it is a
// misreading of the word the collection writes ten times as often.
func TestSupportedSpelling(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	lex := candgen.NewLexicon()
	lex.Add("wil", 3)
	lex.Add("will", 40)
	words := append(repeat(60, "he", "will", "go"), repeat(4, "he", "wil", "go")...)
	p := profile.Of([][]string{words}, profile.Options{})
	at := slices.Index(words, "wil")
	cd := &candgen.Candidate{Text: "will", Span: 1, LogConf: -3}
	for spell, want := range map[spelling]bool{asTrained: true, spellingModern: true, spellingPeriod: false} {
		if got := supported(p, lex, nil, spell, eval.KindWord, words, at, cd); got != want {
			t.Errorf("supported(wil -> will, spelling %d) = %v, want %v", spell, got, want)
		}
	}
}

func TestPronounCase(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	words := strings.Fields(`but i see “i am i. e. in i' faith, c, b, i, s, t; Dhus i gou`)
	for _, c := range []struct {
		i    int
		cand string
		want eval.Kind
	}{
		{1, "I", eval.KindWord},  // the pronoun: a change of word, weighed against it and is
		{3, "“I", eval.KindWord}, // marks kept
		{5, "I.", eval.KindCase}, // a roman numeral's i. stays a change of case
		{7, "In", eval.KindCase},
		{8, "I'", eval.KindCase},  // the elision of in
		{12, "I,", eval.KindCase}, // a letter among letters
		{16, "I", eval.KindCase},  // no English beside it
	} {
		k, _ := decider{}.changeKind(words, c.i, &candgen.Candidate{Text: c.cand, Span: 1})
		if k != c.want {
			t.Errorf("%q -> %q: kind %v, want %v", words[c.i], c.cand, k, c.want)
		}
	}
}

func TestShewVariant(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"shew", "show", true}, {"shewn", "shown", true}, {"showed", "shewed", true}, {"foreshew", "foreshow", true},
		{"shew", "shed", false}, {"sew", "sow", false}, {"chew", "chow", false}, {"shews", "shows", true},
		{"shew", "shew", false}, {"shewing", "showings", false}, {"she", "sho", false},
	} {
		if got := shewVariant(c.a, c.b); got != c.want {
			t.Errorf("shewVariant(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestSyncope(t *testing.T) {
	for _, c := range []struct {
		n, cn string
		want  bool
	}{
		{"themselvs", "themselves", true}, {"darkning", "darkening", true}, {"wholsome", "wholesome", true},
		{"colourd", "coloured", true}, {"fastned", "fastened", true},
		{"judg", "judge", false},     // a final e
		{"plac", "place", false},     // a final e
		{"tll", "tell", false},       // no vowel, and short
		{"heer", "hear", false},      // not an e put back
		{"betwen", "between", false}, // an e beside an e: not between consonants
		{"watry", "watery", true},
	} {
		if got := syncope(c.n, c.cn); got != c.want {
			t.Errorf("syncope(%q, %q) = %v, want %v", c.n, c.cn, got, c.want)
		}
	}
}
