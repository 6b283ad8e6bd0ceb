package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"ocrfix/data"
	"ocrfix/experiment"
	"ocrfix/model"
)

func init() {
	register(command{name: "train", summary: "train a correction model on a corpus with ground truth", run: runTrain})
}

func runTrain(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("train", "train [-corpus DIR]... -o MODEL [-seed 1] [-lexicon FILE]... [-nodict]", stderr)
	var corpora stringList
	fs.Var(&corpora, "corpus", "corpus directory with gt/ and ocr/, or a HIPE-OCRepair JSONL file (repeatable: each is one collection; \"embedded\" or none: the embedded corpus)")
	out := fs.String("o", "", "where to write the model (required)")
	seed := fs.Uint64("seed", 1, "seed of every random choice")
	noLDA := fs.Bool("no-lda", false, "train no topic model")
	noVec := fs.Bool("no-vectors", false, "train no word vectors")
	unseen := fs.Bool("unseen", false, "the model is for collections other than its training ones: changes the target's profile does not support are never made, and each position is decided alone, not in context (the built-in model is trained so)")
	lexicons := addWordListFlags(fs, "")
	allow := fs.Bool("allow-unpaired", false, "use the documents present on both sides when stems differ (and the records of a JSONL corpus that have a truth)")
	lang := fs.String("lang", defaultLang, langUsage)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o MODEL is required")
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %v", fs.Args())
	}
	if len(corpora) == 0 {
		corpora = stringList{"embedded"}
	}
	if err := checkOutFlags(corpora, nil, outFlag{"-o", *out}); err != nil {
		return err
	}
	var docs []*data.Doc
	for _, dir := range corpora {
		c, err := loadCollection(dir, *lang, *allow, stderr)
		if err != nil {
			return err
		}
		docs = append(docs, c.Docs...)
	}
	if err := distinctCorpora(corpora); err != nil {
		return err
	}
	name := strings.Join(corpora, ", ")
	opt := model.DefaultOptions()
	opt.Seed = *seed
	opt.NoLDA, opt.NoVectors = *noLDA, *noVec
	opt.Unseen = *unseen
	if _, err := addLexicons(&opt, lexicons); err != nil {
		return err
	}
	pb := newProgress(stderr)
	opt.Progress = pb.update
	m, err := model.Train(docs, opt)
	pb.done()
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if err := data.WriteFileAtomic(*out, func(w *bufio.Writer) error { _, err := m.WriteTo(w); return err }); err != nil {
		return err
	}
	st := m.Stats
	fmt.Fprintf(stdout, "trained on %d documents of %s in %.1f s: %d positions, %d labelled, %d left out; ranker fitted on %d rows (%d positive)\n",
		st.Docs, name, st.Seconds, st.Positions, st.Labelled, st.LeftOut, st.Rows, st.Positives)
	fmt.Fprintf(stdout, "do-no-harm margins (log-odds; %s): %s, cross-fitted over %d groups: out-of-fold gt words matched %d -> %d of %d\n",
		experiment.KindList(), experiment.FormatMargins(experiment.KindMargins(m)), st.Groups, st.ValRaw, st.ValMatched, st.ValGT)
	fmt.Fprintf(stdout, "decisions in context, language model weight/band: %s\n", experiment.FormatContext([]experiment.Context{experiment.ContextOf(m)}))
	if lb := st.LineBreaks; lb.Marked+lb.Hyphen > 0 {
		how := "keeps them as read"
		if m.MarksLineBreaks() {
			how = "writes them with " + model.LineBreakMark
		}
		fmt.Fprintf(stdout, "words broken at a line end in the training truth: %d written with %s, %d with a hyphen: correct %s by default\n", lb.Marked, model.LineBreakMark, lb.Hyphen, how)
	}
	if ls := st.LongS; ls.OCR > 0 {
		how := "writes s for it"
		if m.KeepsLongS() {
			how = "keeps it where the OCR reads it"
		}
		fmt.Fprintf(stdout, "the long s: %d in the training OCR, %d in its truth: correct %s\n", ls.OCR, ls.Truth, how)
	}
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
