package experiment

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"ocrfix/data"
	"ocrfix/lda"
)

// ldaStream is the PCG stream of the topic model's sampling and fold-in
// (the bytes of "lda"); the held-out split is Folds'.
const ldaStream = 0x6c6461

// TopicStudy is the outcome of Topics: a topic model trained on the ground
// truth of a corpus minus a held-out share of its documents, and its
// held-out perplexity.
type TopicStudy struct {
	Corpus       string
	Stems        []string   // the documents with ground truth, in corpus order
	Docs         [][]string // their ground-truth words
	Held         []bool     // which of them were held out
	Model        *lda.Model
	Train, Test  int     // documents trained on and held out
	Tokens       int     // training tokens in the model's vocabulary
	TrainSeconds float64 // wall time of lda.Train
	Seed         uint64
	// Perplexity is the held-out perplexity by document completion over
	// Scored tokens (NaN with nothing held out), computed in
	// PerplexitySeconds.
	Perplexity        float64
	Scored            int
	PerplexitySeconds float64
}

// Topics trains a topic model with opt on the ground truth of c minus a
// share holdout (in [0, 1)) of its documents: the first of round(1/holdout)
// folds (Folds, at least 2) of the documents with ground truth. The
// sampling and the fold-in of the held-out documents draw from a PCG
// generator of seed; the same corpus, options and seed give the same study.
func Topics(c *data.Corpus, opt lda.Options, holdout float64, seed uint64) (*TopicStudy, error) {
	s := &TopicStudy{Corpus: c.Name, Seed: seed, Perplexity: math.NaN()}
	for _, d := range c.Docs {
		if d.GT != nil {
			s.Stems = append(s.Stems, d.Stem)
			s.Docs = append(s.Docs, d.GT.Words())
		}
	}
	if len(s.Docs) == 0 {
		return nil, fmt.Errorf("corpus %s: no ground-truth documents", c.Name)
	}
	s.Held = make([]bool, len(s.Docs))
	if holdout > 0 && len(s.Docs) > 1 {
		nfold := int(1/holdout + 0.5)
		for _, i := range Folds(len(s.Docs), max(nfold, 2), seed)[0] {
			s.Held[i] = true
		}
	}
	var train, test [][]string
	for i, d := range s.Docs {
		if s.Held[i] {
			test = append(test, d)
		} else {
			train = append(train, d)
		}
	}
	s.Train, s.Test = len(train), len(test)
	rng := rand.New(rand.NewPCG(seed, ldaStream))
	t0 := time.Now()
	m, err := lda.Train(train, opt, rng)
	if err != nil {
		return nil, fmt.Errorf("corpus %s: %w", c.Name, err)
	}
	s.TrainSeconds = time.Since(t0).Seconds()
	s.Model = m
	for _, d := range train {
		for _, w := range d {
			if _, ok := m.WordID(w); ok {
				s.Tokens++
			}
		}
	}
	if len(test) > 0 {
		t1 := time.Now()
		s.Perplexity, s.Scored = m.Perplexity(test, 100, rng)
		s.PerplexitySeconds = time.Since(t1).Seconds()
	}
	return s, nil
}

// WriteSummary writes what ocrfix lda prints: the split, the options, the
// training speed, the top words of each topic (none when top is 0) and the
// held-out perplexity.
func (s *TopicStudy) WriteSummary(w io.Writer, top int) error {
	m := s.Model
	opt := m.Options()
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "corpus %s: %d training documents, %d held out; %d tokens, vocabulary %d\n",
		s.Corpus, s.Train, s.Test, s.Tokens, len(m.Vocab()))
	fmt.Fprintf(bw, "K=%d alpha=%g beta=%g iters=%d burn-in=%d partitions=%d seed=%d\n",
		opt.K, opt.Alpha, opt.Beta, opt.Iters, opt.BurnIn, opt.Partitions, s.Seed)
	fmt.Fprintf(bw, "trained in %.3fs (%.2f M tokens/s per sweep)\n",
		s.TrainSeconds, float64(s.Tokens)*float64(opt.Iters)/s.TrainSeconds/1e6)
	for t := 0; t < m.K() && top > 0; t++ {
		fmt.Fprintf(bw, "topic %2d: %s\n", t, strings.Join(m.TopWords(t, top), " "))
	}
	if s.Test > 0 {
		fmt.Fprintf(bw, "held-out perplexity %.1f (document completion, %d scored tokens, %.3fs)\n",
			s.Perplexity, s.Scored, s.PerplexitySeconds)
	}
	return bw.Flush()
}

// WriteDocs writes the documents as the model sees them, one a line:
// split ("train" or "test"), tab, stem, tab, the words in the model's
// vocabulary (normalised) separated by spaces. bench/lda_peers reads it.
func (s *TopicStudy) WriteDocs(w io.Writer) error {
	bw := bufio.NewWriter(w)
	vocab := s.Model.Vocab()
	for i, d := range s.Docs {
		split := "train"
		if s.Held[i] {
			split = "test"
		}
		bw.WriteString(split + "\t" + s.Stems[i] + "\t")
		sep := ""
		for _, word := range d {
			if id, ok := s.Model.WordID(word); ok {
				bw.WriteString(sep + vocab[id])
				sep = " "
			}
		}
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// WritePhi writes the topic-word probabilities of m, one word a line: the
// word, then a tab and phi of each topic (9 significant digits).
// bench/lda_peers reads it.
func WritePhi(w io.Writer, m *lda.Model) error {
	bw := bufio.NewWriter(w)
	var b []byte
	for id, word := range m.Vocab() {
		b = append(b[:0], word...)
		for t := 0; t < m.K(); t++ {
			b = append(b, '\t')
			b = strconv.AppendFloat(b, m.Phi(t, int32(id)), 'g', 9, 64)
		}
		b = append(b, '\n')
		bw.Write(b)
	}
	return bw.Flush()
}
