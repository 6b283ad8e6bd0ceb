package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/experiment"
)

// transferArgs are the flags of bench's transfer modes.
type transferArgs struct {
	train        []string // -train: collections to learn from
	test         []string // -test: the collections to correct
	colls        []string // -collection: leave-one-collection-out over these
	seed         uint64
	noLDA, noVec bool
	noEng        bool
	noHabits     bool
	lexicons     *wordLists
	lang         string // the records of JSONL collections to use (-lang)
	allow, json  bool
	start        time.Time
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
func loadCollection(dir, lang string, allow bool, stderr io.Writer) (*data.Corpus, error) {
	if dir == "embedded" {
		dir = ""
	}
	return loadCorpus(dir, lang, allow, stderr)
}

func runTransfer(a transferArgs, stdout, stderr io.Writer) error {
	opt, lexFiles, err := trainOptions(a.seed, a.noLDA, a.noVec, a.noEng, a.lexicons)
	if err != nil {
		return err
	}
	opt.NoHabits = a.noHabits
	evalOpt := eval.Options{}
	var train, test []*data.Corpus
	mode, names := "leave one collection out: each corrected by a model trained on the others, with no labels from it", a.colls
	if len(a.test) > 0 {
		mode, names = "train on "+strings.Join(a.train, ", ")+"; correct "+strings.Join(a.test, ", ")+" with no labels from them", a.test
		if train, err = loadCollections(a.train, a.lang, a.allow, stderr); err != nil {
			return err
		}
	} else if len(names) == 0 {
		names = defaultCollections()
	}
	if test, err = loadCollections(names, a.lang, a.allow, stderr); err != nil {
		return err
	}
	pb := newProgress(stderr)
	opt.Progress = pb.update
	var cv *experiment.CVResult
	if len(a.test) > 0 {
		cv, err = experiment.Transfer(train, test, opt, evalOpt)
	} else {
		cv, err = experiment.LeaveOneOut(test, opt, evalOpt)
	}
	pb.done()
	if err != nil {
		return err
	}
	rep := experiment.NewTransferReport(mode, names, cv, a.seed, lexFiles, evalOpt)
	rep.Seconds = time.Since(a.start).Seconds()
	if a.json {
		return rep.WriteJSON(stdout)
	}
	return rep.WriteTable(stdout)
}

// loadCollections loads the collection directories (loadCollection); a
// collection named twice is an error.
func loadCollections(dirs []string, lang string, allow bool, stderr io.Writer) ([]*data.Corpus, error) {
	var out []*data.Corpus
	for _, dir := range dirs {
		c, err := loadCollection(dir, lang, allow, stderr)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	if err := distinctCorpora(dirs); err != nil {
		return nil, err
	}
	return out, nil
}
