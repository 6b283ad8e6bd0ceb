package data_test

import (
	"fmt"
	"io"
	"strings"
	"testing/fstest"

	"ocrfix/data"
)

func ExampleLoadFS() {
	fsys := fstest.MapFS{
		"gt/letter1.txt":        {Data: []byte("Dear Sir,\nthe modern world")},
		"ocr/letter1.txt":       {Data: []byte("Dcar Sir,\nthe rnodern world")},
		"ocr.latin/letter1.txt": {Data: []byte("Dear Sir.\nthe modem world")},
		"README.md":             {Data: []byte("ignored")},
	}
	c, warnings, err := data.LoadFS(fsys, "letters", data.LoadOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(c.Docs), "document(s), engines", c.Engines, "warnings", len(warnings))
	d := c.Doc("letter1")
	fmt.Println("gt: ", d.GT.Words())
	fmt.Println("ocr:", d.OCR.Words())
	fmt.Println(c.Engines[0]+":", d.Alt[0].Words(), "from", d.Alt[0].Path)
	// Output:
	// 1 document(s), engines [latin] warnings 0
	// gt:  [Dear Sir, the modern world]
	// ocr: [Dcar Sir, the rnodern world]
	// latin: [Dear Sir. the modem world] from letters/ocr.latin/letter1.txt
}

func ExampleNewTSVReader() {
	in := "docid\twordid\tword\nletter1\t0\t\"Dear\nletter1\t1\tSir,\\tand\n"
	r := data.NewTSVReader(strings.NewReader(in), "doc.tsv", data.DocHeader...)
	for {
		fields, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("line %d: %q\n", r.Line(), fields)
	}
	_, err := data.ReadDoc(strings.NewReader("docid\twordid\tword\nletter1\tseven\tx\n"), "bad.tsv")
	fmt.Println(err)
	// Output:
	// line 2: ["letter1" "0" "\"Dear"]
	// line 3: ["letter1" "1" "Sir,\tand"]
	// bad.tsv:2: column wordid: bad integer "seven"
}
