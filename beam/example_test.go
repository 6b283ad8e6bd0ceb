package ocrbeam_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	ocrbeam "ocrfix/beam"
	"ocrfix/profile"
)

// The profile of a collection, built by a Beam pipeline: here two OCR
// files and one that is not OCR, on prism in this process (ptest.Run; a
// program calls beamx.Run, which honours --runner).
func ExampleProfilePipeline() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("The cat sat.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.txt"), []byte("The cat ran, tbe dog sat.\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "c.pdf"), []byte("%PDF"), 0o644)

	p, s := beam.NewPipelineWithRoot()
	ocrbeam.ProfilePipeline(s, ocrbeam.ProfileOptions{
		Input:      filepath.Join(dir, "*"),
		Output:     filepath.Join(dir, "coll.prof"),
		DeadLetter: filepath.Join(dir, "left-out.tsv"),
	})
	if err := ptest.Run(p); err != nil {
		fmt.Println(err)
		return
	}

	f, _ := os.Open(filepath.Join(dir, "coll.prof"))
	defer f.Close()
	prof, err := profile.Read(f, "coll.prof")
	if err != nil {
		fmt.Println(err)
		return
	}
	words, spellings := prof.Forms()
	fmt.Printf("%d documents, %d tokens, %d word forms, %d spellings\n", prof.Docs(), prof.Tokens(), words, spellings)
	fmt.Printf("cat: %+v\n", prof.Word("cat"))
	left, _ := os.ReadFile(filepath.Join(dir, "left-out.tsv"))
	fmt.Printf("%d file left out\n", strings.Count(string(left), "\n")-1) // less the header
	// Output:
	// 2 documents, 9 tokens, 6 word forms, 6 spellings
	// cat: {N:2 DF:2}
	// 1 file left out
}
