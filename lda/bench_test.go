package lda

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"ocrfix/internal/shared"
)

// zipfCorpus returns nd documents of n tokens over a V-word Zipf
// vocabulary, each document mixing a few of K latent topics, so that the
// sampler sees realistic sparsity.
func zipfCorpus(nd, n, V, K int, seed uint64) [][]string {
	rng := rand.New(rand.NewPCG(seed, 11))
	words := make([]string, V)
	for i := range words {
		words[i] = "w" + strings.Repeat("x", i%3) + string(rune('a'+i%26)) + itoa(i)
	}
	zipf := rand.NewZipf(rng, 1.1, 1, uint64(V-1))
	docs := make([][]string, nd)
	for d := range docs {
		topics := []int{rng.IntN(K), rng.IntN(K), rng.IntN(K)}
		for i := 0; i < n; i++ {
			k := topics[rng.IntN(len(topics))]
			w := (int(zipf.Uint64()) + k*V/K) % V
			docs[d] = append(docs[d], words[w])
		}
	}
	return docs
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for ; i > 0; i /= 10 {
		b = append(b, byte('0'+i%10))
	}
	return string(b)
}

// adsDocs returns the gt documents of ads-fall2018 as whitespace words,
// or skips.
func adsDocs(tb testing.TB) [][]string {
	dir := filepath.Join(shared.Corpus(tb, "ads-fall2018"), "gt")
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(names)
	var docs [][]string
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			tb.Fatal(err)
		}
		docs = append(docs, strings.Fields(string(b)))
	}
	return docs
}

// benchSweep times one Gibbs sweep (b.N sweeps) after 20 warm-up sweeps,
// and reports tokens per second.
func benchSweep(b *testing.B, docs [][]string, sparse bool, parts int) {
	opt := DefaultOptions()
	opt.Partitions = parts
	opt, _ = opt.withDefaults()
	vocab := buildVocab(docs, opt)
	m := newModel(opt, vocab)
	c := encode(docs, opt, m.ids)
	s := newSampler(c, opt, len(vocab), rand.New(rand.NewPCG(1, 1)))
	old := useSparse
	useSparse = sparse
	defer func() { useSparse = old }()
	for i := 0; i < 20; i++ {
		s.sweep()
	}
	b.ResetTimer()
	cpu0 := shared.CPUTime()
	for i := 0; i < b.N; i++ {
		s.sweep()
	}
	cpu := shared.CPUTime() - cpu0
	b.ReportMetric(float64(len(c.tokens))*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mtok/s")
	// CPU time is steadier than wall time on a shared machine.
	b.ReportMetric(float64(len(c.tokens))*float64(b.N)/cpu.Seconds()/1e6, "Mtok/cpu-s")
}

func BenchmarkSweepSyntheticPlain(b *testing.B) {
	benchSweep(b, zipfCorpus(100, 1500, 8000, 30, 1), false, 1)
}
func BenchmarkSweepSyntheticSparse(b *testing.B) {
	benchSweep(b, zipfCorpus(100, 1500, 8000, 30, 1), true, 1)
}
func BenchmarkSweepADSPlain(b *testing.B)  { benchSweep(b, adsDocs(b), false, 1) }
func BenchmarkSweepADSSparse(b *testing.B) { benchSweep(b, adsDocs(b), true, 1) }
func BenchmarkSweepADSSparse2(b *testing.B) {
	benchSweep(b, adsDocs(b), true, 2)
}

// BenchmarkInfer folds in a 3000-word document with 50 sweeps.
func BenchmarkInfer(b *testing.B) {
	docs := zipfCorpus(100, 1500, 8000, 30, 1)
	opt := DefaultOptions()
	opt.Iters, opt.BurnIn = 50, 25
	m, err := Train(docs, opt, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		b.Fatal(err)
	}
	doc := append(append([]string{}, docs[0]...), docs[1]...)
	rng := rand.New(rand.NewPCG(2, 2))
	b.ResetTimer()
	cpu0 := shared.CPUTime()
	for i := 0; i < b.N; i++ {
		m.Infer(doc, 50, rng)
	}
	b.ReportMetric(float64((shared.CPUTime()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// BenchmarkTrainADS trains the default model on the gt of ads-fall2018.
func BenchmarkTrainADS(b *testing.B) {
	docs := adsDocs(b)
	b.ResetTimer()
	cpu0 := shared.CPUTime()
	for i := 0; i < b.N; i++ {
		if _, err := Train(docs, DefaultOptions(), rand.New(rand.NewPCG(1, 1))); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((shared.CPUTime()-cpu0).Seconds()/float64(b.N), "cpu-s/op")
}

// BenchmarkInferADSOCR folds in the Tesseract output of the first
// ads-fall2018 document (garbage tokens are unknown words) under a model
// trained on the gt, 50 sweeps.
func BenchmarkInferADSOCR(b *testing.B) {
	dir := shared.Corpus(b, "ads-fall2018")
	docs := adsDocs(b)
	opt := DefaultOptions()
	opt.Iters, opt.BurnIn = 50, 25
	m, err := Train(docs, opt, rand.New(rand.NewPCG(1, 1)))
	if err != nil {
		b.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "ocr", "*.txt"))
	sort.Strings(names)
	src, err := os.ReadFile(names[0])
	if err != nil {
		b.Fatal(err)
	}
	doc := strings.Fields(string(src))
	rng := rand.New(rand.NewPCG(2, 2))
	b.ResetTimer()
	cpu0 := shared.CPUTime()
	for i := 0; i < b.N; i++ {
		m.Infer(doc, 50, rng)
	}
	b.ReportMetric(float64((shared.CPUTime()-cpu0).Nanoseconds())/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(len(doc)), "words")
}
