package eval

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestHIPENormalize(t *testing.T) {
	cases := []struct{ in, want string }{
		{"The  Cat's_tail, (1853)!", "the cat s tail 1853"},
		{"Straße ÆSOP Œuvre café", "strasse aesop oeuvre café"},
		{"trans¬ formed here¬", "transformed here"},
		{"-- ... ;", ""},
		{"x+y=½", "x y ½"},
		{"waꝛ scho\u0364n Gu\u0364te", "war schön güte"},
		{"e\u0364", "e"}, // the small e above another letter is no letter
	}
	for _, c := range cases {
		if got := HIPENormalize(strings.Fields(c.in)); got != c.want {
			t.Errorf("HIPENormalize(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestHIPEMERExample(t *testing.T) {
	// "the cat sat" vs "tne cat sat down": chars: 1 substitution, 5
	// insertions (" down"), 10 hits; words: 1 substitution, 1 insertion, 2
	// hits
	c, w := HIPEMER(strings.Fields("The cat, sat."), strings.Fields("tne cat sat down"))
	if c != (MERCounts{Hits: 10, Subs: 1, Ins: 5}) {
		t.Errorf("chars %+v", c)
	}
	if w != (MERCounts{Hits: 2, Subs: 1, Ins: 1}) {
		t.Errorf("words %+v", w)
	}
	if math.Abs(c.MER()-6.0/16) > 1e-12 || math.Abs(w.MER()-2.0/4) > 1e-12 {
		t.Errorf("MER %v %v", c.MER(), w.MER())
	}
	if z, _ := HIPEMER(nil, nil); !math.IsNaN(z.MER()) {
		t.Error("MER of two empty texts is defined")
	}
}

func runes32(r []rune) []int32 { return []int32(string(r)) }

func TestHIPEMERRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vocab := []string{"the", "cat", "sat", "on", "a", "mat", "tho", "cot", "sab", "of", "or"}
	for it := 0; it < 300; it++ {
		n := rng.IntN(30)
		var g, p []string
		for range n {
			w := vocab[rng.IntN(len(vocab))]
			g = append(g, w)
			switch rng.IntN(6) {
			case 0: // dropped
			case 1:
				p = append(p, vocab[rng.IntN(len(vocab))])
			case 2:
				p = append(p, w, vocab[rng.IntN(len(vocab))])
			default:
				p = append(p, w)
			}
		}
		c, wc := HIPEMER(g, p)
		gs, ps := []rune(HIPENormalize(g)), []rune(HIPENormalize(p))
		wa, wb := wordIDs(HIPENormalize(g), HIPENormalize(p))
		for _, x := range []struct {
			name string
			m    MERCounts
			a, b []int32
		}{{"chars", c, runes32(gs), runes32(ps)}, {"words", wc, wa, wb}} {
			// the whole-sequence DP: exact distance, and the most hits of
			// a minimal alignment
			d, hmax := pieceCounts(x.a, x.b)
			m := x.m
			if m.Subs+m.Dels+m.Ins != d || m.Hits+m.Subs+m.Dels != len(x.a) || m.Hits+m.Subs+m.Ins != len(x.b) {
				t.Fatalf("%s %q / %q: counts %+v, distance %d", x.name, g, p, m, d)
			}
			if m.Hits > hmax || m.Hits < max(len(x.a), len(x.b))-d || m.Subs < 0 || m.Dels < 0 || m.Ins < 0 {
				t.Fatalf("%s %q / %q: counts %+v, most hits %d", x.name, g, p, m, hmax)
			}
		}
	}
}

func wordIDs(a, b string) ([]int32, []int32) {
	ids := map[string]int32{}
	conv := func(s string) []int32 {
		var out []int32
		for _, w := range strings.Fields(s) {
			if _, ok := ids[w]; !ok {
				ids[w] = int32(len(ids))
			}
			out = append(out, ids[w])
		}
		return out
	}
	return conv(a), conv(b)
}
