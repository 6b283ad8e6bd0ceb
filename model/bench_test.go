package model

import (
	"testing"
	"time"

	"ocrfix/data"
	"ocrfix/data/wordlist"
	"ocrfix/internal/shared"
)

// benchOptions are the options of `ocrfix train`: the defaults, with the
// built-in word list (package wordlist).
func benchOptions(b *testing.B) Options {
	opt := DefaultOptions()
	words, err := wordlist.Bytes()
	if err != nil {
		b.Fatal(err)
	}
	opt.Lexicons = []NamedReader{{Name: wordlist.Name, Data: words}}
	return opt
}

// BenchmarkCorrectADS measures correction speed (candidates, features,
// scoring, collection) with a model trained on 30 documents of
// ads-fall2018 (and the default word list), correcting 10 others, on one
// goroutine, with cold caches in every iteration: the words/s it reports
// are per core.
func BenchmarkCorrectADS(b *testing.B) {
	dir := shared.Corpus(b, "ads-fall2018")
	c, _, err := data.LoadDir(dir, data.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	opt := benchOptions(b)
	m, err := Train(c.Docs[:30], opt)
	if err != nil {
		b.Fatal(err)
	}
	test := c.Docs[30:40]
	words := 0
	for _, d := range test {
		words += len(d.OCR.Tokens)
	}
	m.Warm() // build the deletion index outside the timing
	b.ResetTimer()
	var elapsed, cpu time.Duration
	for i := 0; i < b.N; i++ {
		// Cold caches every iteration: a fresh generator (sharing the
		// index) and fresh feature resources, as for new documents.
		b.StopTimer()
		proto := m.gens.proto
		m.gens = m.genPool(m.Conf)
		m.gens.proto = proto
		m.resources = m.newResources()
		b.StartTimer()
		start, c0 := time.Now(), shared.CPUTime()
		for _, d := range test {
			m.Correct(d.OCR, d.Alt, nil)
		}
		elapsed += time.Since(start)
		cpu += shared.CPUTime() - c0
	}
	b.ReportMetric(float64(words*b.N)/elapsed.Seconds(), "words/s")
	if cpu > 0 {
		// all threads of the process (GC included): the honest figure on
		// a shared machine
		b.ReportMetric(float64(words*b.N)/cpu.Seconds(), "words/cpu-s")
	}
	b.ReportMetric(float64(len(opt.Lexicons)), "dict")
}

// BenchmarkTrainADS measures training on 80 documents of ads-fall2018
// (a fold of a 5-fold benchmark) with the options of `ocrfix train`.
func BenchmarkTrainADS(b *testing.B) {
	dir := shared.Corpus(b, "ads-fall2018")
	c, _, err := data.LoadDir(dir, data.LoadOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if _, err := Train(c.Docs[:80], benchOptions(b)); err != nil {
			b.Fatal(err)
		}
	}
}
