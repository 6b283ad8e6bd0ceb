package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/experiment"
)

func init() {
	register(command{name: "eval", summary: "measure OCR output against ground truth (word recall, WER, CER, cMER, wMER)",
		run: runEval})
}

const evalSynopsis = `eval [flags] -gt DIR -pred DIR
       ocrfix eval [flags] GTFILE PREDFILE
       ocrfix eval [flags] FILE.jsonl...

Compares predicted text (OCR output, raw or corrected) with its ground truth.
Words are whitespace tokens; matched words are the maximum order-preserving
alignment (LCS) of the two word sequences; recall = matched / gt words is the
headline figure. Files pair by stem (name without extension): DIR/<stem>.txt,
or for predictions also .tsv (Tesseract TSV), .hocr/.html (hOCR), .xml (ALTO or PAGE XML).
A gt document without prediction counts as 0 matched (with a warning), or is
left out with -predicted-only; a prediction without gt is an error unless
-allow-unpaired. With -ocr DIR, the raw OCR the predictions corrected, they are
measured against it too (error reduction, words it had right that they lost,
changes by kind); -vs-ocr does the same for JSONL records, against their own
OCR.

With -r, the directories' subdirectories are read too, files pairing by their
paths below each directory without the extension (1850/page-001).

HIPE-OCRepair JSONL files (the ICDAR 2026 competition's format, as ocrfix
correct writes them) are scored record by record: the output
(ocr_postcorrection_output) against the truth (ground_truth), or with -raw the
OCR (ocr_hypothesis); a record without a truth is left out with a warning, one
without an output is an error. cMER and wMER are the competition's measures.

Prints a table (percentages) on stdout, or JSON with -json (fractions, null
when undefined). With -ocr, the comparison with the raw OCR follows the table,
as bench prints it (recall and cMER as fractions, reductions as percentages),
-json prints {"summary": the JSON above, "against_raw": the comparison}, and
-report writes bench's pages instead of eval's own. Exit status: 0 ok,
1 failure (unreadable or bad input), 2 usage error.

Flags:`

func runEval(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("eval", evalSynopsis, stderr)
	gtDir := fs.String("gt", "", "directory of ground-truth `DIR`/<stem>.txt files")
	predDir := fs.String("pred", "", "directory of predicted `DIR`/<stem>.<ext> files (.txt, .tsv, .hocr, .html, .xml)")
	report := fs.String("report", "", "also write a report into `DIR`: index.html (a page per document in docs/), documents.csv, Summary.txt, FileMetrics.csv, confusions.csv, diffs/<doc>.diff; with -ocr or -vs-ocr, AgainstRaw.txt and bench's pages")
	asJSON := fs.Bool("json", false, "print the summary as JSON on stdout instead of the table")
	lower := fs.Bool("lower", false, "compare words lowercased")
	strip := fs.Bool("strip-punct", false, "strip leading and trailing Unicode punctuation from words; words left empty are dropped on both sides (the gt word count may shrink)")
	nfkc := fs.Bool("nfkc", false, "apply Unicode NFKC normalisation to words (ligatures, full-width forms)")
	fuzzy := fs.Float64("fuzzy", 1, "match two words when their Levenshtein ratio (1 - distance/longer length, in characters) is >= `R`; 1 = exact (fast path)")
	raw := fs.Bool("raw", false, "JSONL input: score the records' OCR (ocr_hypothesis) instead of their output")
	lang := fs.String("lang", "all", "JSONL input: score the records of this language (document_metadata.language) only, and those that name none, as correct -lang corrects them")
	recursive := fs.Bool("r", false, "-gt DIR -pred DIR (and -ocr DIR): read their subdirectories too, pairing files by their paths below each directory (a collection kept as a tree, as correct -r writes it)")
	allow := fs.Bool("allow-unpaired", false, "ignore predictions that have no ground truth (with a warning) instead of failing")
	ocrDir := fs.String("ocr", "", "-gt DIR -pred DIR: the raw OCR the predictions corrected, `DIR`/<stem>.<ext>: adds recall, cMER and broken words against it and the changes by kind that helped and hurt; with -report, the pages of bench -report (truth, raw OCR and prediction side by side)")
	vsOCR := fs.Bool("vs-ocr", false, "JSONL input: also measure each record's output against its own OCR (ocr_hypothesis), as -ocr DIR does for directories")
	predictedOnly := fs.Bool("predicted-only", false, "-gt DIR -pred DIR: score only the documents that have a prediction (a truth directory that holds more documents than were predicted), instead of counting the others as 0 words matched")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	opt := eval.Options{Lower: *lower, StripPunct: *strip, NFKC: *nfkc, Fuzzy: *fuzzy}
	if err := opt.Validate(); err != nil {
		return usagef("-fuzzy: %v", err)
	}
	if *fuzzy == 0 {
		// package eval takes 0 for exact matching, which a user asking
		// for the loosest match would not expect
		return usagef("-fuzzy 0: R must be above 0 (1 = exact)")
	}
	if opt.Fuzzy == 1 {
		opt.Fuzzy = 0
	}
	if *predictedOnly && *gtDir == "" {
		return usagef("-predicted-only is for -gt DIR -pred DIR")
	}
	if *ocrDir != "" && *gtDir == "" {
		return usagef("-ocr is for -gt DIR -pred DIR (-vs-ocr for JSONL files)")
	}
	if *vsOCR && (*raw || *gtDir != "" || fs.NArg() == 0 || !allHIPE(fs.Args())) {
		return usagef("-vs-ocr is for JSONL files, without -raw (-ocr DIR for directories)")
	}
	var c *data.Corpus
	var warnings []string
	var err error
	var raws map[string]*data.Text // the records' OCR, for -vs-ocr
	if *recursive && *gtDir == "" && *predDir == "" {
		return usagef("-r is for -gt DIR -pred DIR")
	}
	switch {
	case *gtDir != "" || *predDir != "":
		if *gtDir == "" || *predDir == "" {
			return usagef("-gt and -pred go together (got only %s); run \"ocrfix eval -h\"", map[bool]string{true: "-gt", false: "-pred"}[*gtDir != ""])
		}
		if fs.NArg() > 0 {
			return usagef("give either -gt DIR -pred DIR or two files, not both (extra arguments: %s)", strings.Join(fs.Args(), " "))
		}
		c, warnings, err = data.LoadPair(*gtDir, *predDir, data.LoadOptions{AllowUnpaired: *allow, Recursive: *recursive})
		if err == nil && *predictedOnly {
			n := len(c.Docs)
			c.Docs = slices.DeleteFunc(c.Docs, func(d *data.Doc) bool { return d.OCR == nil })
			if left := n - len(c.Docs); left > 0 {
				fmt.Fprintf(stderr, "ocrfix eval: -predicted-only: %s of %s without a prediction left out\n", plural(left, "document"), *gtDir)
			}
		}
	case fs.NArg() > 0 && allHIPE(fs.Args()):
		if *vsOCR {
			raws = map[string]*data.Text{}
		}
		c, warnings, err = evalLoadHIPE(fs.Args(), *raw, *lang, raws)
	case fs.NArg() == 2:
		c, warnings, err = evalLoadFiles(fs.Arg(0), fs.Arg(1))
	case fs.NArg() == 0:
		return usagef("nothing to evaluate: give -gt DIR -pred DIR, or GTFILE PREDFILE; run \"ocrfix eval -h\"")
	default:
		return usagef("want two files (GTFILE PREDFILE) or JSONL files, got %d arguments", fs.NArg())
	}
	if *raw && (fs.NArg() == 0 || !allHIPE(fs.Args())) {
		return usagef("-raw is for JSONL files")
	}
	if err := checkReportDir(*report, dirRole{"the truth directory -gt", *gtDir}, dirRole{"the prediction directory -pred", *predDir}, dirRole{"the raw OCR directory -ocr", *ocrDir}); err != nil {
		return err
	}
	if *report != "" {
		if err := data.CheckWritable(*report); err != nil {
			return fmt.Errorf("-report %w", err)
		}
	}
	for _, w := range warnings {
		fmt.Fprintf(stderr, "ocrfix eval: warning: %s\n", w)
	}
	if err != nil {
		return err
	}
	s, warnings := eval.EvaluateCorpus(c, opt)
	printEvalWarnings(stderr, warnings, s)
	for _, d := range s.PerDoc {
		if d.GTWords == 0 {
			fmt.Fprintf(stderr, "ocrfix eval: warning: document %s: ground truth has no words; its recall is undefined (n/a), left out of the macro means\n", d.Doc)
		}
	}
	if s.GTWords == 0 {
		return fmt.Errorf("nothing to evaluate: the ground truth (%s) has no words", c.Name)
	}
	var vsRaw *experiment.Comparison
	switch {
	case *ocrDir != "":
		vsRaw, err = compareWithRaw(c, *ocrDir, *recursive, opt, stderr)
	case *vsOCR:
		vsRaw, err = compareRecords(c, raws, opt)
	}
	if err != nil {
		return err
	}
	if *report != "" {
		if err := eval.WriteReport(*report, s); err != nil {
			return err
		}
		if vsRaw != nil {
			if err := vsRaw.WriteText(*report); err != nil {
				return err
			}
			title := fmt.Sprintf("ocrfix eval: %s, %s, against the raw OCR, %s", c.Name, plural(vsRaw.Docs, "document"), vsRaw.Raw)
			err = vsRaw.WriteHTML(*report, title, provenance("none (an evaluation of given text)", nil), opt)
		} else {
			err = writeEvalHTML(*report, c.Name, s)
		}
		if err != nil {
			return err
		}
	}
	bw := bufio.NewWriter(stdout)
	switch {
	case *asJSON && vsRaw != nil:
		err = writeEvalJSON(bw, s, vsRaw)
	case *asJSON:
		err = eval.WriteJSON(bw, s)
	default:
		err = eval.WriteTable(bw, s)
		if err == nil && vsRaw != nil {
			fmt.Fprintln(bw)
			err = vsRaw.WriteTable(bw)
		}
	}
	if err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	if *report != "" {
		fmt.Fprintf(stderr, "ocrfix eval: report written to %s\n", *report)
	}
	return nil
}

// evalLoadFiles reads one ground-truth file and one prediction as a
// one-document corpus.
func evalLoadFiles(gtPath, predPath string) (*data.Corpus, []string, error) {
	gt, err := evalReadFile(gtPath)
	if err != nil {
		return nil, nil, err
	}
	pred, err := evalReadFile(predPath)
	if err != nil {
		return nil, nil, err
	}
	var warnings []string
	if len(pred.Tokens) == 0 {
		warnings = append(warnings, predPath+": prediction is empty")
	}
	c := &data.Corpus{Name: gtPath, Docs: []*data.Doc{{Stem: data.Stem(gtPath), GT: gt, OCR: pred}}}
	return c, warnings, nil
}

// evalReadFile reads one input file with a message naming it when it is
// missing or a directory.
func evalReadFile(path string) (*data.Text, error) {
	fi, err := os.Stat(path)
	if err != nil {
		if os.IsNotExist(err) {
			return nil, fmt.Errorf("%s: no such file", path)
		}
		return nil, err
	}
	if fi.IsDir() {
		return nil, fmt.Errorf("%s: is a directory (use -gt DIR -pred DIR for directories)", path)
	}
	t, err := data.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return t, nil
}

// allHIPE reports whether every path names a HIPE-OCRepair JSONL file.
func allHIPE(paths []string) bool {
	for _, p := range paths {
		if !data.IsHIPEFile(p) {
			return false
		}
	}
	return true
}

// evalLoadHIPE reads the records of the HIPE-OCRepair JSONL files at paths
// of language lang (HIPERecord.InLanguage; "all": every record) as a
// corpus: each record with a truth is a document whose prediction is its
// output, or its OCR when raw. A record without a truth is left out with a warning; one without
// an output (when not raw) is an error. Documents are named by their
// document_id, prefixed with their file's stem when there are several
// files. With raws not nil, the OCR of each document is put there by its
// name too (eval -vs-ocr).
func evalLoadHIPE(paths []string, raw bool, lang string, raws map[string]*data.Text) (*data.Corpus, []string, error) {
	if err := distinctFiles(paths); err != nil {
		return nil, nil, err
	}
	c := &data.Corpus{Name: strings.Join(paths, " ")}
	var warnings []string
	for _, p := range paths {
		recs, err := data.ReadHIPEFile(p)
		if err != nil {
			return nil, nil, err
		}
		for _, r := range recs {
			if !r.InLanguage(lang) {
				continue
			}
			if !r.HasTruth {
				warnings = append(warnings, r.Name(p)+": no ground_truth, left out")
				continue
			}
			pred := r.OCR
			if !raw {
				if !r.HasOutput {
					return nil, nil, fmt.Errorf("%s: no ocr_postcorrection_output to score (-raw scores the OCR)", r.Name(p))
				}
				pred = r.Output
			}
			d, err := r.Doc(p, pred)
			if err != nil {
				return nil, nil, err
			}
			if len(paths) > 1 {
				d.Stem = data.Stem(p) + "/" + r.ID
			}
			if raws != nil {
				if raws[d.Stem], err = r.OCRText(p); err != nil {
					return nil, nil, err
				}
			}
			c.Docs = append(c.Docs, d)
		}
	}
	if len(c.Docs) == 0 {
		if lang != "all" {
			return nil, warnings, fmt.Errorf("%s: no records of language %s (or naming none) with a ground_truth to score (-lang all scores every language)", c.Name, lang)
		}
		return nil, warnings, fmt.Errorf("%s: no records with a ground_truth to score", c.Name)
	}
	return c, warnings, nil
}

// manyUnpredicted is how many documents without a prediction eval names
// one by one; past it, one line counts them (a truth directory far larger
// than the predictions would otherwise bury the table in warnings).
const manyUnpredicted = 5

// printEvalWarnings writes the warnings of eval.EvaluateCorpus to stderr;
// those of the documents of s without a prediction (DocResult.NoPrediction)
// are counted in one line instead when there are more than
// manyUnpredicted.
func printEvalWarnings(stderr io.Writer, warnings []string, s eval.Summary) {
	var unpredicted []string
	for _, d := range s.PerDoc {
		if d.NoPrediction {
			unpredicted = append(unpredicted, d.Doc)
		}
	}
	collapse := len(unpredicted) > manyUnpredicted
	skip := map[string]bool{}
	if collapse {
		for _, doc := range unpredicted {
			skip[eval.NoPredictionWarning(doc)] = true
		}
	}
	for _, w := range warnings {
		if !skip[w] {
			fmt.Fprintf(stderr, "ocrfix eval: warning: %s\n", w)
		}
	}
	if collapse {
		fmt.Fprintf(stderr, "ocrfix eval: warning: %d documents have no prediction and count as 0 words matched (%s, ...); -predicted-only scores the predicted documents alone\n",
			len(unpredicted), strings.Join(unpredicted[:3], ", "))
	}
}
