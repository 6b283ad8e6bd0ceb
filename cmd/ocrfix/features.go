package main

import (
	"bufio"
	"fmt"
	"io"

	"ocrfix/data"
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
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %v", fs.Args())
	}
	if err := checkOutFlags([]string{*corpus}, []string{*modelPath}, outFlag{"-o", *out}, outFlag{"-doccand", *docCand}, outFlag{"-doc", *docOut}); err != nil {
		return err
	}
	c, err := loadCorpus(*corpus, defaultLang, false, stderr)
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
	if err := latticeRows(*out, data.NewFeatureWriter, c.Docs, lats, (*model.Lattice).EachFeature); err != nil {
		return err
	}
	if *docCand != "" {
		if err := latticeRows(*docCand, data.NewDocCandWriter, c.Docs, lats, (*model.Lattice).EachDocCand); err != nil {
			return err
		}
	}
	if *docOut != "" {
		err := writeRows(*docOut, data.NewDocWriter, func(rw *data.RowWriter[data.DocRow]) error {
			for i, d := range c.Docs {
				for p, word := range m.Collect(lats[i]) {
					if err := rw.Write(data.DocRow{DocID: d.Stem, WordID: p, Word: word}); err != nil {
						return err
					}
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	fmt.Fprintf(stderr, "features of %d documents written to %s\n", len(c.Docs), *out)
	return nil
}

// writeRows writes a relation to the file path (atomically): rows writes
// its rows to a writer made by newWriter.
func writeRows[T any](path string, newWriter func(io.Writer) *data.RowWriter[T], rows func(rw *data.RowWriter[T]) error) error {
	return data.WriteFileAtomic(path, func(w *bufio.Writer) error {
		rw := newWriter(w)
		if err := rows(rw); err != nil {
			return err
		}
		return rw.Err()
	})
}

// latticeRows writes to path the relation each makes of every document's
// lattice (Lattice.EachFeature, Lattice.EachDocCand), documents in order.
func latticeRows[T any](path string, newWriter func(io.Writer) *data.RowWriter[T], docs []*data.Doc, lats []*model.Lattice,
	each func(l *model.Lattice, doc string, fn func(T) error) error) error {
	return writeRows(path, newWriter, func(rw *data.RowWriter[T]) error {
		for i, d := range docs {
			if err := each(lats[i], d.Stem, rw.Write); err != nil {
				return err
			}
		}
		return nil
	})
}
