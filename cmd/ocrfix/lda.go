package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"ocrfix/data"
	"ocrfix/lda"
)

func init() {
	register(command{name: "lda", summary: "train a topic model on gt and print its topics",
		run: runLDA})
}

// runLDA trains an LDA model on the ground truth of a corpus minus a
// seeded 10% of its documents, prints the top words of each topic and the
// held-out perplexity, and writes the model with -o.
func runLDA(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("lda", "lda [-corpus DIR] [-k 30] [-iters N] [-seed 1] [-o FILE]", stderr)
	def := lda.DefaultOptions()
	corpusDir := fs.String("corpus", "", "corpus directory (gt/, ocr/); default: the embedded corpus")
	k := fs.Int("k", def.K, "number of topics")
	iters := fs.Int("iters", def.Iters, "Gibbs sweeps")
	burn := fs.Int("burnin", 0, "sweeps discarded before averaging (0: iters/2, -1: none)")
	alpha := fs.Float64("alpha", def.Alpha, "symmetric document-topic prior")
	beta := fs.Float64("beta", def.Beta, "symmetric topic-word prior")
	minCount := fs.Int("min-count", def.MinCount, "drop words seen fewer times in training")
	parts := fs.Int("partitions", def.Partitions, "fixed document partitions sampled in parallel (part of the model: changes results)")
	seed := fs.Uint64("seed", 1, "random seed (split, sampling, fold-in)")
	holdout := fs.Float64("holdout", 0.1, "fraction of documents held out for perplexity (0 = none)")
	top := fs.Int("top", 10, "top words printed per topic")
	out := fs.String("o", "", "write the model to FILE (atomically)")
	dumpDocs := fs.String("dump-docs", "", "write the vocabulary-filtered documents (split<TAB>stem<TAB>words) to FILE, for bench/lda_peers")
	dumpPhi := fs.String("dump-phi", "", "write the topic-word probabilities (word<TAB>K values) to FILE, for bench/lda_peers")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if !(*holdout >= 0 && *holdout < 1) {
		return usagef("-holdout %v must be in [0, 1)", *holdout)
	}
	if *k < 1 || *iters < 1 {
		return usagef("-k %d and -iters %d must be at least 1", *k, *iters)
	}
	if *top < 0 {
		return usagef("-top %d must not be negative", *top)
	}
	opt := def
	opt.K, opt.Iters, opt.BurnIn, opt.Alpha, opt.Beta = *k, *iters, *burn, *alpha, *beta
	opt.MinCount, opt.Partitions = *minCount, *parts
	// Check the options before any work, as a usage error.
	if err := opt.Validate(); err != nil {
		return usagef("%v", err)
	}

	corpus, err := loadCorpus(*corpusDir, false, stderr)
	if err != nil {
		return err
	}
	var stems []string
	var docs [][]string
	for _, d := range corpus.Docs {
		if d.GT == nil {
			continue
		}
		stems = append(stems, d.Stem)
		docs = append(docs, d.GT.Words())
	}
	if len(docs) == 0 {
		return fmt.Errorf("corpus %s: no ground-truth documents", corpus.Name)
	}

	rng := rand.New(rand.NewPCG(*seed, 0x6c6461)) // "lda"
	held := map[int]bool{}
	if *holdout > 0 && len(docs) > 1 {
		nfold := int(1 / *holdout + 0.5)
		folds := data.Folds(len(docs), max(nfold, 2), rng)
		for _, i := range folds[0] {
			held[i] = true
		}
	}
	var train, test [][]string
	for i, d := range docs {
		if held[i] {
			test = append(test, d)
		} else {
			train = append(train, d)
		}
	}

	t0 := time.Now()
	m, err := lda.Train(train, opt, rng)
	if err != nil {
		return fmt.Errorf("corpus %s: %w", corpus.Name, err)
	}
	elapsed := time.Since(t0)
	ntok := 0
	for _, d := range train {
		for _, w := range d {
			if _, ok := m.WordID(w); ok {
				ntok++
			}
		}
	}
	opt = m.Options()
	fmt.Fprintf(stdout, "corpus %s: %d training documents, %d held out; %d tokens, vocabulary %d\n",
		corpus.Name, len(train), len(test), ntok, len(m.Vocab()))
	fmt.Fprintf(stdout, "K=%d alpha=%g beta=%g iters=%d burn-in=%d partitions=%d seed=%d\n",
		opt.K, opt.Alpha, opt.Beta, opt.Iters, opt.BurnIn, opt.Partitions, *seed)
	fmt.Fprintf(stdout, "trained in %.3fs (%.2f M tokens/s per sweep)\n",
		elapsed.Seconds(), float64(ntok)*float64(opt.Iters)/elapsed.Seconds()/1e6)
	for t := 0; t < m.K(); t++ {
		if *top > 0 {
			fmt.Fprintf(stdout, "topic %2d: %s\n", t, strings.Join(m.TopWords(t, *top), " "))
		}
	}
	if len(test) > 0 {
		t1 := time.Now()
		pp, n := m.Perplexity(test, 100, rng)
		fmt.Fprintf(stdout, "held-out perplexity %.1f (document completion, %d scored tokens, %.3fs)\n",
			pp, n, time.Since(t1).Seconds())
	}
	if *out != "" {
		if err := data.WriteFileAtomic(*out, func(w *bufio.Writer) error {
			_, err := m.WriteTo(w)
			return err
		}); err != nil {
			return err
		}
	}
	if *dumpDocs != "" {
		vocab := m.Vocab()
		if err := data.WriteFileAtomic(*dumpDocs, func(w *bufio.Writer) error {
			for i, d := range docs {
				split := "train"
				if held[i] {
					split = "test"
				}
				w.WriteString(split + "\t" + stems[i] + "\t")
				sep := ""
				for _, word := range d {
					if id, ok := m.WordID(word); ok {
						w.WriteString(sep + vocab[id])
						sep = " "
					}
				}
				w.WriteByte('\n')
			}
			return nil
		}); err != nil {
			return err
		}
	}
	if *dumpPhi != "" {
		if err := data.WriteFileAtomic(*dumpPhi, func(w *bufio.Writer) error {
			var b []byte
			for id, word := range m.Vocab() {
				b = append(b[:0], word...)
				for t := 0; t < m.K(); t++ {
					b = append(b, '\t')
					b = strconv.AppendFloat(b, m.Phi(t, int32(id)), 'g', 9, 64)
				}
				b = append(b, '\n')
				w.Write(b)
			}
			return nil
		}); err != nil {
			return err
		}
	}
	return nil
}
