package model

import (
	"slices"
	"strings"
	"testing"

	"ocrfix/lm/english"
)

func TestEtceteraFixes(t *testing.T) {
	if _, _, err := english.Model(); err != nil {
		t.Skip(err)
	}
	words := strings.Fields("Watches, Ac. Firebricks, Ac.., Ac Ac., AC. (Ac.) Ac., Ac.")
	out := slices.Clone(words)
	out[len(out)-1] = "At." // a decision changed it
	etceteraFixes(out, words)
	want := strings.Fields("Watches, &c. Firebricks, &c.., Ac &c., AC. (Ac.) &c., At.")
	if !slices.Equal(out, want) {
		t.Errorf("etceteraFixes:\n got %q\nwant %q", out, want)
	}
}
