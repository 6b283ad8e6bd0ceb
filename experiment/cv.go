package experiment

import (
	"fmt"
	"strings"
	"time"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/internal/par"
	"ocrfix/model"
	"ocrfix/profile"
)

// DocOutcome is the result of correcting one held-out document in a
// cross-validation.
type DocOutcome struct {
	Stem       string
	Collection string // the collection it belongs to (data.Doc.Collection)
	Fold       int
	GT         []string // ground-truth words
	Raw        []string // the OCR words
	Corrected  []string // the corrected words
	// CorrectedNoConf is the text corrected without the confidence
	// features, when the fold's model has a WithoutConfidence variant.
	CorrectedNoConf []string
	Oracle          int // most gt words any path through the candidate lattice matches
	Changed         int // OCR tokens whose text changed
	Positions       int // OCR tokens
	Cands           int // candidates generated, all positions
	// Kinds sums the changes of each kind and what they did to the
	// words the truth matches (eval.ChangeEffects, eval.TallyKinds).
	Kinds [eval.NumKinds]eval.KindTally
	// Out is the correction of each OCR token (Correction.Out) and Ranked
	// the best candidates of each changed position (Correction.Ranked),
	// for reports.
	Out    []string
	Ranked map[int][]model.Scored
}

// CVResult is the outcome of a k-fold cross-validation over whole
// documents.
type CVResult struct {
	Folds          int
	Docs           []DocOutcome   // in corpus order
	Models         []*model.Model // the model of each fold
	TrainSeconds   float64        // wall time of all Train calls
	CorrectSeconds float64        // wall time of all corrections (candidates, features, scoring, collection; the deletion index is built before)
	OracleSeconds  float64        // wall time of the oracle DPs
	// Habits are, for each fold, the habits of the corrected documents'
	// OCR that the fold's model was adapted to (Model.Habits; none under
	// Options.NoHabits).
	Habits [][]candgen.Habit
	// Noise is, for each fold, how noisy the corrected documents' OCR
	// reads beside the fold's training OCR, and the log-odds that added
	// to the model's margins (Model.NoiseShift; zero for a model trained
	// with labels from the collection).
	Noise []model.Noise
}

// CrossValidate splits the documents of c that have ground truth and OCR
// (Labelled) into k folds of whole documents (Folds with opt.Seed), and for each
// fold trains a model on the other folds and corrects the fold's documents.
// Each document is also scored by the oracle of its candidate lattice
// (eval.Oracle under eval options evalOpt).
func CrossValidate(c *data.Corpus, k int, opt model.Options, evalOpt eval.Options) (*CVResult, error) {
	docs := Labelled(c)
	if len(docs) < 3 {
		return nil, fmt.Errorf("%s: cross-validation needs at least 3 documents with ground truth and OCR, found %d", c.Name, len(docs))
	}
	if k < 2 {
		return nil, fmt.Errorf("cross-validation needs at least 2 folds, got %d", k)
	}
	if k > len(docs) {
		k = len(docs)
	}
	res := &CVResult{Folds: k, Docs: make([]DocOutcome, len(docs))}
	for f, held := range Folds(len(docs), k, opt.Seed) {
		train, test := pick(docs, Complement(len(docs), held)), pick(docs, held)
		if err := heldOut(train, test); err != nil {
			return nil, fmt.Errorf("fold %d: %w", f+1, err)
		}
		outs, err := res.runFold(train, test, f, fmt.Sprintf("fold %d/%d", f+1, k), opt, evalOpt)
		if err != nil {
			return nil, fmt.Errorf("fold %d: %w", f+1, err)
		}
		for j, i := range held {
			res.Docs[i] = outs[j]
		}
	}
	return res, nil
}

// Transfer trains one model on the documents of the train corpora (the
// collections it learns from; cross-fitted by collection when there are
// two or more) and corrects every document of each test corpus with it,
// using no label of the test corpora: each one's OCR alone is its
// collection profile, its truth only scores the outcome. It is the
// situation of a user with collections nobody labelled, and the model is
// trained as for them (Options.Unseen). Each document's Fold is the index
// of its test corpus, and Models holds the one model once per test corpus.
func Transfer(train []*data.Corpus, tests []*data.Corpus, opt model.Options, evalOpt eval.Options) (*CVResult, error) {
	var tr []*data.Doc
	for _, c := range train {
		tr = append(tr, Labelled(c)...)
	}
	opt.Unseen = true
	var tes [][]*data.Doc
	for _, test := range tests {
		te := Labelled(test)
		if len(te) == 0 {
			return nil, fmt.Errorf("%s: no document with ground truth and OCR to score", test.Name)
		}
		tes = append(tes, te)
	}
	if len(tes) == 0 {
		return nil, fmt.Errorf("transfer: no collection to correct")
	}
	for _, te := range tes {
		if err := heldOut(tr, te); err != nil {
			return nil, err
		}
	}
	res := &CVResult{Folds: len(tes)}
	m, err := res.train(tr, "train", opt)
	if err != nil {
		return nil, err
	}
	for f, te := range tes {
		res.Models = append(res.Models, m)
		res.Docs = append(res.Docs, res.correct(m, te, f, opt, evalOpt)...)
	}
	m.Shed()
	return res, nil
}

// LeaveOneOut runs Transfer once per collection: each is corrected by a
// model trained on all the others. The outcomes are in collection order,
// each document's Fold the index of its collection.
func LeaveOneOut(colls []*data.Corpus, opt model.Options, evalOpt eval.Options) (*CVResult, error) {
	if len(colls) < 2 {
		return nil, fmt.Errorf("leave-one-collection-out needs at least 2 collections, got %d", len(colls))
	}
	opt.Unseen = true
	res := &CVResult{Folds: len(colls)}
	for f, test := range colls {
		var tr []*data.Doc
		for g, c := range colls {
			if g != f {
				tr = append(tr, Labelled(c)...)
			}
		}
		te := Labelled(test)
		if err := heldOut(tr, te); err != nil {
			return nil, err
		}
		outs, err := res.runFold(tr, te, f, fmt.Sprintf("without %s", test.Name), opt, evalOpt)
		if err != nil {
			return nil, fmt.Errorf("%s held out: %w", test.Name, err)
		}
		res.Docs = append(res.Docs, outs...)
	}
	return res, nil
}

// heldOut returns an error naming the first document of test whose truth
// (its words, white space aside) is that of a document of train too: its
// labels would train the model that corrects it, and the benchmark would
// not measure text the model has never seen. The same pages copied into
// two collections, a collection and a variant made from the same truth
// (data/habits/long-s-early is early printed with the long s), or a page
// stored twice in one corpus all do that unseen by the file names.
// Documents whose truth has no word are not compared.
func heldOut(train, test []*data.Doc) error {
	seen := make(map[string]*data.Doc, len(train))
	for _, d := range train {
		if k := truthKey(d); k != "" {
			if _, ok := seen[k]; !ok {
				seen[k] = d
			}
		}
	}
	for _, d := range test {
		if t, ok := seen[truthKey(d)]; ok {
			return fmt.Errorf("%s has the same ground truth as %s, a training document: it would not be held out (remove one of them)", docName(d), docName(t))
		}
	}
	return nil
}

// truthKey is the words of d's truth joined by single spaces.
func truthKey(d *data.Doc) string { return strings.Join(d.GT.Words(), " ") }

// docName names d by its collection and stem.
func docName(d *data.Doc) string {
	if d.Collection == "" {
		return d.Stem
	}
	return d.Collection + "/" + d.Stem
}

// runFold trains a model on train and corrects test with it, the test
// documents being one collection: their OCR makes the profile the
// corrections are computed against. It appends the model and the timings
// to res and returns the outcome of each test document.
func (res *CVResult) runFold(train, test []*data.Doc, f int, label string, opt model.Options, evalOpt eval.Options) ([]DocOutcome, error) {
	m, err := res.train(train, label, opt)
	if err != nil {
		return nil, err
	}
	res.Models = append(res.Models, m)
	outs := res.correct(m, test, f, opt, evalOpt)
	m.Shed() // the next folds do not need this one's index and caches
	return outs, nil
}

// train trains a model on docs (label names the fold in progress reports)
// and adds the time to res.TrainSeconds; its deletion index is built
// outside the timing.
func (res *CVResult) train(docs []*data.Doc, label string, opt model.Options) (*model.Model, error) {
	fopt := opt
	if opt.Progress != nil {
		fopt.Progress = func(stage string, done, total int) {
			opt.Progress(label+" "+stage, done, total)
		}
	}
	t0 := time.Now()
	m, err := model.Train(docs, fopt)
	if err != nil {
		return nil, err
	}
	res.TrainSeconds += time.Since(t0).Seconds()
	m.Warm()
	return m, nil
}

// correct corrects the documents test, one collection, with m (fold f):
// their OCR makes the profile the corrections are computed against, and m
// is first adapted to the habits that profile shows (unless
// opt.NoHabits). Where m's training truth writes words broken at a line
// end with model.LineBreakMark (Model.MarksLineBreaks), or a document's
// format says its truth does (data.Doc.MarksLineBreaks: a HIPE-OCRepair
// record), the corrections write it so, as ocrfix correct does by
// default. It appends the habits
// and the timings to res and returns the outcome of each document.
func (res *CVResult) correct(m *model.Model, test []*data.Doc, f int, opt model.Options, evalOpt eval.Options) []DocOutcome {
	t1 := time.Now()
	// (an adapted model builds its own deletion index, inside the timing)
	words, prof, habits, am := adaptTo(m, test, opt.NoHabits)
	res.Habits = append(res.Habits, habits)
	res.Noise = append(res.Noise, am.NoiseShift(prof))
	corr := make([]*model.Correction, len(test))
	noConf := make([][]string, len(test))
	mark := am.MarksLineBreaks() // as ocrfix correct does by default
	par.Do(len(test), opt.Workers, func(j int) {
		d := test[j]
		corr[j] = correctMarked(am, d, prof, mark)
		if v := am.WithoutConfidence; v != nil {
			noConf[j] = model.OutputWords(correctMarked(v, d, prof, mark).Out)
		}
	})
	res.CorrectSeconds += time.Since(t1).Seconds()
	t2 := time.Now()
	outs := make([]DocOutcome, len(test))
	par.Do(len(test), opt.Workers, func(j int) {
		d := test[j]
		cr := corr[j]
		o := DocOutcome{Stem: d.Stem, Collection: d.Collection, Fold: f, GT: d.GT.Words(), Raw: words[j], Corrected: model.OutputWords(cr.Out), CorrectedNoConf: noConf[j], Changed: cr.Changed, Positions: len(cr.Out)}
		for _, cs := range cr.Cands {
			o.Cands += len(cs)
		}
		lat := Lattice(cr.Cands)
		o.Oracle = eval.Oracle(lat, o.GT, evalOpt)
		o.Kinds = eval.TallyKinds(eval.ChangeEffects(o.GT, words[j], cr.Out, evalOpt))
		o.Out, o.Ranked = cr.Out, cr.RankedChanges(o.Raw, 5)
		outs[j] = o
	})
	res.OracleSeconds += time.Since(t2).Seconds()
	if am != m {
		am.Shed() // the adapted model's own index and caches
	}
	return outs
}

// adaptTo returns the words of the documents test, one collection, the
// profile their OCR makes, the habits of that OCR (none under noHabits)
// and m adapted to them (m itself without habits).
func adaptTo(m *model.Model, test []*data.Doc, noHabits bool) ([][]string, *profile.Profile, []candgen.Habit, *model.Model) {
	words := make([][]string, len(test))
	for j, d := range test {
		words[j] = d.OCR.Words()
	}
	prof := profile.Of(words, profile.Options{})
	var habits []candgen.Habit
	if !noHabits {
		habits = m.Habits(prof)
	}
	return words, prof, habits, m.Adapted(habits)
}

// correctMarked corrects d with m against the profile prof and writes the
// mark of each word broken at a line end (Model.MarkLineBreaks, counted
// as changes) where mark says the model's training truth writes it or d's
// format says its truth does (data.Doc.MarksLineBreaks).
func correctMarked(m *model.Model, d *data.Doc, prof *profile.Profile, mark bool) *model.Correction {
	c := m.Correct(d.OCR, d.Alt, prof)
	if mark || d.MarksLineBreaks {
		m.MarkCorrection(d.OCR, c)
	}
	return c
}

// Lattice turns the candidates of each OCR position into the oracle's
// lattice (eval.Lattice): each candidate's words and the OCR tokens it
// spans (at least 1).
func Lattice(cands [][]candgen.Candidate) eval.Lattice {
	lat := make(eval.Lattice, len(cands))
	for p, cs := range cands {
		alts := make([]eval.Alt, len(cs))
		for q, c := range cs {
			alts[q] = eval.Alt{Words: strings.Fields(c.Text), Span: max(c.Span, 1)}
		}
		lat[p] = alts
	}
	return lat
}

// Baseline corrects the documents of c that cv scored with m, a model
// trained elsewhere (the built-in one: no labels from c), fold by fold as
// cv's models corrected them: each fold's documents are one collection,
// whose profile m is adapted to (unless opt.NoHabits), with the line-break
// marks of correct. It returns the figures of those corrections beside
// cv's, so a benchmark shows whether training on c's labels beat m.
func (cv *CVResult) Baseline(m *model.Model, c *data.Corpus, opt model.Options, evalOpt eval.Options) Figures {
	byStem := map[string]*data.Doc{}
	for _, d := range Labelled(c) {
		byStem[d.Stem] = d
	}
	folds := map[int][]*data.Doc{}
	for _, o := range cv.Docs {
		folds[o.Fold] = append(folds[o.Fold], byStem[o.Stem])
	}
	out := map[string][]string{}
	for f := range cv.Folds {
		docs := folds[f]
		_, prof, _, am := adaptTo(m, docs, opt.NoHabits)
		mark := am.MarksLineBreaks()
		outs := make([][]string, len(docs))
		par.Do(len(docs), opt.Workers, func(j int) {
			outs[j] = model.OutputWords(correctMarked(am, docs[j], prof, mark).Out)
		})
		for j, d := range docs {
			out[d.Stem] = outs[j]
		}
		if am != m {
			am.Shed()
		}
	}
	return FiguresOf(cv.Docs, func(o DocOutcome) []string { return out[o.Stem] }, evalOpt)
}
