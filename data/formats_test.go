package data

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// formatFiles returns the hand-made and Tesseract-made test files of
// testdata/formats and testdata/tesseract (when present, walked with its
// subdirectories) of the given extensions.
func formatFiles(t testing.TB, exts ...string) []string {
	t.Helper()
	var files []string
	for _, dir := range []string{"testdata/formats", "testdata/tesseract"} {
		filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return nil
			}
			for _, ext := range exts {
				if strings.HasSuffix(e.Name(), ext) {
					files = append(files, p)
				}
			}
			return nil
		})
	}
	return files
}

// lastLine returns the line of the last token of tx, 0 when it has none.
func lastLine(tx *Text) int {
	if len(tx.Tokens) == 0 {
		return 0
	}
	return tx.Tokens[len(tx.Tokens)-1].Line
}

// isGT reports whether a test file is a ground truth, not an OCR reading.
func isGT(p string) bool {
	return strings.HasSuffix(p, ".gt.txt") || strings.Contains(filepath.ToSlash(p), "/gt/")
}

func readFormatFile(t testing.TB, path string) *Text {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tx, err := ReadText(path, src)
	if err != nil {
		t.Fatalf("ReadText(%s): %v", path, err)
	}
	return tx
}

func rewriteString(t testing.TB, tx *Text, words []string) string {
	t.Helper()
	var b bytes.Buffer
	if err := tx.Rewrite(&b, words); err != nil {
		t.Fatalf("Rewrite(%s): %v", tx.Path, err)
	}
	return b.String()
}

// TestFormatsMatchText checks that the words of Tesseract's TSV, hOCR and
// ALTO output equal the whitespace tokens of its .txt output of the same
// run, and that the three structured formats agree on lines.
func TestFormatsMatchText(t *testing.T) {
	// Group the files by stem: one .txt reading and its structured twins.
	byStem := map[string][]string{}
	var stems []string
	for _, p := range formatFiles(t, ".txt", ".tsv", ".hocr", ".xml") {
		if isGT(p) {
			continue
		}
		stem := filepath.Join(filepath.Dir(filepath.Dir(p)), Stem(p))
		if filepath.Base(filepath.Dir(p)) == "formats" {
			stem = filepath.Join(filepath.Dir(p), Stem(p))
		}
		if byStem[stem] == nil {
			stems = append(stems, stem)
		}
		byStem[stem] = append(byStem[stem], p)
	}
	n := 0
	for _, stem := range stems {
		var txtPath string
		var others []string
		for _, p := range byStem[stem] {
			if strings.HasSuffix(p, ".txt") {
				txtPath = p
			} else {
				others = append(others, p)
			}
		}
		if txtPath == "" {
			continue
		}
		txt := readFormatFile(t, txtPath)
		want := txt.Words()
		var lines [][]int
		for _, p := range others {
			n++
			tx := readFormatFile(t, p)
			got := tx.Words()
			t.Logf("%s: %d words, %d lines (%s)", p, len(got), lastLine(tx), txtPath)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %d words differ from the %d of %s:\n got %q\nwant %q", tx.Path, len(got), len(want), txtPath, got, want)
			}
			var ls []int
			for i, tok := range tx.Tokens {
				ls = append(ls, tok.Line)
				if tok.Conf < 0 || tok.Conf > 100 {
					t.Errorf("%s: token %d %q conf %v outside 0..100", tx.Path, i, tok.Text, tok.Conf)
				}
				if i > 0 && (tok.Line < tx.Tokens[i-1].Line || tok.Line > tx.Tokens[i-1].Line+1) {
					t.Errorf("%s: token %d line %d after %d", tx.Path, i, tok.Line, tx.Tokens[i-1].Line)
				}
				if tok.Start >= tok.End || tok.End > len(tx.Source) {
					t.Errorf("%s: token %d span [%d,%d)", tx.Path, i, tok.Start, tok.End)
				}
			}
			if len(tx.Tokens) > 0 && tx.Tokens[0].Line != 1 {
				t.Errorf("%s: first line %d, want 1", tx.Path, tx.Tokens[0].Line)
			}
			lines = append(lines, ls)
			boxes, has, err := tx.Boxes()
			if err != nil {
				t.Fatal(err)
			}
			for i := range boxes {
				if !has[i] || boxes[i].X1 <= boxes[i].X0 || boxes[i].Y1 <= boxes[i].Y0 {
					t.Errorf("%s: token %d box %+v %v", tx.Path, i, boxes[i], has[i])
				}
			}
		}
		for i := 1; i < len(lines); i++ {
			if !reflect.DeepEqual(lines[i], lines[0]) {
				t.Errorf("%s: formats disagree on lines: %v vs %v", stem, lines[0], lines[i])
			}
		}
	}
	if n == 0 {
		t.Fatal("no Tesseract test files found")
	}
}

// TestRewriteIdentity checks that rewriting every test file with its own
// words reproduces it byte for byte.
func TestRewriteIdentity(t *testing.T) {
	for _, p := range formatFiles(t, ".txt", ".tsv", ".hocr", ".html", ".xml") {
		tx := readFormatFile(t, p)
		if got := rewriteString(t, tx, tx.Words()); got != string(tx.Source) {
			t.Errorf("%s: rewrite with its own words changed the file", p)
		}
	}
}

func TestEdgeFiles(t *testing.T) {
	cases := []struct {
		path  string
		words []string
		lines []int
		conf  []float32
	}{
		{"testdata/formats/alto-edge.xml",
			[]string{"Tom&Jerry", "prob-", "lems", "say", `"hi"`, "last"},
			[]int{1, 1, 2, 2, 2, 2}, []float32{91, 50, -1, 100, 100, -1}},
		{"testdata/formats/alto-v2-prefix.xml",
			[]string{"one", "two"}, []int{1, 1}, []float32{20, -1}},
		{"testdata/formats/hocr-edge.html",
			[]string{"Bold", "word", "a", "b", "<tag>", "x<y", "loose"},
			[]int{1, 1, 1, 1, 2, 2, 3}, []float32{91, 50.5, -1, -1, 77, 12, -1}},
	}
	for _, c := range cases {
		tx := readFormatFile(t, c.path)
		if got := tx.Words(); !reflect.DeepEqual(got, c.words) {
			t.Errorf("%s: words %q, want %q", c.path, got, c.words)
		}
		var lines []int
		var conf []float32
		for _, tok := range tx.Tokens {
			lines = append(lines, tok.Line)
			conf = append(conf, float32(int(tok.Conf*10+0.5))/10)
			if tok.Conf < 0 {
				conf[len(conf)-1] = tok.Conf
			}
		}
		if !reflect.DeepEqual(lines, c.lines) {
			t.Errorf("%s: lines %v, want %v", c.path, lines, c.lines)
		}
		if !reflect.DeepEqual(conf, c.conf) {
			t.Errorf("%s: conf %v, want %v", c.path, conf, c.conf)
		}
	}
}

// TestSpans checks Start/End: the escaped text in Source.
func TestSpans(t *testing.T) {
	want := map[string][]string{
		"testdata/formats/alto-edge.xml":  {"Tom&amp;Jerry", "prob", "lems", "say", `"hi"`, "last"},
		"testdata/formats/hocr-edge.html": {"Bold", "wo<em>rd", "a&nbsp;b", "a&nbsp;b", "&lt;tag&gt;", "<![CDATA[x<y]]>", "loose"},
	}
	for p, w := range want {
		tx := readFormatFile(t, p)
		var got []string
		for _, tok := range tx.Tokens {
			got = append(got, string(tx.Source[tok.Start:tok.End]))
		}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("%s: spans %q, want %q", p, got, w)
		}
	}
	tx := readFormatFile(t, "testdata/formats/tess-a.tsv")
	for _, tok := range tx.Tokens {
		if string(tx.Source[tok.Start:tok.End]) != tok.Text {
			t.Errorf("tsv span %q != text %q", tx.Source[tok.Start:tok.End], tok.Text)
		}
	}
}

// checkXML fails unless s is well-formed XML.
func checkXML(t *testing.T, name, s string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(s))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("%s: rewritten file is not well-formed XML: %v\n%s", name, err, s)
		}
	}
}

// reread reads s as a file of the same name and format as tx.
func reread(t *testing.T, tx *Text, s string) *Text {
	t.Helper()
	out, err := ReadText(tx.Path, []byte(s))
	if err != nil {
		t.Fatalf("re-reading rewritten %s: %v\n%s", tx.Path, err, s)
	}
	return out
}

// TestRewriteEdits changes, splits, merges and removes words in each
// format and checks the result reads back as expected, stays well formed,
// keeps boxes and keeps the original words where the format allows.
func TestRewriteEdits(t *testing.T) {
	for _, p := range []string{"testdata/formats/tess-b.txt", "testdata/formats/tess-b.tsv", "testdata/formats/tess-b.hocr", "testdata/formats/tess-b.xml"} {
		tx := readFormatFile(t, p)
		orig := tx.Words()
		words := append([]string(nil), orig...)
		// tess-b: "... remember The mill-wheel ..." and "the millers\nbev, who".
		idx := func(w string) int {
			for i, x := range orig {
				if x == w {
					return i
				}
			}
			t.Fatalf("%s: no word %q", p, w)
			return -1
		}
		iBev, iMillers, iRemember, iBaking := idx("bev,"), idx("millers"), idx("remember"), idx("baking")
		words[iBev] = "boy,"              // a change
		words[iMillers] = "miller's"      // a change with an apostrophe (escaped in XML)
		words[iRemember] = "remem ber.<&" // a split, with markup characters
		words[iBaking] = "bak"            // a merge of "baking By" -> "bakingBy"? no: change then merge below
		words[iBaking] = "bakingBy"
		words[iBaking+1] = ""
		want := []string{}
		for i, w := range words {
			if i == iRemember {
				want = append(want, "remem", "ber.<&")
				continue
			}
			if w != "" {
				want = append(want, w)
			}
		}
		s := rewriteString(t, tx, words)
		if tx.Format == FormatHOCR || tx.Format == FormatALTO {
			checkXML(t, p, s)
		}
		out := reread(t, tx, s)
		if got := out.Words(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: after rewrite words\n got %q\nwant %q", p, got, want)
		}
		switch tx.Format {
		case FormatTSV:
			if strings.Count(s, "\n") != strings.Count(string(tx.Source), "\n") {
				t.Errorf("%s: rows changed", p)
			}
		case FormatHOCR:
			for _, o := range []string{`x_ocr_orig &#34;bev,&#34;`, `x_ocr_orig &#34;millers&#34;`, `x_ocr_orig &#34;By&#34;`} {
				if !strings.Contains(s, o) {
					t.Errorf("%s: original kept as %s missing", p, o)
				}
			}
			if strings.Count(s, "ocrx_word") != strings.Count(string(tx.Source), "ocrx_word") {
				t.Errorf("%s: word elements changed", p)
			}
		case FormatALTO:
			for _, o := range []string{"<ALTERNATIVE>bev,</ALTERNATIVE></String>", "<ALTERNATIVE>By</ALTERNATIVE>", `CONTENT="remem ber.&lt;&amp;"`} {
				if !strings.Contains(s, o) {
					t.Errorf("%s: %s missing", p, o)
				}
			}
			if strings.Count(s, "<String ") != strings.Count(string(tx.Source), "<String ") {
				t.Errorf("%s: String elements changed", p)
			}
		case FormatText:
			if !strings.Contains(s, "bakingBy May") || !strings.Contains(s, "boy, who") {
				t.Errorf("%s: merge or change not as expected:\n%s", p, s)
			}
		}
		if tx.Format != FormatText {
			// Every box of the output is a box of the input, in order.
			b0, _, _ := tx.Boxes()
			b1, _, _ := out.Boxes()
			j := 0
			for _, b := range b1 {
				for j < len(b0) && b0[j] != b {
					j++
				}
				if j == len(b0) {
					t.Fatalf("%s: box %+v of the output not in the input", p, b)
				}
			}
			// Rewriting the output with its own words reproduces it.
			if got := rewriteString(t, out, out.Words()); got != s {
				t.Errorf("%s: second identity rewrite differs", p)
			}
		}
		// A second correction of the corrected file keeps the first original.
		if tx.Format == FormatALTO || tx.Format == FormatHOCR {
			w2 := out.Words()
			for i, w := range w2 {
				if w == "boy," {
					w2[i] = "toy,"
				}
			}
			s2 := rewriteString(t, out, w2)
			checkXML(t, p, s2)
			if tx.Format == FormatHOCR && strings.Contains(s2, "x_ocr_orig &#34;boy,") {
				t.Errorf("%s: second correction replaced the original", p)
			}
		}
	}
}

func TestRewriteALTOEdge(t *testing.T) {
	tx := readFormatFile(t, "testdata/formats/alto-edge.xml")
	// Tom&Jerry prob- lems say "hi" last
	s := rewriteString(t, tx, []string{"Tom", "problems", "", "say", "\"hi\"", "lost"})
	checkXML(t, tx.Path, s)
	for _, want := range []string{
		`WC="0.91" CONTENT="Tom"><ALTERNATIVE>Tom&amp;Jerry</ALTERNATIVE></String>`,
		`CONTENT="problems" SUBS_TYPE`,
		`CONTENT="" SUBS_TYPE="HypPart2"`,
		`<Shape><Polygon POINTS="10 50 70 50 70 80"/></Shape><ALTERNATIVE>lems</ALTERNATIVE><Glyph`,
		`CONTENT="lost"><ALTERNATIVE>last</ALTERNATIVE><ALTERNATIVE>lost</ALTERNATIVE></String>`,
		`CONTENT='say "hi"' WC="1"></String>`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %s in\n%s", want, s)
		}
	}
	out := reread(t, tx, s)
	if got, want := out.Words(), []string{"Tom", "problems-", "say", `"hi"`, "lost"}; !reflect.DeepEqual(got, want) {
		t.Errorf("words %q, want %q", got, want)
	}
	// A corrected word ending with the HYP's hyphen does not double it.
	s = rewriteString(t, tx, []string{"Tom&Jerry", "pro-", "lems", "say", "\"hi\"", "last"})
	if !strings.Contains(s, `CONTENT="pro" SUBS_TYPE`) {
		t.Errorf("hyphen doubled:\n%s", s)
	}
	// A word's line-break hyphen written as ¬ goes to the HYP, the String
	// kept as it was where only the hyphen changed, or corrected.
	s = rewriteString(t, tx, []string{"Tom&Jerry", "prob¬", "lems", "say", "\"hi\"", "last"})
	checkXML(t, tx.Path, s)
	if !strings.Contains(s, `CONTENT="prob" SUBS_TYPE`) || !strings.Contains(s, `HYP CONTENT="¬"`) || strings.Contains(s, "<ALTERNATIVE>prob</ALTERNATIVE>") {
		t.Errorf("¬ not written as the HYP:\n%s", s)
	}
	if got := reread(t, tx, s).Words(); got[1] != "prob¬" {
		t.Errorf("read back as %q, want prob¬", got)
	}
	s = rewriteString(t, tx, []string{"Tom&Jerry", "pro¬", "lems", "say", "\"hi\"", "last"})
	if !strings.Contains(s, `CONTENT="pro" SUBS_TYPE`) || !strings.Contains(s, `HYP CONTENT="¬"`) {
		t.Errorf("a corrected word with ¬:\n%s", s)
	}
	// A CONTENT that already holds the hyphen does not get it twice.
	tx2, err := ReadText("h.xml", []byte(`<alto><TextLine><String CONTENT="prob-"/><HYP CONTENT="-"/></TextLine></alto>`))
	if err != nil || !reflect.DeepEqual(tx2.Words(), []string{"prob-"}) {
		t.Errorf("hyphen in CONTENT and HYP: %v %q", err, tx2.Words())
	}
	// Prefixed ALTO gets prefixed ALTERNATIVE elements.
	tx = readFormatFile(t, "testdata/formats/alto-v2-prefix.xml")
	s = rewriteString(t, tx, []string{"on", "tw"})
	checkXML(t, tx.Path, s)
	for _, want := range []string{`CONTENT="on" WC="0.2" HPOS="1" VPOS="2" WIDTH="3" HEIGHT="4"><alto:ALTERNATIVE>one</alto:ALTERNATIVE></alto:String>`,
		`CONTENT="tw" ><alto:ALTERNATIVE>two</alto:ALTERNATIVE></alto:String>`} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %s in\n%s", want, s)
		}
	}
}

func TestRewriteHOCREdge(t *testing.T) {
	tx := readFormatFile(t, "testdata/formats/hocr-edge.html")
	// Bold word a b <tag> x<y loose
	s := rewriteString(t, tx, []string{"Bald", "ward", "a", "c", "<t>", "x>y", "loose"})
	checkXML(t, tx.Path, s)
	for _, want := range []string{
		`title="bbox 0 0 10 10; x_wconf 91; x_ocr_orig &#34;Bold&#34;"><strong><em>Bald</em></strong>`,
		`>ward<em></em></span>`,
		`>a c</span>`,
		`title='bbox 0 20 10 30; x_wconf 77; x_ocr_orig &#34;&lt;tag&gt;&#34;'>&lt;t&gt;</span>`,
		`>x&gt;y</span>`,
	} {
		if !strings.Contains(s, want) {
			t.Errorf("missing %s in\n%s", want, s)
		}
	}
	out := reread(t, tx, s)
	if got, want := out.Words(), []string{"Bald", "ward", "a", "c", "<t>", "x>y", "loose"}; !reflect.DeepEqual(got, want) {
		t.Errorf("words %q, want %q", got, want)
	}
	// An empty title or one ending with ';' gets no empty property.
	for _, c := range [][2]string{
		{`title=''`, `title='x_ocr_orig &#34;w&#34;'`},
		{`title='bbox 1 2 3 4; '`, `title='bbox 1 2 3 4; x_ocr_orig &#34;w&#34;'`},
		{`title='bbox 1 2 3 4 '`, `title='bbox 1 2 3 4 ; x_ocr_orig &#34;w&#34;'`},
	} {
		tx, err := ReadText("t.hocr", []byte(`<p class='ocr_line'><span class='ocrx_word' `+c[0]+`>w</span></p>`))
		if err != nil {
			t.Fatal(err)
		}
		if s := rewriteString(t, tx, []string{"v"}); !strings.Contains(s, c[1]+">v<") {
			t.Errorf("%s: got %s", c[0], s)
		}
	}
	// The original property parses back with quotes and escapes.
	props := splitHOCRTitle(`bbox 1 2 3 4; x_ocr_orig "a;\"b\\"; x_wconf 5`)
	if len(props) != 3 || props[1][1] != `"a;\"b\\"` || props[2][0] != "x_wconf" {
		t.Errorf("splitHOCRTitle: %q", props)
	}
}

func TestRewriteText(t *testing.T) {
	cases := []struct{ src, words, want string }{
		{"a b c\n", "a,,c", "a c\n"},
		{"a b c\n", ",b,c", "b c\n"},
		{"a b c\n", ",,c", "c\n"},
		{"a b c\n", "a,,", "a\n"},
		{"a b\nc d\n", "a,,,d", "a\nd\n"},
		{"a b\nc d\n", ",,,d", "\nd\n"},
		{"  a b\n", ",b", "  b\n"},
		{"ab c\n", "abc,", "abc\n"},
		{"x  y\tz", "x,y y,Z", "x  y y\tZ"},
		{"a b", "a\tq\n,b", "a q b"},
		// plain text keeps a control character of a changed word (XML
		// formats write U+FFFD for it)
		{"\x0eteh b", "\x0ethe,b", "\x0ethe b"},
	}
	for _, c := range cases {
		tx, err := ReadText("t.txt", []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		words := strings.Split(c.words, ",")
		if got := rewriteString(t, tx, words); got != c.want {
			t.Errorf("Rewrite(%q, %q) = %q, want %q", c.src, words, got, c.want)
		}
	}
}

func TestRewriteErrors(t *testing.T) {
	tx := readFormatFile(t, "testdata/formats/tess-a.xml")
	if err := tx.Rewrite(io.Discard, tx.Words()[1:]); err == nil || !strings.Contains(err.Error(), "tess-a.xml") {
		t.Errorf("wrong word count: %v", err)
	}
	bad := *tx
	bad.Tokens = append([]Token(nil), tx.Tokens...)
	bad.Tokens[3].Start++
	if err := bad.Rewrite(io.Discard, bad.Words()); err == nil {
		t.Error("mismatched tokens: no error")
	}
	bad.Format = "pdf"
	if err := bad.Rewrite(io.Discard, bad.Words()); err == nil {
		t.Error("unknown format: no error")
	}
}

// TestBadInput checks that bad files are errors naming file and line.
func TestBadInput(t *testing.T) {
	hdr := tesseractTSVHeader + "\n"
	row := "5\t1\t1\t1\t1\t1\t10\t10\t20\t20\t95.5\tword\n"
	alto := func(body string) string {
		return "<?xml version=\"1.0\"?>\n<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v3#\">\n<TextLine>\n" + body + "\n</TextLine></alto>\n"
	}
	hocr := func(body string) string {
		return "<html>\n<body>\n<span class='ocr_line'>\n" + body + "\n</span></body></html>\n"
	}
	cases := []struct{ name, src, want string }{
		{"a.tsv", "level\tpage\n" + row, "a.tsv:1: not a Tesseract TSV header"},
		{"a.tsv", hdr + row + "5\t1\t1\n", "a.tsv:3: short row: 3 fields"},
		{"a.tsv", hdr + "5\t1\t1\t1\t1\t1\t10\t10\t20\t20\t95.5\tword\textra\n", "a.tsv:2: row has more than 12"},
		{"a.tsv", hdr + "5\t1\t1\t1\t1\t1\tx\t10\t20\t20\t95.5\tword\n", "a.tsv:2: field left"},
		{"a.tsv", hdr + "5\t1\t1\t1\t1\t1\t1\t10\t20\t20\thigh\tword\n", "a.tsv:2: field conf"},
		{"a.tsv", hdr + row + "\n", "a.tsv:3: short row"},
		{"a.tsv", hdr + "5\t1\t1\t1\t1\t1\t10\t10\t20\t20\t95.5\two\xffrd\n", "a.tsv:2: invalid UTF-8"},
		{"a.xml", alto(`<String CONTENT="a"/>`)[:60], "a.xml:"},
		{"a.xml", alto(`<String CONTENT="a">`), "a.xml:5: malformed XML: element <String> closed by </TextLine>"},
		{"a.xml", alto(`<String ID="s7" WC="0.5"/>`), `a.xml:4: <String ID="s7"> without CONTENT`},
		{"a.xml", alto(`<String CONTENT="a" WC="high"/>`), `a.xml:4: <String>: WC "high" is not a finite number`},
		{"a.xml", alto(`<String CONTENT="a" HPOS="1,5"/>`), `a.xml:4: <String>: HPOS "1,5" is not a finite number`},
		// NaN and the infinities parse as floats but are no confidence
		// or coordinate a recogniser writes (issue #14)
		{"a.xml", alto(`<String CONTENT="a" WC="NaN"/>`), `a.xml:4: <String>: WC "NaN" is not a finite number`},
		{"a.xml", alto(`<String CONTENT="a" WC="inf"/>`), `a.xml:4: <String>: WC "inf" is not a finite number`},
		{"a.xml", alto(`<String CONTENT="a" VPOS="-Infinity"/>`), `a.xml:4: <String>: VPOS "-Infinity" is not a finite number`},
		{"a.tsv", hdr + row + "5\t1\t1\t1\t1\t1\t1\t10\t20\t20\tNaN\tword\n", `a.tsv:3: field conf: "NaN" is not a finite number`},
		{"a.tsv", hdr + "5\t1\t1\t1\t1\t1\t1\t10\t20\t20\t+Inf\tword\n", `a.tsv:2: field conf: "+Inf" is not a finite number`},
		{"a.tsv", hdr + "5\t1\t1\t1\t1\t1\t1\t10\t20\t20\t1e999\tword\n", `a.tsv:2: field conf`},
		{"a.hocr", hocr(`<span class='ocrx_word' title='bbox 1 2 3 4; x_wconf nan'>a</span>`), `a.hocr:4: <span class=ocrx_word>: x_wconf "nan" is not a finite number`},
		{"a.hocr", hocr(`<span class='ocrx_word' title='bbox 1 2 3 4; x_wconf -inf'>a</span>`), `a.hocr:4: <span class=ocrx_word>: x_wconf "-inf" is not a finite number`},
		{"a.hocr", hocr(`<span class='ocrx_word' title='bbox 1 NaN 3 4'>a</span>`), `a.hocr:4: <span class=ocrx_word>: bbox`},
		{"a.xml", alto(`<String CONTENT="a"/><HYP/>`), `a.xml:4: <HYP> without CONTENT`},
		{"a.xml", alto(`<String CONTENT="a&foo;"/>`), "a.xml:4: malformed XML"},
		{"a.xml", alto("<String CONTENT=\"\xe9\"/>"), "a.xml:4: invalid UTF-8"},
		{"a.xml", "<html/>", "a.xml:1: not ALTO: root element <html>"},
		{"a.hocr", hocr(`<span class='ocrx_word' title='bbox 1 2 3'>a</span>`), "a.hocr:4: <span class=ocrx_word>: bbox \"1 2 3\" is not four numbers"},
		{"a.hocr", hocr(`<span class='ocrx_word' title='bbox 1 2 3 x'>a</span>`), "a.hocr:4: <span class=ocrx_word>: bbox"},
		{"a.hocr", hocr(`<span class='ocrx_word' title='bbox 1 2 3 4; x_wconf ninety'>a</span>`), "a.hocr:4: <span class=ocrx_word>: x_wconf"},
		{"a.hocr", hocr(`<span class='ocrx_word' title='bbox 1 2 3 4'>a</p>`), "a.hocr:4: malformed XML"},
		{"a.hocr", hocr(`<br>`), "a.hocr:5: malformed XML"},
		{"a.hocr", hocr("<span class='ocrx_word'>\xff</span>"), "a.hocr:4: invalid UTF-8"},
		// an HTML page, or ALTO, named like hOCR has no word to read
		{"a.html", "<html><body><p>Some words here.</p></body></html>\n", "a.html:1: not hOCR: no element of an hOCR class"},
		{"a.hocr", alto(`<String CONTENT="a"/>`), "a.hocr:1: not hOCR: no element of an hOCR class"},
		{"a.hocr", hocr(`words of a line`), "a.hocr:3: hOCR with text in lines but no ocrx_word element"},
		// a structured file named .txt would be corrected as words of markup
		{"a.txt", alto(`<String CONTENT="a"/>`), "a.txt:1: the content is ALTO XML, not plain text: name the file with the extension of its format (.xml)"},
		{"a.txt", hdr + row, "a.txt:1: the content is Tesseract TSV, not plain text"},
		{"a.txt", hocr(`<span class='ocrx_word'>a</span>`), "a.txt:1: the content is hOCR, not plain text"},
	}
	for _, c := range cases {
		_, err := ReadText(c.name, []byte(c.src))
		if err == nil {
			t.Errorf("%s %q: no error, want %q", c.name, c.src, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %q:\n got error %q\nwant it to contain %q", c.name, c.src, err, c.want)
		}
	}
}

func TestTSVDetails(t *testing.T) {
	src := "\uFEFF" + tesseractTSVHeader + "\r\n" +
		"4\t1\t1\t1\t1\t0\t0\t0\t100\t20\t-1\t\r\n" +
		"5\t1\t1\t1\t1\t1\t0\t0\t10\t20\t90\tone\r\n" +
		"5\t1\t1\t1\t1\t2\t20\t0\t10\t20\t-1\t\r\n" +
		"5\t1\t1\t1\t2\t1\t0\t30\t10\t20\t80.5\ttwo three\r\n" +
		"5\t1\t2\t1\t1\t1\t0\t60\t10\t20\t70\tfour"
	tx, err := ReadText("d.tsv", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	type tl struct {
		W    string
		Line int
		Conf float32
	}
	var got []tl
	for _, tok := range tx.Tokens {
		got = append(got, tl{tok.Text, tok.Line, tok.Conf})
	}
	want := []tl{{"one", 1, 90}, {"two", 2, 80.5}, {"three", 2, 80.5}, {"four", 3, 70}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	boxes, has, _ := tx.Boxes()
	if !has[1] || boxes[1] != (Box{0, 30, 10, 50}) {
		t.Errorf("box %+v", boxes[1])
	}
	if s := rewriteString(t, tx, tx.Words()); s != src {
		t.Error("identity rewrite differs")
	}
	s := rewriteString(t, tx, []string{"on\te", "two", "", "4"})
	if !strings.Contains(s, "\t80.5\ttwo\r\n") || !strings.Contains(s, "\t90\ton e\r\n") || !strings.HasSuffix(s, "\t70\t4") {
		t.Errorf("rewrite:\n%q", s)
	}
}

func ExampleText_Rewrite() {
	src := []byte(`<alto xmlns="http://www.loc.gov/standards/alto/ns-v4#"><Layout><Page><PrintSpace><TextBlock>` +
		`<TextLine><String CONTENT="Tbe" WC="0.41"/><SP/><String CONTENT="end" WC="0.96"/></TextLine>` +
		`</TextBlock></PrintSpace></Page></Layout></alto>`)
	tx, err := ReadText("page.xml", src)
	if err != nil {
		panic(err)
	}
	var b strings.Builder
	if err := tx.Rewrite(&b, []string{"The", "end"}); err != nil {
		panic(err)
	}
	out := b.String()
	i := strings.Index(out, "<TextLine>")
	j := strings.Index(out, "</TextLine>")
	os.Stdout.WriteString(out[i:j] + "\n")
	// Output:
	// <TextLine><String CONTENT="The" WC="0.41"><ALTERNATIVE>Tbe</ALTERNATIVE></String><SP/><String CONTENT="end" WC="0.96"/>
}

// synthALTO returns an ALTO file of pages pages, 40 lines of 10 words
// each per page, in Tesseract's layout.
func synthALTO(pages int) []byte {
	var b bytes.Buffer
	b.WriteString("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<alto xmlns=\"http://www.loc.gov/standards/alto/ns-v3#\">\n\t<Layout>\n")
	n := 0
	for p := 0; p < pages; p++ {
		fmt.Fprintf(&b, "\t\t<Page WIDTH=\"3600\" HEIGHT=\"4800\" PHYSICAL_IMG_NR=\"%d\" ID=\"page_%d\">\n\t\t\t<PrintSpace>\n\t\t\t\t<TextBlock ID=\"block_%d\">\n", p, p, p)
		for l := 0; l < 40; l++ {
			fmt.Fprintf(&b, "\t\t\t\t\t<TextLine ID=\"line_%d_%d\" HPOS=\"100\" VPOS=\"%d\" WIDTH=\"1400\" HEIGHT=\"32\">\n", p, l, 100+50*l)
			for w := 0; w < 10; w++ {
				fmt.Fprintf(&b, "\t\t\t\t\t\t<String ID=\"string_%d\" HPOS=\"%d\" VPOS=\"%d\" WIDTH=\"120\" HEIGHT=\"24\" WC=\"0.%02d\" CONTENT=\"w%d&amp;x\"/><SP WIDTH=\"12\" VPOS=\"%d\" HPOS=\"%d\"/>\n",
					n, 100+130*w, 100+50*l, 50+n%50, n%997, 100+50*l, 220+130*w)
				n++
			}
			b.WriteString("\t\t\t\t\t</TextLine>\n")
		}
		b.WriteString("\t\t\t\t</TextBlock>\n\t\t\t</PrintSpace>\n\t\t</Page>\n")
	}
	b.WriteString("\t</Layout>\n</alto>\n")
	return b.Bytes()
}

// BenchmarkReadALTO500 reads a 500-page ALTO file (200,000 words).
func BenchmarkReadALTO500(b *testing.B) {
	src := synthALTO(500)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		tx, err := ReadALTO("big.xml", src)
		if err != nil || len(tx.Tokens) != 200000 {
			b.Fatal(err)
		}
	}
}

// BenchmarkRewriteALTO500 rewrites a 500-page ALTO file with every tenth
// word changed.
func BenchmarkRewriteALTO500(b *testing.B) {
	src := synthALTO(500)
	tx, err := ReadALTO("big.xml", src)
	if err != nil {
		b.Fatal(err)
	}
	words := tx.Words()
	for i := 0; i < len(words); i += 10 {
		words[i] += "s"
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if err := tx.Rewrite(io.Discard, words); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReadTesseractTSV reads the TSV of a 500-page document.
func BenchmarkReadTesseractTSV(b *testing.B) {
	var buf bytes.Buffer
	buf.WriteString(tesseractTSVHeader + "\n")
	for p := 1; p <= 500; p++ {
		for l := 1; l <= 40; l++ {
			fmt.Fprintf(&buf, "4\t%d\t1\t1\t%d\t0\t100\t%d\t1400\t32\t-1\t\n", p, l, 50*l)
			for w := 1; w <= 10; w++ {
				fmt.Fprintf(&buf, "5\t%d\t1\t1\t%d\t%d\t%d\t%d\t120\t24\t96.5\tword%d\n", p, l, w, 130*w, 50*l, w)
			}
		}
	}
	src := buf.Bytes()
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := ReadTesseractTSV("big.tsv", src); err != nil {
			b.Fatal(err)
		}
	}
}

func ExampleReadTesseractTSV() {
	src := []byte(tesseractTSVHeader + "\n" +
		"4\t1\t1\t1\t1\t0\t10\t10\t200\t30\t-1\t\n" +
		"5\t1\t1\t1\t1\t1\t10\t10\t60\t30\t96.5\tTbe\n" +
		"5\t1\t1\t1\t1\t2\t80\t10\t90\t30\t91\tquick\n" +
		"5\t1\t1\t1\t2\t1\t10\t50\t70\t30\t88\tfox.\n")
	tx, err := ReadTesseractTSV("page.tsv", src)
	if err != nil {
		panic(err)
	}
	boxes, _, _ := tx.Boxes()
	for i, tok := range tx.Tokens {
		fmt.Printf("%s line %d conf %.1f box %v\n", tok.Text, tok.Line, tok.Conf, boxes[i])
	}
	var b strings.Builder
	if err := tx.Rewrite(&b, []string{"The", "quick", "fox."}); err != nil {
		panic(err)
	}
	fmt.Print(strings.SplitAfter(b.String(), "\n")[2])
	// Output:
	// Tbe line 1 conf 96.5 box {10 10 70 40}
	// quick line 1 conf 91.0 box {80 10 170 40}
	// fox. line 2 conf 88.0 box {10 50 80 80}
	// 5	1	1	1	1	1	10	10	60	30	96.5	The
}

// TestLoadFormatsCorpus loads the Tesseract samples as a corpus whose
// engines are the structured formats of the primary reading: every
// engine reads the same words as ocr/.
func TestLoadFormatsCorpus(t *testing.T) {
	if _, err := os.Stat("testdata/tesseract/gt"); err != nil {
		t.Skip("no testdata/tesseract corpus")
	}
	c, warn, err := LoadDir("testdata/tesseract", LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(warn) > 0 {
		t.Errorf("warnings: %q", warn)
	}
	if len(c.Engines) == 0 {
		t.Fatal("no engines")
	}
	for _, d := range c.Docs {
		for i, a := range d.Alt {
			if a == nil {
				t.Errorf("%s: no %s reading", d.Stem, c.Engines[i])
				continue
			}
			if !reflect.DeepEqual(a.Words(), d.OCR.Words()) {
				t.Errorf("%s: %s words differ from ocr/", d.Stem, c.Engines[i])
			}
			if a.Format == FormatText {
				t.Errorf("%s: %s read as plain text", d.Stem, c.Engines[i])
			}
		}
	}
}

// An empty file of any format is a document without words, written back
// as read (empty), as an empty text file is, not a malformed document
// that stops a run over a whole collection.
func TestEmptyFiles(t *testing.T) {
	for _, name := range []string{"a.txt", "a.tsv", "a.hocr", "a.html", "a.xml"} {
		tx, err := ReadText(name, nil)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if len(tx.Tokens) != 0 {
			t.Errorf("%s: %d tokens", name, len(tx.Tokens))
		}
		var b strings.Builder
		if err := tx.Rewrite(&b, nil); err != nil || b.Len() != 0 {
			t.Errorf("%s: rewritten as %q, %v", name, b.String(), err)
		}
	}
	// a file of blanks is still checked as its format
	if _, err := ReadText("a.tsv", []byte("\n")); err == nil {
		t.Error("a.tsv of a blank line: no error")
	}
}

// TestBlocks: the blocks of a layout (Text.Blocks) are the same in the
// three formats Tesseract wrote of one page (an hOCR ocr_par, a TSV
// paragraph, an ALTO TextBlock); a PAGE TextRegion is one, and words
// before the first block are a paragraph of their own; plain text has
// none, its paragraphs being its lines between blank lines.
func TestBlocks(t *testing.T) {
	for _, stem := range []string{"tess-a", "tess-b"} {
		var want []int
		for _, ext := range []string{".tsv", ".hocr", ".xml"} {
			name := filepath.Join("testdata", "formats", stem+ext)
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			tx, err := ReadText(name, src)
			if err != nil {
				t.Fatal(err)
			}
			if len(tx.Blocks) < 2 || tx.Blocks[0] != 0 || !slices.IsSorted(tx.Blocks) {
				t.Errorf("%s: blocks %v", name, tx.Blocks)
			}
			if want == nil {
				want = tx.Blocks
			} else if !slices.Equal(tx.Blocks, want) {
				t.Errorf("%s: blocks %v, the TSV's %v", name, tx.Blocks, want)
			}
			ps := tx.Paragraphs()
			if len(ps) != len(tx.Blocks) || ps[0][0] != 0 || ps[len(ps)-1][1] != len(tx.Tokens) {
				t.Errorf("%s: paragraphs %v of blocks %v, %d tokens", name, ps, tx.Blocks, len(tx.Tokens))
			}
		}
	}
	page := `<PcGts><Page><TextRegion><TextLine><TextEquiv><Unicode>one two</Unicode></TextEquiv></TextLine><TextLine><TextEquiv><Unicode>three</Unicode></TextEquiv></TextLine></TextRegion>` +
		`<TextRegion><TextLine><TextEquiv><Unicode>four</Unicode></TextEquiv></TextLine></TextRegion></Page></PcGts>`
	alto := `<alto><Layout><Page><PrintSpace><TextLine><String CONTENT="zero"/></TextLine><TextBlock><TextLine><String CONTENT="one"/><SP/><String CONTENT="two"/></TextLine></TextBlock>` +
		`<TextBlock></TextBlock><TextBlock><TextLine><String CONTENT="three"/></TextLine></TextBlock></PrintSpace></Page></Layout></alto>`
	// words after a block closes, outside any, are a paragraph of their own
	altoAfter := `<alto><Layout><Page><PrintSpace><TextBlock><TextLine><String CONTENT="one"/><SP/><String CONTENT="two"/></TextLine></TextBlock>` +
		`<TextLine><String CONTENT="after"/></TextLine></PrintSpace></Page></Layout></alto>`
	hocrAfter := `<html><body><div class="ocr_page"><p class="ocr_par"><span class="ocr_line"><span class="ocrx_word">one</span></span></p>` +
		`<span class="ocr_line"><span class="ocrx_word">loose</span></span><p class="ocr_par"><span class="ocr_line"><span class="ocrx_word">two</span></span></p></div></body></html>`
	for _, c := range []struct {
		name, src string
		blocks    []int
		paras     [][2]int
	}{
		{"p.xml", page, []int{0, 3}, [][2]int{{0, 3}, {3, 4}}},
		{"a.xml", alto, []int{1, 3}, [][2]int{{0, 1}, {1, 3}, {3, 4}}},
		{"after.xml", altoAfter, []int{0, 2}, [][2]int{{0, 2}, {2, 3}}},
		{"h.html", hocrAfter, []int{0, 1, 2}, [][2]int{{0, 1}, {1, 2}, {2, 3}}},
		{"t.txt", "one two\nthree\n\n\nfour five\n", nil, [][2]int{{0, 3}, {3, 5}}},
		{"e.txt", "", nil, nil},
	} {
		tx, err := ReadText(c.name, []byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(tx.Blocks, c.blocks) || !slices.Equal(tx.Paragraphs(), c.paras) {
			t.Errorf("%s: blocks %v, paragraphs %v; want %v, %v", c.name, tx.Blocks, tx.Paragraphs(), c.blocks, c.paras)
		}
	}
}
