package main

import (
	"io"

	"ocrfix/experiment"
)

func init() {
	register(command{name: "detect", summary: "measure how well the garbage rules and the lexicon flag wrong OCR tokens",
		run: runDetect})
}

func runDetect(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("detect", "detect [-corpus DIR] [-folds 5] [-seed 1] [-lexicon FILE]... [-json]", stderr)
	sf := addStudyFlags(fs, "the lexicon of a document comes from the other folds")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	c, opt, err := sf.load(fs, stderr)
	if err != nil {
		return err
	}
	rep, err := experiment.Detection(c, opt)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, rep)
	}
	return rep.WriteTable(stdout, c.Name)
}
