package model

import (
	"slices"
	"strings"
	"testing"

	"ocrfix/data"
	"ocrfix/lm/english"
	"ocrfix/profile"
)

// cipherDocs returns the words of the embedded corpus's truth, document
// by document, with every word whose Norm form is a key of swap written
// as its value (its marks kept): a collection whose engine reads those
// words the same wrong way everywhere.
func cipherDocs(t *testing.T, swap map[string]string) [][]string {
	t.Helper()
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	c, err := data.Embedded()
	if err != nil {
		t.Fatal(err)
	}
	var docs [][]string
	for _, d := range c.Docs {
		words := d.GT.Words()
		out := make([]string, len(words))
		for i, w := range words {
			out[i] = w
			if r, ok := swap[profile.Norm(w)]; ok {
				out[i] = strings.Replace(w, strings.Trim(w, `"'“”‘’.,;:!?()`), r, 1)
			}
		}
		docs = append(docs, out)
	}
	return docs
}

func TestLearnCipher(t *testing.T) {
	for _, c := range []struct {
		name string
		swap map[string]string
		want map[string]string // form -> its reading
	}{
		{"a clean collection", nil, nil},
		// with read as mm everywhere, it as 1: (the colon for its t)
		{"with and it misread everywhere", map[string]string{"with": "mm", "it": "1:"}, map[string]string{"mm": "with", "1": "it"}},
		// misread in one place of five: with lacks what mm stands for
		{"a partial misreading", nil, map[string]string{"mm": "with"}},
		// a word the collection's subject does without is missing, but no
		// form stands in its places
		{"she missing", map[string]string{"she": "he", "her": "his"}, nil},
	} {
		docs := cipherDocs(t, c.swap)
		if c.name == "a partial misreading" {
			docs = cipherDocs(t, nil)
			k := 0
			for _, d := range docs {
				for i, w := range d {
					if w == "with" {
						if k%5 == 0 {
							d[i] = "mm"
						}
						k++
					}
				}
			}
		}
		p := profile.Of(docs, profile.Options{})
		got := learnCipher(p)
		first := map[string]string(got)
		for f, w := range c.want {
			if first[f] != w {
				t.Errorf("%s: cipher reads %q as %q, want %q (cipher %v)", c.name, f, got[f], w, got)
			}
		}
		for f := range first {
			if _, ok := c.want[f]; !ok {
				t.Errorf("%s: cipher reads %q as %q, want no reading", c.name, f, got[f])
			}
		}
	}
}

func TestCipherFixes(t *testing.T) {
	docs := cipherDocs(t, map[string]string{"with": "mm", "it": "1:"})
	p := profile.Of(docs, profile.Options{})
	for _, c := range []struct {
		in, want string
		modern   bool
	}{
		{"we have to comply mm the rules of the house", "we have to comply with the rules of the house", true},
		{"and so 1: was that he came home to us", "and so it was that he came home to us", true},
		// a sentence's start takes a capital
		{"came home. 1: was late and dark", "came home. It was late and dark", true},
		// a bare number is no misreading where the collection's form has its colon
		{"and so 1 was that he came home to us", "and so 1 was that he came home to us", true},
		// money and a capital letter alone are left as they are
		{"he paid $1: for the book", "he paid $1: for the book", true},
		// period print keeps its forms: no cipher is asked
		{"we have to comply mm the rules of the house", "we have to comply mm the rules of the house", false},
	} {
		words := strings.Fields(c.in)
		out := slices.Clone(words)
		cipherFixes(out, words, p, c.modern, nil)
		if got := strings.Join(out, " "); got != c.want {
			t.Errorf("cipherFixes(%q, modern %v) = %q, want %q", c.in, c.modern, got, c.want)
		}
	}
	// a word the decisions made of a form is kept where it is one of the
	// form's readings or no reading of any form
	words := strings.Fields("we have to comply mm the rules")
	out := slices.Clone(words)
	out[4] = "my"
	cipherFixes(out, words, p, true, nil)
	if out[4] != "my" {
		t.Errorf("the ranker's my for mm became %q, want it kept", out[4])
	}
	// without a profile, or in a collection with no cipher, nothing changes
	clean := profile.Of(cipherDocs(t, nil), profile.Options{})
	for _, q := range []*profile.Profile{nil, clean} {
		out := slices.Clone(words)
		cipherFixes(out, words, q, true, nil)
		if !slices.Equal(out, words) {
			t.Errorf("cipherFixes with no cipher changed %q into %q", words, out)
		}
	}
}

func TestCipherAffixes(t *testing.T) {
	for _, c := range []struct {
		po, co, so string
		col        bool
		want       bool
	}{
		{"", "mm", "", false, true},
		{"(", "mm", ",", false, true},
		{"", "1", ":", true, true},
		{"", "1", "::", true, true},
		{"", "1", ":,", true, true},
		{"", "1", "", true, false}, // the collection writes the form with its colon: a bare 1 is a number
		{"", "15", "", false, true},
		{"", "15", ".", false, false}, // a list's number, a sentence's last
		{"$", "15", "", false, false},
		{"", "15", "%", false, false},
		{"(", "15", "", false, false},
	} {
		if got := cipherAffixes(c.po, c.co, c.so, c.col); got != c.want {
			t.Errorf("cipherAffixes(%q, %q, %q, %v) = %v, want %v", c.po, c.co, c.so, c.col, got, c.want)
		}
	}
}
