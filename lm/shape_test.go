package lm

import (
	"bytes"
	"io"
	"math"
	"strings"
	"testing"
)

func tinyShape(t testing.TB) *Shape {
	t.Helper()
	m, err := Build([]io.Reader{strings.NewReader(strings.Repeat("the cat sat on the mat and the hat that the rat ate\n", 3))}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s, err := BuildShape(m, ShapeOptions{Order: 3})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestShapeSumsToOne checks that after a few histories the probabilities
// of every symbol (characters, end, unknown) add up to 1.
func TestShapeSumsToOne(t *testing.T) {
	s := tinyShape(t)
	syms := []uint16{symEOW, symOther}
	for _, r := range s.runes {
		syms = append(syms, s.symbolOf(r))
	}
	for _, h := range []string{"", "t", "th", "ca", "zz", "a"} {
		g := s.symbols(nil, h)
		g = g[len(g)-s.order : len(g)-1] // the history, without the end
		sum := 0.0
		for _, c := range syms {
			sum += math.Exp(float64(s.logProbAt(append(g[:len(g):len(g)], c))))
		}
		if math.Abs(sum-1) > 2e-3 {
			t.Errorf("history %q: sum %.5f", h, sum)
		}
	}
}

func TestShapeRoundTrip(t *testing.T) {
	s := tinyShape(t)
	var a, b bytes.Buffer
	if err := s.Write(&a); err != nil {
		t.Fatal(err)
	}
	s2, err := ReadShape(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"the", "cat", "qqq", "", "ñandú", "thethethe"} {
		if x, y := s.LogProb(w), s2.LogProb(w); x != y {
			t.Errorf("%q: %v before writing, %v after", w, x, y)
		}
	}
	s2.Write(&b)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("written again, the bytes differ")
	}
	for _, n := range []int{0, 5, 12, a.Len() / 2, a.Len() - 3} {
		if _, err := ReadShape(bytes.NewReader(a.Bytes()[:n])); err == nil || !strings.Contains(err.Error(), "shape model") {
			t.Errorf("truncated to %d bytes: error %v", n, err)
		}
	}
	if _, err := ReadShape(bytes.NewReader(bytes.Replace(a.Bytes(), []byte(shapeMagic), []byte(magic), 1))); err == nil {
		t.Error("a language model header read as a shape model")
	}
}

func TestShapeOrdersWords(t *testing.T) {
	s := tinyShape(t)
	if !(s.LogProb("that") > s.LogProb("tqxh")) {
		t.Errorf("that %v, tqxh %v", s.LogProb("that"), s.LogProb("tqxh"))
	}
}

func FuzzReadShape(f *testing.F) {
	var buf bytes.Buffer
	tinyShape(f).Write(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(shapeMagic + "\x01"))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := ReadShape(bytes.NewReader(b))
		if err != nil {
			return
		}
		s.LogProb("the")
		s.LogProb("")
		s.LogProb("ωmega")
	})
}

// slowLogProb is LogProb as it was written first: the padded symbols of
// the word, and each n-gram's and context's key packed from its symbols.
func slowLogProb(s *Shape, word string) float32 {
	buf := s.symbols(nil, word)
	var sum float32
	n := 0
	for j := s.order - 1; j < len(buf); j++ {
		g := buf[j-s.order+1 : j+1]
		acc, v, done := int32(0), float32(0), false
		for k := len(g); k >= 1 && !done; k-- {
			h := g[len(g)-k:]
			if p, ok := s.ngramIx.get(key(h)); ok {
				v, done = float32(acc+int32(p))*qstep, true
			} else if b, ok := s.ctxIx.get(key(h[:k-1])); ok {
				acc += int32(b)
			}
		}
		if !done {
			v = float32(acc)*qstep + s.base
		}
		sum += v
		n++
	}
	return sum / float32(n)
}

// TestShapeWindowKeys checks that LogProb, which packs the keys of its
// n-grams from a sliding window, gives what packing each key from its
// symbols gives, bit for bit, at every order.
func TestShapeWindowKeys(t *testing.T) {
	m, err := Build([]io.Reader{strings.NewReader(strings.Repeat("the cat sat on the mat and the hat that the rat ate théâtre\n", 3))}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	words := []string{"", "a", "the", "that", "tqxh", "théâtre", "cathat", "zzzzzzzz", "ωmega", strings.Repeat("ta", 50)}
	for order := 2; order <= 5; order++ {
		s, err := BuildShape(m, ShapeOptions{Order: order})
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range words {
			if got, want := s.LogProb(w), slowLogProb(s, w); math.Float32bits(got) != math.Float32bits(want) {
				t.Errorf("order %d, %q: %v, want %v", order, w, got, want)
			}
		}
	}
}

// logProbAt returns log P(last of g | the others), backing off; g holds
// order symbols (the form the tests build n-grams in).
func (s *Shape) logProbAt(g []uint16) float32 {
	return s.logProbWin(key(g) & (1<<60 - 1))
}
