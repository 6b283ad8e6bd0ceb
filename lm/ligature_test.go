package lm

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

func TestExpandLigatures(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""}, {"floor", "floor"}, {"ﬂoor", "floor"}, {"oﬃce", "office"},
		{"ﬀ ﬁ ﬂ ﬃ ﬄ ﬅ ﬆ", "ff fi fl ffi ffl st st"}, {"ﬁﬁ", "fifi"},
		{"ﬓ", "ﬓ"}, // U+FB13, an Armenian ligature: not a Latin one
		{"\xef\xac", "\xef\xac"}, {"a\xef\xacﬁ", "a\xef\xacfi"},
		{"naïve ﬁancé", "naïve fiancé"},
		{"moſt uſeful", "most useful"}, {"ſ", "s"}, {"Şş", "Şş"}, // Ş is C5 9E, beside ſ's C5 BF
	}
	for _, c := range cases {
		if got := ExpandLigatures(c.in); got != c.want {
			t.Errorf("ExpandLigatures(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// every rune of the block and around it against NFKC
	for _, r := range append([]rune{0x17E, 0x17F, 0x180}, runeRange(0xFAF0, 0xFB20)...) {
		s := "a" + string(r) + "b"
		want := s
		if r >= 0xFB00 && r <= 0xFB06 || r == 0x17F {
			want = "a" + norm.NFKC.String(string(r)) + "b"
		}
		if got := ExpandLigatures(s); got != want {
			t.Errorf("ExpandLigatures(%q) = %q, want %q", s, got, want)
		}
	}
}

func TestExpandLigaturesNoAlloc(t *testing.T) {
	if n := testing.AllocsPerRun(100, func() { ExpandLigatures("Administration") }); n != 0 {
		t.Errorf("a word without ligatures allocates %v times", n)
	}
}

func FuzzExpandLigatures(f *testing.F) {
	for _, s := range []string{"ﬂoor", "oﬃce", "\xef\xac\x86", "ﬓ", "plain", "moſt", "\xc5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := ExpandLigatures(s)
		if !strings.Contains(s, "\xef\xac") && !strings.Contains(s, LongS) && got != s {
			t.Fatalf("ExpandLigatures(%q) = %q: changed a word without ligatures", s, got)
		}
		if hasLigature(got) {
			t.Fatalf("ExpandLigatures(%q) = %q still holds a ligature", s, got)
		}
		if norm.NFKC.String(got) != norm.NFKC.String(s) && isValid(s) {
			t.Fatalf("ExpandLigatures(%q) = %q: not NFKC-equivalent", s, got)
		}
	})
}

func isValid(s string) bool { return strings.ToValidUTF8(s, "") == s }

func ExampleExpandLigatures() {
	fmt.Println(ExpandLigatures("The ﬁrst ﬂoor of the oﬃce"))
	// Output: The first floor of the office
}

// runeRange returns the runes from lo to hi, both included.
func runeRange(lo, hi rune) []rune {
	var rs []rune
	for r := lo; r <= hi; r++ {
		rs = append(rs, r)
	}
	return rs
}
