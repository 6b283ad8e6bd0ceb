package data

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
)

// pageEdge is a PAGE file with what a reader must get right: a Word's
// TextEquivs by index, Glyph text that is not read, a Word without text,
// a self-closing Unicode, a line read from its own TextEquiv (with an
// entity), a region read whole, and a namespace prefix.
const pageEdge = `<?xml version="1.0" encoding="UTF-8"?>
<!-- written by hand -->
<pc:PcGts xmlns:pc="http://schema.primaresearch.org/PAGE/gts/pagecontent/2019-07-15">
 <pc:Page imageFilename="p.png" imageWidth="100" imageHeight="100">
  <pc:TextRegion id="r1">
   <pc:TextLine id="l1">
    <pc:Coords points="1,1 90,1 90,9 1,9"/>
    <pc:Word id="w1"><pc:Coords points="1,1 20,1 20,9 1,9"/>
     <pc:Glyph id="g1"><pc:TextEquiv><pc:Unicode>X</pc:Unicode></pc:TextEquiv></pc:Glyph>
     <pc:TextEquiv index="2" conf="0.2"><pc:Unicode>tlie</pc:Unicode></pc:TextEquiv>
     <pc:TextEquiv index="1" conf="0.9"><pc:Unicode>tbe</pc:Unicode></pc:TextEquiv>
    </pc:Word>
    <pc:Word id="w2"><pc:Coords points="30,2 60,2 60,8 30,8"/><pc:TextEquiv><pc:Unicode>house</pc:Unicode></pc:TextEquiv></pc:Word>
    <pc:Word id="w3"><pc:Coords points="61,2 70,2 70,8 61,8"/></pc:Word>
    <pc:Word id="w4"><pc:TextEquiv><pc:Unicode/></pc:TextEquiv></pc:Word>
    <pc:TextEquiv><pc:Unicode>tbe house</pc:Unicode></pc:TextEquiv>
   </pc:TextLine>
   <pc:TextLine id="l2">
    <pc:Coords points="1,11 90,11 90,19 1,19"/>
    <pc:TextEquiv conf="0.5"><pc:Unicode>salt &amp; pepper</pc:Unicode></pc:TextEquiv>
   </pc:TextLine>
   <pc:TextEquiv><pc:Unicode>tbe house
salt &amp; pepper</pc:Unicode></pc:TextEquiv>
  </pc:TextRegion>
  <pc:TextRegion id="r2"><pc:Coords points="5,50 50,50 50,60 5,60"/>
   <pc:TextEquiv><pc:Unicode>a region alone</pc:Unicode></pc:TextEquiv>
  </pc:TextRegion>
 </pc:Page>
</pc:PcGts>
`

func TestReadPAGE(t *testing.T) {
	tx, err := ReadText("p.xml", []byte(pageEdge))
	if err != nil {
		t.Fatal(err)
	}
	if tx.Format != FormatPAGE {
		t.Fatalf("format %q", tx.Format)
	}
	want := []string{"tbe", "house", "salt", "&", "pepper", "a", "region", "alone"}
	if got := tx.Words(); !reflect.DeepEqual(got, want) {
		t.Fatalf("words %q, want %q", got, want)
	}
	var lines []int
	var confs []float32
	for _, tok := range tx.Tokens {
		lines, confs = append(lines, tok.Line), append(confs, tok.Conf)
	}
	if !reflect.DeepEqual(lines, []int{1, 1, 2, 2, 2, 3, 3, 3}) || !reflect.DeepEqual(confs, []float32{90, -1, 50, 50, 50, -1, -1, -1}) {
		t.Errorf("lines %v, confs %v", lines, confs)
	}
	if s := pageEdge[tx.Tokens[0].Start:tx.Tokens[0].End]; s != "tbe" {
		t.Errorf("first span %q", s)
	}
	boxes, has, err := tx.Boxes()
	if err != nil {
		t.Fatal(err)
	}
	if !has[0] || boxes[0] != (Box{1, 1, 20, 9}) || has[1] != true || boxes[2] != (Box{1, 11, 90, 19}) || boxes[5] != (Box{5, 50, 50, 60}) {
		t.Errorf("boxes %v %v", boxes, has)
	}
	// the same read from standard input, named xml or page
	for _, f := range []Format{FormatALTO, FormatPAGE} {
		if tx2, err := ReadTextFormat("-", f, []byte(pageEdge)); err != nil || !reflect.DeepEqual(tx2.Words(), want) {
			t.Errorf("ReadTextFormat %s: %v %v", f, err, tx2)
		}
	}
	if f := SniffFormat([]byte(pageEdge)); f != FormatPAGE {
		t.Errorf("SniffFormat: %q", f)
	}
	if _, err := ReadText("p.txt", []byte(pageEdge)); err == nil || !strings.Contains(err.Error(), "PAGE XML") {
		t.Errorf("PAGE named .txt: %v", err)
	}
}

func TestRewritePAGE(t *testing.T) {
	tx, err := ReadText("p.xml", []byte(pageEdge))
	if err != nil {
		t.Fatal(err)
	}
	words := tx.Words()
	words[0] = "the"     // a Word: its line's and its region's text follow
	words[3] = "and"     // a line read whole: rewritten whole
	words[5] = "A <new>" // a region read whole
	var b bytes.Buffer
	if err := tx.Rewrite(&b, words); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, s := range []string{
		`<pc:TextEquiv index="1" conf="0.9"><pc:Unicode>the</pc:Unicode>`,
		`<pc:TextEquiv index="2" conf="0.2"><pc:Unicode>tlie</pc:Unicode>`,
		`<pc:Glyph id="g1"><pc:TextEquiv><pc:Unicode>X</pc:Unicode>`,
		`<pc:TextEquiv><pc:Unicode>the house</pc:Unicode></pc:TextEquiv>
   </pc:TextLine>`,
		`<pc:TextEquiv conf="0.5"><pc:Unicode>salt and pepper</pc:Unicode>`,
		`<pc:Unicode>the house
salt and pepper</pc:Unicode>`,
		`<pc:Unicode>A &lt;new&gt; region alone</pc:Unicode>`,
		`<pc:Word id="w4"><pc:TextEquiv><pc:Unicode/></pc:TextEquiv></pc:Word>`,
	} {
		if !strings.Contains(out, s) {
			t.Errorf("rewritten file lacks %q:\n%s", s, out)
		}
	}
	back, err := ReadText("p.xml", b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"the", "house", "salt", "and", "pepper", "A", "<new>", "region", "alone"}
	if got := back.Words(); !reflect.DeepEqual(got, want) {
		t.Errorf("reads back as %q", got)
	}
	// a changed word in a self-closing Unicode's line: the line's text
	// follows; a word removed leaves its element empty
	words = tx.Words()
	words[1] = ""
	b.Reset()
	if err := tx.Rewrite(&b, words); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, `<pc:TextEquiv><pc:Unicode></pc:Unicode></pc:TextEquiv></pc:Word>`) ||
		!strings.Contains(out, `<pc:TextEquiv><pc:Unicode>tbe</pc:Unicode></pc:TextEquiv>
   </pc:TextLine>`) {
		t.Errorf("word removed:\n%s", out)
	}
	// a self-closing Unicode given text (a rewrite of a file whose line
	// summary is empty)
	e := pageTextEdit(pageText{start: 10, end: 10, selfClose: 8, prefix: "pc:"}, "a&b")
	if e.at != 8 || e.end != 10 || e.text != ">a&amp;b</pc:Unicode>" {
		t.Errorf("self-closing edit %+v", e)
	}
}

func TestPAGEErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"<PcGts>\n<Page><TextRegion><TextLine><TextEquiv conf=\"x\"><Unicode>a</Unicode></TextEquiv></TextLine></TextRegion></Page></PcGts>", `p.xml:2: <TextEquiv>: conf "x" is not a finite number`},
		{"<PcGts><Page><TextRegion><TextLine><TextEquiv index=\"one\"><Unicode>a</Unicode></TextEquiv></TextLine></TextRegion></Page></PcGts>", `index "one" is not an integer`},
		{"<PcGts><Page><TextRegion><TextLine><Coords points=\"1,2 3\"/></TextLine></TextRegion></Page></PcGts>", `points "1,2 3" is not a list of x,y pairs`},
		{"<PcGts><Page><TextRegion><TextLine><Coords points=\"1,NaN\"/></TextLine></TextRegion></Page></PcGts>", `is not a list of x,y pairs`},
		{"<PcGts><Page>\n<TextRegion></Page></PcGts>", "p.xml:2: malformed XML"},
	} {
		_, err := ReadText("p.xml", []byte(c.src))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.src, err, c.want)
		}
	}
	if tx, err := ReadText("p.xml", []byte("<?xml version='1.0'?>\n<alto/>")); err != nil || tx.Format != FormatALTO {
		t.Errorf("an .xml file whose root is not PcGts is ALTO: %v", err)
	}
	if _, err := ReadPAGE("p.xml", []byte(`<alto/>`)); err == nil || !strings.Contains(err.Error(), "not PAGE XML: root element <alto>") {
		t.Errorf("ALTO read as PAGE: %v", err)
	}
	if _, err := ReadPAGE("p.xml", []byte(` `)); err == nil || !strings.Contains(err.Error(), "no root element") {
		t.Errorf("empty PAGE: %v", err)
	}
}

func FuzzPAGE(f *testing.F) {
	f.Add([]byte(pageEdge))
	for _, p := range formatFiles(f, ".xml") {
		if src := readSeed(f, p); pageRoot(src) {
			f.Add(src)
		}
	}
	f.Add([]byte(`<PcGts><Page><TextRegion><TextLine><Word><TextEquiv><Unicode>a&amp;b c</Unicode></TextEquiv></Word><TextEquiv><Unicode/></TextEquiv></TextLine><TextEquiv><Unicode>x</Unicode></TextEquiv></TextRegion></Page></PcGts>`))
	f.Fuzz(func(t *testing.T, src []byte) { checkFormat(t, "f.xml", src) })
}

// readSeed returns the content of the test file p.
func readSeed(f *testing.F, p string) []byte {
	src, err := os.ReadFile(p)
	if err != nil {
		f.Fatal(err)
	}
	return src
}
