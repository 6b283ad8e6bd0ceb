package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime/pprof"
	"time"

	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/experiment"
	"ocrfix/model"
)

func init() {
	register(command{name: "bench", summary: "k-fold benchmark: train, correct held-out documents, compare with raw OCR and the oracle", run: runBench})
}

func runBench(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("bench", "bench [-corpus DIR] [-folds 5] [-seed 1] [-json] [-report DIR] [-peers]\n       bench -train DIR [-train DIR...] -test DIR [-test DIR...]\n       bench -transfer [-collection DIR...]", stderr)
	corpus := fs.String("corpus", "", "corpus directory with gt/ and ocr/, or a HIPE-OCRepair JSONL file (default: the embedded corpus)")
	var trainDirs, collDirs, testDirs stringList
	fs.Var(&trainDirs, "train", "transfer: train on this collection (repeatable; \"embedded\" is the embedded corpus), correct each -test with no labels from it")
	fs.Var(&testDirs, "test", "transfer: a collection to correct and score, its truth used only to score (repeatable: one model corrects each)")
	transfer := fs.Bool("transfer", false, "leave-one-collection-out over the -collection directories: each corrected by a model trained on the others")
	fs.Var(&collDirs, "collection", "a collection for -transfer (repeatable; default: the embedded corpus, data/collections/* and ../shared/data/* where present)")
	folds := fs.Int("folds", 5, "number of folds (whole documents)")
	seed := fs.Uint64("seed", 1, "seed of the fold split and of every random choice")
	asJSON := fs.Bool("json", false, "print the figures as JSON on stdout")
	report := fs.String("report", "", "write DIR/index.html (with a page per document), DIR/documents.csv, and the eval reports of the raw and the corrected text in DIR/raw and DIR/corrected")
	peers := fs.Bool("peers", false, "also correct with Hunspell's first suggestion (needs hunspell, hunspell-en-us)")
	dict := fs.String("dict", "en_US", "Hunspell dictionary for -peers")
	noLDA := fs.Bool("no-lda", false, "train no topic model")
	noVec := fs.Bool("no-vectors", false, "train no word vectors")
	noEng := fs.Bool("no-english", false, "leave out the English language model: its features, its words in the lexicon and decisions in context (to measure what it adds; the profile gate's word-shape tests stay)")
	noHabits := fs.Bool("no-habits", false, "correct with the model as trained, not adapted to the habits of the corrected collection's OCR (to measure what adapting adds)")
	lexicons := addWordListFlags(fs, "")
	allow := fs.Bool("allow-unpaired", false, "use the documents present on both sides when stems differ (and the records of a JSONL corpus that have a truth)")
	lang := fs.String("lang", defaultLang, langUsage)
	withBuiltin := fs.Bool("builtin", false, "also correct each fold with the built-in model, trained on other collections with no labels from the corpus, as a row beside: whether training on the corpus's labels does better (meaningless on the embedded corpus and data/collections/*, the built-in model's own training)")
	maxDocs := fs.Int("max-docs", 0, "use only the first N documents (0: all)")
	noConfCompare := fs.Bool("no-confidence-compare", false, "on a corpus with word confidences, do not also fit and report a ranker without the confidence features")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile to FILE (for developers)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %v", fs.Args())
	}
	if *folds < 2 {
		return usagef("-folds must be at least 2")
	}
	if *maxDocs < 0 {
		return usagef("-max-docs must be 0 (all) or more")
	}
	start := time.Now()
	if (len(trainDirs) > 0) != (len(testDirs) > 0) {
		return usagef("-train and -test go together")
	}
	if *transfer && len(testDirs) > 0 {
		return usagef("-transfer (leave-one-collection-out over -collection) and -train/-test are two benchmarks: choose one")
	}
	if !*transfer && len(collDirs) > 0 {
		return usagef("-collection is for -transfer")
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if (*transfer || len(testDirs) > 0) && set["folds"] {
		return usagef("-folds is for the k-fold bench: -transfer and -train/-test train on whole collections")
	}
	for _, t := range testDirs {
		for _, tr := range trainDirs {
			if sameFile(t, tr) || t == tr {
				return usagef("-test %s is also -train %s: its labels would train the model that corrects it", t, tr)
			}
		}
	}
	for j, tr := range trainDirs {
		for _, tr2 := range trainDirs[j+1:] {
			if sameFile(tr, tr2) || tr == tr2 {
				return usagef("-train %s is named twice", tr)
			}
		}
	}
	if *transfer || len(testDirs) > 0 {
		if *corpus != "" || *peers || *maxDocs > 0 || *withBuiltin || *report != "" {
			return usagef("-corpus, -peers, -builtin, -max-docs and -report are for the k-fold bench, not with -transfer or -train/-test")
		}
		return runTransfer(transferArgs{train: trainDirs, test: testDirs, colls: collDirs, seed: *seed, noLDA: *noLDA, noVec: *noVec, noEng: *noEng, noHabits: *noHabits,
			lexicons: lexicons, lang: *lang, allow: *allow, json: *asJSON, start: start}, stdout, stderr)
	}
	if err := checkReportDir(*report, corpusDirs(*corpus)...); err != nil {
		return err
	}
	if *report != "" {
		if err := data.CheckWritable(*report); err != nil {
			return fmt.Errorf("-report %w", err) // before minutes of training, not after
		}
	}
	c, err := loadCorpus(*corpus, *lang, *allow, stderr)
	if err != nil {
		return err
	}
	if *maxDocs > 0 && *maxDocs < len(c.Docs) {
		idx := make([]int, *maxDocs)
		for i := range idx {
			idx[i] = i
		}
		c = c.Subset(idx)
	}
	if *folds > len(c.Docs) {
		fmt.Fprintf(stderr, "warning: -folds %d with %s: %d folds of one document each\n", *folds, plural(len(c.Docs), "document"), len(c.Docs))
	}
	opt, lexFiles, err := trainOptions(*seed, *noLDA, *noVec, *noEng, lexicons)
	if err != nil {
		return err
	}
	opt.NoHabits = *noHabits
	pb := newProgress(stderr)
	opt.Progress = pb.update
	opt.AlsoWithoutConfidence = !*noConfCompare
	evalOpt := eval.Options{}
	cv, err := experiment.CrossValidate(c, *folds, opt, evalOpt)
	pb.done()
	if err != nil {
		return err
	}
	rep := experiment.NewReport(c.Name, cv, *seed, lexFiles, evalOpt)
	if *withBuiltin {
		m, desc, err := loadModel("", io.Discard)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "-builtin: correcting the same folds with %s\n", desc)
		b := cv.Baseline(m, c, opt, evalOpt)
		rep.Baseline, rep.BaselineName = &b, "built-in model, no labels"
	}
	if *peers {
		if err := addHunspell(rep, cv, *dict, evalOpt, stderr); err != nil {
			return err
		}
	}
	rep.Seconds = time.Since(start).Seconds()
	if *report != "" {
		prov := provenance(fmt.Sprintf("trained on the other folds of the corpus, seed %d", *seed), lexFiles)
		if err := rep.WriteDir(*report, cv, prov, evalOpt); err != nil {
			return err
		}
	}
	if *asJSON {
		return rep.WriteJSON(stdout)
	}
	return rep.WriteTable(stdout)
}

// trainOptions returns the default training options with the seed, the
// -no-lda, -no-vectors and -no-english (no English features, English
// words in the lexicon nor decisions in context) switches and the word lists of the
// bench flags, and the names of the word lists.
func trainOptions(seed uint64, noLDA, noVec, noEng bool, lexicons *wordLists) (model.Options, []string, error) {
	opt := model.DefaultOptions()
	opt.Seed = seed
	opt.NoLDA, opt.NoVectors = noLDA, noVec
	if noEng {
		opt.Features.NoEnglish = true
		opt.EnglishMinCount = -1
		opt.NoContext = true
	}
	lexFiles, err := addLexicons(&opt, lexicons)
	return opt, lexFiles, err
}

// addHunspell corrects the raw OCR of cv's documents with Hunspell's first
// suggestion and adds its figures to rep, or notes why it could not run.
func addHunspell(rep *experiment.Report, cv *experiment.CVResult, dict string, evalOpt eval.Options, stderr io.Writer) error {
	if err := hunspellAvailable(dict); err != nil {
		rep.HunspellError = err.Error()
		fmt.Fprintln(stderr, "warning: -peers:", err)
		return nil
	}
	docs := make([][]string, len(cv.Docs))
	for i, o := range cv.Docs {
		docs[i] = o.Raw
	}
	hp, err := newHunspellPeer(dict, docs)
	if err != nil {
		return err
	}
	rep.SetHunspell(experiment.FiguresOf(cv.Docs, func(o experiment.DocOutcome) []string { return hp.correct(o.Raw) }, evalOpt))
	return nil
}
