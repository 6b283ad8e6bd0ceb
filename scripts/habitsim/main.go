// Command habitsim makes, from a collection with ground truth, the same
// collection as print of another period, or another engine, would give
// it (package internal/habitsim), to measure how ocrfix meets a habit of a
// collection's OCR that no training collection has (model.Model.Habits):
//
//	go run ./scripts/habitsim -kind long-s -o /tmp/long-s-early data/collections/early
//	go run ./scripts/habitsim -kind u-v -o /tmp/u-v-early data/collections/early
//	go run ./scripts/habitsim -kind h-li -o /tmp/h-li-early data/collections/early
//	go run ./scripts/habitsim -kind h-ii -o /tmp/h-ii-early data/collections/early
//	go run ./scripts/habitsim -kind confuse -o /tmp/confuse-early data/collections/early
//	go run ./scripts/habitsim -kind spaces -o /tmp/spaces-early data/collections/early
//	go run ./scripts/habitsim -kind clean -o /tmp/clean-early data/collections/early
//
// The kinds:
//   - long-s: the OCR reads the long s of 17th- and 18th-century print as
//     f. Every lower-case s a long s would have been (not at a word's end,
//     nor before b, k or f, nor after f) becomes f in the OCR, 85 in 100 of
//     them (chosen by a hash of the file name and the position, so the
//     output is the same bytes on every run); the truth keeps the s, as
//     transcriptions that modernise the long s do.
//   - u-v: the print and its transcription both spell the way of the early
//     17th century (`haue`, `vnto`, `iust`): v inside a word becomes u, u
//     at the start of a word becomes v and j at the start i (the capitals
//     alike), in the OCR and in the truth, as a diplomatic transcription
//     keeps them. ocrfix must then leave those spellings alone.
//   - h-li: the OCR reads h as li (`tlie`, `wliich`), 30 in 100 of them,
//     chosen as for long-s: a habit of one letter read as two, which old
//     OCR of worn type has and the built-in model never saw.
//   - h-ii: the OCR reads h as ii and H as II (`tiie`, `TIIE`, `IIe`), 20
//     in 100 of each, chosen as for long-s: old newspaper type, whose
//     capitals the habit of the small letter must bring along.
//   - confuse: another engine's many small errors, no habit: 8 words in
//     100 get one of habitsim.Confusions (e read as c or o, n and u, m and
//     rn, d as cl, w as vv, ...), chosen as for long-s.
//   - spaces: an engine that misjudges the gaps between letters: 4 words in
//     100 get a space inside them (`tak es`) or lose the space after them
//     (`piousand`), half each way (habitsim.Spaces), chosen as for long-s.
//   - clean: a far better engine or print, the same engine's errors at a
//     tenth of their rate: every stretch where the OCR's words differ from
//     the truth's is put right but 10 in 100 of them (habitsim.Clean,
//     chosen as for long-s), to measure ocrfix on a clean collection
//     (model.Model.NoiseShift).
//
// The output directory gets gt/ and ocr/ (plain text; other readings and
// word confidences are left out) and must not exist.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"ocrfix/internal/habitsim"
)

func main() {
	kind := flag.String("kind", "", "long-s, u-v, h-li, h-ii, confuse, spaces or clean")
	out := flag.String("o", "", "output collection directory (must not exist)")
	flag.Parse()
	if flag.NArg() != 1 || *out == "" || (*kind != "long-s" && *kind != "u-v" && *kind != "h-li" && *kind != "h-ii" && *kind != "confuse" && *kind != "spaces" && *kind != "clean") {
		fmt.Fprintln(os.Stderr, "usage: habitsim -kind long-s|u-v|h-li|h-ii|confuse|spaces|clean -o OUTDIR COLLECTION")
		os.Exit(2)
	}
	if err := run(*kind, flag.Arg(0), *out); err != nil {
		fmt.Fprintln(os.Stderr, "habitsim:", err)
		os.Exit(1)
	}
}

func run(kind, src, dst string) error {
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("%s exists", dst)
	}
	names, err := filepath.Glob(filepath.Join(src, "ocr", "*.txt"))
	if err != nil {
		return err
	}
	if len(names) == 0 {
		return fmt.Errorf("no %s", filepath.Join(src, "ocr", "*.txt"))
	}
	for _, sub := range []string{"gt", "ocr"} {
		if err := os.MkdirAll(filepath.Join(dst, sub), 0o755); err != nil {
			return err
		}
	}
	for _, name := range names {
		base := filepath.Base(name)
		ocr, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		gt, err := os.ReadFile(filepath.Join(src, "gt", base))
		if err != nil {
			return err
		}
		o, g := string(ocr), string(gt)
		switch kind {
		case "long-s":
			o = habitsim.LongS(base, o, 85)
		case "h-li":
			o = habitsim.HLi(base, o, 30)
		case "h-ii":
			o = habitsim.ReadAs(base+"/H", habitsim.ReadAs(base, o, 'h', "ii", 20), 'H', "II", 20)
		case "confuse":
			o = habitsim.Confuse(base, o, 8)
		case "spaces":
			o = habitsim.Spaces(base, o, 4)
		case "clean":
			o = habitsim.Clean(base, o, g, 10)
		default:
			o, g = habitsim.UV(o), habitsim.UV(g)
		}
		if err := os.WriteFile(filepath.Join(dst, "ocr", base), []byte(o), 0o644); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dst, "gt", base), []byte(g), 0o644); err != nil {
			return err
		}
	}
	return nil
}
