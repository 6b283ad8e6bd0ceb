package candgen

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/align"
)

// maxCompoundParts is the most words a compound core may join for
// compoundCands to correct one of them.
const maxCompoundParts = 4

// compoundPartCands is how many corrections of each word of a compound
// compoundCands tries, best first.
const compoundPartCands = 3

// compoundKeep is how many readings of one compound compoundCands
// proposes, best first.
const compoundKeep = 4

// compoundPart is one piece of a compound core: a word, or the run of
// joining punctuation between two words (sep).
type compoundPart struct {
	text string
	sep  bool
}

// compoundParts splits core at its runs of hyphens, dashes and slashes
// into words and joins. It returns nil unless core joins two to
// maxCompoundParts words, or where a word holds another mark (a stop or a
// comma inside a word is more often a misread letter, `wi.aess`, or a
// space lost, `that,considcring`, which the core's own candidates read).
func compoundParts(core string) []compoundPart {
	var parts []compoundPart
	start, words := 0, 0
	inSep := false
	flush := func(end int) {
		if end > start {
			parts = append(parts, compoundPart{core[start:end], inSep})
			if !inSep {
				words++
			}
		}
		start = end
	}
	for i, r := range core {
		sep := r == '/' || strings.ContainsRune(dashes, r)
		if !sep && r != '\'' && r != '’' && (unicode.IsPunct(r) || unicode.IsSymbol(r)) {
			return nil
		}
		if sep != inSep {
			flush(i)
			inSep = sep
		}
	}
	flush(len(core))
	if words < 2 || words > maxCompoundParts || parts[0].sep || parts[len(parts)-1].sep {
		return nil
	}
	return parts
}

// compoundCands adds to the candidates cs of core (coreCands) the
// readings of a compound the lexicon does not hold, its words joined by
// hyphens, dashes or slashes (`Wharf-etreet`, `Goulburn-streot`,
// `cost/beneflt`), with one word the lexicon does not know
// (correctablePart) corrected on its own, a name's only where no other word is: each of the word's best
// compoundPartCands candidates (coreCands of the word) that the lexicon
// knows, within one edit of a word of up to four letters and two of a
// longer one, where every other word is one keptPart allows; the joins are kept as OCR read them. A word
// broken by a hyphen or a misread letter (`impaove-ment`) is one word,
// which the core's own candidates read: a compound whose words joined are
// near a lexicon word, or that its own candidates read as one word
// (`Dct-ber` -> October), is not split, nor is one with a word the lexicon
// does not know left beside the one corrected (`posi-tfrely`: the pieces
// of one word). A reading is priced against the core as OCR read it by
// what it changes: its channel score is the core's less the word's own
// and plus the correction's, and its prior likewise (the lexicon does not
// know the compound, so the word's prior stands for it).
func (g *Generator) compoundCands(core string, cs []coreCand) []coreCand {
	if g.opt.NoCompound || strings.IndexByte(core, ' ') >= 0 {
		return cs
	}
	if _, ok := g.lex.fold[lower(core)]; ok {
		return cs
	}
	parts := compoundParts(core)
	if parts == nil {
		return cs
	}
	var joined strings.Builder
	fix, name := -1, -1 // the one word to correct: of small letters, or a name's
	for i, p := range parts {
		if p.sep {
			continue
		}
		joined.WriteString(p.text)
		switch ok, capital := g.correctablePart(p.text); {
		case ok && !capital && fix < 0:
			fix = i
		case ok && capital && name < 0:
			name = i
		case ok || !g.keptPart(p.text):
			return cs
		}
	}
	if fix < 0 {
		fix = name
	}
	if fix < 0 || g.NearWord(joined.String()) || slices.ContainsFunc(cs, oneWord) {
		return cs
	}
	orig := slices.IndexFunc(cs, func(c coreCand) bool { return c.src&SrcOriginal != 0 })
	pc := g.partCands(parts[fix].text)
	self := slices.IndexFunc(pc, func(c coreCand) bool { return c.src&SrcOriginal != 0 })
	if orig < 0 || self < 0 {
		return cs
	}
	part := parts[fix].text
	maxEdits := 1
	if utf8.RuneCountInString(part) > 4 {
		maxEdits = 2
	}
	var pre, post strings.Builder
	for i, p := range parts {
		switch {
		case i < fix:
			pre.WriteString(p.text)
		case i > fix:
			post.WriteString(p.text)
		}
	}
	o := cs[orig]
	tried, added := 0, 0
	for _, c := range pc { // best first
		if tried == compoundPartCands || added == compoundKeep {
			break
		}
		if c.src&(SrcOriginal|SrcSplit) != 0 || strings.IndexByte(c.text, ' ') >= 0 {
			continue
		}
		tried++
		if !g.lex.HasFold(c.text) || align.Levenshtein(part, c.text) > maxEdits {
			continue
		}
		t := pre.String() + c.text + post.String()
		if slices.ContainsFunc(cs, func(x coreCand) bool { return x.text == t }) {
			continue
		}
		added++
		cs = append(cs, coreCand{t, SrcLexicon | c.src&SrcCase,
			o.conf + c.conf - pc[self].conf, o.prior + c.prior - pc[self].prior, ""})
	}
	return cs
}

// oneWord reports whether core candidate c reads a compound as one word:
// not the core itself, no space, no hyphen, dash or slash.
func oneWord(c coreCand) bool {
	return c.src&SrcOriginal == 0 && !strings.ContainsAny(c.text, dashes+"/ ")
}

// correctablePart reports whether compoundCands may correct the word part
// of a compound (ok), and whether it is a name's (capital): three runes or
// more, small letters or, of five runes or more, a capital and small
// letters (a short capitalised word is as often an abbreviation, `Tees`,
// `Rd`, the lexicon need not know), and not a word the lexicon holds, its
// word lists included (a compound's words are often rare ones,
// `Lob-worm`, `grubbing-hoe`). A name is corrected only where no word of
// small letters is (`Aldersgate-strect`: the street, not the name).
func (g *Generator) correctablePart(part string) (ok, capital bool) {
	n := utf8.RuneCountInString(part)
	if n < 3 || strings.IndexFunc(part, unicode.IsLetter) < 0 {
		return false, false
	}
	r, size := utf8.DecodeRuneInString(part)
	capital = unicode.IsUpper(r)
	if strings.IndexFunc(part[size:], unicode.IsUpper) >= 0 || capital && n < 5 {
		return false, capital
	}
	return !g.lex.HasFold(part), capital
}

// keptPart reports whether a word of a compound left as OCR read it
// allows correcting another: a number, a word of two runes or more with a
// capital (a name's, `Dukc-st`), or a lexicon word of three runes or more
// (a lone letter or two beside a misread word are more often pieces of
// one, `lig-xl`, `cof-cs`).
func (g *Generator) keptPart(part string) bool {
	if strings.IndexFunc(part, unicode.IsLetter) < 0 {
		return true
	}
	n := utf8.RuneCountInString(part)
	if strings.IndexFunc(part, unicode.IsUpper) >= 0 {
		return n >= 2
	}
	return n >= 3 && g.lex.HasFold(part)
}

// partCands returns coreCands of a word of a compound, cached as the
// cores of tokens are.
func (g *Generator) partCands(part string) []coreCand {
	if cs, ok := g.ccache[part]; ok {
		return cs
	}
	cs := g.coreCands(part)
	if len(g.ccache) > maxCached {
		clear(g.ccache)
	}
	g.ccache[part] = cs
	return cs
}
