package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"ocrfix/data"
	"ocrfix/vectors"
)

func init() {
	register(command{name: "vectors", summary: "train word vectors on gt and write them in word2vec binary format",
		run: runVectors})
}

// runVectors trains skip-gram word vectors on the ground truth of a
// corpus, writes them atomically in the word2vec binary format, and prints
// the training speed and the nearest neighbours of a few frequent words.
func runVectors(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("vectors", "vectors [-corpus DIR] [-dim 100] [-epochs 5] [-seed 1] -o FILE", stderr)
	def := vectors.DefaultOptions()
	corpusDir := fs.String("corpus", "", "corpus directory (gt/, ocr/); default: the embedded corpus")
	dim := fs.Int("dim", def.Dim, "vector size")
	epochs := fs.Int("epochs", def.Epochs, "passes over the corpus")
	window := fs.Int("window", def.Window, "largest context distance")
	negative := fs.Int("negative", def.Negative, "negative samples per pair")
	minCount := fs.Int("min-count", def.MinCount, "drop words seen fewer times")
	alpha := fs.Float64("alpha", def.Alpha, "starting learning rate (linear decay)")
	sample := fs.Float64("sample", def.Subsample, "subsampling threshold for frequent words (negative: off)")
	lower := fs.Bool("lower", def.Lower, "lowercase the tokens")
	inputOnly := fs.Bool("input-only", false, "write the input vectors alone (default: input+output sum, better for context fit)")
	seed := fs.Uint64("seed", 1, "random seed")
	out := fs.String("o", "", "write the vectors to FILE (word2vec binary format, atomically)")
	show := fs.String("words", "", "comma-separated words whose neighbours to print (default: 4 frequent words of 5+ letters)")
	n := fs.Int("n", 8, "neighbours printed per word")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *out == "" {
		return usagef("-o FILE is required")
	}
	if *n < 0 {
		return usagef("-n %d must not be negative", *n)
	}
	opt := vectors.Options{Dim: *dim, Window: *window, Negative: *negative, MinCount: *minCount,
		Epochs: *epochs, Alpha: *alpha, Subsample: *sample, Lower: *lower, InputOnly: *inputOnly}
	for name, x := range map[string]int{"-dim": *dim, "-epochs": *epochs, "-window": *window, "-negative": *negative, "-min-count": *minCount} {
		if x <= 0 {
			return usagef("%s %d must be positive", name, x)
		}
	}
	if !(*alpha > 0) {
		return usagef("-alpha %v must be positive", *alpha)
	}
	if err := checkOutFlags([]string{*corpusDir}, nil, outFlag{"-o", *out}); err != nil {
		return err
	}

	c, err := loadCorpus(*corpusDir, defaultLang, false, stderr)
	if err != nil {
		return err
	}
	var docs [][]string
	tokens := 0
	for _, d := range c.Docs {
		if d.GT == nil {
			continue
		}
		w := d.GT.Words()
		docs = append(docs, w)
		tokens += len(w)
	}
	fmt.Fprintf(stdout, "corpus %s: %d gt documents, %d tokens\n", c.Name, len(docs), tokens)

	start := time.Now()
	v, err := vectors.Train(docs, opt, rand.New(rand.NewPCG(*seed, 0x766563)))
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	var kept int64
	for _, x := range v.Counts {
		kept += x
	}
	fmt.Fprintf(stdout, "trained %d words x %d dims on %d tokens x %d epochs in %.2fs: %.0f words/s\n",
		v.Len(), v.Dim, kept, *epochs, elapsed.Seconds(), float64(kept)*float64(*epochs)/elapsed.Seconds())

	if err := data.WriteFileAtomic(*out, func(w *bufio.Writer) error { return v.WriteBinary(w) }); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s\n", *out)

	var words []string
	if *show != "" {
		words = strings.Split(*show, ",")
	} else {
		words = frequentContentWords(v, 4)
	}
	for _, w := range words {
		nb := v.Nearest(w, *n)
		if nb == nil {
			fmt.Fprintf(stdout, "%s: not in the vocabulary\n", w)
			continue
		}
		parts := make([]string, len(nb))
		for i, x := range nb {
			parts[i] = fmt.Sprintf("%s %.2f", x.Word, x.Cos)
		}
		fmt.Fprintf(stdout, "%s: %s\n", w, strings.Join(parts, ", "))
	}
	return nil
}

// frequentContentWords returns up to k of the most frequent words of v
// that are made of 5 or more letters (a crude stand-in for "not a
// function word").
func frequentContentWords(v *vectors.Vectors, k int) []string {
	var out []string
	for _, w := range v.Words {
		if len(out) == k {
			break
		}
		if utf8.RuneCountInString(w) < 5 {
			continue
		}
		letters := true
		for _, r := range w {
			if !unicode.IsLetter(r) {
				letters = false
				break
			}
		}
		if letters {
			out = append(out, w)
		}
	}
	return out
}
