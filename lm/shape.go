package lm

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"slices"
	"unicode/utf8"
)

// ShapeOptions control BuildShape. The zero value is the default.
type ShapeOptions struct {
	// Order is the character n-gram order, 2 to 6 (default 5: four
	// characters of history).
	Order int
	// MinCount keeps the word types seen at least this often (default 2:
	// a word seen once in millions is as often a misprint as a word).
	MinCount int
}

// Symbols of the shape model: the padding before a word, its end, any
// character the model has not seen, then the characters by descending
// weight.
const (
	symBOW = iota
	symEOW
	symOther
	symFirst
	symBits  = 12
	maxAlpha = 1<<symBits - symFirst
)

// Shape is a character n-gram model of the words of a language: Witten-Bell
// interpolated probabilities in backoff form over the characters of the
// word types a Model knows, each type weighted by 1 + floor(log2 count) (a
// common word counts more than a rare one, but not a thousand times more).
// LogProb says how much a string looks like a word of those texts. A Shape
// is read-only and safe for concurrent use.
type Shape struct {
	order  int
	runes  []rune   // the characters, sorted, ...
	sym    []uint16 // ... and their symbols
	ascii  [128]uint16
	ngram  []uint64 // sorted keys of the kept n-grams
	ngramP []int16  // log P(last symbol | the others)
	ctx    []uint64 // sorted keys of the contexts
	ctxBow []int16  // log backoff weight
	base   float32  // log of the uniform probability below order 1

	ngramIx, ctxIx keyIndex // ngram and ctx keys with their values
}

// index builds the hash indexes of the n-gram and context keys.
func (s *Shape) index() {
	s.ngramIx, s.ctxIx = newKeyIndex(s.ngram, s.ngramP), newKeyIndex(s.ctx, s.ctxBow)
}

// key packs the symbols s (at most 5) with their number in the top bits.
func key(s []uint16) uint64 {
	k := uint64(len(s)) << 60
	for i, c := range s {
		k |= uint64(c) << (symBits * (len(s) - 1 - i))
	}
	return k
}

type wkey struct {
	k uint64
	w uint64
}

func reduce(ks []wkey) []wkey {
	slices.SortFunc(ks, func(a, b wkey) int { return cmp.Compare(a.k, b.k) })
	out := ks[:0]
	for _, x := range ks {
		if n := len(out); n > 0 && out[n-1].k == x.k {
			out[n-1].w += x.w
			continue
		}
		out = append(out, x)
	}
	return out
}

// BuildShape builds the shape model of the words m knows.
func BuildShape(m *Model, opt ShapeOptions) (*Shape, error) {
	opt.Order = cmp.Or(opt.Order, 5)
	opt.MinCount = max(cmp.Or(opt.MinCount, 2), 1)
	if opt.Order < 2 || opt.Order > 5 {
		return nil, fmt.Errorf("lm: shape order %d, want 2 to 5", opt.Order)
	}
	// the alphabet, by descending weight then rune
	type rw struct {
		r rune
		w uint64
	}
	weights := map[rune]uint64{}
	var words []string
	var ws []uint64
	for id := 0; id < m.V; id++ {
		c := m.count[id]
		if uint64(c) < uint64(opt.MinCount) {
			continue
		}
		w := m.Word(int32(id))
		wt := uint64(1 + bits.Len32(c) - 1)
		words = append(words, w)
		ws = append(ws, wt)
		for _, r := range w {
			weights[r] += wt
		}
	}
	if len(words) == 0 {
		return nil, errors.New("lm: no word types for the shape model")
	}
	alpha := make([]rw, 0, len(weights))
	for r, w := range weights {
		alpha = append(alpha, rw{r, w})
	}
	slices.SortFunc(alpha, func(a, b rw) int {
		if a.w != b.w {
			return cmp.Compare(b.w, a.w)
		}
		return cmp.Compare(a.r, b.r)
	})
	if len(alpha) > maxAlpha {
		alpha = alpha[:maxAlpha]
	}
	s := &Shape{order: opt.Order}
	for i, a := range alpha {
		s.runes = append(s.runes, a.r)
		s.sym = append(s.sym, uint16(symFirst+i))
	}
	s.sortAlphabet()

	// weighted n-gram counts of every order
	var grams []wkey
	var buf []uint16
	for i, w := range words {
		buf = s.symbols(buf[:0], w)
		for j := opt.Order - 1; j < len(buf); j++ {
			for k := 1; k <= opt.Order; k++ {
				grams = append(grams, wkey{key(buf[j-k+1 : j+1]), ws[i]})
			}
		}
	}
	grams = reduce(grams)
	// contexts: total weight and number of distinct followers
	var ctxs []wkey // w: total weight
	var types []wkey
	for _, g := range grams {
		ctxs = append(ctxs, wkey{ctxKey(g.k), g.w})
		types = append(types, wkey{ctxKey(g.k), 1})
	}
	ctxs, types = reduce(ctxs), reduce(types)
	nsym := float64(len(s.runes) + 2) // the characters, the end, the unknown
	s.base = float32(quant(-math.Log(nsym))) * qstep
	prob := make([]float64, len(grams)) // interpolated P, for the higher orders
	findGram := func(k uint64) int {
		i, ok := slices.BinarySearchFunc(grams, k, func(g wkey, k uint64) int { return cmp.Compare(g.k, k) })
		if !ok {
			panic("lm: internal error: missing lower n-gram")
		}
		return i
	}
	findCtx := func(k uint64) int {
		i, _ := slices.BinarySearchFunc(ctxs, k, func(g wkey, k uint64) int { return cmp.Compare(g.k, k) })
		return i
	}
	// grams sorted by key: the order is in the top bits, so lower orders come first
	for i, g := range grams {
		ci := findCtx(ctxKey(g.k))
		c, t := float64(ctxs[ci].w), float64(types[ci].w)
		lower := 1 / nsym
		if n := g.k >> 60; n > 1 {
			lower = prob[findGram(lowerKey(g.k))]
		}
		prob[i] = (float64(g.w) + t*lower) / (c + t)
		s.ngram = append(s.ngram, g.k)
		s.ngramP = append(s.ngramP, quant(math.Log(prob[i])))
	}
	for i, c := range ctxs {
		t := float64(types[i].w)
		s.ctx = append(s.ctx, c.k)
		s.ctxBow = append(s.ctxBow, quant(math.Log(t/(float64(c.w)+t))))
	}
	s.index()
	return s, nil
}

// ctxKey returns the key of the n-gram k without its last symbol.
func ctxKey(k uint64) uint64 {
	n := k >> 60
	return (n-1)<<60 | (k&(1<<60-1))>>symBits
}

// lowerKey returns the key of the n-gram k without its first symbol.
func lowerKey(k uint64) uint64 {
	n := k >> 60
	return (n-1)<<60 | k&(1<<(symBits*(n-1))-1)
}

func (s *Shape) sortAlphabet() {
	idx := make([]int, len(s.runes))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(s.runes[a], s.runes[b]) })
	r2, s2 := make([]rune, len(idx)), make([]uint16, len(idx))
	for i, j := range idx {
		r2[i], s2[i] = s.runes[j], s.sym[j]
	}
	s.runes, s.sym = r2, s2
	for i := range s.ascii {
		s.ascii[i] = symOther
	}
	for i, r := range s.runes {
		if r < 128 {
			s.ascii[r] = s.sym[i]
		}
	}
}

func (s *Shape) symbolOf(r rune) uint16 {
	if r >= 0 && r < 128 {
		return s.ascii[r]
	}
	if i, ok := slices.BinarySearch(s.runes, r); ok {
		return s.sym[i]
	}
	return symOther
}

// symbols appends the padded symbols of word w to buf.
func (s *Shape) symbols(buf []uint16, w string) []uint16 {
	for range s.order - 1 {
		buf = append(buf, symBOW)
	}
	for _, r := range w {
		buf = append(buf, s.symbolOf(r))
	}
	return append(buf, symEOW)
}

// LogProb returns how much word looks like a word of the training texts:
// the mean natural log probability of its characters and of its end, each
// given the characters before it, so words of different lengths compare.
// The word is scored as given (pass a Norm form to compare with the model's
// words, which are lower case). An empty word scores the probability of
// ending at once. It does not allocate.
func (s *Shape) LogProb(word string) float32 {
	// win holds the last order symbols, packed as key packs them (the
	// padding before the word is symBOW, 0): the key of each n-gram ending
	// at a symbol and of its context are bits of it
	full := uint64(1)<<(symBits*s.order) - 1
	var win uint64
	var sum float32
	n := 0
	for _, r := range word {
		win = (win<<symBits | uint64(s.symbolOf(r))) & full
		sum += s.logProbWin(win)
		n++
	}
	win = (win<<symBits | symEOW) & full
	sum += s.logProbWin(win)
	n++
	return sum / float32(n)
}

// logProbWin returns log P(last symbol | the others) of the order symbols
// packed in win (as key packs them, without the count), backing off: the
// same look-ups, with the same keys, as key of each shorter n-gram and
// context would give.
func (s *Shape) logProbWin(win uint64) float32 {
	acc := int32(0)
	for k := s.order; k >= 1; k-- {
		h := win & (uint64(1)<<(symBits*k) - 1) // the last k symbols
		if p, ok := s.ngramIx.get(uint64(k)<<60 | h); ok {
			return float32(acc+int32(p)) * qstep
		}
		if b, ok := s.ctxIx.get(uint64(k-1)<<60 | h>>symBits); ok {
			acc += int32(b)
		}
	}
	return float32(acc)*qstep + s.base
}

// Ngrams returns the number of character n-grams the model keeps.
func (s *Shape) Ngrams() int { return len(s.ngram) }

const shapeMagic = "ocrfixSH"

// Write writes the shape model in its compact file form (same framing as
// Model.Write: magic "ocrfixSH", version, gzip of a varint payload with a
// CRC-32). The same model gives the same bytes.
func (s *Shape) Write(w io.Writer) error {
	e := &enc{}
	e.u(uint64(s.order))
	e.u(uint64(len(s.runes)))
	for i, r := range s.runes {
		e.u(uint64(r))
		e.u(uint64(s.sym[i]))
	}
	e.s(int64(quant(float64(s.base))))
	for _, tab := range []struct {
		k []uint64
		v []int16
	}{{s.ngram, s.ngramP}, {s.ctx, s.ctxBow}} {
		e.u(uint64(len(tab.k)))
		prev := uint64(0)
		for i, k := range tab.k {
			e.u(k - prev)
			prev = k
			e.s(int64(tab.v[i]))
		}
	}
	return writeFile(w, shapeMagic, e.b)
}

// ReadShape reads a shape model written by Shape.Write; a file that is not
// one, of another version, truncated or corrupt is an error that says so.
func ReadShape(r io.Reader) (*Shape, error) {
	p, err := readFile(r, shapeMagic, "shape model")
	if err != nil {
		return nil, fmt.Errorf("lm: %w", err)
	}
	d := &dec{b: p, what: "shape model"}
	s := &Shape{order: int(d.u())}
	if d.err == nil && (s.order < 2 || s.order > 5) {
		d.fail("order %d", s.order)
	}
	na := d.n(2, "characters")
	if na > maxAlpha {
		d.fail("%d characters", na)
	}
	seen := make([]bool, maxAlpha+symFirst)
	for i := 0; i < na && d.err == nil; i++ {
		r, sy := d.u(), d.u()
		if r > utf8.MaxRune || (i > 0 && rune(r) <= s.runes[i-1]) {
			d.fail("character %d out of order", r)
		}
		if sy < symFirst || sy >= uint64(len(seen)) || seen[sy] {
			d.fail("symbol %d", sy)
			break
		}
		seen[sy] = true
		s.runes = append(s.runes, rune(r))
		s.sym = append(s.sym, uint16(sy))
	}
	s.base = float32(d.q()) * qstep
	for t := 0; t < 2 && d.err == nil; t++ {
		n := d.n(2, "n-grams")
		keys := make([]uint64, 0, n)
		vals := make([]int16, 0, n)
		prev := uint64(0)
		for i := 0; i < n && d.err == nil; i++ {
			delta := d.u()
			if i > 0 && delta == 0 || prev+delta < prev {
				d.fail("n-gram keys out of order")
			}
			prev += delta
			keys = append(keys, prev)
			vals = append(vals, d.q())
		}
		if t == 0 {
			s.ngram, s.ngramP = keys, vals
		} else {
			s.ctx, s.ctxBow = keys, vals
		}
	}
	if d.err == nil && d.off != len(d.b) {
		d.fail("%d bytes left over", len(d.b)-d.off)
	}
	if d.err != nil {
		return nil, fmt.Errorf("lm: %w", d.err)
	}
	for i := range s.ascii {
		s.ascii[i] = symOther
	}
	for i, r := range s.runes {
		if r < 128 {
			s.ascii[r] = s.sym[i]
		}
	}
	s.index()
	return s, nil
}
