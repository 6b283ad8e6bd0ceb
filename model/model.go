package model

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/features"
	"ocrfix/lda"
	"ocrfix/lm/english"
	"ocrfix/vectors"
)

// Version is the model file format version this package writes and reads:
// it is for the file layout only (the sections and the fields of
// meta.json). A change of the features needs no bump: the file records the
// feature names it was trained with, and Read refuses a model whose names
// differ from features.Names, naming both lists. Version 2 added the
// checksum section; version 3 the margins per kind of change, the weight
// of decisions in context, and the collection and English features;
// version 4 the context band; version 5 the lexicon's listed column
// (candgen.Lexicon); version 6 the ranker's own weights for the OCR
// token's own rows (LogReg.Own, on the column ownFeature).
const Version = 6

// ownFeature is the column whose rows, the OCR token's own reading, the
// ranker weighs with weights of their own (LogReg.Own).
const ownFeature = "is_original"

// checksumSection names the last section of a model file: the lower-case
// hex SHA-256 of every byte before its header (the magic line and all
// other sections, headers included).
const checksumSection = "checksum.sha256"

// magic starts every model file (inside the gzip stream).
const magic = "ocrfix-model\n"

// Model is a trained corrector: the learned components candidates and
// features are computed from, the ranker, and the do-no-harm margin.
type Model struct {
	Conf   *candgen.Confusion
	Lex    *candgen.Lexicon
	GenOpt candgen.Options
	LM     *features.LM
	LDA    *lda.Model       // nil when trained without a topic model
	Vec    *vectors.Vectors // nil when trained without word vectors
	Ranker *LogReg
	Margin float64 // log-odds by which a candidate must beat the OCR token, one for all kinds of change; +Inf: never replace
	// Margins is the margin of each kind of change (eval.Kind), learned after
	// Margin one kind at a time; Collect uses these.
	Margins [NumKinds]float64
	// Context is the weight of the English language model when Collect
	// chooses the best path through the lattice (decisions in context);
	// 0 decides each position alone, as a model trained Unseen always does
	// (see contextBand).
	Context float64
	// ContextBand is the most the language model may outweigh the ranker
	// in decisions in context: a candidate whose evidence (log-odds over
	// the OCR token less its kind's margin) is below -ContextBand is on no
	// path. Training picks 0 or contextBand (4) for a model of the
	// collections it was trained on (see contextBand and tuneContext).
	ContextBand float64
	FeatOpt     features.Options
	Stats       TrainStats
	Seed        uint64
	LDAIters    int
	Lexicons    int // number of extra word lists merged into Lex

	// WithoutConfidence, when Train was asked for it, is the same model
	// with a ranker fitted without the confidence features (not saved).
	WithoutConfidence *Model

	gens      *genPool
	resources *features.Resources
	once      sync.Once
	// langWords are the words OtherLanguage counts (languageWords)
	langWords map[string]uint8
	langOnce  sync.Once
	// known is the filter of the words habitEvidence knows (knownWords),
	// built on the first call of Habits
	known     *knownFilter
	knownOnce sync.Once
	// noise remembers NoiseShift by profile
	noise profileMemo[Noise]
	// conventions are the spelling conventions of the collection an
	// Adapted model corrects: the words they spell are not changed (see
	// conventional); habits are its misreadings, which the changes that
	// undo them are supported for however often the form recurs (see
	// undoesHabit)
	conventions, habits []candgen.Habit
	// cases are its case habits (capitals written for small letters at
	// word starts), which Collect undoes (lowerCaseHabits)
	cases []candgen.Habit
}

// meta is the JSON part of a model file.
type meta struct {
	Version  int              `json:"version"`
	Features []string         `json:"features"`
	Mean     []float64        `json:"mean"`
	Scale    []float64        `json:"scale"`
	W        []float64        `json:"w"`
	B        float64          `json:"b"`
	Own      []float64        `json:"own"`     // the ranker's weights added on the OCR token's own rows (LogReg.Own; null: none)
	Margin   string           `json:"margin"`  // strconv form, so +Inf survives JSON
	Margins  []string         `json:"margins"` // per decision kind (see NumKinds), strconv form
	Context  float64          `json:"context"` // the language model's weight in decisions in context
	Band     float64          `json:"context_band"`
	Gen      candgen.Options  `json:"candgen"`
	FeatOpt  features.Options `json:"features_options"`
	Stats    TrainStats       `json:"stats"`
	Seed     uint64           `json:"seed"`
	LDAIters int              `json:"lda_iters"`
	Lexicons int              `json:"lexicons"`
	Sections []string         `json:"sections"`
}

// LogOdds is a margin in log-odds that a model file keeps in its JSON
// even when it is infinite (+Inf: a kind of change never made, which
// training chooses where no margin helps its out-of-fold documents):
// a finite value is written as the number it is, an infinite one as the
// string "+Inf" or "-Inf", and both are read back.
type LogOdds float64

// MarshalJSON writes v as a JSON number, or as "+Inf" or "-Inf".
func (v LogOdds) MarshalJSON() ([]byte, error) {
	f := float64(v)
	switch {
	case math.IsInf(f, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-Inf"`), nil
	}
	return json.Marshal(f) // NaN is the error it always was
}

// UnmarshalJSON reads a JSON number, or the strings "+Inf" and "-Inf".
func (v *LogOdds) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"+Inf"`:
		*v = LogOdds(math.Inf(1))
		return nil
	case `"-Inf"`:
		*v = LogOdds(math.Inf(-1))
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return fmt.Errorf("margin %s: %w", b, err)
	}
	*v = LogOdds(f)
	return nil
}

// WriteTo writes the model as one self-contained, gzip-compressed file:
// a magic line, then sections "name length\n" + bytes: meta.json (version,
// feature names, ranker weights, margin, options, training figures),
// confusion.tsv, lexicon.tsv, lm.tsv, and lda.bin and vectors.bin when
// present; last, checksum.sha256, the SHA-256 of all that precedes it, which
// Read verifies before it trusts any section (gzip's own CRC only covers
// the compression, not a file decompressed, edited and compressed again).
func (m *Model) WriteTo(w io.Writer) (int64, error) { return m.write(w, Version) }

// write writes the model stamped with the given format version.
func (m *Model) write(w io.Writer, version int) (int64, error) {
	cw := &data.CountingWriter{W: w}
	zw, err := gzip.NewWriterLevel(cw, gzip.BestSpeed)
	if err != nil {
		return 0, err
	}
	bw := bufio.NewWriter(zw)
	sum := sha256.New()
	hw := io.MultiWriter(bw, sum) // every byte before the checksum is summed
	io.WriteString(hw, magic)
	sections := []struct {
		name  string
		write func(io.Writer) error
	}{
		{"confusion.tsv", func(w io.Writer) error { _, err := m.Conf.Trained().WriteTo(w); return err }},
		{"lexicon.tsv", func(w io.Writer) error { _, err := m.Lex.WriteTo(w); return err }},
		{"lm.tsv", func(w io.Writer) error { _, err := m.LM.WriteTo(w); return err }},
	}
	if m.LDA != nil {
		sections = append(sections, struct {
			name  string
			write func(io.Writer) error
		}{"lda.bin", func(w io.Writer) error { _, err := m.LDA.WriteTo(w); return err }})
	}
	if m.Vec != nil {
		sections = append(sections, struct {
			name  string
			write func(io.Writer) error
		}{"vectors.bin", func(w io.Writer) error { return m.Vec.WriteBinary(w) }})
	}
	md := meta{
		Version: version, Features: m.Ranker.Names, Mean: m.Ranker.Mean, Scale: m.Ranker.Scale,
		W: m.Ranker.W, B: m.Ranker.B, Own: m.Ranker.Own, Margin: strconv.FormatFloat(m.Margin, 'g', -1, 64), Context: m.Context, Band: m.ContextBand,
		Gen: m.GenOpt, FeatOpt: m.FeatOpt, Stats: m.Stats, Seed: m.Seed, LDAIters: m.LDAIters, Lexicons: m.Lexicons,
	}
	for _, mk := range m.Margins {
		md.Margins = append(md.Margins, strconv.FormatFloat(mk, 'g', -1, 64))
	}
	for _, s := range sections {
		md.Sections = append(md.Sections, s.name)
	}
	js, err := json.MarshalIndent(md, "", " ")
	if err != nil {
		return 0, err
	}
	writeSection := func(name string, b []byte) {
		fmt.Fprintf(hw, "%s %d\n", name, len(b))
		hw.Write(b)
	}
	writeSection("meta.json", js)
	var buf bytes.Buffer
	for _, s := range sections {
		buf.Reset()
		if err := s.write(&buf); err != nil {
			return cw.N, fmt.Errorf("model section %s: %w", s.name, err)
		}
		writeSection(s.name, buf.Bytes())
	}
	hexSum := hex.EncodeToString(sum.Sum(nil))
	fmt.Fprintf(bw, "%s %d\n%s", checksumSection, len(hexSum), hexSum)
	if err := bw.Flush(); err != nil {
		return cw.N, err
	}
	if err := zw.Close(); err != nil {
		return cw.N, err
	}
	return cw.N, nil
}

// Read reads a model written by WriteTo. name is used in error messages.
// A file that is not a model, a model of another format version, a
// truncated or corrupt file (a checksum that does not match its content,
// data after the model's compressed stream), or one whose feature names
// differ from this build's, is an error that says so.
//
// The English models (english.Model) are loaded on a second goroutine
// while the file is read, the first Read of a process taking about as
// long as the longer of the two instead of their sum.
func Read(r io.Reader, name string) (*Model, error) {
	engErr := make(chan error, 1)
	go func() {
		_, _, err := english.Model()
		engErr <- err
	}()
	sections, err := readSections(r, name)
	if err != nil {
		return nil, err
	}
	js := sections["meta.json"]
	var md meta
	if err := json.Unmarshal(js, &md); err != nil {
		return nil, fmt.Errorf("%s: corrupt model file: meta.json: %v", name, err)
	}
	if md.Version != Version {
		return nil, fmt.Errorf("%s: model file format version %d, this ocrfix reads version %d: retrain the model with this ocrfix", name, md.Version, Version)
	}
	if strings.Join(md.Features, ",") != strings.Join(features.Names, ",") {
		return nil, fmt.Errorf("%s: the model was trained with features %v, this ocrfix computes %v: retrain the model", name, md.Features, features.Names)
	}
	d := len(md.Features)
	if len(md.Mean) != d || len(md.Scale) != d || len(md.W) != d || md.Own != nil && len(md.Own) != d {
		return nil, fmt.Errorf("%s: corrupt model file: %d features but %d/%d/%d/%d weights", name, d, len(md.Mean), len(md.Scale), len(md.W), len(md.Own))
	}
	margin, err := strconv.ParseFloat(md.Margin, 64)
	if err != nil || math.IsNaN(margin) {
		return nil, fmt.Errorf("%s: corrupt model file: margin %q", name, md.Margin)
	}
	if md.Context < 0 || md.Context > 100 || math.IsNaN(md.Context) {
		return nil, fmt.Errorf("%s: corrupt model file: context weight %v", name, md.Context)
	}
	if md.Band < 0 || md.Band > 100 || math.IsNaN(md.Band) {
		return nil, fmt.Errorf("%s: corrupt model file: context band %v", name, md.Band)
	}
	if len(md.Margins) != int(NumKinds) {
		return nil, fmt.Errorf("%s: corrupt model file: %d margins per kind of change, want %d", name, len(md.Margins), NumKinds)
	}
	var margins [NumKinds]float64
	for k, ms := range md.Margins {
		if margins[k], err = strconv.ParseFloat(ms, 64); err != nil || math.IsNaN(margins[k]) {
			return nil, fmt.Errorf("%s: corrupt model file: margin of %s %q", name, KindName(k), ms)
		}
	}
	if u := md.Stats.Unknown; !u.Valid() {
		return nil, fmt.Errorf("%s: corrupt model file: %d unknown words of %d in the training OCR", name, u.Unknown, u.Words)
	}
	for _, s := range md.Sections {
		if _, ok := sections[s]; !ok {
			return nil, fmt.Errorf("%s: truncated model file: section %s missing", name, s)
		}
	}
	m := &Model{
		Ranker:      &LogReg{Names: md.Features, Mean: md.Mean, Scale: md.Scale, W: md.W, B: md.B, Own: md.Own, OwnCol: slices.Index(md.Features, ownFeature)},
		Margin:      margin,
		Margins:     margins,
		Context:     md.Context,
		ContextBand: md.Band,
		GenOpt:      md.Gen,
		FeatOpt:     md.FeatOpt,
		Stats:       md.Stats,
		Seed:        md.Seed,
		LDAIters:    md.LDAIters,
		Lexicons:    md.Lexicons,
	}
	sec := func(s string) (io.Reader, error) {
		b, ok := sections[s]
		if !ok {
			return nil, fmt.Errorf("%s: corrupt model file: no %s section", name, s)
		}
		return bytes.NewReader(b), nil
	}
	if rd, err := sec("confusion.tsv"); err != nil {
		return nil, err
	} else if m.Conf, err = candgen.ReadConfusion(rd, name+"#confusion.tsv"); err != nil {
		return nil, err
	}
	if rd, err := sec("lexicon.tsv"); err != nil {
		return nil, err
	} else if m.Lex, err = candgen.ReadLexicon(rd, name+"#lexicon.tsv"); err != nil {
		return nil, err
	}
	if rd, err := sec("lm.tsv"); err != nil {
		return nil, err
	} else if m.LM, err = features.ReadLM(rd, name+"#lm.tsv"); err != nil {
		return nil, err
	}
	if b, ok := sections["lda.bin"]; ok {
		if m.LDA, err = lda.Read(bytes.NewReader(b)); err != nil {
			return nil, fmt.Errorf("%s#lda.bin: %w", name, err)
		}
	}
	if b, ok := sections["vectors.bin"]; ok {
		if m.Vec, err = vectors.Load(bytes.NewReader(b)); err != nil {
			return nil, fmt.Errorf("%s#vectors.bin: %w", name, err)
		}
	}
	if m.forUnseen() {
		m.Conf = withGlyphPriors(m.Conf)
	}
	if err := <-engErr; err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// readSections reads the sections of a model file by name and verifies the
// checksum section over everything before it; no section is returned
// unless it matches. A file without a checksum is an error naming its
// format version when its meta.json says it is not this one (files of
// version 1 had no checksum), a corrupt file otherwise.
func readSections(r io.Reader, name string) (map[string][]byte, error) {
	raw := bufio.NewReader(r)
	// a file that starts as gzip does but ends before the model's first
	// line is a model cut short (a copy stopped early), not another file
	gz, err := raw.Peek(2)
	if err != nil && err != io.EOF {
		return nil, fmt.Errorf("%s: %v", name, err) // not a file to read (a directory)
	}
	isGzip := len(gz) == 2 && gz[0] == 0x1f && gz[1] == 0x8b
	zr, err := gzip.NewReader(raw)
	if err != nil {
		if isGzip {
			return nil, fmt.Errorf("%s: truncated or corrupt model file: %v", name, err)
		}
		return nil, fmt.Errorf("%s: not an ocrfix model file (a model is one gzip stream)", name)
	}
	zr.Multistream(false) // a model is one gzip stream; what follows it is no model
	br := bufio.NewReader(zr)
	head := make([]byte, len(magic))
	if n, err := io.ReadFull(br, head); err != nil {
		if n == 0 || string(head[:n]) == magic[:n] {
			return nil, fmt.Errorf("%s: truncated or corrupt model file: %v", name, err)
		}
		return nil, fmt.Errorf("%s: not an ocrfix model file", name)
	} else if string(head) != magic {
		return nil, fmt.Errorf("%s: not an ocrfix model file", name)
	}
	sum := sha256.New()
	sum.Write(head)
	sections := map[string][]byte{}
	checked := false
	for {
		line, err := br.ReadString('\n')
		if err == io.EOF && line == "" {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: truncated or corrupt model file: %v", name, err)
		}
		if checked {
			return nil, fmt.Errorf("%s: corrupt model file: data after the checksum", name)
		}
		f := strings.Fields(line)
		if len(f) != 2 {
			return nil, fmt.Errorf("%s: corrupt model file: bad section header %q", name, strings.TrimSpace(line))
		}
		n, err := strconv.Atoi(f[1])
		if err != nil || n < 0 || n > 1<<31 {
			return nil, fmt.Errorf("%s: corrupt model file: bad section length %q", name, f[1])
		}
		if _, dup := sections[f[0]]; dup {
			return nil, fmt.Errorf("%s: corrupt model file: two %s sections", name, f[0])
		}
		b := make([]byte, 0, min(n, 1<<20))
		if b, err = readN(br, b, n); err != nil {
			return nil, fmt.Errorf("%s: truncated model file: section %s: %v", name, f[0], err)
		}
		if f[0] == checksumSection {
			if want := hex.EncodeToString(sum.Sum(nil)); string(b) != want {
				return nil, fmt.Errorf("%s: corrupt model file: checksum mismatch (content SHA-256 %s, recorded %.64q)", name, want, b)
			}
			checked = true
			continue
		}
		sum.Write([]byte(line))
		sum.Write(b)
		sections[f[0]] = b
	}
	if _, err := raw.ReadByte(); err == nil {
		return nil, fmt.Errorf("%s: corrupt model file: data after the end of the model (a file appended to it?)", name)
	}
	if !checked {
		var md meta
		if js, ok := sections["meta.json"]; ok && json.Unmarshal(js, &md) == nil && md.Version != Version {
			return nil, fmt.Errorf("%s: model file format version %d, this ocrfix reads version %d: retrain the model with this ocrfix", name, md.Version, Version)
		}
		return nil, fmt.Errorf("%s: truncated or corrupt model file: no checksum section", name)
	}
	if _, ok := sections["meta.json"]; !ok {
		return nil, fmt.Errorf("%s: corrupt model file: no meta.json section", name)
	}
	return sections, nil
}

// readN appends n bytes of r to b, growing it as the bytes arrive, so that
// a corrupt length does not allocate more than the file holds.
func readN(r io.Reader, b []byte, n int) ([]byte, error) {
	for len(b) < n {
		k := min(n-len(b), max(cap(b)-len(b), 1<<20))
		if cap(b)-len(b) < k {
			b = append(b, make([]byte, k)...)[:len(b)]
		}
		got, err := io.ReadFull(r, b[len(b):len(b)+k])
		b = b[:len(b)+got]
		if err != nil {
			return b, err
		}
	}
	return b, nil
}
