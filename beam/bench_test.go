package ocrbeam

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"ocrfix/data"
	"ocrfix/model"
	"ocrfix/profile"
)

// benchDocs is the number of embedded-corpus documents the benchmarks
// correct (some 2,700 words each).
const benchDocs = 24

// benchCorpus writes benchDocs OCR files and returns their pattern and
// word count.
func benchCorpus(b *testing.B) (pattern string, words int) {
	c, err := data.Embedded()
	if err != nil {
		b.Skip(err)
	}
	dir := b.TempDir()
	for _, d := range c.Docs[:min(benchDocs, len(c.Docs))] {
		write(b, filepath.Join(dir, d.Stem+".txt"), d.OCR.Source)
		words += len(d.OCR.Tokens)
	}
	return filepath.Join(dir, "*.txt"), words
}

// BenchmarkCorrectPrism measures ocrfix-beam correct on prism, in this
// process, with 1, 2 and all cores (GOMAXPROCS): the whole pipeline (match,
// read, profile Combine, correct, write, dead letters) over benchDocs
// documents, with the small model of the tests. words/s is OCR words
// corrected per second of wall time.
func BenchmarkCorrectPrism(b *testing.B) {
	_, mod := setup(b)
	pattern, words := benchCorpus(b)
	cores := []int{1, 2}
	if n := runtime.NumCPU(); n > 2 {
		cores = append(cores, n)
	}
	for _, n := range cores {
		b.Run(fmt.Sprintf("cores=%d", n), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(n))
			out := b.TempDir()
			o := CorrectOptions{Input: pattern, Output: out, Model: mod}
			// A first run loads the model and fills its caches.
			run(b, func(s beam.Scope) { CorrectPipeline(s, o) })
			for b.Loop() {
				run(b, func(s beam.Scope) { CorrectPipeline(s, o) })
			}
			b.ReportMetric(float64(words)*float64(b.N)/b.Elapsed().Seconds(), "words/s")
		})
	}
}

// BenchmarkCorrectDirect is the same work without Beam, as ocrfix correct
// does it (one core): read, profile, correct, write. The ratio to
// BenchmarkCorrectPrism/cores=1 is the pipeline's overhead.
func BenchmarkCorrectDirect(b *testing.B) {
	_, mod := setup(b)
	pattern, words := benchCorpus(b)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	f, err := os.Open(mod)
	if err != nil {
		b.Fatal(err)
	}
	m, err := model.Read(bufio.NewReader(f), mod)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	paths, err := filepath.Glob(pattern)
	if err != nil {
		b.Fatal(err)
	}
	out := b.TempDir()
	correctDirect(b, m, paths, out) // fills the model's caches, as in BenchmarkCorrectPrism
	for b.Loop() {
		correctDirect(b, m, paths, out)
	}
	b.ReportMetric(float64(words)*float64(b.N)/b.Elapsed().Seconds(), "words/s")
}

// correctDirect does what ocrfix correct does: read, profile, correct,
// write.
func correctDirect(b *testing.B, m *model.Model, paths []string, out string) {
	texts := make([]*data.Text, len(paths))
	prof := profile.New(profile.Options{})
	for i, p := range paths {
		var err error
		if texts[i], err = data.ReadFile(p); err != nil {
			b.Fatal(err)
		}
		prof.Add(texts[i].Words())
	}
	for _, t := range texts {
		c := m.Correct(t, nil, prof)
		var buf bytes.Buffer
		if err := t.Rewrite(&buf, c.Out); err != nil {
			b.Fatal(err)
		}
		write(b, filepath.Join(out, filepath.Base(t.Path)), buf.Bytes())
	}
}
