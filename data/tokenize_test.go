package data

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestTokenize(t *testing.T) {
	tests := []struct {
		src  string
		want []Token
	}{
		{"", nil},
		{"   \n\t", nil},
		{"a", []Token{{"a", 1, 0, 1, -1}}},
		{" ab  c\n", []Token{{"ab", 1, 1, 3, -1}, {"c", 1, 5, 6, -1}}},
		{"one\ntwo\r\nthree\n\nfour", []Token{
			{"one", 1, 0, 3, -1}, {"two", 2, 4, 7, -1}, {"three", 3, 9, 14, -1}, {"four", 5, 16, 20, -1}}},
		// form feed and vertical tab separate words but do not start lines; a
		// lone CR ends one
		{"a\fb\vc\rd", []Token{{"a", 1, 0, 1, -1}, {"b", 1, 2, 3, -1}, {"c", 1, 4, 5, -1}, {"d", 2, 6, 7, -1}}},
		// CR LF ends one line, a CR alone (classic Mac OS) one too
		{"a\r\nb\rc\r", []Token{{"a", 1, 0, 1, -1}, {"b", 2, 3, 4, -1}, {"c", 3, 5, 6, -1}}},
		// no-break space, NEL, ideographic space, line separator are spaces
		{"é\u00a0ü\u0085x\u3000y\u2028z", []Token{
			{"é", 1, 0, 2, -1}, {"ü", 1, 4, 6, -1}, {"x", 1, 8, 9, -1}, {"y", 1, 12, 13, -1}, {"z", 1, 16, 17, -1}}},
		// zero-width space is not unicode.IsSpace; quotes and punctuation stay
		{"a\u200bb \"q\"", []Token{{"a\u200bb", 1, 0, 5, -1}, {`"q"`, 1, 6, 9, -1}}},
		// invalid UTF-8 bytes stay inside tokens
		{"a\xffb \xfe", []Token{{"a\xffb", 1, 0, 3, -1}, {"\xfe", 1, 4, 5, -1}}},
	}
	for _, tc := range tests {
		got := Tokenize([]byte(tc.src))
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Tokenize(%q) =\n %v\nwant\n %v", tc.src, got, tc.want)
		}
	}
}

// naiveTokenize is the obvious rune-by-rune definition.
func naiveTokenize(src string) []Token {
	var toks []Token
	line, start, sl := 1, -1, 0
	for i, r := range src {
		if unicode.IsSpace(r) {
			if start >= 0 {
				toks = append(toks, Token{src[start:i], sl, start, i, -1})
				start = -1
			}
			if r == '\n' || r == '\r' && (i+1 == len(src) || src[i+1] != '\n') {
				line++
			}
		} else if start < 0 {
			start, sl = i, line
		}
	}
	if start >= 0 {
		toks = append(toks, Token{src[start:], sl, start, len(src), -1})
	}
	return toks
}

func checkTokenize(t *testing.T, src string) {
	got := Tokenize([]byte(src))
	want := naiveTokenize(src)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Tokenize(%q) = %v, want %v", src, got, want)
	}
	if got := strings.Join(Words(got), " "); got != strings.Join(strings.FieldsFunc(src, unicode.IsSpace), " ") {
		t.Fatalf("Words(Tokenize(%q)) = %q disagrees with strings.FieldsFunc", src, got)
	}
}

func TestTokenizeMatchesNaive(t *testing.T) {
	alphabet := []string{"a", "b", " ", "\n", "\t", "\r", "\f", "\u00a0", "\u2003", "é", "\xff", "\xe2\x80", "\"", "\\",
		"\u0085", "\u1680", "\u2028", "\u3000", "\u201c", "\u00c2", "\xc2", "\xe1", "\xe3\x80", "\xc3", "\U0001F600"}
	seed := uint64(1)
	next := func() uint64 { seed = seed*6364136223846793005 + 1442695040888963407; return seed >> 33 }
	for n := 0; n < 20000; n++ {
		var sb strings.Builder
		for l := next() % 20; l > 0; l-- {
			sb.WriteString(alphabet[next()%uint64(len(alphabet))])
		}
		checkTokenize(t, sb.String())
	}
}

func FuzzTokenize(f *testing.F) {
	for _, s := range []string{"", "a b", "x\ny\r\nz", "\u00a0\u0085é", "\xff\xfe a", "\f\v\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkTokenize(t, s)
		for _, tok := range Tokenize([]byte(s)) {
			if tok.Text != s[tok.Start:tok.End] || tok.Text == "" {
				t.Fatalf("bad span %+v", tok)
			}
			if r, _ := utf8.DecodeRuneInString(tok.Text); unicode.IsSpace(r) {
				t.Fatalf("token starts with space: %+v", tok)
			}
		}
	})
}

func TestWords(t *testing.T) {
	if Words(nil) != nil {
		t.Error("Words(nil) != nil")
	}
	var txt *Text
	if txt.Words() != nil {
		t.Error("nil Text has words")
	}
	txt = &Text{Tokens: Tokenize([]byte("x y"))}
	if got := txt.Words(); !reflect.DeepEqual(got, []string{"x", "y"}) {
		t.Errorf("Words = %q", got)
	}
}

func ExampleTokenize() {
	src := []byte("The qnick\nbrown  fox.\n")
	for _, tok := range Tokenize(src) {
		fmt.Printf("%q line %d bytes [%d,%d)\n", tok.Text, tok.Line, tok.Start, tok.End)
	}
	// Output:
	// "The" line 1 bytes [0,3)
	// "qnick" line 1 bytes [4,9)
	// "brown" line 2 bytes [10,15)
	// "fox." line 2 bytes [17,21)
}
