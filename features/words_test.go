package features

import (
	"strings"
	"testing"
)

// TestNormKey checks that normKey gives Norm's form of printable ASCII
// words, and declines the others.
func TestNormKey(t *testing.T) {
	for _, w := range []string{"", "a", "The", "the,", "\"Hello!\"", "...", "$5", "U.S.", "x-ray", "(ABC)",
		"don't", "~`^|<=>+", "a_b", "@home", "50%", "ﬁne", "café", "a\x01b", "tab\tx"} {
		key, same, ascii, _ := normKey(nil, w)
		printable := !strings.ContainsFunc(w, func(r rune) bool { return r < '!' || r > '~' })
		switch {
		case ascii != printable:
			t.Errorf("normKey(%q): ascii %v, want %v", w, ascii, printable)
		case !ascii:
		case same && w != Norm(w):
			t.Errorf("normKey(%q) = itself, Norm = %q", w, Norm(w))
		case !same && string(key) != Norm(w):
			t.Errorf("normKey(%q) = %q, Norm = %q", w, key, Norm(w))
		}
	}
}
