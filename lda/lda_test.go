package lda

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
	"math/rand/v2"
	"testing"
)

// synthetic returns nd documents of n words drawn from K disjoint topics
// of 20 words each ("t<k>w<i>"), each document mostly from one topic.
func synthetic(K, nd, n int, seed uint64) [][]string {
	rng := rand.New(rand.NewPCG(seed, 7))
	docs := make([][]string, nd)
	for d := range docs {
		main := d % K
		for i := 0; i < n; i++ {
			k := main
			if rng.IntN(5) == 0 {
				k = rng.IntN(K)
			}
			docs[d] = append(docs[d], fmt.Sprintf("T%dw%d,", k, rng.IntN(20)))
		}
	}
	return docs
}

func testOptions() Options {
	o := DefaultOptions()
	o.K, o.Iters, o.BurnIn = 4, 60, 30
	return o
}

func TestTrainRecoversTopics(t *testing.T) {
	docs := synthetic(4, 40, 100, 1)
	m, err := Train(docs, testOptions(), rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Vocab()) != 80 {
		t.Fatalf("vocabulary %d words, want 80", len(m.Vocab()))
	}
	// Each topic's top words should come from one true topic.
	for k := 0; k < m.K(); k++ {
		top := m.TopWords(k, 10)
		prefix := top[0][:2]
		for _, w := range top {
			if w[:2] != prefix {
				t.Errorf("topic %d mixes true topics: %v", k, top)
				break
			}
		}
	}
	// Infer: a document of topic-2 words puts most mass on one topic.
	doc := []string{}
	for i := 0; i < 50; i++ {
		doc = append(doc, fmt.Sprintf("t2w%d", i%20))
	}
	doc = append(doc, "unknownword", "1234", "the")
	theta := m.Infer(doc, 50, rand.New(rand.NewPCG(2, 2)))
	sum, best := 0.0, 0.0
	for _, x := range theta {
		sum += x
		best = max(best, x)
	}
	if math.Abs(sum-1) > 1e-9 || best < 0.8 {
		t.Errorf("theta %v: sum %v, max %v", theta, sum, best)
	}
	known := m.LogProb("t2w3", theta)
	other := m.LogProb("t1w3", theta)
	unk := m.LogProb("zzz", theta)
	if !(known > other && other > unk) || math.IsInf(unk, 0) || math.IsNaN(unk) {
		t.Errorf("LogProb known %v other-topic %v unknown %v", known, other, unk)
	}
	if id, ok := m.WordID("T2W3."); !ok || m.LogProbID(id, theta) != known {
		t.Errorf("WordID/LogProbID disagree with LogProb")
	}
	if _, ok := m.WordID("the"); ok {
		t.Errorf("stop word in vocabulary")
	}
	if m.LogProb("the", theta) != unk {
		t.Errorf("stop word should score as unknown")
	}
	pp, n := m.Perplexity(synthetic(4, 8, 100, 9), 30, rand.New(rand.NewPCG(3, 3)))
	if n != 8*50 || !(pp > 1 && pp < 40) {
		t.Errorf("perplexity %v over %d tokens", pp, n)
	}
}

func TestDeterministic(t *testing.T) {
	docs := synthetic(4, 30, 80, 2)
	for _, parts := range []int{1, 3} {
		o := testOptions()
		o.Partitions = parts
		var files [2][]byte
		for i := range files {
			m, err := Train(docs, o, rand.New(rand.NewPCG(5, 5)))
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if _, err := m.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			files[i] = b.Bytes()
		}
		if !bytes.Equal(files[0], files[1]) {
			t.Errorf("partitions=%d: two trainings with the same seed differ", parts)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	m, err := Train(synthetic(4, 20, 60, 3), testOptions(), rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	n, err := m.WriteTo(&b)
	if err != nil || n != int64(b.Len()) {
		t.Fatalf("WriteTo: %d, %v (buffer %d)", n, err, b.Len())
	}
	file := b.Bytes()
	m2, err := Read(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	var b2 bytes.Buffer
	m2.WriteTo(&b2)
	if !bytes.Equal(file, b2.Bytes()) {
		t.Fatal("write(read(file)) != file")
	}
	if m2.Options() != m.Options() {
		t.Errorf("options %+v, want %+v", m2.Options(), m.Options())
	}
	theta := m.Infer([]string{"t0w1", "t0w2"}, 20, nil)
	for _, w := range []string{"t0w1", "t3w5", "nope"} {
		if a, b := m.LogProb(w, theta), m2.LogProb(w, theta); a != b {
			t.Errorf("LogProb(%q): %v after reading, %v before", w, b, a)
		}
	}
}

func TestReadErrors(t *testing.T) {
	m, err := Train(synthetic(4, 20, 60, 3), testOptions(), rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	m.WriteTo(&b)
	file := b.Bytes()
	newer := append([]byte(magic), 2)
	older := append([]byte(magic), 0)
	flip := append([]byte(nil), file...)
	flip[len(flip)/2] ^= 0x10
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "truncated while reading magic"},
		{"not a model", []byte("hello world, this is text"), "bad magic"},
		{"newer", newer, "version 2 is newer"},
		{"older", older, "version 0 is older"},
		{"truncated", file[:len(file)/2], "truncated"},
		{"no checksum", file[:len(file)-2], "truncated while reading checksum"},
		{"corrupt", flip, ""},
	}
	for _, c := range cases {
		_, err := Read(bytes.NewReader(c.data))
		if err == nil || !errors.Is(err, ErrFormat) || !bytes.Contains([]byte(err.Error()), []byte(c.want)) {
			t.Errorf("%s: error %v, want ErrFormat containing %q", c.name, err, c.want)
		}
	}
	// Every truncation is an error, never a panic.
	for i := 0; i < len(file); i++ {
		if _, err := Read(bytes.NewReader(file[:i])); err == nil {
			t.Fatalf("truncated to %d bytes: no error", i)
		}
	}
}

func TestOptionErrors(t *testing.T) {
	bad := []Options{{K: -1}, {Alpha: -1}, {Beta: math.NaN()}, {Iters: 10, BurnIn: 10}, {Partitions: 1000}}
	for _, o := range bad {
		if _, err := Train([][]string{{"a"}}, o, nil); err == nil {
			t.Errorf("options %+v: no error", o)
		}
	}
	if _, err := Train([][]string{{"the", "of", "123"}}, DefaultOptions(), nil); err == nil {
		t.Error("empty vocabulary: no error")
	}
}

func TestNormalize(t *testing.T) {
	o := DefaultOptions()
	cases := map[string]string{
		"Hello,": "hello", "\"(World)\"": "world", "1918": "", "--": "", "The": "",
		"don’t": "", "mark\u00ad": "mark", "3rd": "3rd", "U.S.": "u.s", "Énergie.": "énergie",
	}
	for in, want := range cases {
		if got := o.Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func FuzzRead(f *testing.F) {
	m, err := Train(synthetic(3, 6, 30, 4), Options{K: 3, Iters: 4, MinCount: 1}, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		f.Fatal(err)
	}
	var b bytes.Buffer
	m.WriteTo(&b)
	f.Add(b.Bytes())
	f.Add([]byte(magic))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if _, err := m.WriteTo(&out); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), data[:out.Len()]) {
			t.Fatal("a model that reads must write back the same bytes")
		}
		theta := m.Infer(m.Vocab(), 2, nil)
		_ = m.LogProb(m.Vocab()[0], theta)
	})
}

// TestSamplersExact checks the plain and the sparse sampler against the
// exact posterior p(z | w) of a tiny corpus (5 tokens, 2 topics: 32
// states), computed from the collapsed joint
// prod_d [prod_k G(n_dk+a) / G(n_d+Ka)] prod_k [prod_w G(n_wk+b) / G(n_k+Vb)].
// The chain's state frequencies over many sweeps must match it.
func TestSamplersExact(t *testing.T) {
	docs := [][]string{{"apple", "apple", "pear"}, {"pear", "plum"}}
	o := Options{K: 2, Alpha: 0.5, Beta: 0.3, Iters: 2, MinCount: 1, Partitions: 1}
	o, _ = o.withDefaults()
	vocab := buildVocab(docs, o)
	ids := map[string]int32{}
	for i, w := range vocab {
		ids[w] = int32(i)
	}
	c := encode(docs, o, ids)
	N, K, V := len(c.tokens), o.K, len(vocab)
	lg := func(x float64) float64 { v, _ := math.Lgamma(x); return v }
	exact := make([]float64, 1<<N)
	total := 0.0
	for st := range exact {
		z := func(i int) int { return st >> i & 1 }
		lp := 0.0
		for d := 0; d < c.docs(); d++ {
			n := make([]int, K)
			for i := c.start[d]; i < c.start[d+1]; i++ {
				n[z(int(i))]++
			}
			for k := range n {
				lp += lg(float64(n[k]) + o.Alpha)
			}
			lp -= lg(float64(c.start[d+1]-c.start[d]) + float64(K)*o.Alpha)
		}
		nwk := make([]int, V*K)
		nk := make([]int, K)
		for i, w := range c.tokens {
			nwk[int(w)*K+z(i)]++
			nk[z(i)]++
		}
		for _, n := range nwk {
			lp += lg(float64(n) + o.Beta)
		}
		for _, n := range nk {
			lp -= lg(float64(n) + float64(V)*o.Beta)
		}
		exact[st] = math.Exp(lp)
		total += exact[st]
	}
	old := useSparse
	defer func() { useSparse = old }()
	for _, sparse := range []bool{false, true} {
		useSparse = sparse
		s := newSampler(c, o, V, rand.New(rand.NewPCG(9, 9)))
		const sweeps = 200000
		freq := make([]float64, 1<<N)
		for it := 0; it < sweeps; it++ {
			s.sweep()
			st := 0
			for i, k := range s.z {
				st |= int(k) << i
			}
			freq[st]++
		}
		tv := 0.0
		for st := range freq {
			tv += math.Abs(freq[st]/sweeps-exact[st]/total) / 2
		}
		if tv > 0.01 {
			t.Errorf("sparse=%v: total variation %.4f from the exact posterior", sparse, tv)
		}
	}
}

// TestPartitionsQuality checks that two partitions (AD-LDA) recover the
// topics of the synthetic corpus like one. A Gibbs chain can stay in a
// local optimum (two true topics merged, one split), so each setting runs
// five seeds and must recover all topics in at least four.
func TestPartitionsQuality(t *testing.T) {
	docs := synthetic(4, 40, 100, 1)
	for _, parts := range []int{1, 2} {
		clean := 0
		for seed := uint64(1); seed <= 5; seed++ {
			o := testOptions()
			o.Partitions = parts
			m, err := Train(docs, o, rand.New(rand.NewPCG(seed, 1)))
			if err != nil {
				t.Fatal(err)
			}
			mixed := false
			for k := 0; k < m.K(); k++ {
				top := m.TopWords(k, 10)
				for _, w := range top {
					if w[:2] != top[0][:2] {
						mixed = true
					}
				}
			}
			if !mixed {
				clean++
			}
		}
		if clean < 4 {
			t.Errorf("partitions=%d: topics recovered in %d of 5 runs", parts, clean)
		}
	}
}

// FuzzReadBody fuzzes the bytes of a model before its checksum and appends
// the right checksum, so that the fuzzer reaches the parser behind the
// CRC: Read must return an error or a model that writes back the same
// bytes, never panic.
func FuzzReadBody(f *testing.F) {
	m, err := Train(synthetic(3, 6, 30, 4), Options{K: 3, Iters: 4, MinCount: 1}, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		f.Fatal(err)
	}
	var b bytes.Buffer
	m.WriteTo(&b)
	f.Add(b.Bytes()[:b.Len()-4])
	f.Add([]byte(magic + "\x01"))
	f.Fuzz(func(t *testing.T, body []byte) {
		data := binary.LittleEndian.AppendUint32(append([]byte(nil), body...), crc32.ChecksumIEEE(body))
		m, err := Read(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrFormat) {
				t.Fatalf("error %v does not wrap ErrFormat", err)
			}
			return
		}
		var out bytes.Buffer
		if _, err := m.WriteTo(&out); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatal("a model that reads must write back the same bytes")
		}
		theta := m.Infer(m.Vocab(), 2, nil)
		if lp := m.LogProb("zzz-unknown", theta); math.IsNaN(lp) {
			t.Fatal("NaN log-probability")
		}
	})
}

// TestConcurrentUse runs Infer and LogProb from several goroutines on one
// model (run with -race).
func TestConcurrentUse(t *testing.T) {
	m, err := Train(synthetic(4, 20, 60, 3), testOptions(), rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	doc := synthetic(4, 1, 80, 5)[0]
	want := m.Infer(doc, 20, rand.New(rand.NewPCG(4, 4)))
	done := make(chan []float64)
	for g := 0; g < 4; g++ {
		go func() {
			theta := m.Infer(doc, 20, rand.New(rand.NewPCG(4, 4)))
			_ = m.LogProb(doc[0], theta)
			done <- theta
		}()
	}
	for g := 0; g < 4; g++ {
		got := <-done
		for k := range got {
			if got[k] != want[k] {
				t.Fatalf("theta differs between goroutines: %v vs %v", got, want)
			}
		}
	}
	if pp, n := m.Perplexity(nil, 10, nil); n != 0 || !math.IsNaN(pp) {
		t.Errorf("Perplexity of no documents: %v, %d", pp, n)
	}
}

func TestBurnInDefaults(t *testing.T) {
	for _, c := range []struct{ iters, burn, want int }{{0, 0, 100}, {10, 0, 5}, {10, -1, 0}, {10, 3, 3}, {1, 0, 0}} {
		o, err := Options{Iters: c.iters, BurnIn: c.burn}.withDefaults()
		if err != nil || o.BurnIn != c.want {
			t.Errorf("Iters %d BurnIn %d: got %d, %v; want %d", c.iters, c.burn, o.BurnIn, err, c.want)
		}
	}
	// More partitions than documents still trains.
	o := testOptions()
	o.Partitions = 50
	if _, err := Train(synthetic(4, 8, 30, 1), o, nil); err != nil {
		t.Fatal(err)
	}
}
