// Command buildlm builds the English language model and word-shape model
// that package lm/english embeds, from the public-domain books of
// ../shared/texts/gutenberg, and reports their perplexity on held-out books.
//
//	go run ./scripts/buildlm                    # writes lm/english/english.lm and english.shape, prints the report
//	go run ./scripts/buildlm -sweep             # also the size/perplexity of other pruning settings
//	go run ./scripts/buildlm -o '' -shape ''    # the report only
//
// The held-out books (all of ../shared/texts/austen and nine gutenberg
// books, listed in heldOut) are rendered into test collections elsewhere
// and never enter the model. The output is the same bytes on every run.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"ocrfix/data"
	"ocrfix/features"
	"ocrfix/lm"
)

// heldOut are the gutenberg books kept out of training (besides all of
// austen/).
var heldOut = []string{
	"complete-angler", "letters-american-farmer", "natural-history-of-selborne",
	"atlantic-monthly-1864-01", "girls-own-paper-1886-10-02", "sketches-new-and-old",
	"chemical-history-of-a-candle", "common-law", "infantry-drill-regulations",
}

func main() {
	texts := flag.String("texts", "../shared/texts", "directory holding gutenberg/ and austen/")
	out := flag.String("o", "lm/english/english.lm", "the language model file to write ('' for none)")
	shapeOut := flag.String("shape", "lm/english/english.shape", "the word-shape model file to write ('' for none)")
	min2 := flag.Int("min2", 0, "keep bigrams seen at least this often (0: the lm default)")
	min3 := flag.Int("min3", 0, "keep trigrams seen at least this often (0: the lm default)")
	sweep := flag.Bool("sweep", false, "also report size and perplexity of other pruning settings")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: buildlm [-texts DIR] [-o FILE] [-shape FILE] [-min2 N] [-min3 N] [-sweep]")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*texts, *out, *shapeOut, lm.Options{MinCount2: *min2, MinCount3: *min3}, *sweep); err != nil {
		fmt.Fprintln(os.Stderr, "buildlm:", err)
		os.Exit(1)
	}
}

type book struct {
	name string
	text []byte
}

func readBooks(dir string) ([]book, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("%s: no .txt books", dir)
	}
	slices.Sort(names)
	var out []book
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			return nil, err
		}
		out = append(out, book{strings.TrimSuffix(filepath.Base(n), ".txt"), b})
	}
	return out, nil
}

func run(dir, out, shapeOut string, opt lm.Options, sweep bool) error {
	gut, err := readBooks(filepath.Join(dir, "gutenberg"))
	if err != nil {
		return err
	}
	austen, err := readBooks(filepath.Join(dir, "austen"))
	if err != nil {
		return err
	}
	var train, testGut []book
	for _, b := range gut {
		if slices.Contains(heldOut, b.name) {
			testGut = append(testGut, b)
		} else {
			train = append(train, b)
		}
	}
	if len(testGut) != len(heldOut) {
		return fmt.Errorf("%s: %d of the %d held-out books found", dir, len(testGut), len(heldOut))
	}
	fmt.Printf("training on %d books of %s/gutenberg; held out: %d gutenberg books and the %d of austen/\n", len(train), dir, len(testGut), len(austen))

	t0 := time.Now()
	m, err := buildModel(train, opt)
	if err != nil {
		return err
	}
	var file bytes.Buffer
	if err := m.Write(&file); err != nil {
		return err
	}
	t1 := time.Now()
	if _, err := lm.Load(file.Bytes()); err != nil {
		return fmt.Errorf("reading back: %w", err)
	}
	fmt.Printf("model: %d words, %d tokens, %d bigrams, %d trigrams; file %.2f MB; build %.1f s, load %.0f ms\n",
		m.Words(), m.Tokens(), m.Bigrams(), m.Trigrams(), float64(file.Len())/1e6, t1.Sub(t0).Seconds(), time.Since(t1).Seconds()*1000)

	// the bigram models of features: today's (the embedded corpus truth)
	// and the same trained on the training books
	gtLM, err := corpusBigram()
	if err != nil {
		return err
	}
	bookLM := features.NewLM()
	for _, b := range train {
		paragraphs(b.text, func(p []string) { bookLM.Add(p) })
	}
	models := []scorer{
		knScorer{"KN trigram, 36 books", m},
		wbScorer{"WB bigram, corpus truth (today)", gtLM},
		wbScorer{"WB bigram, 36 books", bookLM},
	}
	report(models, austen, testGut)

	if sweep {
		fmt.Println("\npruning settings (KN trigram, 36 books): file size and perplexity on the held-out books")
		fmt.Printf("%-22s %10s %10s %10s %12s %12s\n", "min count bi/tri", "bigrams", "trigrams", "file MB", "ppl austen", "ppl gutenb.")
		for _, o := range []lm.Options{{MinCount2: 1, MinCount3: 1}, {MinCount2: 1, MinCount3: 2}, {MinCount2: 2, MinCount3: 2}, {MinCount2: 2, MinCount3: 3}, {MinCount2: 3, MinCount3: 3}} {
			mm, err := buildModel(train, o)
			if err != nil {
				return err
			}
			var f bytes.Buffer
			if err := mm.Write(&f); err != nil {
				return err
			}
			s := knScorer{"", mm}
			pa := perplexity(s, austen, nil).own()
			pg := perplexity(s, testGut, nil).own()
			fmt.Printf("%-22s %10d %10d %10.2f %12.1f %12.1f\n", fmt.Sprintf("%d / %d", o.MinCount2, o.MinCount3), mm.Bigrams(), mm.Trigrams(), float64(f.Len())/1e6, pa, pg)
		}
	}

	if out != "" {
		if err := writeFile(out, file.Bytes()); err != nil {
			return err
		}
		fmt.Println("wrote", out)
	}
	if shapeOut != "" {
		sh, err := lm.BuildShape(m, lm.ShapeOptions{})
		if err != nil {
			return err
		}
		var sf bytes.Buffer
		if err := sh.Write(&sf); err != nil {
			return err
		}
		if err := writeFile(shapeOut, sf.Bytes()); err != nil {
			return err
		}
		fmt.Printf("wrote %s (%d character n-grams, %.2f MB)\n", shapeOut, sh.Ngrams(), float64(sf.Len())/1e6)
	}
	return nil
}

func buildModel(train []book, opt lm.Options) (*lm.Model, error) {
	readers := make([]io.Reader, len(train))
	for i, b := range train {
		readers[i] = bytes.NewReader(b.text)
	}
	return lm.Build(readers, opt)
}

// paragraphs calls fn with the raw tokens of each paragraph of text (as
// lm.Tokens splits them).
func paragraphs(text []byte, fn func([]string)) {
	var cur []string
	flush := func() {
		if len(cur) > 0 {
			fn(cur)
			cur = nil
		}
	}
	for _, line := range strings.Split(string(text), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			flush()
			continue
		}
		cur = append(cur, f...)
	}
	flush()
}

func corpusBigram() (*features.LM, error) {
	c, err := data.Embedded()
	if err != nil {
		return nil, err
	}
	l := features.NewLM()
	for _, d := range c.Docs {
		if d.GT != nil {
			l.Add(d.GT.Words())
		}
	}
	return l, nil
}

// scorer is a model under test.
type scorer interface {
	label() string
	// id returns the model's id of a normalised word, -1 when unknown.
	id(w string) int32
	// logp returns log P(w | p2 p1); p1 = -2 at the start of a paragraph
	// (then p2 = -2 too); other ids -1 when unknown.
	logp(p2, p1, w int32) float64
}

type knScorer struct {
	name string
	m    *lm.Model
}

func (s knScorer) label() string     { return s.name }
func (s knScorer) id(w string) int32 { return s.m.ID(w) }
func (s knScorer) logp(p2, p1, w int32) float64 {
	if p1 == -2 {
		p1, p2 = s.m.BOS(), -1
	} else if p2 == -2 {
		p2 = s.m.BOS()
	}
	return float64(s.m.LogProb(p2, p1, w))
}

type wbScorer struct {
	name string
	m    *features.LM
}

func (s wbScorer) label() string     { return s.name }
func (s wbScorer) id(w string) int32 { return s.m.ID(w) }
func (s wbScorer) logp(p2, p1, w int32) float64 {
	if p1 < 0 {
		p1 = -1
	}
	return s.m.LogNext(p1, w)
}

// ppl is the perplexity tally of one model on some books.
type ppl struct {
	tokens, oov int
	sumOwn      float64 // log prob of all tokens, unknown words as the model's unknown class
	common      int
	sumCommon   float64 // log prob of the tokens every compared model knows
}

func (p ppl) own() float64      { return math.Exp(-p.sumOwn / float64(p.tokens)) }
func (p ppl) inCommon() float64 { return math.Exp(-p.sumCommon / float64(p.common)) }

// perplexity scores s on books; common, if not nil, says whether a word is
// known to all compared models.
func perplexity(s scorer, books []book, common func(string) bool) ppl {
	var p ppl
	for _, b := range books {
		p2, p1 := int32(-2), int32(-2)
		lm.Tokens(bytes.NewReader(b.text), func(w string, first bool) {
			if first {
				p2, p1 = -2, -2
			}
			id := s.id(w)
			lp := s.logp(p2, p1, id)
			p.tokens++
			p.sumOwn += lp
			if id < 0 {
				p.oov++
			}
			if common != nil && common(w) {
				p.common++
				p.sumCommon += lp
			}
			p2, p1 = p1, id
		})
	}
	return p
}

func report(models []scorer, groups ...[]book) {
	common := func(w string) bool {
		for _, s := range models {
			if s.id(w) < 0 {
				return false
			}
		}
		return true
	}
	names := []string{"austen (6 books)", "gutenberg held-out (9 books)"}
	for gi, books := range groups {
		fmt.Printf("\nheld-out %s\n", names[gi])
		fmt.Printf("%-34s %10s %8s %14s %16s\n", "model", "tokens", "OOV", "ppl (all, unk)", "ppl (common vocab)")
		for _, s := range models {
			p := perplexity(s, books, common)
			fmt.Printf("%-34s %10d %7.2f%% %14.1f %16.1f\n", s.label(), p.tokens, 100*float64(p.oov)/float64(p.tokens), p.own(), p.inCommon())
		}
	}
}

func writeFile(path string, b []byte) error {
	return data.WriteFileAtomic(path, func(w *bufio.Writer) error {
		_, err := w.Write(b)
		return err
	})
}
