package main

import (
	"bufio"
	"fmt"
	"io"

	"ocrfix/data"
	"ocrfix/model"
)

func init() {
	register(command{name: "train", summary: "train a correction model on a corpus with ground truth", run: runTrain})
}

func runTrain(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("train", "train [-corpus DIR] -o MODEL [-seed 1] [-lexicon FILE]... [-nodict]", stderr)
	corpus := fs.String("corpus", "", "corpus directory with gt/ and ocr/ (default: the embedded corpus)")
	out := fs.String("o", "", "where to write the model (required)")
	seed := fs.Uint64("seed", 1, "seed of every random choice")
	noLDA := fs.Bool("no-lda", false, "train no topic model")
	noVec := fs.Bool("no-vectors", false, "train no word vectors")
	lexicons := addWordListFlags(fs, "")
	allow := fs.Bool("allow-unpaired", false, "use the documents present on both sides when stems differ")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o MODEL is required")
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %v", fs.Args())
	}
	c, err := loadCorpus(*corpus, *allow, stderr)
	if err != nil {
		return err
	}
	opt := model.DefaultOptions()
	opt.Seed = *seed
	opt.NoLDA, opt.NoVectors = *noLDA, *noVec
	if _, err := addLexicons(&opt, lexicons); err != nil {
		return err
	}
	pb := newProgress(stderr)
	opt.Progress = pb.update
	m, err := model.Train(c.Docs, opt)
	pb.done()
	if err != nil {
		return fmt.Errorf("%s: %w", c.Name, err)
	}
	if err := data.WriteFileAtomic(*out, func(w *bufio.Writer) error { _, err := m.WriteTo(w); return err }); err != nil {
		return err
	}
	st := m.Stats
	fmt.Fprintf(stdout, "trained on %d documents of %s in %.1f s: %d positions, %d labelled, %d left out; ranker fitted on %d rows (%d positive)\n",
		st.Docs, c.Name, st.Seconds, st.Positions, st.Labelled, st.LeftOut, st.Rows, st.Positives)
	fmt.Fprintf(stdout, "do-no-harm margin %s log-odds: out-of-fold gt words matched %d -> %d of %d\n", fmtMargins([]float64{m.Margin}), st.ValRaw, st.ValMatched, st.ValGT)
	fmt.Fprintf(stdout, "model written to %s\n", *out)
	return nil
}

// addLexicons reads the word lists wl names into opt and returns their
// names.
func addLexicons(opt *model.Options, wl *wordLists) ([]string, error) {
	lists, err := wl.load()
	if err != nil {
		return nil, err
	}
	var names []string
	for _, l := range lists {
		opt.Lexicons = append(opt.Lexicons, model.NamedReader{Name: l.name, Data: l.data})
		names = append(names, l.name)
	}
	return names, nil
}
