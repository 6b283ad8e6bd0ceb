package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"ocrfix/data"
)

// loadCorpus loads the corpus in dir, or the embedded corpus when dir is
// "". Warnings go to stderr.
func loadCorpus(dir string, allowUnpaired bool, stderr io.Writer) (*data.Corpus, error) {
	if dir == "" {
		return data.Embedded()
	}
	c, warns, err := data.LoadDir(dir, data.LoadOptions{AllowUnpaired: allowUnpaired})
	for _, w := range warns {
		fmt.Fprintln(stderr, "warning:", w)
	}
	return c, err
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// progress shows progress bars on stderr when it is a terminal, and
// nothing otherwise (pipes, CI logs).
type progress struct {
	w     io.Writer
	on    bool
	bar   *progressbar.ProgressBar
	stage string
}

func newProgress(stderr io.Writer) *progress {
	return &progress{w: stderr, on: isTerminal(stderr)}
}

// update is a model.Options.Progress callback.
func (p *progress) update(stage string, done, total int) {
	if !p.on {
		return
	}
	if p.bar == nil || p.stage != stage {
		if p.bar != nil {
			p.bar.Finish()
		}
		p.stage = stage
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription(stage),
			progressbar.OptionShowCount(),
			progressbar.OptionClearOnFinish(),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(100_000_000),
		)
	}
	p.bar.Set(done)
}

// done clears any bar.
func (p *progress) done() {
	if p.bar != nil {
		p.bar.Finish()
		p.bar = nil
	}
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }
