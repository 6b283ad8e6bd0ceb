package profile

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// collectionDocs returns about 1M words in 2,000-word documents: the
// public-domain books of ../shared/texts/gutenberg when present, else
// Zipf-distributed synthetic words (with OCR-like noise) of a 200k-form
// vocabulary.
func collectionDocs(b *testing.B) [][]string {
	const want, per = 1_000_000, 2000
	var words []string
	files, _ := filepath.Glob("../../shared/texts/gutenberg/*.txt")
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		words = append(words, strings.Fields(string(src))...)
		if len(words) >= want {
			break
		}
	}
	if len(words) < want {
		b.Logf("../shared/texts absent: synthetic words")
		rng := rand.New(rand.NewPCG(1, 2))
		z := rand.NewZipf(rng, 1.1, 1, 200_000)
		words = words[:0]
		for len(words) < want {
			w := "w" + string(rune('a'+z.Uint64()%26)) + strings.Repeat("x", int(z.Uint64()%7))
			words = append(words, w+string(rune('a'+rng.IntN(26))))
		}
	}
	words = words[:want]
	var docs [][]string
	for i := 0; i < len(words); i += per {
		docs = append(docs, words[i:min(i+per, len(words))])
	}
	return docs
}

// BenchmarkProfile1M builds the profile of a 1M-word collection and
// reports the memory its build allocates, an upper bound of what it holds
// (target: under 200 MB).
func BenchmarkProfile1M(b *testing.B) {
	docs := collectionDocs(b)
	b.ResetTimer()
	for b.Loop() {
		Of(docs, Options{})
	}
	var p *Profile
	b.StopTimer()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	p = Of(docs, Options{})
	runtime.ReadMemStats(&after)
	words, exact := p.Forms()
	// Everything the build allocated, kept or not: an upper bound of what
	// the profile holds.
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/(1<<20), "MiB-allocated")
	b.ReportMetric(float64(words+exact), "forms")
	b.ReportMetric(float64(p.Pairs()), "pairs")
	b.ReportMetric(float64(p.Tokens())/(b.Elapsed().Seconds()/float64(b.N)), "words/s")
	runtime.KeepAlive(p)
}
