package lda

import (
	"cmp"
	_ "embed"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Options configures Train. The zero value of each numeric field means its
// default (see DefaultOptions); the booleans mean what they say, so start
// from DefaultOptions and change what you need.
type Options struct {
	// K is the number of topics (default 30).
	K int
	// Alpha is the symmetric Dirichlet prior on each document's topic
	// mix (default 0.1; see the package doc for why not 50/K).
	Alpha float64
	// Beta is the symmetric Dirichlet prior on each topic's word
	// distribution (default 0.01).
	Beta float64
	// Iters is the number of Gibbs sweeps over the corpus (default 200).
	Iters int
	// BurnIn is the number of sweeps whose states are thrown away; the
	// topic-word counts of every later sweep are averaged into the model
	// (0 means Iters/2, a negative value none; it must be below Iters).
	BurnIn int
	// Lower folds words to lower case.
	Lower bool
	// MinCount drops words seen fewer times in the training documents
	// (default 2).
	MinCount int
	// StopWords drops the English function words of the shipped list
	// (StopWordList), whatever their case.
	StopWords bool
	// Partitions splits the documents into this many fixed, contiguous
	// parts sampled in parallel within a sweep, their count changes merged
	// after each sweep (approximate distributed LDA). The result depends
	// on Partitions but never on scheduling or GOMAXPROCS. 0 means 1.
	Partitions int
}

// DefaultOptions returns the defaults: K=30, Alpha=0.1, Beta=0.01,
// Iters=200, BurnIn=100, lower case, MinCount=2, stop words dropped, one
// partition.
func DefaultOptions() Options {
	return Options{K: 30, Alpha: 0.1, Beta: 0.01, Iters: 200, BurnIn: 100,
		Lower: true, MinCount: 2, StopWords: true, Partitions: 1}
}

// Limits on options, so that a model file can be checked on reading.
const (
	maxK          = 1 << 12
	maxIters      = 1 << 20
	maxPartitions = 64
)

// withDefaults fills the zero numeric fields and checks the ranges.
func (o Options) withDefaults() (Options, error) {
	d := DefaultOptions()
	o.K = cmp.Or(o.K, d.K)
	o.Alpha = cmp.Or(o.Alpha, d.Alpha)
	o.Beta = cmp.Or(o.Beta, d.Beta)
	if o.Iters == 0 {
		o.Iters = d.Iters
		if o.BurnIn == 0 {
			o.BurnIn = d.BurnIn
		}
	}
	if o.BurnIn == 0 {
		o.BurnIn = o.Iters / 2
	} else if o.BurnIn < 0 {
		o.BurnIn = 0
	}
	if o.MinCount == 0 {
		o.MinCount = d.MinCount
	}
	if o.Partitions == 0 {
		o.Partitions = 1
	}
	return o, o.check()
}

// Validate reports whether Train would accept o (zero fields taking their
// defaults), with an error naming the field out of range.
func (o Options) Validate() error {
	_, err := o.withDefaults()
	return err
}

func (o Options) check() error {
	switch {
	case o.K < 1 || o.K > maxK:
		return fmt.Errorf("lda: K %d out of range [1, %d]", o.K, maxK)
	case !(o.Alpha > 0) || math.IsInf(o.Alpha, 0):
		return fmt.Errorf("lda: Alpha %v must be positive and finite", o.Alpha)
	case !(o.Beta > 0) || math.IsInf(o.Beta, 0):
		return fmt.Errorf("lda: Beta %v must be positive and finite", o.Beta)
	case o.Iters < 1 || o.Iters > maxIters:
		return fmt.Errorf("lda: Iters %d out of range [1, %d]", o.Iters, maxIters)
	case o.BurnIn < 0 || o.BurnIn >= o.Iters:
		return fmt.Errorf("lda: BurnIn %d out of range [0, Iters=%d)", o.BurnIn, o.Iters)
	case o.MinCount < 1:
		return fmt.Errorf("lda: MinCount %d must be at least 1", o.MinCount)
	case o.Partitions < 1 || o.Partitions > maxPartitions:
		return fmt.Errorf("lda: Partitions %d out of range [1, %d]", o.Partitions, maxPartitions)
	}
	return nil
}

//go:embed stopwords.txt
var stopWordsFile string

// stopSet holds the stop words, lower case.
var stopSet = func() map[string]bool {
	m := map[string]bool{}
	for _, l := range strings.Split(stopWordsFile, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		m[l] = true
	}
	return m
}()

// StopWordList returns the shipped English stop words (lower case, in file
// order).
func StopWordList() []string {
	var out []string
	for _, l := range strings.Split(stopWordsFile, "\n") {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

// IsStopWord reports whether w, folded to lower case, is in the shipped
// stop-word list.
func IsStopWord(w string) bool { return stopSet[strings.ToLower(w)] }

// Normalize maps a raw token to the form the vocabulary uses under o, or
// "" when the token is dropped: leading and trailing runes that are neither
// letters nor digits are stripped (quotes, brackets, punctuation, soft
// hyphens), the curly apostrophe U+2019 becomes ', the word is lower-cased
// when o.Lower, and it is dropped when it has no letter (numbers,
// punctuation) or, with o.StopWords, when it is a stop word.
func (o Options) Normalize(w string) string {
	start, end := 0, len(w)
	for start < end {
		r, n := utf8.DecodeRuneInString(w[start:end])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			break
		}
		start += n
	}
	for end > start {
		r, n := utf8.DecodeLastRuneInString(w[start:end])
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			break
		}
		end -= n
	}
	w = w[start:end]
	letter, ascii := false, true
	for _, r := range w {
		if r >= utf8.RuneSelf {
			ascii = false
		}
		if unicode.IsLetter(r) {
			letter = true
		}
	}
	if !letter {
		return ""
	}
	if !ascii {
		w = strings.ReplaceAll(w, "\u2019", "'")
	}
	if o.Lower {
		w = lower(w, ascii)
	}
	if o.StopWords && stopSet[strings.ToLower(w)] {
		return ""
	}
	return w
}

// lower is strings.ToLower with an allocation-free path for ASCII words
// that are already lower case.
func lower(w string, ascii bool) string {
	if ascii {
		for i := 0; i < len(w); i++ {
			if c := w[i]; 'A' <= c && c <= 'Z' {
				return strings.ToLower(w)
			}
		}
		return w
	}
	return strings.ToLower(w)
}
