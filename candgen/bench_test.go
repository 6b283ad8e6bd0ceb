package candgen

import (
	"bytes"
	"sync"
	"testing"
	"time"

	"ocrfix/data"
	"ocrfix/data/wordlist"
	"ocrfix/internal/shared"
)

// benchData is a corpus split 80/20 (every fifth document held out) with a
// model learned on the 80 (and the built-in word list), built
// once per corpus.
type benchData struct {
	conf *Confusion
	lex  *Lexicon
	test [][]string
	n    int
}

var (
	benchMu    sync.Mutex
	benchCache = map[string]*benchData{}
)

// loadADS returns the bench data of ads-fall2018 (skips without ../shared).
func loadADS(b *testing.B) *benchData {
	dir := shared.Corpus(b, "ads-fall2018")
	return loadBench(b, "ads", func() (*data.Corpus, error) {
		c, _, err := data.LoadDir(dir, data.LoadOptions{})
		return c, err
	})
}

// loadEmbedded returns the bench data of the embedded corpus.
func loadEmbedded(b *testing.B) *benchData {
	return loadBench(b, "embedded", data.Embedded)
}

func loadBench(b *testing.B, name string, load func() (*data.Corpus, error)) *benchData {
	benchMu.Lock()
	defer benchMu.Unlock()
	if bd, ok := benchCache[name]; ok {
		return bd
	}
	c, err := load()
	if err != nil {
		b.Fatal(err)
	}
	var pairs []TrainPair
	lex := NewLexicon()
	if words, err := wordlist.Bytes(); err == nil {
		lex.ReadWordList(bytes.NewReader(words), wordlist.Name)
	}
	bd := &benchData{}
	for i, d := range c.Docs {
		if i%5 == 4 {
			w := d.OCR.Words()
			bd.test = append(bd.test, w)
			bd.n += len(w)
			continue
		}
		p := TrainPair{GT: d.GT.Words(), OCR: d.OCR.Words()}
		pairs = append(pairs, p)
		lex.AddText(p.GT)
	}
	bd.conf = LearnConfusion(pairs, ConfusionOptions{})
	bd.lex = lex
	benchCache[name] = bd
	return bd
}

// BenchmarkGenerate streams the 20 held-out ads-fall2018 documents through
// a fresh generator (cold cache: each distinct token is searched once, as
// when correcting a new corpus) and reports tokens per second. ads-fall2018
// is very noisy (39% of its tokens are wrong, so most distinct tokens are
// unknown words, the costly kind): the worst case.
func BenchmarkGenerate(b *testing.B) { benchGenerate(b, loadADS(b)) }

// BenchmarkGenerateEmbedded is BenchmarkGenerate on the embedded corpus
// (Tesseract on rendered novels, 9% of tokens wrong), 12 held-out
// documents, with a lexicon of about the same size (training truth and
// the word list).
func BenchmarkGenerateEmbedded(b *testing.B) { benchGenerate(b, loadEmbedded(b)) }

func benchGenerate(b *testing.B, bd *benchData) {
	g := NewGenerator(bd.conf, bd.lex, Options{})
	b.ResetTimer()
	c0 := shared.CPUTime()
	for i := 0; i < b.N; i++ {
		clear(g.cache)
		clear(g.ccache)
		for _, d := range bd.test {
			g.Generate(d, nil)
		}
	}
	reportRate(b, bd.n*b.N, shared.CPUTime()-c0)
	b.ReportMetric(float64(g.IndexBytes())/(1<<20), "index-MiB")
	b.ReportMetric(float64(bd.lex.Len()), "words")
}

// reportRate reports tokens per wall second and, where the platform tells,
// per CPU second of the process (the honest figure on a shared machine; GC
// work on other threads included).
func reportRate(b *testing.B, tokens int, cpu time.Duration) {
	b.ReportMetric(float64(tokens)/b.Elapsed().Seconds(), "tokens/s")
	if cpu > 0 {
		b.ReportMetric(float64(tokens)/cpu.Seconds(), "tokens/cpu-s")
	}
}

// BenchmarkGenerateWarm is the same stream once every distinct token is
// cached: the cost of merges, engines, pruning and copying.
func BenchmarkGenerateWarm(b *testing.B) {
	bd := loadADS(b)
	g := NewGenerator(bd.conf, bd.lex, Options{})
	for _, d := range bd.test {
		g.Generate(d, nil)
	}
	b.ResetTimer()
	c0 := shared.CPUTime()
	for i := 0; i < b.N; i++ {
		for _, d := range bd.test {
			g.Generate(d, nil)
		}
	}
	reportRate(b, bd.n*b.N, shared.CPUTime()-c0)
}

// BenchmarkIndex builds the deletion index over the ads-fall2018 lexicon
// (training truth and word list) and reports its memory.
func BenchmarkIndex(b *testing.B) {
	bd := loadADS(b)
	var g *Generator
	for i := 0; i < b.N; i++ {
		g = NewGenerator(bd.conf, bd.lex, Options{})
	}
	b.ReportMetric(float64(g.IndexBytes())/(1<<20), "index-MiB")
	b.ReportMetric(float64(len(g.ix.lo)), "entries")
	b.ReportMetric(float64(bd.lex.Len()), "words")
}

// BenchmarkLogProb scores one OCR token against one candidate.
func BenchmarkLogProb(b *testing.B) {
	c := LearnConfusion(tinyPairs(), ConfusionOptions{})
	for i := 0; i < b.N; i++ {
		c.LogProb("Admlnlstratlon", "Administration")
	}
}

func BenchmarkGarbage(b *testing.B) {
	for i := 0; i < b.N; i++ {
		Garbage("Admlnlstratlon's")
	}
}
