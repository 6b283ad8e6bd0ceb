package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
	"unicode"
)

// hunspellPeer corrects words the way a user without ocrfix would: every
// alphabetic token core that Hunspell calls misspelled is replaced by its
// first suggestion, with the token's leading and trailing punctuation kept.
// Each distinct core is asked once, all in one hunspell process.
type hunspellPeer struct {
	dict  string
	fixes map[string]string // core -> replacement (only misspelled cores with a suggestion)
}

// hunspellAvailable reports whether hunspell and the dictionary can be run.
func hunspellAvailable(dict string) error {
	if _, err := exec.LookPath("hunspell"); err != nil {
		return errors.New("hunspell is not installed (Debian packages hunspell and hunspell-en-us)")
	}
	cmd := exec.Command("hunspell", "-d", dict, "-a")
	cmd.Stdin = strings.NewReader("^hello\n")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "*") {
		return fmt.Errorf("hunspell cannot load dictionary %s (Debian package hunspell-en-us): %s", dict, strings.TrimSpace(string(out)))
	}
	return nil
}

// splitCore splits a token into leading punctuation, core and trailing
// punctuation.
func splitCore(tok string) (pre, core, suf string) {
	isP := func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }
	core = strings.TrimLeftFunc(tok, isP)
	pre = tok[:len(tok)-len(core)]
	c2 := strings.TrimRightFunc(core, isP)
	suf = core[len(c2):]
	return pre, c2, suf
}

func alphabetic(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

// newHunspellPeer asks hunspell about every distinct alphabetic core of the
// given documents.
func newHunspellPeer(dict string, docs [][]string) (*hunspellPeer, error) {
	seen := map[string]bool{}
	var cores []string
	for _, d := range docs {
		for _, t := range d {
			_, core, _ := splitCore(t)
			if alphabetic(core) && !seen[core] {
				seen[core] = true
				cores = append(cores, core)
			}
		}
	}
	sort.Strings(cores)
	p := &hunspellPeer{dict: dict, fixes: map[string]string{}}
	if len(cores) == 0 {
		return p, nil
	}
	cmd := exec.Command("hunspell", "-d", dict, "-a")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("hunspell: %w", err)
	}
	werr := make(chan error, 1)
	go func() {
		bw := bufio.NewWriter(in)
		for _, c := range cores {
			// "^" makes hunspell read the rest of the line as text, never
			// as a command.
			bw.WriteString("^" + c + "\n")
		}
		err := bw.Flush()
		in.Close()
		werr <- err
	}()
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<16), 1<<20)
	k := 0
	first := true
	for sc.Scan() {
		line := sc.Text()
		if first {
			first = false
			if strings.HasPrefix(line, "@(#)") {
				continue // version banner
			}
		}
		if line == "" {
			// every input line's answer ends with an empty line, also
			// when hunspell found no word in it
			k++
			continue
		}
		if k >= len(cores) {
			break
		}
		switch line[0] {
		case '&':
			// & original count offset: sugg1, sugg2, ...
			if i := strings.Index(line, ": "); i >= 0 {
				sugg := line[i+2:]
				if j := strings.Index(sugg, ", "); j >= 0 {
					sugg = sugg[:j]
				}
				if sugg != "" && sugg != cores[k] {
					p.fixes[cores[k]] = sugg
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("hunspell: %w", err)
	}
	io.Copy(io.Discard, out)
	if err := <-werr; err != nil {
		return nil, fmt.Errorf("hunspell: %w", err)
	}
	if err := cmd.Wait(); err != nil {
		return nil, fmt.Errorf("hunspell: %w", err)
	}
	if k != len(cores) {
		return nil, fmt.Errorf("hunspell answered %d of %d words", k, len(cores))
	}
	return p, nil
}

// correct returns the document with every misspelled core replaced.
func (p *hunspellPeer) correct(words []string) []string {
	out := make([]string, 0, len(words))
	for _, t := range words {
		pre, core, suf := splitCore(t)
		if fix, ok := p.fixes[core]; ok {
			out = append(out, strings.Fields(pre+fix+suf)...)
			continue
		}
		out = append(out, t)
	}
	return out
}
