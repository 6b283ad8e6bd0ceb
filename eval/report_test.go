package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReportDiffsUnique: WriteReport writes one diff per document even
// where two documents' names give the same file name.
func TestReportDiffsUnique(t *testing.T) {
	var s Summary
	for _, d := range []struct{ name, gt, pred string }{{"a/p1", "the cat sat", "tbe cat sat"}, {"a_p1", "a dog ran", "a dog ran"}, {"A_P1", "one", "one"}} {
		s.PerDoc = append(s.PerDoc, EvaluateDoc(d.name, strings.Fields(d.gt), strings.Fields(d.pred), Options{}))
	}
	dir := t.TempDir()
	if err := WriteReport(dir, s); err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{"a_p1.diff": "# a/p1:", "a_p1~2.diff": "# a_p1:", "A_P1~3.diff": "# A_P1:"} {
		b, err := os.ReadFile(filepath.Join(dir, "diffs", file))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(b), want) {
			t.Errorf("diffs/%s begins %q, want %q", file, strings.SplitN(string(b), "\n", 2)[0], want)
		}
	}
}
