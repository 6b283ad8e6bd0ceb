// Package profile describes what one collection's OCR text looks like,
// learned from that OCR alone, with no ground truth: how often each word
// form occurs and in how many documents, how often each exact spelling
// (case and punctuation kept) occurs, and the collection's habits of
// punctuation at word ends, how often each two word forms follow each
// other (its own bigram statistics), which words it writes with a
// capital in mid-sentence (its case habits: MidTitle), and how many words
// of lower-case initial follow its full stops and its commas
// (SmallStarts: an engine that reads commas as stops, or capitals as
// small letters). ocrfix corrects a collection nobody labelled by
// computing features relative to its profile: a word form that recurs
// across the collection's documents is probably right there, whatever a
// training lexicon says (the idea behind TICCL's corpus clean-up), and a
// punctuation mark or spelling the collection never uses is a suspicious
// correction.
//
// A Profile is a sum of per-document counts: Add counts one document, Merge
// adds another profile (built from other documents, possibly elsewhere),
// and the result does not depend on the order. Write and Read save it in a
// versioned, checksummed binary file; a file from another version, a
// truncated or a corrupt file is an error that says so.
//
// Memory is bounded: when a profile holds more than its cap of distinct
// forms (Options.MaxForms, 1<<20 by default), the rarest are dropped
// (deterministically: lowest count first, ties by form) and the count they
// had at most is remembered in Pruned; a form not found is then known only
// to be rarer than that. Word pairs have the same cap and their own bound
// (PrunedPairs). A 1M-word collection has some 100k distinct forms and
// 500k distinct pairs and needs some 60 MB.
//
// Words are compared in two forms: Norm (lower case, leading and trailing
// punctuation and symbols removed; the form of features.Norm) for word
// frequencies, and the exact token for spellings. A pair is two Norm forms
// that follow each other in a document, tokens with an empty Norm form
// (punctuation alone) skipped; it is held by a 64-bit hash of the two
// forms (PairKey), the same in every process, so profiles built apart
// merge.
package profile

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"iter"
	"math"
	"slices"
	"strings"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"ocrfix/internal/frozen"
	"ocrfix/lm"
)

// Version is the profile file format version this package writes and
// reads.
const Version = 4

// Magic starts every profile file (a command tells a profile from a
// model by it).
const Magic = "ocrfix-profile\n"

// DefaultMaxForms is the cap on distinct forms of each kind (word forms,
// exact spellings) when Options.MaxForms is 0.
const DefaultMaxForms = 1 << 20

// Options control a profile.
type Options struct {
	// MaxForms caps the distinct forms kept of each kind; 0 means
	// DefaultMaxForms.
	MaxForms int
}

// Count is how often a form occurs: tokens in all, and documents holding
// it at least once.
type Count struct {
	N  uint32 // occurrences
	DF uint32 // documents
}

// Profile is one collection's counts. The zero value is not usable; call
// New.
type Profile struct {
	docs   uint32
	tokens uint64
	words  map[string]Count // by Norm form
	exact  map[string]Count // by exact token
	ends   map[string]uint32
	pairs  map[uint64]uint32     // by PairKey of two successive Norm forms
	titles map[string]TitleCount // by lower-case core (countTitle)
	starts SmallStarts           // lower-case words after a stop and a comma (countStart)
	pruned uint32                // forms seen at most this often may have been dropped
	// prunedPairs: pairs seen at most this often may have been dropped
	prunedPairs uint32
	max         int

	// table is pairs frozen for look-ups (made by the first Pair after a
	// change; every change ends in bound, which drops it)
	table atomic.Pointer[frozen.Counts]
}

// New returns an empty profile.
func New(opt Options) *Profile {
	return &Profile{words: map[string]Count{}, exact: map[string]Count{}, ends: map[string]uint32{}, pairs: map[uint64]uint32{},
		titles: map[string]TitleCount{}, max: cmp.Or(opt.MaxForms, DefaultMaxForms)}
}

// Of returns the profile of the given documents (each a list of OCR
// tokens).
func Of(docs [][]string, opt Options) *Profile {
	p := New(opt)
	for _, d := range docs {
		p.Add(d)
	}
	return p
}

// Norm returns the form under which word frequencies are counted: lm.Norm
// (lower case, leading and trailing Unicode punctuation and symbols
// removed; may be ""), the form the English model and features count.
func Norm(w string) string { return lm.Norm(w) }

func isPunct(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }

// End returns a token's trailing punctuation (the run of punctuation and
// symbols at its end; "" when it ends with a letter or digit). A token
// made of punctuation only is its own end.
func End(w string) string {
	i := len(w)
	for i > 0 {
		r, n := utf8.DecodeLastRuneInString(w[:i])
		if !isPunct(r) {
			break
		}
		i -= n
	}
	return w[i:]
}

// Add counts the tokens of one document, each with its ligature glyphs
// written as their letters (lm.ExpandLigatures), as correction reads it.
func (p *Profile) Add(doc []string) {
	p.docs++
	p.tokens += uint64(len(doc))
	seenW := make(map[string]bool, len(doc))
	seenE := make(map[string]bool, len(doc))
	prev := ""
	for i, t := range doc {
		if t == "" {
			continue
		}
		p.countTitle(doc, i)
		p.countStart(doc, i)
		t = lm.ExpandLigatures(t) // as the model reads the token
		if n := Norm(t); n != "" {
			if prev != "" {
				p.pairs[PairKey(prev, n)]++
			}
			prev = n
			c := p.words[n]
			c.N++
			if !seenW[n] {
				seenW[n] = true
				c.DF++
			}
			p.words[n] = c
		}
		c := p.exact[t]
		c.N++
		if !seenE[t] {
			seenE[t] = true
			c.DF++
		}
		p.exact[t] = c
		p.ends[End(t)]++
	}
	p.bound()
}

// Merge adds q's counts to p (q is unchanged). The pruning bound of the
// sum is the larger of the two (plus the other's, where both pruned).
func (p *Profile) Merge(q *Profile) {
	p.docs += q.docs
	p.tokens += q.tokens
	for k, c := range q.words {
		d := p.words[k]
		p.words[k] = Count{d.N + c.N, d.DF + c.DF}
	}
	for k, c := range q.exact {
		d := p.exact[k]
		p.exact[k] = Count{d.N + c.N, d.DF + c.DF}
	}
	for k, n := range q.ends {
		p.ends[k] += n
	}
	for k, n := range q.pairs {
		p.pairs[k] += n
	}
	for k, c := range q.titles {
		d := p.titles[k]
		p.titles[k] = TitleCount{d.Mid + c.Mid, d.Iso + c.Iso}
	}
	p.starts.add(q.starts)
	p.pruned += q.pruned
	p.prunedPairs += q.prunedPairs
	p.bound()
}

// bound drops the rarest forms of a map holding more than twice the cap
// (amortised: a pruned map keeps the cap).
func (p *Profile) bound() {
	p.table.Store(nil) // the counts changed
	for _, m := range []map[string]Count{p.words, p.exact} {
		if len(m) <= 2*p.max {
			continue
		}
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b string) int {
			if c := cmp.Compare(m[b].N, m[a].N); c != 0 {
				return c
			}
			return strings.Compare(a, b)
		})
		for _, k := range keys[p.max:] {
			p.pruned = max(p.pruned, m[k].N)
			delete(m, k)
		}
	}
	if len(p.titles) > 2*p.max {
		keys := make([]string, 0, len(p.titles))
		for k := range p.titles {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b string) int {
			return cmp.Or(cmp.Compare(p.titles[b].Mid, p.titles[a].Mid), strings.Compare(a, b))
		})
		for _, k := range keys[p.max:] {
			delete(p.titles, k) // a word not found has no capitals known
		}
	}
	if len(p.pairs) > 2*p.max {
		keys := make([]uint64, 0, len(p.pairs))
		for k := range p.pairs {
			keys = append(keys, k)
		}
		slices.SortFunc(keys, func(a, b uint64) int {
			if c := cmp.Compare(p.pairs[b], p.pairs[a]); c != 0 {
				return c
			}
			return cmp.Compare(a, b)
		})
		for _, k := range keys[p.max:] {
			p.prunedPairs = max(p.prunedPairs, p.pairs[k])
			delete(p.pairs, k)
		}
	}
}

// PairKey returns the key of the pair of Norm forms a, b (a then b): the
// 64-bit FNV-1a hash of a, a zero byte and b. Two different pairs share a
// key with a chance of about n²/2⁶⁵ among n pairs.
func PairKey(a, b string) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	for i := 0; i < len(a); i++ {
		h = (h ^ uint64(a[i])) * prime
	}
	h *= prime // the separator: a zero byte
	for i := 0; i < len(b); i++ {
		h = (h ^ uint64(b[i])) * prime
	}
	return h
}

// Pair returns how often the Norm form b follows the Norm form a.
// It reads the pairs from a frozen table (package frozen), made on first
// use.
func (p *Profile) Pair(a, b string) int {
	t := p.table.Load()
	if t == nil {
		t = frozen.New(p.pairs)
		p.table.Store(t)
	}
	return int(t.Get(PairKey(a, b)))
}

// Pairs returns the number of distinct pairs held.
func (p *Profile) Pairs() int { return len(p.pairs) }

// PrunedPairs returns the largest count a dropped pair had (0: nothing
// was dropped).
func (p *Profile) PrunedPairs() int { return int(p.prunedPairs) }

// Docs returns the number of documents counted.
func (p *Profile) Docs() int { return int(p.docs) }

// Tokens returns the number of tokens counted.
func (p *Profile) Tokens() int { return int(p.tokens) }

// Forms returns the number of distinct word forms (Norm) and exact
// spellings held.
func (p *Profile) Forms() (words, exact int) { return len(p.words), len(p.exact) }

// Pruned returns the largest count a dropped form had (0: nothing was
// dropped): a form not in the profile occurs at most this often.
func (p *Profile) Pruned() int { return int(p.pruned) }

// Word returns the counts of a word form (a Norm form).
func (p *Profile) Word(norm string) Count { return p.words[norm] }

// WordForms returns the word forms (Norm forms) of the profile with their
// counts, in sorted order (so a sum over them is the same in every run).
func (p *Profile) WordForms() iter.Seq2[string, Count] { return sorted(p.words) }

// sorted returns the entries of m in the order of their keys.
func sorted[V any](m map[string]V) iter.Seq2[string, V] {
	keys := sortedKeys(m)
	return func(yield func(string, V) bool) {
		for _, k := range keys {
			if !yield(k, m[k]) {
				return
			}
		}
	}
}

// Exact returns the counts of an exact spelling.
func (p *Profile) Exact(token string) Count { return p.exact[token] }

// ExactForms returns the exact spellings of the profile's tokens with
// their counts, in sorted order.
func (p *Profile) ExactForms() iter.Seq2[string, Count] { return sorted(p.exact) }

// EndCount returns how many tokens end with the punctuation end (see End;
// "" counts the tokens ending with a letter or digit).
func (p *Profile) EndCount(end string) int { return int(p.ends[end]) }

// LogRel returns log((n + 0.5) / (tokens + 1)): the smoothed relative
// frequency of a count n in this profile, comparable across profiles of
// different sizes.
func (p *Profile) LogRel(n int) float64 {
	return math.Log((float64(n) + 0.5) / (float64(p.tokens) + 1))
}

// Write saves the profile: magic, version, then the counts in sorted
// order (deterministic bytes), then a CRC-32 (Castagnoli) of everything
// before it.
func (p *Profile) Write(w io.Writer) error {
	h := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	bw := bufio.NewWriter(io.MultiWriter(w, h))
	var buf [binary.MaxVarintLen64]byte
	uv := func(x uint64) { bw.Write(buf[:binary.PutUvarint(buf[:], x)]) }
	str := func(s string) { uv(uint64(len(s))); bw.WriteString(s) }
	bw.WriteString(Magic)
	uv(Version)
	uv(uint64(p.docs))
	uv(p.tokens)
	uv(uint64(p.pruned))
	uv(uint64(p.prunedPairs))
	uv(uint64(p.max))
	for _, m := range []map[string]Count{p.words, p.exact} {
		keys := sortedKeys(m)
		uv(uint64(len(keys)))
		for _, k := range keys {
			str(k)
			uv(uint64(m[k].N))
			uv(uint64(m[k].DF))
		}
	}
	keys := sortedKeys(p.ends)
	uv(uint64(len(keys)))
	for _, k := range keys {
		str(k)
		uv(uint64(p.ends[k]))
	}
	pk := make([]uint64, 0, len(p.pairs))
	for k := range p.pairs {
		pk = append(pk, k)
	}
	slices.Sort(pk)
	uv(uint64(len(pk)))
	last := uint64(0)
	for _, k := range pk {
		uv(k - last) // ascending keys as gaps
		uv(uint64(p.pairs[k]))
		last = k
	}
	keys = sortedKeys(p.titles)
	uv(uint64(len(keys)))
	for _, k := range keys {
		str(k)
		uv(uint64(p.titles[k].Mid))
		uv(uint64(p.titles[k].Iso))
	}
	for _, n := range p.starts.fields() {
		uv(*n)
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	var sum [4]byte
	binary.LittleEndian.PutUint32(sum[:], h.Sum32())
	_, err := w.Write(sum[:])
	return err
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// maxFile bounds what Read accepts (a profile of some 10^10 words would
// not reach it; the cap keeps a corrupt length from allocating wildly).
const maxFile = 1 << 31

// Read loads a profile written by Write; name is used in errors. A file of
// another version, a truncated or a corrupt one (checksum mismatch, bad
// counts) is an error naming the file.
func Read(r io.Reader, name string) (*Profile, error) {
	src, err := io.ReadAll(io.LimitReader(r, maxFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(src) > maxFile {
		return nil, fmt.Errorf("%s: larger than %d bytes: not a profile", name, maxFile)
	}
	switch {
	case len(src) == 0:
		return nil, fmt.Errorf("%s: empty file: not an ocrfix profile", name)
	case len(src) < len(Magic) && strings.HasPrefix(Magic, string(src)):
		return nil, fmt.Errorf("%s: truncated profile (%d bytes)", name, len(src))
	case !strings.HasPrefix(string(src), Magic):
		return nil, fmt.Errorf("%s: not an ocrfix profile (bad magic)", name)
	}
	if len(src) < len(Magic)+5 {
		return nil, fmt.Errorf("%s: truncated profile", name)
	}
	body, sum := src[:len(src)-4], binary.LittleEndian.Uint32(src[len(src)-4:])
	d := &decoder{b: body[len(Magic):]}
	v := d.uv()
	if d.err == nil && v != Version {
		return nil, fmt.Errorf("%s: profile format version %d, this ocrfix reads version %d: build the profile again with this version", name, v, Version)
	}
	if crc32.Checksum(body, crc32.MakeTable(crc32.Castagnoli)) != sum {
		return nil, fmt.Errorf("%s: profile checksum mismatch: the file is truncated or corrupt", name)
	}
	p := &Profile{ends: map[string]uint32{}}
	p.docs = uint32(d.small(math.MaxUint32))
	p.tokens = d.uv()
	p.pruned = uint32(d.small(math.MaxUint32))
	p.prunedPairs = uint32(d.small(math.MaxUint32))
	p.max = int(d.small(1 << 40))
	if p.max < 1 && d.err == nil {
		d.err = errors.New("bad form cap")
	}
	for k := 0; k < 2; k++ {
		n := d.small(uint64(len(d.b)))
		m := make(map[string]Count, n)
		prev := ""
		for i := uint64(0); i < n && d.err == nil; i++ {
			s := d.str()
			c := Count{uint32(d.small(math.MaxUint32)), uint32(d.small(math.MaxUint32))}
			if d.err == nil && (i > 0 && s <= prev || c.DF > c.N || c.DF > p.docs) {
				d.err = fmt.Errorf("bad entry %q", s)
			}
			m[s], prev = c, s
		}
		if k == 0 {
			p.words = m
		} else {
			p.exact = m
		}
	}
	n := d.small(uint64(len(d.b)))
	for i := uint64(0); i < n && d.err == nil; i++ {
		s := d.str()
		p.ends[s] = uint32(d.small(math.MaxUint32))
	}
	n = d.small(uint64(len(d.b)))
	p.pairs = make(map[uint64]uint32, n)
	key := uint64(0)
	for i := uint64(0); i < n && d.err == nil; i++ {
		gap := d.uv()
		c := uint32(d.small(math.MaxUint32))
		if d.err == nil && (i > 0 && gap == 0 || c == 0 || key+gap < key) {
			d.err = fmt.Errorf("bad pair entry %d", i)
		}
		key += gap
		p.pairs[key] = c
	}
	n = d.small(uint64(len(d.b)))
	p.titles = make(map[string]TitleCount, n)
	prev := ""
	for i := uint64(0); i < n && d.err == nil; i++ {
		s := d.str()
		c := TitleCount{uint32(d.small(math.MaxUint32)), uint32(d.small(math.MaxUint32))}
		if d.err == nil && (i > 0 && s <= prev || c.Mid == 0 || c.Iso > c.Mid) {
			d.err = fmt.Errorf("bad title entry %q", s)
		}
		p.titles[s], prev = c, s
	}
	st := &p.starts
	for _, c := range st.fields() {
		*c = d.uv()
	}
	if d.err == nil && (st.AfterStopSize > st.AfterStop || st.AfterCommaSize > st.AfterComma || st.AfterStop+st.AfterComma > p.tokens) {
		d.err = errors.New("bad counts of small letters after stops")
	}
	if d.err == nil && len(d.b) != 0 {
		d.err = fmt.Errorf("%d bytes after the end", len(d.b))
	}
	if d.err != nil {
		return nil, fmt.Errorf("%s: corrupt profile: %v", name, d.err)
	}
	return p, nil
}

// decoder reads uvarints and strings, remembering the first error.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) uv() uint64 {
	if d.err != nil {
		return 0
	}
	x, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err = errors.New("truncated")
		return 0
	}
	d.b = d.b[n:]
	return x
}

func (d *decoder) small(limit uint64) uint64 {
	x := d.uv()
	if d.err == nil && x > limit {
		d.err = fmt.Errorf("value %d out of range", x)
		return 0
	}
	return x
}

func (d *decoder) str() string {
	n := d.small(uint64(len(d.b)))
	if d.err != nil {
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	if !utf8.ValidString(s) {
		d.err = errors.New("invalid UTF-8")
	}
	return s
}
