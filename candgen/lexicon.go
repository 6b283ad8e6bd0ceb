package candgen

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"ocrfix/data"
)

// Lexicon is a set of known words with counts. Words are kept in the exact
// form added (case included) and aggregated by their lower-case fold, which
// is what candidate generation searches; the exact forms give the case
// patterns a word takes. A count of 0 marks a word known from a word list
// but never counted.
//
// Each exact form also records whether it is listed: known from outside
// the counted text (a word list, the English model), not only from a
// training collection's truth. A collection's truth may hold its own
// misreadings left uncorrected (tha, fo, trom in ads-fall2018), so a form
// known only from the truth is weaker evidence that a word is right in
// another collection than a listed one (see HasListedAs).
type Lexicon struct {
	ids   map[string]int32 // exact form -> id
	exact []exactEntry     // by exact form id
	total int
	fold  map[string]int32 // lower-case form -> fold id
	folds []foldEntry      // by fold id
}

// exactEntry is one exact form of a Lexicon with its count; listed: it
// was added with n == 0 (a word list, the English model).
type exactEntry struct {
	word   string
	count  int
	fold   int32 // its fold's id
	listed bool
}

// foldEntry is one lower-case fold of a Lexicon: the fold, its count and
// its exact forms' ids, kept together so that a look-up of a fold id
// reads one place.
type foldEntry struct {
	word  string
	count int
	forms []int32 // exact form ids
}

// NewLexicon returns an empty lexicon.
func NewLexicon() *Lexicon { return newLexicon(0) }

// newLexicon returns an empty lexicon with room for n exact forms.
func newLexicon(n int) *Lexicon {
	return &Lexicon{ids: make(map[string]int32, n), exact: make([]exactEntry, 0, n), fold: make(map[string]int32, n), folds: make([]foldEntry, 0, n)}
}

// Add adds n occurrences of word; n == 0 marks it known and listed (from a
// word list or the English model rather than a counted text). Empty words
// and negative counts are ignored.
func (l *Lexicon) Add(word string, n int) {
	if word == "" || n < 0 {
		return
	}
	l.add(word, n, n == 0)
}

// add adds n occurrences of word, non-empty, and marks it listed if
// listed.
func (l *Lexicon) add(word string, n int, listed bool) {
	id, ok := l.ids[word]
	if !ok {
		id = int32(len(l.exact))
		l.ids[word] = id
		f := lower(word)
		fid, ok := l.fold[f]
		if !ok {
			fid = int32(len(l.folds))
			l.fold[f] = fid
			l.folds = append(l.folds, foldEntry{word: f})
		}
		l.exact = append(l.exact, exactEntry{word: word, fold: fid})
		l.folds[fid].forms = append(l.folds[fid].forms, id)
	}
	e := &l.exact[id]
	e.count += n
	e.listed = e.listed || listed
	l.folds[e.fold].count += n
	l.total += n
}

// AddText adds the core of every token of a text (the token with its
// leading and trailing punctuation stripped, see SplitAffix), one count
// each. Tokens without a letter or digit are skipped.
func (l *Lexicon) AddText(words []string) {
	for _, w := range words {
		_, core, _ := SplitAffix(w)
		if core != "" {
			l.Add(core, 1)
		}
	}
}

// ReadWordList adds the words of a word list, one per line (surrounding
// spaces trimmed, empty lines skipped), as known words with count 0. name
// is used in errors, which give the line.
func (l *Lexicon) ReadWordList(r io.Reader, name string) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		s := sc.Bytes()
		if !utf8.Valid(s) {
			return fmt.Errorf("%s:%d: invalid UTF-8", name, line)
		}
		w := strings.TrimSpace(string(s))
		if w == "" {
			continue
		}
		if strings.IndexFunc(w, unicode.IsSpace) >= 0 {
			return fmt.Errorf("%s:%d: a word list entry holds a space: %q", name, line, w)
		}
		l.Add(w, 0)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s:%d: %w", name, line+1, err)
	}
	return nil
}

// Count returns the count of the exact form w.
func (l *Lexicon) Count(w string) int {
	if id, ok := l.ids[w]; ok {
		return l.exact[id].count
	}
	return 0
}

// CountFold returns the count of w in any case.
func (l *Lexicon) CountFold(w string) int {
	if id, ok := l.fold[lower(w)]; ok {
		return l.folds[id].count
	}
	return 0
}

// Has reports whether the exact form w is known.
func (l *Lexicon) Has(w string) bool { _, ok := l.ids[w]; return ok }

// HasFold reports whether w is known in some case.
func (l *Lexicon) HasFold(w string) bool { _, ok := l.fold[lower(w)]; return ok }

// HasAs reports whether w is known in a case it can stand for: a
// lower-case w only as a word the lexicon writes in lower case (amd is not
// the acronym AMD), a capitalised one as itself or in lower case (a word
// that begins a sentence), any other (all capitals, mixed, no letters) in
// any case.
func (l *Lexicon) HasAs(w string) bool { return l.hasAs(w, false) }

// HasListedAs is HasAs over the listed forms only (see Lexicon): whether w
// is known in a case it can stand for from a word list or the English
// model, not only from a training collection's truth.
func (l *Lexicon) HasListedAs(w string) bool { return l.hasAs(w, true) }

// hasAs is HasAs, over the listed forms only when listed is set.
func (l *Lexicon) hasAs(w string, listed bool) bool {
	fid, ok := l.fold[lower(w)]
	if !ok {
		return false
	}
	pat := casePattern(w)
	anyCase := pat != caseLower && pat != caseTitle
	for _, id := range l.folds[fid].forms {
		if listed && !l.exact[id].listed {
			continue
		}
		if fp := casePattern(l.exact[id].word); anyCase || fp == caseLower || fp == caseNone || fp == pat {
			return true
		}
	}
	return false
}

// Total returns the sum of all counts.
func (l *Lexicon) Total() int { return l.total }

// Len returns the number of distinct exact forms.
func (l *Lexicon) Len() int { return len(l.exact) }

// Forms returns the exact forms of w's lower-case fold with their counts,
// most frequent first (ties by the form).
func (l *Lexicon) Forms(w string) (forms []string, counts []int) {
	fid, ok := l.fold[lower(w)]
	if !ok {
		return nil, nil
	}
	ids := append([]int32(nil), l.folds[fid].forms...)
	sort.Slice(ids, func(i, j int) bool {
		a, b := ids[i], ids[j]
		if l.exact[a].count != l.exact[b].count {
			return l.exact[a].count > l.exact[b].count
		}
		return l.exact[a].word < l.exact[b].word
	})
	for _, id := range ids {
		forms = append(forms, l.exact[id].word)
		counts = append(counts, l.exact[id].count)
	}
	return forms, counts
}

var lexiconHeader = []string{"word", "count", "listed"}

// WriteTo writes the lexicon as a relation TSV (word, count, listed: 1 for
// a listed form, else 0), sorted by word. It implements io.WriterTo.
func (l *Lexicon) WriteTo(w io.Writer) (int64, error) {
	cw := &countWriter{w: w}
	tw := data.NewTSVWriter(cw, lexiconHeader...)
	ws := l.Words()
	sort.Strings(ws)
	for _, x := range ws {
		id := l.ids[x]
		listed := "0"
		if l.exact[id].listed {
			listed = "1"
		}
		if err := tw.Write(x, strconv.Itoa(l.exact[id].count), listed); err != nil {
			return cw.n, err
		}
	}
	err := tw.Err()
	return cw.n, err
}

// ReadLexicon reads a lexicon written by WriteTo; name is used in errors.
func ReadLexicon(r io.Reader, name string) (*Lexicon, error) {
	src, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	tr := data.NewTSVReader(bytes.NewReader(src), name, lexiconHeader...)
	// one form a line: the tables made once at their size (a model's
	// lexicon holds some 200,000 forms)
	l := newLexicon(bytes.Count(src, []byte{'\n'}))
	line := 1
	for {
		f, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return l, nil
		}
		if err != nil {
			return nil, err
		}
		line++
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want 3 fields, got %d", name, line, len(f))
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%s:%d: field count: not a count: %q", name, line, f[1])
		}
		if f[0] == "" {
			return nil, fmt.Errorf("%s:%d: field word: empty", name, line)
		}
		switch f[2] {
		case "1":
			l.add(f[0], n, true)
		case "0":
			if n == 0 {
				return nil, fmt.Errorf("%s:%d: word %q has count 0 but is not listed", name, line, f[0])
			}
			l.add(f[0], n, false)
		default:
			return nil, fmt.Errorf("%s:%d: field listed: want 0 or 1, got %q", name, line, f[2])
		}
	}
}

// SplitAffix splits a token into its leading punctuation, its core (from
// the first to the last letter or digit) and its trailing punctuation. A
// token without a letter or digit is all prefix.
func SplitAffix(tok string) (pre, core, suf string) {
	i := 0
	for i < len(tok) {
		r, n := utf8.DecodeRuneInString(tok[i:])
		if isAlnum(r) {
			break
		}
		i += n
	}
	if i == len(tok) {
		return tok, "", ""
	}
	j := len(tok)
	for j > i {
		r, n := utf8.DecodeLastRuneInString(tok[:j])
		if isAlnum(r) {
			break
		}
		j -= n
	}
	return tok[:i], tok[i:j], tok[j:]
}

// lower returns s in lower case, fast for ASCII.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return strings.ToLower(s)
		}
		if 'A' <= c && c <= 'Z' {
			return strings.ToLower(s)
		}
	}
	return s
}

// Case patterns of a word.
const (
	caseNone  uint8 = iota // no cased letter
	caseLower              // all lower case
	caseTitle              // first letter upper, the rest lower
	caseUpper              // all upper (two or more cased letters)
	caseMixed              // anything else
)

var caseNames = [...]string{"none", "lower", "title", "upper", "mixed"}

// casePattern classifies the letters of s.
func casePattern(s string) uint8 {
	// ASCII, the common case, byte by byte: its letters are the bytes
	// unicode.IsUpper and IsLower report
	nUp, nLow := 0, 0
	firstUp := false
	for i := 0; i < len(s); i++ {
		switch b := s[i]; {
		case b >= utf8.RuneSelf:
			return casePatternRunes(s)
		case 'A' <= b && b <= 'Z':
			if nUp+nLow == 0 {
				firstUp = true
			}
			nUp++
		case 'a' <= b && b <= 'z':
			nLow++
		}
	}
	return casePatternOf(nUp, nLow, firstUp)
}

// casePatternRunes is casePattern of any s, rune by rune.
func casePatternRunes(s string) uint8 {
	nUp, nLow := 0, 0
	firstUp := false
	first := true
	for _, r := range s {
		up, lo := unicode.IsUpper(r), unicode.IsLower(r)
		if !up && !lo {
			continue
		}
		if first {
			firstUp = up
			first = false
		}
		if up {
			nUp++
		} else {
			nLow++
		}
	}
	return casePatternOf(nUp, nLow, firstUp)
}

// casePatternOf is the case pattern of a word of nUp upper-case and nLow
// lower-case letters, the first of them upper when firstUp.
func casePatternOf(nUp, nLow int, firstUp bool) uint8 {
	switch {
	case nUp == 0 && nLow == 0:
		return caseNone
	case nUp == 0:
		return caseLower
	case nLow == 0 && nUp >= 2:
		return caseUpper
	case nUp == 1 && firstUp:
		return caseTitle
	}
	return caseMixed
}

// applyCase puts a lower-case word into case pattern p (mixed and none
// leave it as is).
func applyCase(w string, p uint8) string {
	switch p {
	case caseUpper:
		return strings.ToUpper(w)
	case caseTitle:
		r, n := utf8.DecodeRuneInString(w)
		if unicode.IsLower(r) {
			return string(unicode.ToUpper(r)) + w[n:]
		}
	}
	return w
}

// Words returns the exact forms of the lexicon in the order they were
// first added.
func (l *Lexicon) Words() []string {
	return entryWords(l.exact, func(e *exactEntry) string { return e.word })
}

// Folds returns the case-folded forms of the lexicon (those HasFold
// knows), in the order they were first added.
func (l *Lexicon) Folds() []string {
	return entryWords(l.folds, func(e *foldEntry) string { return e.word })
}

// entryWords returns the word of each of es, in order (nil for none).
func entryWords[E any](es []E, word func(*E) string) []string {
	if len(es) == 0 {
		return nil
	}
	out := make([]string, len(es))
	for i := range es {
		out[i] = word(&es[i])
	}
	return out
}
