package profile

import (
	"iter"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/lm"
)

// TitleCount is how often a collection writes a word with a capital
// initial in mid-sentence (Profile.MidTitle): a capitalised word (one
// capital, the rest lower case) after a token that does not end a
// sentence.
type TitleCount struct {
	Mid uint32 // occurrences in mid-sentence
	// Iso: of those, occurrences between two words of lower-case letters
	// with no punctuation in between (`is Very important`), where neither
	// a heading nor a name of several words (`Clean Water Act`) puts it.
	Iso uint32
}

// titleCore returns the core of token t (leading and trailing punctuation
// and symbols removed) when it is a capitalised word: an upper-case letter
// and then one or more lower-case letters, and nothing else.
func titleCore(t string) (string, bool) {
	core := strings.TrimFunc(t, isPunct)
	if _, n := utf8.DecodeRuneInString(core); n == len(core) || !TitleCase(core) {
		return "", false
	}
	return core, true
}

// TitleCase reports whether w is a capital letter followed by lower-case
// letters only (Slade, and a capital alone; not SLADE, McKay or Slade's).
func TitleCase(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	return n > 0 && unicode.IsUpper(r) && (n == len(w) || LowerWord(w[n:]))
}

// LowerWord reports whether w is lower-case letters only (and not empty).
func LowerWord(w string) bool {
	return w != "" && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLower(r) }) < 0
}

// lowerWordToken says whether token t is a word of lower-case letters with
// no punctuation after it (before it either, unless leading is true).
func lowerWordToken(t string, leading bool) bool {
	if End(t) != "" {
		return false
	}
	if leading {
		t = strings.TrimLeftFunc(t, isPunct)
	}
	return LowerWord(t)
}

// MidSentence says whether the token words[i] stands in mid-sentence,
// where print writes a common word small: a token comes before it and
// does not end a sentence or a clause that a capital may follow (its
// trailing punctuation holds none of . ! ? :). The profile counts
// capitals there (MidTitle), and package model lowers them there.
func MidSentence(words []string, i int) bool {
	return i > 0 && words[i-1] != "" && !strings.ContainsAny(End(words[i-1]), ".!?:")
}

// countTitle counts doc[i] in p.titles when it is a capitalised word in
// mid-sentence.
func (p *Profile) countTitle(doc []string, i int) {
	if !MidSentence(doc, i) {
		return
	}
	core, ok := titleCore(doc[i])
	if !ok {
		return
	}
	key := strings.ToLower(lm.ExpandLigatures(core)) // as Add counts the word
	c := p.titles[key]
	c.Mid++
	if End(doc[i]) == "" && lowerWordToken(doc[i-1], false) && i+1 < len(doc) && lowerWordToken(doc[i+1], true) {
		c.Iso++
	}
	p.titles[key] = c
}

// MidTitle returns how often the collection writes the word norm (a Norm
// form, lower case) capitalised in mid-sentence. With the word's count
// (Word) it shows a collection whose OCR capitalises words that its print
// does not (an engine that reads the small s, v or w of some words as the
// capital, whose shape differs only in size: `is Very important`).
func (p *Profile) MidTitle(norm string) TitleCount { return p.titles[norm] }

// MidTitles returns the words the collection writes capitalised in
// mid-sentence with their counts, in sorted order.
func (p *Profile) MidTitles() iter.Seq2[string, TitleCount] { return sorted(p.titles) }

// SmallStarts counts the words of lower-case initial that follow a word
// ending with a full stop (`said. the`) and those that follow a word
// ending with a comma (`said, the`), and of each the words whose initial
// is one of SizeOnly, the letters whose capital differs from the small
// letter in size alone (c, o, s, u, v, w, x, z). An engine that reads a
// comma as a full stop (as Tesseract does in small or worn type) puts
// after its stops the words that follow commas, SizeOnly initials among
// them as often as after the commas; an engine that takes the capital
// starting a sentence for the small letter (`year. on the`, where the
// print has On) puts more of them there: package model compares the two
// shares before it writes a comma for such a stop.
type SmallStarts struct {
	AfterStop     uint64 // lower-case words after a word's full stop
	AfterStopSize uint64 // ... of them, those starting with a SizeOnly letter
	AfterComma    uint64 // lower-case words after a word's comma
	// AfterCommaSize: of those, the ones starting with a SizeOnly letter.
	AfterCommaSize uint64
}

// SizeOnly are the letters whose capital is the small letter's shape
// made larger, so that an engine may misjudge which of the two it reads.
const SizeOnly = "cosuvwxz"

// fields returns the four counts, in the order Write saves them: the one
// list that add, Write and Read go through.
func (s *SmallStarts) fields() [4]*uint64 {
	return [4]*uint64{&s.AfterStop, &s.AfterStopSize, &s.AfterComma, &s.AfterCommaSize}
}

func (s *SmallStarts) add(t SmallStarts) {
	sf := s.fields()
	for k, f := range t.fields() {
		*sf[k] += *f
	}
}

// countStart counts doc[i] in p.starts when it starts with a lower-case
// letter and follows a word (its last rune a letter) that ends with one
// full stop or one comma.
func (p *Profile) countStart(doc []string, i int) {
	if i == 0 {
		return
	}
	r, _ := utf8.DecodeRuneInString(doc[i])
	if !unicode.IsLower(r) {
		return
	}
	prev := doc[i-1]
	mark := End(prev)
	if mark != "." && mark != "," {
		return
	}
	if l, _ := utf8.DecodeLastRuneInString(prev[:len(prev)-1]); !unicode.IsLetter(l) {
		return
	}
	size := uint64(0)
	if strings.ContainsRune(SizeOnly, r) {
		size = 1
	}
	if mark == "." {
		p.starts.AfterStop++
		p.starts.AfterStopSize += size
	} else {
		p.starts.AfterComma++
		p.starts.AfterCommaSize += size
	}
}

// SmallStarts returns the collection's counts of lower-case words after
// full stops and commas.
func (p *Profile) SmallStarts() SmallStarts { return p.starts }
