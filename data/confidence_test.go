package data

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const confTSV = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
	"1\t1\t0\t0\t0\t0\t0\t0\t100\t100\t-1\t\n" +
	"5\t1\t1\t1\t1\t1\t10\t10\t20\t10\t96.5\thello\n" +
	"5\t1\t1\t1\t1\t2\t40\t10\t20\t10\t41\twor1d\n"

func TestConfidenceSidecar(t *testing.T) {
	for _, gz := range []bool{false, true} {
		dir := t.TempDir()
		for p, body := range map[string]string{"gt/a.txt": "hello world\n", "ocr/a.txt": "hello wor1d\n", "gt/b.txt": "x\n", "ocr/b.txt": "y\n"} {
			os.MkdirAll(filepath.Join(dir, filepath.Dir(p)), 0o755)
			os.WriteFile(filepath.Join(dir, p), []byte(body), 0o644)
		}
		os.MkdirAll(filepath.Join(dir, "tsv"), 0o755)
		name, body := "a.tsv", []byte(confTSV)
		if gz {
			var b bytes.Buffer
			zw := gzip.NewWriter(&b)
			zw.Write(body)
			zw.Close()
			name, body = "a.tsv.gz", b.Bytes()
		}
		os.WriteFile(filepath.Join(dir, "tsv", name), body, 0o644)
		// b's confidences disagree with its words: skipped with a warning.
		os.WriteFile(filepath.Join(dir, "tsv", "b.tsv"), []byte(confTSV), 0o644)
		c, warns, err := LoadDir(dir, LoadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		a := c.Doc("a").OCR.Tokens
		if a[0].Conf != 96.5 || a[1].Conf != 41 {
			t.Errorf("gz=%v: confidences %v %v, want 96.5 41", gz, a[0].Conf, a[1].Conf)
		}
		if b := c.Doc("b").OCR.Tokens; b[0].Conf != -1 {
			t.Errorf("b got confidence %v from a file whose words differ", b[0].Conf)
		}
		if len(warns) != 1 || !strings.Contains(warns[0], "b.tsv") {
			t.Errorf("warnings %q, want one about b.tsv", warns)
		}
	}
}
