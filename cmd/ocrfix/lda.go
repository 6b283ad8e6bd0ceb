package main

import (
	"bufio"
	"io"
	"strings"

	"ocrfix/data"
	"ocrfix/experiment"
	"ocrfix/lda"
)

func init() {
	register(command{name: "lda", summary: "train a topic model on gt and print its topics",
		run: runLDA})
}

// runLDA trains an LDA model on the ground truth of a corpus minus a
// seeded 10% of its documents (experiment.Topics), prints the top words of
// each topic and the held-out perplexity, and writes the model with -o.
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
	if *burn < -1 || !(*alpha > 0) || !(*beta > 0) || *parts < 1 {
		return usagef("-burnin %d must be -1 (none), 0 (iters/2) or more, -alpha %v and -beta %v positive, -partitions %d at least 1", *burn, *alpha, *beta, *parts)
	}
	if err := checkOutFlags([]string{*corpusDir}, nil, outFlag{"-o", *out}, outFlag{"-dump-docs", *dumpDocs}, outFlag{"-dump-phi", *dumpPhi}); err != nil {
		return err
	}
	opt := def
	opt.K, opt.Iters, opt.BurnIn, opt.Alpha, opt.Beta = *k, *iters, *burn, *alpha, *beta
	opt.MinCount, opt.Partitions = *minCount, *parts
	// Check the options before any work, as a usage error.
	if err := opt.Validate(); err != nil {
		return usagef("%v", strings.TrimPrefix(err.Error(), "lda: "))
	}

	corpus, err := loadCorpus(*corpusDir, defaultLang, false, stderr)
	if err != nil {
		return err
	}
	st, err := experiment.Topics(corpus, opt, *holdout, *seed)
	if err != nil {
		return err
	}
	if err := st.WriteSummary(stdout, *top); err != nil {
		return err
	}
	for _, dump := range []struct {
		path  string
		write func(w io.Writer) error
	}{
		{*out, func(w io.Writer) error { _, err := st.Model.WriteTo(w); return err }},
		{*dumpDocs, st.WriteDocs},
		{*dumpPhi, func(w io.Writer) error { return experiment.WritePhi(w, st.Model) }},
	} {
		if dump.path == "" {
			continue
		}
		if err := data.WriteFileAtomic(dump.path, func(w *bufio.Writer) error { return dump.write(w) }); err != nil {
			return err
		}
	}
	return nil
}
