package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"

	"ocrfix/data"
	"ocrfix/features"
	"ocrfix/model"
	"ocrfix/profile"
)

func init() {
	register(command{name: "features", summary: "write the Feature (and DocCand) relation of a corpus's candidates", run: runFeatures})
}

func runFeatures(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("features", "features [-corpus DIR] [-model MODEL] -o FEATURES.tsv [-doccand FILE.tsv] [-doc FILE.tsv]", stderr)
	corpus := fs.String("corpus", "", "corpus directory (default: the embedded corpus); its primary OCR reading is scored")
	modelPath := fs.String("model", "", "trained model (default: train one on the corpus first)")
	out := fs.String("o", "", "where to write the Feature relation: docid, wordid, candid, fname, fval (non-zero values only)")
	docCand := fs.String("doccand", "", "also write the DocCand relation: docid, wordid, candid, value (the ranker's probability)")
	docOut := fs.String("doc", "", "also write the Doc relation: docid, wordid, word (the corrected token of each position)")
	seed := fs.Uint64("seed", 1, "seed when a model is trained here")
	lexicons := addWordListFlags(fs, "when a model is trained here: ")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *out == "" {
		return usagef("-o FEATURES.tsv is required")
	}
	c, err := loadCorpus(*corpus, false, stderr)
	if err != nil {
		return err
	}
	var m *model.Model
	if *modelPath != "" {
		if m, err = readModel(*modelPath); err != nil {
			return err
		}
	} else {
		opt := model.DefaultOptions()
		opt.Seed = *seed
		if _, err := addLexicons(&opt, lexicons); err != nil {
			return err
		}
		pb := newProgress(stderr)
		opt.Progress = pb.update
		m, err = model.Train(c.Docs, opt)
		pb.done()
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
	}
	prof := profile.New(profile.Options{})
	for _, d := range c.Docs {
		prof.Add(d.OCR.Words())
	}
	lats := make([]*model.Lattice, len(c.Docs))
	for i, d := range c.Docs {
		lats[i] = m.Score(d.OCR, d.Alt, prof)
	}
	err = data.WriteFileAtomic(*out, func(w *bufio.Writer) error {
		tw := data.NewTSVWriter(w, data.FeatureHeader...)
		for i, d := range c.Docs {
			l := lats[i]
			for p := range l.Words {
				for k := range l.Cands[p] {
					row := l.Feat.Row(int(l.Feat.First[p]) + k)
					for f, v := range row {
						if v == 0 {
							continue
						}
						if err := tw.Write(d.Stem, strconv.Itoa(p), strconv.Itoa(k), features.Names[f], strconv.FormatFloat(float64(v), 'g', -1, 32)); err != nil {
							return err
						}
					}
				}
			}
		}
		return tw.Err()
	})
	if err != nil {
		return err
	}
	if *docCand != "" {
		err = data.WriteFileAtomic(*docCand, func(w *bufio.Writer) error {
			tw := data.NewTSVWriter(w, data.DocCandHeader...)
			for i, d := range c.Docs {
				l := lats[i]
				for p := range l.Words {
					for k := range l.Cands[p] {
						z := l.Scores[int(l.Feat.First[p])+k]
						tw.Write(d.Stem, strconv.Itoa(p), strconv.Itoa(k), strconv.FormatFloat(1/(1+math.Exp(-z)), 'g', 6, 64))
					}
				}
			}
			return tw.Err()
		})
		if err != nil {
			return err
		}
	}
	if *docOut != "" {
		err = data.WriteFileAtomic(*docOut, func(w *bufio.Writer) error {
			var rows []data.DocRow
			for i, d := range c.Docs {
				for p, word := range m.Collect(lats[i]) {
					rows = append(rows, data.DocRow{DocID: d.Stem, WordID: p, Word: word})
				}
			}
			return data.WriteDoc(w, rows)
		})
		if err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "features of %d documents written to %s\n", len(c.Docs), *out)
	return nil
}
