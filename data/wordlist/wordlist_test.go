package wordlist

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"testing"
)

func TestBytes(t *testing.T) {
	b, err := Bytes()
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(b)
	if got := hex.EncodeToString(sum[:]); got != SHA256 {
		t.Fatalf("SHA-256 of the built-in list %s, want %s", got, SHA256)
	}
	if n := bytes.Count(b, []byte("\n")); n != 104334 {
		t.Errorf("%d lines, want 104334", n)
	}
}

// TestSameAsSystem checks the built-in list against the machine's
// /usr/share/dict/words when that is the same Debian package.
func TestSameAsSystem(t *testing.T) {
	sys, err := os.ReadFile("/usr/share/dict/words")
	if err != nil {
		t.Skip("no /usr/share/dict/words on this machine")
	}
	sum := sha256.Sum256(sys)
	if hex.EncodeToString(sum[:]) != SHA256 {
		t.Skip("/usr/share/dict/words is another version or list than wamerican 2020.12.07-2")
	}
	b, _ := Bytes()
	if !bytes.Equal(b, sys) {
		t.Fatal("built-in list differs from /usr/share/dict/words")
	}
}
