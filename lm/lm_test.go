package lm

import (
	"bytes"
	"io"
	"math"
	"strings"
	"testing"
	"unicode"
)

func TestNormTable(t *testing.T) {
	// the cases of features.Norm
	cases := []struct{ in, want string }{
		{"The", "the"}, {"the", "the"}, {"\"Well,", "well"}, {"it's", "it's"},
		{"--", ""}, {"...", ""}, {"(1853).", "1853"}, {"_Emma_", "emma"},
		{"Ægypt;", "ægypt"}, {"ÉCOLE", "école"}, {"£5", "5"}, {"e.g.", "e.g"},
		{"«oui»", "oui"}, {"¬", ""}, {"", ""}, {"a-b", "a-b"}, {"'Tis", "tis"},
		{"MR.", "mr"}, {"x+y=", "x+y"}, {"½", "½"},
		{"ﬂoor,", "floor"}, {"Oﬃce", "office"}, {"ﬆreet", "street"},
	}
	for _, c := range cases {
		if got := Norm(c.in); got != c.want {
			t.Errorf("Norm(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

const tiny = `The cat sat on the mat. The dog sat on the log.
The cat saw the dog, and the dog saw the cat.

A cat is a cat; a dog is a dog.
The end.
`

func tinyModel(t testing.TB, opt Options) *Model {
	t.Helper()
	m, err := Build([]io.Reader{strings.NewReader(tiny), strings.NewReader("the cat sat\n\nthe dog ran on")}, opt)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestTokens(t *testing.T) {
	var got []string
	err := Tokens(strings.NewReader("  \"Hello,\" -- world\n\n\n  new para.\nsame para\n"), func(w string, first bool) {
		if first {
			w = "|" + w
		}
		got = append(got, w)
	})
	if err != nil {
		t.Fatal(err)
	}
	if s := strings.Join(got, " "); s != "|hello world |new para same para" {
		t.Errorf("tokens %q", s)
	}
}

// TestSumsToOne checks that the probabilities of every word and the
// unknown class add up to 1 in a few contexts, pruned or not.
func TestSumsToOne(t *testing.T) {
	for _, opt := range []Options{{MinCount2: 1, MinCount3: 1}, {}, {MinCount2: 2, MinCount3: 3}} {
		m := tinyModel(t, opt)
		ids := func(ws ...string) []int32 {
			var out []int32
			for _, w := range ws {
				if w == "<s>" {
					out = append(out, m.BOS())
				} else {
					out = append(out, m.ID(w))
				}
			}
			return out
		}
		ctxs := [][]int32{ids("the", "cat"), ids("on", "the"), ids("<s>", "the"), {-1, m.BOS()}, {-1, -1}, ids("cat", "the"), {-1, m.ID("dog")}, ids("zebra", "the")}
		for _, c := range ctxs {
			sum := math.Exp(float64(m.LogProb(c[0], c[1], -1)))
			for w := int32(0); w < int32(m.Words()); w++ {
				sum += math.Exp(float64(m.LogProb(c[0], c[1], w)))
			}
			// quantisation to 1/1024 nats moves each term by < 0.05%
			if math.Abs(sum-1) > 2e-3 {
				t.Errorf("%+v: context %v: probabilities sum to %.5f", opt, c, sum)
			}
		}
	}
}

func TestModelBasics(t *testing.T) {
	m := tinyModel(t, Options{MinCount2: 1, MinCount3: 1})
	if m.Word(0) != "the" || m.ID("the") != 0 {
		t.Errorf("most frequent word: %q, id %d", m.Word(0), m.ID("the"))
	}
	if m.ID("zebra") != -1 || m.ID("") != -1 {
		t.Error("unknown words have ids")
	}
	the, cat, sat := m.ID("the"), m.ID("cat"), m.ID("sat")
	if m.Count(cat) != 6 {
		t.Errorf("count(cat) = %d", m.Count(cat))
	}
	if got, want := m.LogFreq(cat), float32(math.Log(6/float64(m.Tokens()))); math.Abs(float64(got-want)) > 1e-6 {
		t.Errorf("LogFreq = %v, want %v", got, want)
	}
	if !(m.LogFreq(-1) < m.LogFreq(sat)) {
		t.Error("unknown words are no less likely than seen ones")
	}
	if !(m.LogProb(the, cat, sat) > m.LogProb(the, cat, m.ID("log"))) {
		t.Error("seen trigram not preferred")
	}
	if !(m.LogProb(-1, -1, the) > m.LogProb(-1, -1, -1)) {
		t.Error("unknown word not the least likely")
	}
}

func TestHasBigram(t *testing.T) {
	m := tinyModel(t, Options{MinCount2: 1, MinCount3: 1})
	the, cat, dog, ran := m.ID("the"), m.ID("cat"), m.ID("dog"), m.ID("ran")
	if !m.HasBigram(the, cat) || !m.HasBigram(dog, ran) {
		t.Error("seen bigrams not kept")
	}
	if m.HasBigram(cat, the) || m.HasBigram(-1, cat) || m.HasBigram(the, -1) || m.HasBigram(the, m.BOS()) {
		t.Error("unseen or invalid bigrams kept")
	}
}

func TestDeterministic(t *testing.T) {
	var a, b bytes.Buffer
	if err := tinyModel(t, Options{}).Write(&a); err != nil {
		t.Fatal(err)
	}
	if err := tinyModel(t, Options{}).Write(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two builds of the same texts differ")
	}
}

func TestRoundTrip(t *testing.T) {
	m := tinyModel(t, Options{MinCount2: 1, MinCount3: 1})
	var buf bytes.Buffer
	if err := m.Write(&buf); err != nil {
		t.Fatal(err)
	}
	m2, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	ids := []int32{-1, m.BOS(), 0, 1, 2, 3, 4, 5, 6, 7}
	for _, a := range ids {
		for _, b := range ids {
			for _, c := range ids[:len(ids)-1] {
				if c == m.BOS() {
					continue
				}
				if x, y := m.LogProb(a, b, c), m2.LogProb(a, b, c); x != y {
					t.Fatalf("LogProb(%d,%d,%d): %v before writing, %v after", a, b, c, x, y)
				}
			}
		}
	}
	var buf2 bytes.Buffer
	m2.Write(&buf2)
	if !bytes.Equal(buf.Bytes(), buf2.Bytes()) {
		t.Error("written again, the bytes differ")
	}
}

func TestReadErrors(t *testing.T) {
	var buf bytes.Buffer
	if err := tinyModel(t, Options{}).Write(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	flip := bytes.Clone(good)
	flip[len(flip)/2] ^= 0x40
	ver := bytes.Clone(good)
	ver[8] = 99
	for name, b := range map[string][]byte{
		"empty":     nil,
		"magic":     []byte("hello world, not a model"),
		"version":   ver,
		"truncated": good[:len(good)-7],
		"half":      good[:len(good)/2],
		"corrupt":   flip,
	} {
		if _, err := Load(b); err == nil {
			t.Errorf("%s: no error", name)
		} else if !strings.Contains(err.Error(), "language model") {
			t.Errorf("%s: error %q does not say what was read", name, err)
		}
	}
}

func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	m, err := Build([]io.Reader{strings.NewReader("a b c a b d\n\nb c")}, Options{MinCount2: 1, MinCount3: 1})
	if err != nil {
		f.Fatal(err)
	}
	m.Write(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(magic + "\x01"))
	// a valid frame around a hostile payload
	var e enc
	e.u(3)
	e.u(1 << 40)
	var fr bytes.Buffer
	writeFile(&fr, magic, e.b)
	f.Add(fr.Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := Load(b)
		if err != nil {
			return
		}
		for w := int32(-1); w < int32(m.Words()) && w < 10; w++ {
			m.LogProb(0, 0, w)
			m.LogProb(-1, m.BOS(), w)
			m.LogFreq(w)
		}
		m.ID("a")
	})
}

// TestNextTail checks that NextTail, with one tail shared by the chains
// scoring the same last two words after any word, gives Next's values bit
// for bit.
func TestNextTail(t *testing.T) {
	m := tinyModel(t, Options{})
	ids := []int32{-1, m.BOS()}
	for id := int32(0); id < int32(m.Words()); id++ {
		ids = append(ids, id)
	}
	for _, a := range ids {
		for _, b := range ids[2:] {
			tail := int32(NoTail)
			for _, u := range ids {
				for _, v := range ids {
					s1, s2 := m.Start(u, v), m.Start(u, v)
					x, y := m.Next(&s1, a), m.Next(&s2, a)
					x += m.Next(&s1, b)
					y += m.NextTail(&s2, b, &tail)
					if math.Float32bits(x) != math.Float32bits(y) || s1 != s2 {
						t.Fatalf("%d %d %d %d: Next %v, NextTail %v", u, v, a, b, x, y)
					}
				}
			}
		}
	}
}

// TestTrimMarks: Norm's trimming, byte by byte for ASCII, trims what
// strings.TrimFunc with unicode.IsPunct or IsSymbol trims, on every string
// of up to three pieces of letters, digits, ASCII and other marks, spaces,
// non-ASCII letters and invalid UTF-8.
func TestTrimMarks(t *testing.T) {
	mark := func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }
	for c := 0; c < 128; c++ {
		if asciiMark(byte(c)) != mark(rune(c)) {
			t.Errorf("asciiMark(%d) = %v", c, asciiMark(byte(c)))
		}
	}
	pieces := []string{"a", "Z", "1", ".", "-", "'", "(", "$", "~", " ", "é", "—", "’", "€", "\xff", "\xe2\x80", "ﬁ", "§", "_", "|"}
	var try func(s string, depth int)
	try = func(s string, depth int) {
		if got, want := trimMarks(s), strings.TrimFunc(s, mark); got != want {
			t.Errorf("trimMarks(%q) = %q, want %q", s, got, want)
		}
		if depth > 0 {
			for _, p := range pieces {
				try(s+p, depth-1)
			}
		}
	}
	try("", 3)
}
