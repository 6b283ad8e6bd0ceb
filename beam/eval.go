package ocrbeam

import (
	"bufio"
	"bytes"
	"context"
	"encoding/gob"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"ocrfix/data"
	"ocrfix/eval"
)

// SummaryName is the name of the table EvalPipeline writes under its
// output prefix (SummaryJSONName with EvalOptions.JSON).
const (
	SummaryName     = "summary.txt"
	SummaryJSONName = "summary.json"
)

func init() {
	beam.RegisterType(reflect.TypeOf((*evalFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*summarizeFn)(nil)).Elem())
	beam.RegisterFunction(keyByStem)
	register.Iter1[[]byte]()
}

// EvalOptions are the inputs of EvalPipeline.
type EvalOptions struct {
	GT   string // file pattern of the ground-truth files (<stem>.txt)
	Pred string // file pattern of the predictions (<stem>.<ext>, any of ocrfix's formats)
	// Output is the output prefix: the table goes to Output/summary.txt
	// (or summary.json), the dead letters to Output/_deadletter.tsv.
	Output string
	JSON   bool         // write eval.WriteJSON instead of eval.WriteTable
	Eval   eval.Options // how words are compared, as ocrfix eval's flags
}

// keyByStem keys a matched file by its stem, the key that pairs a
// document's files.
func keyByStem(m fileio.FileMetadata, emit func(string, string)) {
	emit(data.Stem(m.Path), m.Path)
}

func matchByStem(s beam.Scope, pattern string) beam.PCollection {
	files := beam.Reshuffle(s, fileio.MatchFiles(s, pattern, fileio.MatchEmptyDisallow()))
	return beam.ParDo(s, keyByStem, files)
}

// evalFn evaluates one document: its ground truth against its prediction
// (none: an empty prediction, as ocrfix eval counts it). A document with
// two files on one side, a prediction without ground truth and a file
// that cannot be read are dead letters, and the document is left out of
// the figures. It emits the document's eval.DocResult, gob-encoded,
// without the token lists (the table needs only the figures).
type evalFn struct {
	Opt eval.Options
}

func (f evalFn) ProcessElement(ctx context.Context, stem string, gts, preds func(*string) bool, emit func([]byte), dead func(DeadLetter)) error {
	collect := func(next func(*string) bool) []string {
		var all []string
		var p string
		for next(&p) {
			all = append(all, p)
		}
		slices.Sort(all)
		return all
	}
	g, p := collect(gts), collect(preds)
	deadAll := func(msg string) {
		for _, x := range append(g, p...) {
			dead(DeadLetter{x, fmt.Sprintf("%s: %s", x, msg)})
		}
	}
	switch {
	case len(g) > 1:
		deadAll(fmt.Sprintf("document %s has %d ground-truth files: %s", stem, len(g), strings.Join(g, ", ")))
		return nil
	case len(p) > 1:
		deadAll(fmt.Sprintf("document %s has %d predictions: %s", stem, len(p), strings.Join(p, ", ")))
		return nil
	case len(g) == 0:
		deadAll("prediction without ground truth, left out")
		return nil
	}
	read := func(name string) *data.Text {
		src, err := readFile(ctx, name)
		if err == nil {
			var t *data.Text
			if t, err = data.ReadText(name, src); err == nil {
				return t
			}
		}
		dead(DeadLetter{name, err.Error()})
		return nil
	}
	gt := read(g[0])
	if gt == nil {
		return nil
	}
	var pred *data.Text
	if len(p) == 1 {
		if pred = read(p[0]); pred == nil {
			return nil
		}
	}
	r := eval.EvaluateText(stem, gt, pred, f.Opt)
	r.GT, r.Pred, r.GTLine, r.Pairs = nil, nil, nil, nil
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&r); err != nil {
		return fmt.Errorf("document %s: %w", stem, err)
	}
	emit(buf.Bytes())
	return nil
}

// summarizeFn sums the documents' figures in stem order (the order of
// ocrfix eval, so even the floating-point macro means are the same bits)
// and writes the table to Path.
type summarizeFn struct {
	Path string
	JSON bool
	Opt  eval.Options
}

func (f summarizeFn) ProcessElement(ctx context.Context, _ []byte, docs func(*[]byte) bool) error {
	var res []eval.DocResult
	var b []byte
	for docs(&b) {
		var r eval.DocResult
		if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&r); err != nil {
			return err
		}
		res = append(res, r)
	}
	slices.SortFunc(res, func(a, b eval.DocResult) int { return strings.Compare(a.Doc, b.Doc) })
	s := eval.Summarize(res, f.Opt)
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	var err error
	if f.JSON {
		err = eval.WriteJSON(w, s)
	} else {
		err = eval.WriteTable(w, s)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		return err
	}
	return writeFile(ctx, f.Path, buf.Bytes())
}

// EvalPipeline adds to s the evaluation of predictions against ground
// truth (what ocrfix eval -gt DIR -pred DIR does): files paired by stem,
// each document's figures computed where it is, and the corpus table
// written once under o.Output, with the dead letters beside it.
func EvalPipeline(s beam.Scope, o EvalOptions) {
	s = s.Scope("ocrfix.eval")
	opt := o.Eval
	if opt.Fuzzy == 1 {
		opt.Fuzzy = 0
	}
	byStem := beam.CoGroupByKey(s, matchByStem(s, o.GT), matchByStem(s, o.Pred))
	docs, dead := beam.ParDo2(s, evalFn{opt}, byStem)
	name := SummaryName
	if o.JSON {
		name = SummaryJSONName
	}
	beam.ParDo0(s, summarizeFn{Join(o.Output, name), o.JSON, opt}, beam.Impulse(s), beam.SideInput{Input: docs})
	writeDeadLetters(s, Join(o.Output, DeadLetterName), dead)
}
