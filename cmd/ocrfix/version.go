package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"

	"ocrfix/data/wordlist"
	"ocrfix/model"
)

func init() {
	register(command{name: "version", summary: "print the version of ocrfix, its model file format and its built-in word list", run: runVersion})
}

// ocrfixVersion is the release of this source tree.
const ocrfixVersion = "0.1.0-dev"

// versionString names the program: its release, the VCS revision when the
// build recorded one, and the Go release.
func versionString() string {
	v := "ocrfix " + ocrfixVersion
	if bi, ok := debug.ReadBuildInfo(); ok {
		rev, dirty := "", ""
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				if s.Value == "true" {
					dirty = "+modified"
				}
			}
		}
		if rev != "" {
			v += " " + rev[:min(12, len(rev))] + dirty
		}
	}
	return v + " (" + runtime.Version() + ")"
}

// provenance is the line every report carries: the program, the model and
// the word lists.
func provenance(modelDesc string, wordLists []string) string {
	lists := "none"
	if len(wordLists) > 0 {
		lists = strings.Join(wordLists, ", ")
	}
	return fmt.Sprintf("%s; model: %s (file format %d); word lists: %s", versionString(), modelDesc, model.Version, lists)
}

func runVersion(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("version", "version", stderr)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected arguments %v", fs.Args())
	}
	words, err := wordlist.Bytes()
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, versionString())
	fmt.Fprintf(stdout, "model file format: version %d\n", model.Version)
	fmt.Fprintf(stdout, "built-in word list: %s, %d words, SHA-256 %s (used unless -lexicon or -nodict)\n",
		wordlist.Name, strings.Count(string(words), "\n"), wordlist.SHA256)
	return nil
}
