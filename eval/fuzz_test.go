package eval

import (
	"strings"
	"testing"
)

// lcsTable and levTable are the textbook O(n*m) tables.
func lcsTable[T comparable](a, b []T) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func levTable[T comparable](a, b []T) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := range a {
		cur[0] = i + 1
		for j := range b {
			c := 1
			if a[i] == b[j] {
				c = 0
			}
			cur[j+1] = min(prev[j]+c, prev[j+1]+1, cur[j]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// fuzzWords reads the bytes of s as words over a small vocabulary, so that
// repeated and periodic documents (issue #14) are common.
func fuzzWords(s []byte, k byte) []string {
	vocab := []string{"the", "of", "and", "yes", "no", "mo", "tbe", "rn", "m", "a"}
	out := make([]string, len(s))
	for i, c := range s {
		out[i] = vocab[int(c%k)%len(vocab)]
	}
	return out
}

// FuzzEvaluateDoc checks EvaluateDoc against the textbook tables on small
// documents (matched words = LCS, word edits and character edits =
// Levenshtein), and on arbitrary text that it neither panics nor leaves
// its figures' bounds, with every option set.
func FuzzEvaluateDoc(f *testing.F) {
	f.Add([]byte("abababababababab"), []byte("abacabacabacabac"), uint8(2), "The quick, brown fox.", "Tbe qnick brown fox")
	f.Add([]byte("yes no yes no yes no"), []byte("yes mo yes mo yes mo"), uint8(7), "", "x")
	f.Add([]byte{}, []byte{1, 2, 3}, uint8(3), "ﬁn ÉTÉ", "fin été")
	f.Fuzz(func(t *testing.T, x, y []byte, k uint8, gtText, predText string) {
		if len(x) > 300 || len(y) > 300 {
			return
		}
		gt, pred := fuzzWords(x, k%10+1), fuzzWords(y, k%10+1)
		r := EvaluateDoc("d", gt, pred, Options{})
		if want := lcsTable(gt, pred); r.Matched != want {
			t.Fatalf("Matched = %d, LCS %d\ngt %q\npred %q", r.Matched, want, gt, pred)
		}
		if want := levTable(gt, pred); r.WordEdits != want {
			t.Fatalf("WordEdits = %d, want %d", r.WordEdits, want)
		}
		gc, pc := []rune(strings.Join(gt, " ")), []rune(strings.Join(pred, " "))
		if want := levTable(gc, pc); r.CharEdits != want {
			t.Fatalf("CharEdits = %d, want %d", r.CharEdits, want)
		}
		if len(gtText) > 2000 || len(predText) > 2000 {
			return
		}
		for _, o := range []Options{{}, {Lower: true, StripPunct: true, NFKC: true}, {Fuzzy: 0.6}} {
			r := EvaluateDoc("d", strings.Fields(gtText), strings.Fields(predText), o)
			if r.Matched < 0 || r.Matched > min(r.GTWords, r.PredWords) || len(r.Pairs) != r.Matched {
				t.Fatalf("%v: Matched %d of %d/%d words, %d pairs", o, r.Matched, r.GTWords, r.PredWords, len(r.Pairs))
			}
			if r.GTWords > 0 && !(r.Recall >= 0 && r.Recall <= 1) {
				t.Fatalf("%v: recall %v", o, r.Recall)
			}
			if r.WordEdits < max(r.GTWords, r.PredWords)-min(r.GTWords, r.PredWords) || r.WordEdits > max(r.GTWords, r.PredWords) {
				t.Fatalf("%v: WordEdits %d for %d/%d words", o, r.WordEdits, r.GTWords, r.PredWords)
			}
		}
	})
}
