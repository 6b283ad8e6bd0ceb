package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/model"
)

// kindCounts counts changes by kind (eval.Kind); it is a JSON object
// keyed by the kind's name.
type kindCounts [eval.NumKinds]int

func (k kindCounts) MarshalJSON() ([]byte, error) {
	m := make(map[string]int, len(eval.Kinds))
	for _, kind := range eval.Kinds {
		m[kind.String()] = k[kind]
	}
	return json.Marshal(m)
}

// transferArgs are the flags of bench's transfer modes.
type transferArgs struct {
	train        []string // -train: collections to learn from
	test         string   // -test: the collection to correct
	colls        []string // -collection: leave-one-collection-out over these
	seed         uint64
	noLDA, noVec bool
	noEng        bool
	lexicons     *wordLists
	allow, json  bool
	start        time.Time
}

// transferReport is the JSON of bench -transfer and -train/-test: one
// report per corrected collection.
type transferReport struct {
	Mode        string        `json:"mode"`
	Seed        uint64        `json:"seed"`
	Options     string        `json:"eval_options"`
	WordLists   []string      `json:"word_lists"`
	Collections []benchReport `json:"collections"`
	All         benchReport   `json:"all"`
	Seconds     float64       `json:"seconds"`
}

// defaultCollections lists the collections -transfer uses without
// -collection: the embedded corpus, then every corpus directory under
// data/collections and ../shared/data (relative to the working
// directory), where present.
func defaultCollections() []string {
	out := []string{"embedded"}
	for _, root := range []string{"data/collections", "../shared/data"} {
		ents, err := os.ReadDir(root)
		if err != nil {
			continue
		}
		for _, e := range ents {
			dir := filepath.Join(root, e.Name())
			if _, err := os.Stat(filepath.Join(dir, "gt")); e.IsDir() && err == nil {
				out = append(out, dir)
			}
		}
	}
	return out
}

// loadCollection loads a collection directory, or the embedded corpus
// for "embedded".
func loadCollection(dir string, allow bool, stderr io.Writer) (*data.Corpus, error) {
	if dir == "embedded" {
		dir = ""
	}
	return loadCorpus(dir, allow, stderr)
}

func runTransfer(a transferArgs, stdout, stderr io.Writer) error {
	opt := model.DefaultOptions()
	opt.Seed = a.seed
	opt.NoLDA, opt.NoVectors = a.noLDA, a.noVec
	opt.Features.NoEnglish = a.noEng
	lexFiles, err := addLexicons(&opt, a.lexicons)
	if err != nil {
		return err
	}
	evalOpt := eval.Options{}
	pb := newProgress(stderr)
	opt.Progress = pb.update
	rep := transferReport{Seed: a.seed, Options: evalOpt.String(), WordLists: lexFiles}
	var cv *model.CVResult
	var names []string
	if a.test != "" {
		var train []*data.Corpus
		for _, dir := range a.train {
			c, err := loadCollection(dir, a.allow, stderr)
			if err != nil {
				return err
			}
			train = append(train, c)
		}
		test, err := loadCollection(a.test, a.allow, stderr)
		if err != nil {
			return err
		}
		rep.Mode = "train on " + strings.Join(a.train, ", ") + "; correct " + a.test + " with no labels from it"
		names = []string{a.test}
		cv, err = model.Transfer(train, test, opt, evalOpt)
		if err != nil {
			pb.done()
			return err
		}
	} else {
		dirs := a.colls
		if len(dirs) == 0 {
			dirs = defaultCollections()
		}
		var colls []*data.Corpus
		for _, dir := range dirs {
			c, err := loadCollection(dir, a.allow, stderr)
			if err != nil {
				return err
			}
			colls = append(colls, c)
		}
		rep.Mode = "leave one collection out: each corrected by a model trained on the others, with no labels from it"
		names = dirs
		if cv, err = model.LeaveOneOut(colls, opt, evalOpt); err != nil {
			pb.done()
			return err
		}
	}
	pb.done()
	for f, name := range names {
		var docs []model.DocOutcome
		for _, o := range cv.Docs {
			if o.Fold == f {
				docs = append(docs, o)
			}
		}
		r := benchReport{Corpus: name, Docs: len(docs), Folds: 1, Seed: a.seed, Options: evalOpt.String(), WordLists: lexFiles}
		r.add(docs, evalOpt)
		if f < len(cv.Models) {
			m := cv.Models[f]
			r.Margins = kindMargins(m)
			r.Labelled, r.LeftOut = m.Stats.Labelled, m.Stats.LeftOut
		}
		rep.Collections = append(rep.Collections, r)
	}
	rep.All = benchReport{Corpus: "all", Docs: len(cv.Docs), Folds: len(names), Seed: a.seed, Options: evalOpt.String(), WordLists: lexFiles}
	rep.All.add(cv.Docs, evalOpt)
	rep.All.TrainSeconds, rep.All.CorrectSeconds, rep.All.OracleSeconds = cv.TrainSeconds, cv.CorrectSeconds, cv.OracleSeconds
	rep.All.CorrectWordsPerSecond = float64(rep.All.Positions) / cv.CorrectSeconds
	rep.Seconds = time.Since(a.start).Seconds()
	if a.json {
		cs := make([]any, len(rep.Collections))
		for i, c := range rep.Collections {
			cs[i] = c.jsonForm()
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(map[string]any{"mode": rep.Mode, "seed": rep.Seed, "eval_options": rep.Options, "word_lists": rep.WordLists,
			"collections": cs, "all": rep.All.jsonForm(), "seconds": jnum(rep.Seconds)})
	}
	return writeTransferTable(stdout, &rep)
}

func writeTransferTable(w io.Writer, r *transferReport) error {
	fmt.Fprintf(w, "ocrfix bench: %s, seed %d\n", r.Mode, r.Seed)
	lex := "the training truth"
	if len(r.WordLists) > 0 {
		lex += " and " + strings.Join(r.WordLists, ", ")
	}
	fmt.Fprintf(w, "lexicon: %s\n", lex)
	fmt.Fprintf(w, "word recall by the order-preserving alignment (%s); cMER: the HIPE-OCRepair character match error rate (micro)\n\n", r.Options)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "corrected collection\tdocs\tgt words\traw\tcorrected\terror reduction\tbroken\tbroken rate\toracle\tchanged\tcMER raw\tcMER corrected\tcMER reduction\t")
	rows := append(slices.Clone(r.Collections), r.All)
	for _, c := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%d\t%s\t%s\t%d\t%s\t%s\t%s\t\n", filepath.Base(c.Corpus), c.Docs, c.GTWords, frac4(c.RawRecall), frac4(c.CorrectedRecall),
			pct1(c.ErrorReduction), c.Broken, pct2(c.BrokenRate), frac4(c.OracleRecall), c.Changed, frac4(c.RawCMER), frac4(c.CorrectedCMER), pct1(c.CMERReduction))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nchanges by kind: made / helped / hurt (a change helps when the truth matches the corrected words and not the OCR's)\n")
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	head := "corrected collection\t"
	for _, k := range eval.Kinds {
		head += k.String() + "\t"
	}
	fmt.Fprintln(tw, head)
	for _, c := range rows {
		line := filepath.Base(c.Corpus) + "\t"
		for _, k := range eval.Kinds {
			line += fmt.Sprintf("%d / %d / %d\t", c.Made[k], c.Helped[k], c.Hurt[k])
		}
		fmt.Fprintln(tw, line)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nmargins per kind of change (log-odds; %s):\n", kindList())
	for _, c := range r.Collections {
		fmt.Fprintf(w, "  %s: %s\n", filepath.Base(c.Corpus), fmtMargins(c.Margins))
	}
	a := r.All
	fmt.Fprintf(w, "time: train %.1f s, correct %.1f s = %.0f words/s, oracle %.1f s, total %.1f s\n", a.TrainSeconds, a.CorrectSeconds, a.CorrectWordsPerSecond, a.OracleSeconds, r.Seconds)
	return nil
}

// kindList names the kinds of change in report order, then says that the
// same kinds follow for changes the collection's profile does not support.
func kindList() string {
	var s []string
	for _, k := range eval.Kinds {
		s = append(s, k.String())
	}
	return strings.Join(s, ", ") + "; then the same where the collection's profile does not support the change"
}

// kindMargins returns a model's margins in the order of eval.Kinds, for
// the changes the profile supports, then for those it does not.
func kindMargins(m *model.Model) []float64 {
	var ms []float64
	for _, off := range []int{0, int(eval.NumKinds)} {
		for _, k := range eval.Kinds {
			ms = append(ms, m.Margins[off+int(k)])
		}
	}
	return ms
}
