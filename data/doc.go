// Package data holds ocrfix's corpora and relations: it loads a corpus
// directory (gt/, ocr/, ocr.<engine>/), tokenizes text keeping line numbers
// and byte offsets so corrected text can be written back with its layout,
// reads and writes the relation TSV files of the pipeline, reads and
// rewrites Tesseract TSV, hOCR, ALTO and PAGE XML, and exposes the embedded
// default corpus.
//
// # Corpus layout and rules
//
// A corpus is a directory with gt/<stem>.txt (ground truth, UTF-8 text),
// ocr/<stem>.<ext> (the primary OCR reading) and optional
// ocr.<engine>/<stem>.<ext> (other engines or runs), where <ext> is .txt,
// .tsv (Tesseract TSV), .hocr/.html (hOCR) or .xml (ALTO, or PAGE XML when
// its root element is PcGts). Files pair by
// stem; a stem on one side only is an error that lists the stems unless
// LoadOptions.AllowUnpaired is set. Everything else at the corpus root
// (README.md, manifest.tsv, other directories) is ignored. LoadFS gives
// the full rules; LoadDir and Embedded apply them to a directory and to the
// corpus compiled into the binary.
//
// # Input rules
//
// Every reader refuses, with an error naming the file and line, binary
// content (a NUL byte), invalid UTF-8, and numbers no recogniser writes
// (NaN or infinite confidences and coordinates). One document is at most
// MaxDocBytes (256 MiB): ReadFile, ReadLimited and the corpus loaders stop
// reading there with an error, so an endless stream cannot exhaust memory.
// Input without a file name (standard input) takes its format from
// ParseFormat or SniffFormat and is read with ReadTextFormat.
//
// # Character encodings
//
// The readers work on UTF-8. XML (ALTO, PAGE, hOCR) in the encoding its
// declaration names, and a file of any format but JSON Lines in UTF-16
// with a byte order mark, are decoded first and remembered in
// Text.Encoding, and Rewrite writes them back in it (encoding.go): byte
// for byte where nothing changed, a character the encoding lacks as an
// XML character reference. Plain text and TSV in an 8-bit encoding are
// refused as invalid UTF-8, with a word on how to convert them.
//
// # Tokens
//
// A token is a maximal run of characters that are not unicode.IsSpace,
// with its 1-based line and its byte span in the source (Tokenize), so a
// corrected document can be written back by splicing (Text.Rewrite).
//
// # Relations
//
// Relations are TSV files with a header row, tab-separated, with tab,
// newline, carriage return and backslash escaped as \t \n \r \\ inside
// fields (never CSV quoting: OCR text is full of quotes); TSVWriter and
// TSVReader document the format in full, and the typed rows (OCRRow,
// CandidateRow, FeatureRow, ...) follow the relations listed in the
// README (Development: relations). RowWriter writes a relation row by row.
package data

// Token is one whitespace-delimited word of a text (a maximal run of
// characters that are not unicode.IsSpace), with where it stands in the
// source bytes.
type Token struct {
	Text  string  // the word itself
	Line  int     // 1-based line number in the source
	Start int     // byte offset of the first byte in the source
	End   int     // byte offset just past the last byte
	Conf  float32 // OCR word confidence in [0,100]; -1 when the source has none
}

// Format names the file format a text was read from.
type Format string

// The formats a text can come from.
const (
	FormatText Format = "txt"  // plain UTF-8 text
	FormatTSV  Format = "tsv"  // Tesseract TSV
	FormatHOCR Format = "hocr" // hOCR (XHTML)
	FormatALTO Format = "alto" // ALTO XML v2-v4
	FormatPAGE Format = "page" // PAGE XML (PcGts), schema 2010-2019
)

// Text is one file's worth of words: a ground truth or one OCR reading of a
// document.
type Text struct {
	Path   string  // where it was read from, for error messages and output names
	Format Format  // the format of Source
	Source []byte  // the bytes as read (decoded to UTF-8 where Encoding is set)
	Tokens []Token // the words, in reading order
	// Encoding names the character encoding the file was written in when
	// it was not UTF-8: the one its XML declaration names
	// ("ISO-8859-1"), or UTF-16 by its byte order mark ("UTF-16LE",
	// "UTF-16BE"); Source holds it decoded, and Rewrite writes in it.
	// Empty for UTF-8 (and US-ASCII).
	Encoding string
	// Blocks are the indices in Tokens of the first token of each block of
	// a structured format's layout that holds one (an ALTO TextBlock, a
	// PAGE TextRegion, an hOCR paragraph, ocr_par, or a Tesseract TSV
	// paragraph: its page, block and paragraph numbers), and of each run
	// of words after a block that no block holds, ascending; nil for
	// plain text, whose paragraphs are its lines between blank lines, and
	// for a layout without such blocks (see Paragraphs).
	Blocks []int
}

// Paragraphs returns t's paragraphs as token ranges [lo, hi), in order,
// covering every token: in plain text the runs of lines between blank
// lines (a gap in the tokens' Line numbers), in a structured format its
// Blocks (tokens before the first a paragraph of their own), or one range
// of every token where it has none. Nil for a text without tokens.
func (t *Text) Paragraphs() [][2]int {
	n := len(t.Tokens)
	if n == 0 {
		return nil
	}
	var out [][2]int
	if t.Format != FormatText {
		lo := 0 // tokens before the first block are a paragraph of their own
		for _, b := range t.Blocks {
			if b > lo && b < n {
				out = append(out, [2]int{lo, b})
				lo = b
			}
		}
		return append(out, [2]int{lo, n})
	}
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && t.Tokens[hi].Line-t.Tokens[hi-1].Line < 2 {
			hi++
		}
		out = append(out, [2]int{lo, hi})
		lo = hi
	}
	return out
}

// Doc is one document of a corpus: its ground truth (nil when the corpus
// has none for it), its primary OCR reading, and the other readings.
type Doc struct {
	Stem string  // file name without extension, shared by gt/ and ocr/
	GT   *Text   // the ground truth, or nil
	OCR  *Text   // the primary OCR reading (ocr/), or nil
	Alt  []*Text // one entry per Corpus.Engines; nil where that engine lacks the doc
	// Collection names the collection the document belongs to: the name
	// of the corpus it was loaded from. Training keeps documents of one
	// collection together when it cross-fits (a ranker learns what
	// features look like on a collection it has not seen).
	Collection string
	// MarksLineBreaks says the document's truth follows the convention of
	// the HIPE-OCRepair JSONL format it was read from (LoadHIPE): the
	// hyphen of a word broken at a line end written ¬. A benchmark then
	// writes its corrections so, as ocrfix correct writes a JSONL record.
	MarksLineBreaks bool
}

// Corpus is a set of documents sorted by stem.
type Corpus struct {
	Name    string   // directory path, or "embedded"
	Engines []string // names of the extra readings (the <engine> of ocr.<engine>/), sorted
	Docs    []*Doc
}
