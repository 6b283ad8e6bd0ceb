package vectors

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ocrfix/internal/shared"
)

var (
	animals  = []string{"cat", "dog", "horse", "cow", "sheep", "goat"}
	foods    = []string{"grass", "hay", "meat", "oats", "corn"}
	vehicles = []string{"car", "truck", "bus", "van", "tram", "lorry"}
	roads    = []string{"road", "street", "highway", "bridge", "lane"}
)

// synthetic returns nDocs documents of simple sentences in which animals
// and vehicles appear in different contexts.
func synthetic(nDocs, sentences int, seed uint64) [][]string {
	r := rand.New(rand.NewPCG(seed, 1))
	pick := func(ws []string) string { return ws[r.IntN(len(ws))] }
	docs := make([][]string, nDocs)
	for d := range docs {
		var doc []string
		for s := 0; s < sentences; s++ {
			if r.IntN(2) == 0 {
				doc = append(doc, "The", pick(animals), "eats", "the", pick(foods)+",", "and", "the", pick(animals), "sleeps.")
			} else {
				doc = append(doc, "A", pick(vehicles), "drives", "along", "the", pick(roads), "past", "a", pick(vehicles)+".")
			}
		}
		docs[d] = doc
	}
	return docs
}

func trainSynthetic(t testing.TB, seed uint64) *Vectors {
	t.Helper()
	v, err := Train(synthetic(20, 200, 7), Options{Dim: 20, Epochs: 3, Lower: true}, rand.New(rand.NewPCG(seed, 2)))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestToken(t *testing.T) {
	for _, c := range []struct {
		in    string
		lower bool
		want  string
	}{
		{"House,", false, "House"},
		{"House,", true, "house"},
		{"«l'été»", true, "l'été"},
		{"--", true, ""},
		{"$100", false, "100"},
		{"ÉTÉ!", true, "été"},
		{"", true, ""},
	} {
		if got := Token(c.in, c.lower); got != c.want {
			t.Errorf("Token(%q, %v) = %q, want %q", c.in, c.lower, got, c.want)
		}
	}
}

func TestTrainVocabulary(t *testing.T) {
	docs := [][]string{{"a", "b", "b", "c", "c", "c", "...", "C"}, {"d"}}
	v, err := Train(docs, Options{Dim: 4, Lower: true}, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(v.Words, " "); got != "c b" {
		t.Errorf("words %q, want \"c b\" (MinCount 2, most frequent first)", got)
	}
	if v.Counts[0] != 4 || v.Counts[1] != 2 {
		t.Errorf("counts %v, want [4 2]", v.Counts)
	}
	if _, err := Train([][]string{{"a"}}, Options{}, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("no word reaches MinCount: want an error")
	}
	if _, err := Train(docs, Options{Dim: -1}, rand.New(rand.NewPCG(1, 1))); err == nil {
		t.Error("Dim -1: want an error")
	}
	if _, err := Train(docs, Options{}, nil); err == nil {
		t.Error("nil rng: want an error")
	}
}

func TestDeterministic(t *testing.T) {
	write := func(seed uint64) []byte {
		var b bytes.Buffer
		if err := trainSynthetic(t, seed).WriteBinary(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	a, b, c := write(1), write(1), write(2)
	if !bytes.Equal(a, b) {
		t.Error("same seed, different bytes")
	}
	if bytes.Equal(a, c) {
		t.Error("different seeds, same bytes")
	}
}

func TestSemantics(t *testing.T) {
	for _, inputOnly := range []bool{false, true} {
		v, err := Train(synthetic(20, 200, 7), Options{Dim: 20, Epochs: 3, Lower: true, InputOnly: inputOnly}, rand.New(rand.NewPCG(1, 2)))
		if err != nil {
			t.Fatal(err)
		}
		within, across := 0.0, 0.0
		for _, a := range animals {
			for _, b := range animals {
				if a != b {
					c, _ := v.Cos(a, b)
					within += c / float64(len(animals)*(len(animals)-1))
				}
			}
			for _, b := range vehicles {
				c, _ := v.Cos(a, b)
				across += c / float64(len(animals)*len(vehicles))
			}
		}
		if within < across+0.2 {
			t.Errorf("InputOnly %v: mean cos animal-animal %.3f, animal-vehicle %.3f: want a clear gap", inputOnly, within, across)
		}
		fits := v.ContextSim("dog", []string{"the", "eats", "grass"})
		misfits := v.ContextSim("dog", []string{"drives", "along", "highway"})
		if fits <= misfits+0.2 {
			t.Errorf("InputOnly %v: ContextSim(dog | eats grass) %.3f, ContextSim(dog | drives along highway) %.3f: want a clear gap", inputOnly, fits, misfits)
		}
		if !inputOnly {
			continue
		}
		// input vectors alone give paradigmatic neighbours (w+c mixes in
		// words that occur next to cat, such as "and")
		for _, n := range v.Nearest("cat", 3) {
			if !contains(animals, n.Word) {
				t.Errorf("Nearest(cat) has %q (%.3f): want animals", n.Word, n.Cos)
			}
		}
	}
}

func contains(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

func TestRoundTrip(t *testing.T) {
	v := trainSynthetic(t, 3)
	var b bytes.Buffer
	if err := v.WriteBinary(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(b.Bytes(), []byte(fmt.Sprintf("%d %d\n", v.Len(), v.Dim))) {
		t.Fatalf("header %q", b.Bytes()[:20])
	}
	u, err := Load(&b)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(u.Words, " ") != strings.Join(v.Words, " ") || u.Dim != v.Dim {
		t.Fatal("words or dim differ after the round trip")
	}
	for i := range v.Words {
		for j := range v.Words {
			a, b := v.CosIDs(int32(i), int32(j)), u.CosIDs(int32(i), int32(j))
			if math.Abs(a-b) > 1e-6 {
				t.Fatalf("cos(%s, %s) = %v trained, %v loaded", v.Words[i], v.Words[j], a, b)
			}
		}
	}
	ctx := []string{"the", "eats", "hay", "unknown-word"}
	if a, b := v.ContextSim("cow", ctx), u.ContextSim("cow", ctx); math.Abs(a-b) > 1e-6 {
		t.Errorf("ContextSim %v trained, %v loaded", a, b)
	}
}

func TestLookup(t *testing.T) {
	v := trainSynthetic(t, 1)
	for _, w := range []string{"cat", "Cat", "cat,", "«CAT»"} {
		if id, ok := v.ID(w); !ok || v.Words[id] != "cat" {
			t.Errorf("ID(%q) = %d, %v: want cat", w, id, ok)
		}
	}
	if _, ok := v.ID("zebra"); ok {
		t.Error("ID(zebra) known")
	}
	if _, ok := v.Cos("cat", "zebra"); ok {
		t.Error("Cos with an unknown word: ok")
	}
	if c, ok := v.Cos("cat", "cat"); !ok || math.Abs(c-1) > 1e-5 {
		t.Errorf("Cos(cat, cat) = %v, %v", c, ok)
	}
	if got := v.ContextSim("zebra", []string{"eats"}); got != 0 {
		t.Errorf("ContextSim of an unknown word = %v", got)
	}
	if got := v.ContextSim("cat", []string{"zebra", "gnu"}); got != 0 {
		t.Errorf("ContextSim with no known context = %v", got)
	}
	if got := v.Nearest("zebra", 3); got != nil {
		t.Errorf("Nearest(zebra) = %v", got)
	}
	if got := v.Nearest("cat", 1000); len(got) != v.Len()-1 {
		t.Errorf("Nearest(cat, 1000) has %d words, want %d", len(got), v.Len()-1)
	}
	// ContextSim is the cosine to the mean of the context vectors
	w, _ := v.Vec("dog")
	mean := make([]float64, v.Dim)
	for _, c := range []string{"eats", "grass"} {
		x, _ := v.Vec(c)
		for i := range x {
			mean[i] += float64(x[i]) / 2
		}
	}
	var dot, norm float64
	for i := range mean {
		dot += mean[i] * float64(w[i])
		norm += mean[i] * mean[i]
	}
	want := dot / math.Sqrt(norm)
	if got := v.ContextSim("dog", []string{"eats", "zebra", "grass"}); math.Abs(got-want) > 1e-6 {
		t.Errorf("ContextSim = %v, want %v", got, want)
	}
	ids := v.IDs(nil, []string{"eats", "zebra", "grass"})
	id, _ := v.ID("dog")
	if got := v.contextSimPairwise(v.Row(id), ids); math.Abs(got-want) > 1e-6 {
		t.Errorf("pairwise ContextSim = %v, want %v", got, want)
	}
}

func TestContextSimIDsNoAlloc(t *testing.T) {
	v := trainSynthetic(t, 1)
	ids := v.IDs(nil, []string{"the", "eats", "zebra", "grass"})
	id, _ := v.ID("dog")
	if n := testing.AllocsPerRun(100, func() { v.ContextSimIDs(id, ids) }); n != 0 {
		t.Errorf("ContextSimIDs allocates %v times", n)
	}
	ctx := []string{"the", "eats", "zebra", "grass,"} // lowercasing "Grass" would allocate
	if n := testing.AllocsPerRun(100, func() { v.ContextSim("dog", ctx) }); n != 0 {
		t.Errorf("ContextSim allocates %v times", n)
	}
}

func TestWriteBinaryBadWord(t *testing.T) {
	v := &Vectors{Dim: 1, Words: []string{"a b"}, Data: []float32{1}}
	if err := v.WriteBinary(&bytes.Buffer{}); err == nil {
		t.Error("word with a space written")
	}
}

// sample builds a valid binary file by hand.
func sample(words []string, dim int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%d %d\n", len(words), dim)
	for i, w := range words {
		b.WriteString(w + " ")
		for j := 0; j < dim; j++ {
			x := math.Float32bits(float32(i + j + 1))
			b.Write([]byte{byte(x), byte(x >> 8), byte(x >> 16), byte(x >> 24)})
		}
		b.WriteByte('\n')
	}
	return b.Bytes()
}

func TestLoadErrors(t *testing.T) {
	good := sample([]string{"a", "bc", "d"}, 3)
	if _, err := Load(bytes.NewReader(good)); err != nil {
		t.Fatalf("good sample: %v", err)
	}
	// every truncation is an error, never a panic
	for n := 0; n < len(good); n++ {
		if _, err := Load(bytes.NewReader(good[:n])); err == nil && n != len(good)-1 {
			t.Errorf("truncated to %d of %d bytes: no error", n, len(good))
		}
	}
	for name, src := range map[string]string{
		"no header":      "",
		"one number":     "3\n",
		"negative count": "-1 3\n",
		"zero dim":       "0 0\n",
		"huge count":     "100000000000 300\nab ",
		"huge dim":       "1 1000000000\nab ",
		"letters":        "x y\n",
		"trailing bytes": string(good) + "junk",
		"empty word":     "1 1\n 1234\n",
		"repeated word":  string(sample([]string{"a", "a"}, 1)),
	} {
		if _, err := Load(strings.NewReader(src)); err == nil {
			t.Errorf("%s: no error", name)
		} else {
			t.Logf("%s: %v", name, err)
		}
	}
	// a zero vector (sajari normalises it to NaN) loads as zeros
	z := []byte("1 2\nz \x00\x00\x00\x00\x00\x00\x00\x00\n")
	v, err := Load(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	if v.Data[0] != 0 || v.Data[1] != 0 {
		t.Errorf("zero vector loaded as %v", v.Data)
	}
	// the last newline is optional
	if _, err := Load(bytes.NewReader(good[:len(good)-1])); err != nil {
		t.Errorf("no final newline: %v", err)
	}
	if _, err := LoadFile(filepath.Join(t.TempDir(), "missing.bin")); err == nil {
		t.Error("missing file: no error")
	}
}

func FuzzLoad(f *testing.F) {
	f.Add(sample([]string{"a", "bc", "d"}, 3))
	f.Add(sample([]string{"é"}, 1))
	f.Add([]byte("2 1\na \x00\x00\x80\x3f"))
	f.Add([]byte("1 1\n\na \x00\x00\x80\x3f\n"))
	f.Add([]byte("0 5\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		v, err := Load(bytes.NewReader(src))
		if err != nil {
			return
		}
		if len(v.Data) != v.Len()*v.Dim {
			t.Fatalf("%d words, dim %d, %d values", v.Len(), v.Dim, len(v.Data))
		}
		for i, w := range v.Words {
			if id, ok := v.ID(w); !ok || id != int32(i) {
				t.Fatalf("word %d %q has id %d, %v", i, w, id, ok)
			}
		}
	})
}

// gtDocs reads the gt/*.txt files of a shared corpus as whitespace tokens.
func gtDocs(tb testing.TB, name string) [][]string {
	dir := filepath.Join(shared.Corpus(tb, name), "gt")
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		tb.Skipf("no gt files in %s", dir)
	}
	var docs [][]string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		docs = append(docs, strings.Fields(string(b)))
	}
	return docs
}

func benchTrain(b *testing.B, docs [][]string, opt Options) {
	var words int64
	for _, d := range docs {
		words += int64(len(d))
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Train(docs, opt, rand.New(rand.NewPCG(1, 1))); err != nil {
			b.Fatal(err)
		}
	}
	epochs := opt.Epochs
	if epochs == 0 {
		epochs = DefaultOptions().Epochs
	}
	b.ReportMetric(float64(words)*float64(epochs)*float64(b.N)/b.Elapsed().Seconds(), "words/s")
}

// BenchmarkTrain trains on 100k synthetic tokens (Dim 100, one epoch).
func BenchmarkTrain(b *testing.B) {
	benchTrain(b, synthetic(50, 200, 7), Options{Epochs: 1, Lower: true})
}

// BenchmarkTrainADS trains on the gt of ../shared/data/ads-fall2018 (one
// epoch, Dim 100) when it is there.
func BenchmarkTrainADS(b *testing.B) {
	benchTrain(b, gtDocs(b, "ads-fall2018"), Options{Epochs: 1, Lower: true})
}

// benchVectors are Dim 100 vectors of the synthetic corpus.
func benchVectors(b *testing.B) *Vectors {
	v, err := Train(synthetic(20, 200, 7), Options{Epochs: 1, Lower: true}, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		b.Fatal(err)
	}
	return v
}

func BenchmarkContextSim(b *testing.B) {
	v := benchVectors(b)
	ctx := []string{"The", "dog", "eats", "the", "grass,", "and"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v.ContextSim("cow", ctx)
	}
}

func BenchmarkContextSimIDs(b *testing.B) {
	v := benchVectors(b)
	ids := v.IDs(nil, []string{"The", "dog", "eats", "the", "grass,", "and"})
	id, _ := v.ID("cow")
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		v.ContextSimIDs(id, ids)
	}
}

// TestConcurrentQueries runs queries from several goroutines (run with
// -race).
func TestConcurrentQueries(t *testing.T) {
	v := trainSynthetic(t, 1)
	done := make(chan float64)
	for g := 0; g < 4; g++ {
		go func() {
			s := 0.0
			for i := 0; i < 50; i++ {
				s += v.ContextSim("dog", []string{"the", "eats", "Grass"})
				s += v.Nearest("car", 2)[0].Cos
			}
			done <- s
		}()
	}
	first := <-done
	for g := 1; g < 4; g++ {
		if s := <-done; s != first {
			t.Errorf("goroutine results differ: %v vs %v", s, first)
		}
	}
}
