package ocrbeam

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"math"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local" // local paths
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"ocrfix/candgen"
	"ocrfix/data"
	"ocrfix/eval"
	"ocrfix/model"
	"ocrfix/model/builtin"
	"ocrfix/profile"
)

// DeadLetterName is the name of the dead-letter file CorrectPipeline and
// EvalPipeline write under their output prefix: a TSV with a header (path,
// error) and one row per input left out, sorted by path.
const DeadLetterName = "_deadletter.tsv"

// DeadLetter is an input left out of a pipeline's output, with why.
type DeadLetter struct {
	Path string // the input file
	Err  string // the error, naming the file (and line where known)
}

// Words is the OCR words of one document, the element the profile Combine
// counts.
type Words struct {
	Words []string
}

// Counter names of CorrectPipeline (namespace CounterNamespace), summed
// over the documents, to watch a run in a runner's monitoring. A runner
// may report them incomplete (prism has lost one bundle's counters): the
// figures of record are in the counts file (CountsName, ReadCounts).
const (
	CounterNamespace = "ocrfix"
	CounterFiles     = "files"   // documents corrected and written
	CounterTokens    = "tokens"  // their OCR tokens
	CounterChanged   = "changed" // tokens whose text the model changed
	CounterDead      = "dead"    // dead letters (inputs left out)
)

var (
	filesCounter   = beam.NewCounter(CounterNamespace, CounterFiles)
	tokensCounter  = beam.NewCounter(CounterNamespace, CounterTokens)
	changedCounter = beam.NewCounter(CounterNamespace, CounterChanged)
	deadCounter    = beam.NewCounter(CounterNamespace, CounterDead)
)

func init() {
	beam.RegisterType(reflect.TypeOf((*DeadLetter)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Words)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*readFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*profileFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*readProfileFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*correctFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*writeFileFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*deadLetterFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*Counts)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*countsFn)(nil)).Elem())
	beam.RegisterFunction(addCounts)
	beam.RegisterFunction(keyByBase)
	beam.RegisterFunction(duplicateNames)
	beam.RegisterCoder(reflect.TypeOf((*profile.Profile)(nil)), encodeProfile, decodeProfile)
	register.Emitter1[string]()
	register.Emitter1[[]byte]()
	register.Emitter1[DeadLetter]()
	register.Emitter1[Counts]()
	register.Iter1[Counts]()
	register.Emitter1[Words]()
	register.Emitter2[string, string]()
	register.Iter1[[]byte]()
	register.Iter1[string]()
	register.Iter1[DeadLetter]()
}

// Join returns the name of the file base under the output prefix prefix
// (a directory, local or of any Beam file system such as gs://bucket/dir;
// a trailing slash is optional).
func Join(prefix, base string) string {
	if prefix == "" || strings.HasSuffix(prefix, "/") {
		return prefix + base
	}
	return prefix + "/" + base
}

// CheckPath returns an error when name is on a file system this program
// does not know (a scheme such as s3:// with no Beam file system
// registered), so a launcher can say so before building a pipeline
// (Beam's file matching panics on it).
func CheckPath(ctx context.Context, name string) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	return fs.Close()
}

// readFile reads a whole file of any Beam file system.
func readFile(ctx context.Context, name string) ([]byte, error) {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	r, err := fs.OpenRead(ctx, name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return b, nil
}

// writeFile writes name whole: into a temporary file beside it, renamed
// over name once complete, where the file system can rename (local files,
// Cloud Storage), so no reader ever sees half a file. The temporary name
// is fixed, so a retried write replaces a failed one's leftovers.
func writeFile(ctx context.Context, name string, b []byte) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	dir, base := path.Split(name)
	tmp := name
	rn, canRename := fs.(filesystem.Renamer)
	if canRename {
		tmp = dir + "." + base + ".ocrfix-beam.tmp"
	}
	w, err := fs.OpenWrite(ctx, tmp)
	if err != nil {
		return fmt.Errorf("create %s: %w", name, err)
	}
	if _, err := w.Write(b); err != nil {
		w.Close()
		return fmt.Errorf("write %s: %w", name, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("write %s: %w", name, err)
	}
	if canRename {
		if err := rn.Rename(ctx, tmp, name); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	return nil
}

// readFn reads each matched file and parses it by its extension. It emits
// the path of each readable file, its words, and a dead letter for each
// unreadable one. Files named like the dead-letter file are refused, so
// the output never has two files of one name.
type readFn struct{}

func (readFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, paths func(string), words func(Words), dead func(DeadLetter)) {
	p := f.Metadata.Path
	if path.Base(p) == DeadLetterName {
		dead(DeadLetter{p, fmt.Sprintf("%s: the name of the dead-letter output; rename the file", p)})
		return
	}
	src, err := readFile(ctx, p)
	if err != nil {
		dead(DeadLetter{p, err.Error()})
		return
	}
	t, err := data.ReadText(p, src)
	if err != nil {
		dead(DeadLetter{p, err.Error()})
		return
	}
	paths(p)
	words(Words{t.Words()})
}

// readInputs matches pattern and reads the files: the paths of the
// readable ones, their words, and dead letters for the others. A pattern
// that matches nothing fails the pipeline.
func readInputs(s beam.Scope, pattern string) (paths, words, dead beam.PCollection) {
	files := fileio.MatchFiles(s, pattern, fileio.MatchEmptyDisallow())
	readable := fileio.ReadMatches(s, files, fileio.ReadUncompressed(), fileio.ReadDirectorySkip())
	return beam.ParDo3(s, readFn{}, readable)
}

// profileFn is the Combine that builds the collection profile: a profile
// per bundle of documents (Add), summed (Merge), and written as the
// profile file's bytes.
type profileFn struct {
	MaxForms int // profile.Options.MaxForms; 0 is profile.DefaultMaxForms
}

func (f profileFn) CreateAccumulator() *profile.Profile {
	return profile.New(profile.Options{MaxForms: f.MaxForms})
}

func (profileFn) AddInput(p *profile.Profile, w Words) *profile.Profile {
	p.Add(w.Words)
	return p
}

func (profileFn) MergeAccumulators(p, q *profile.Profile) *profile.Profile {
	p.Merge(q)
	return p
}

func (profileFn) ExtractOutput(p *profile.Profile) []byte {
	b, _ := encodeProfile(p)
	return b
}

func encodeProfile(p *profile.Profile) ([]byte, error) {
	var buf bytes.Buffer
	if err := p.Write(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func decodeProfile(b []byte) (*profile.Profile, error) {
	return profile.Read(bytes.NewReader(b), "profile accumulator")
}

// readProfileFn reads a profile file given by name (checking it) and emits
// its bytes.
type readProfileFn struct {
	Path string
}

func (f readProfileFn) ProcessElement(ctx context.Context, _ []byte, emit func([]byte)) error {
	b, err := readFile(ctx, f.Path)
	if err != nil {
		return err
	}
	if _, err := profile.Read(bytes.NewReader(b), f.Path); err != nil {
		return err
	}
	emit(b)
	return nil
}

// keyByBase keys a path by the name it is written under.
func keyByBase(p string, emit func(string, string)) {
	emit(path.Base(p), p)
}

// duplicateNames emits the paths of a name shared by several inputs.
func duplicateNames(base string, paths func(*string) bool, emit func(string)) {
	var all []string
	var p string
	for paths(&p) {
		all = append(all, p)
	}
	if len(all) > 1 {
		for _, p := range all {
			emit(p)
		}
	}
}

// models caches the models loaded in this process by path ("" is the
// built-in model): workers load a model once, whatever the number of
// bundles and DoFn instances.
var models struct {
	sync.Mutex
	m map[string]*model.Model
}

// loadModel returns the model at name (any Beam file system), or the
// built-in model when name is "".
func loadModel(ctx context.Context, name string) (*model.Model, error) {
	models.Lock()
	defer models.Unlock()
	if m := models.m[name]; m != nil {
		return m, nil
	}
	var m *model.Model
	var err error
	if name == "" {
		m, err = builtin.Model()
	} else {
		var b []byte
		if b, err = readFile(ctx, name); err == nil {
			m, err = model.Read(bytes.NewReader(b), name)
		}
	}
	if err != nil {
		return nil, err
	}
	if models.m == nil {
		models.m = map[string]*model.Model{}
	}
	models.m[name] = m
	return m, nil
}

// adapted caches, per process, the model named name adapted to the habits
// of a profile (model.Model.Habits), by the name and the profile file's
// SHA-256: the DoFn instances of a worker share one adapted model and its
// deletion index.
var adapted struct {
	sync.Mutex
	m map[string]adaptation
}

// adaptation is a model adapted to a profile's habits and the habits
// described (candgen.Describe).
type adaptation struct {
	m    *model.Model
	desc []string
}

// adaptedModel returns m (the model named name) adapted to the habits of
// prof, whose file bytes are pb: m itself when it has none, as ocrfix
// correct does; and the habits described.
func adaptedModel(name string, m *model.Model, prof *profile.Profile, pb []byte) (*model.Model, []string) {
	sum := sha256.Sum256(pb)
	key := name + "\x00" + string(sum[:])
	adapted.Lock()
	defer adapted.Unlock()
	if a, ok := adapted.m[key]; ok {
		return a.m, a.desc
	}
	hs := m.Habits(prof)
	a := adaptation{m.Adapted(hs), candgen.Describe(hs)}
	if adapted.m == nil {
		adapted.m = map[string]adaptation{}
	}
	adapted.m[key] = a
	return a.m, a.desc
}

// MarksLineBreaks reports whether a correction with the model name (""
// is the built-in one) and CorrectOptions.LineBreaks mode writes the
// hyphen of a word broken at a line end as model.LineBreakMark, so a
// launcher can say so, or fail on a mode that is none, before starting a
// pipeline.
func MarksLineBreaks(ctx context.Context, name, mode string) (bool, error) {
	m, err := loadModel(ctx, name)
	if err != nil {
		return false, err
	}
	return marksLineBreaks(mode, m)
}

// correctFn corrects one document with the model and the collection
// profile (a side input: the profile file's bytes) and writes it under
// the output prefix with its own base name.
type correctFn struct {
	Model      string // model file; "" is the built-in model
	Output     string // output prefix
	NoHabits   bool   // do not adapt the model to the profile's habits
	Changes    string // the kinds of change to make (CorrectOptions.Changes)
	LineBreaks string // keep, mark or model (CorrectOptions.LineBreaks)

	m    *model.Model
	undo func(eval.Change) bool // a change of a kind Changes does not name (nil: none)
	mark bool                   // write the line-break marks (LineBreaks)
	prof *profile.Profile
	dups map[string]bool
	note Counts // the run's notes (Counts.Noise, Counts.Habits), once prof is read
}

func (f *correctFn) Setup(ctx context.Context) error {
	undo, err := eval.Refused(cmp.Or(f.Changes, "all"))
	if err != nil {
		return err
	}
	f.undo = undo
	m, err := loadModel(ctx, f.Model)
	if err != nil {
		return err
	}
	f.m = m
	f.mark, err = marksLineBreaks(f.LineBreaks, m)
	return err
}

// marksLineBreaks says whether a correction writes the hyphen of a word
// broken at a line end as model.LineBreakMark, as ocrfix correct
// -line-breaks does for files: "mark" always, "keep" never, "model" (or
// "") where the model's training truth writes most broken words so
// (model.Model.MarksLineBreaks).
func marksLineBreaks(mode string, m *model.Model) (bool, error) {
	switch mode {
	case "mark":
		return true, nil
	case "keep":
		return false, nil
	case "", "model":
		return m.MarksLineBreaks(), nil
	}
	return false, fmt.Errorf("line breaks %q: want keep, mark or model", mode)
}

func (f *correctFn) ProcessElement(ctx context.Context, p string, profs func(*[]byte) bool, dups func(*string) bool, dead func(DeadLetter), counts func(Counts)) error {
	if f.dups == nil {
		f.dups = map[string]bool{}
		var d string
		for dups(&d) {
			f.dups[d] = true
		}
	}
	if f.dups[p] {
		dead(DeadLetter{p, fmt.Sprintf("%s: another input has the same name; both would be written to %s", p, Join(f.Output, path.Base(p)))})
		return nil
	}
	// The side inputs are of the global window, one value for the whole
	// run: read once per DoFn instance (reading them is a round trip to
	// the runner and a copy of the profile).
	if f.prof == nil {
		var pb []byte
		if !profs(&pb) {
			return fmt.Errorf("%s: no collection profile", p)
		}
		prof, err := decodeProfile(pb)
		if err != nil {
			return err
		}
		f.prof = prof
		f.note.setNoise(f.m.NoiseShift(prof))
		if !f.NoHabits {
			var desc []string
			f.m, desc = adaptedModel(f.Model, f.m, prof, pb)
			f.note.Habits = strings.Join(desc, habitsSep)
		}
	}
	src, err := readFile(ctx, p)
	if err != nil {
		dead(DeadLetter{p, err.Error()})
		return nil
	}
	t, err := data.ReadText(p, src)
	if err != nil {
		dead(DeadLetter{p, err.Error()})
		return nil
	}
	c := f.m.Correct(t, nil, f.prof)
	if f.undo != nil {
		c.Undo(t, f.undo)
	}
	if f.mark {
		f.m.MarkCorrection(t, c)
	}
	var buf bytes.Buffer
	if err := t.Rewrite(&buf, c.Out); err != nil {
		dead(DeadLetter{p, err.Error()})
		return nil
	}
	if err := writeFile(ctx, Join(f.Output, path.Base(p)), buf.Bytes()); err != nil {
		return err
	}
	filesCounter.Inc(ctx, 1)
	tokensCounter.Inc(ctx, int64(len(t.Tokens)))
	changedCounter.Inc(ctx, int64(c.Changed))
	n := f.note
	n.Files, n.Tokens, n.Changed = 1, int64(len(t.Tokens)), int64(c.Changed)
	if c.WhollyOtherLanguage() {
		n.OtherLanguage = 1
	} else {
		n.OtherParagraphs = int64(len(c.OtherLanguage))
	}
	counts(n)
	return nil
}

// writeFileFn writes the bytes of its element to Path.
type writeFileFn struct {
	Path string
}

func (f writeFileFn) ProcessElement(ctx context.Context, b []byte) error {
	return writeFile(ctx, f.Path, b)
}

// deadLetterFn writes the dead letters (a side input, so the file is
// written once, even when there are none) to Path, sorted by path.
type deadLetterFn struct {
	Path string
}

func (f deadLetterFn) ProcessElement(ctx context.Context, _ []byte, letters func(*DeadLetter) bool) error {
	var all []DeadLetter
	var d DeadLetter
	for letters(&d) {
		all = append(all, d)
	}
	deadCounter.Inc(ctx, int64(len(all)))
	slices.SortFunc(all, func(a, b DeadLetter) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return strings.Compare(a.Err, b.Err)
	})
	var buf bytes.Buffer
	tw := data.NewTSVWriter(&buf, "path", "error")
	for _, d := range all {
		tw.Write(d.Path, d.Err)
	}
	if err := tw.Err(); err != nil {
		return err
	}
	return writeFile(ctx, f.Path, buf.Bytes())
}

// CountsName is the name of the file CorrectPipeline writes its counts
// to under its output prefix: a TSV of one header line (files, tokens,
// changed, dead, other_language, other_paragraphs, noise_shift,
// collection_unknown, collection_words, training_unknown, training_words,
// habits) and one line of figures.
const CountsName = "_counts.tsv"

var countsHeader = []string{"files", "tokens", "changed", "dead", "other_language", "other_paragraphs",
	"noise_shift", "collection_unknown", "collection_words", "training_unknown", "training_words", "habits"}

// habitsSep joins the habits described in Counts.Habits (a description
// holds "; ", and the counts file escapes a newline).
const habitsSep = "\n"

// Counts are the figures of a correction run: documents corrected and
// written, their OCR tokens, the tokens whose text the model changed, the
// dead letters (inputs left out), and the documents and the paragraphs of
// other documents written as read for being of another language than the
// model's (model.Correction.OtherLanguage); and what ocrfix correct says
// of the collection before correcting it: how much cleaner its OCR reads
// than the model's training OCR and the margins raised for it (the Noise
// fields: model.Model.NoiseShift, Counts.Noise), and the habits of its OCR
// the model was adapted to (Habits: candgen.Describe's lines, HabitList).
type Counts struct {
	Files, Tokens, Changed, Dead   int64
	OtherLanguage, OtherParagraphs int64
	// NoiseShift is model.Noise.Shift, and the other four its counts of
	// unknown words among the words in small letters.
	NoiseShift                                                         float64
	CollectionUnknown, CollectionWords, TrainingUnknown, TrainingWords int64
	Habits                                                             string
}

// Noise returns the collection's noise as model.Model.NoiseShift found
// it (its Shift and counts; the estimated Share left 0).
func (c Counts) Noise() model.Noise {
	return model.Noise{Shift: c.NoiseShift,
		Collection: model.UnknownCounts{Unknown: int(c.CollectionUnknown), Words: int(c.CollectionWords)},
		Training:   model.UnknownCounts{Unknown: int(c.TrainingUnknown), Words: int(c.TrainingWords)}}
}

// setNoise sets the Noise fields of c to n's.
func (c *Counts) setNoise(n model.Noise) {
	c.NoiseShift = n.Shift
	c.CollectionUnknown, c.CollectionWords = int64(n.Collection.Unknown), int64(n.Collection.Words)
	c.TrainingUnknown, c.TrainingWords = int64(n.Training.Unknown), int64(n.Training.Words)
}

// HabitList returns the habits the model was adapted to, one description
// each; none when it was not.
func (c Counts) HabitList() []string {
	if c.Habits == "" {
		return nil
	}
	return strings.Split(c.Habits, habitsSep)
}

// addCounts sums two Counts: the Combine of the documents' counts. The
// notes of a run (the Noise fields, Habits) are the same for each of its
// documents, which correctFn works out from the run's one profile before
// correcting any (and a Counts of no document carries none), so the sum
// keeps a's, or b's where a counts no document, whatever the order. A run
// whose every input is a dead letter counts no note.
func addCounts(a, b Counts) Counts {
	notes := a
	if a.Files == 0 {
		notes = b
	}
	s := notes
	s.Files, s.Tokens, s.Changed, s.Dead = a.Files+b.Files, a.Tokens+b.Tokens, a.Changed+b.Changed, a.Dead+b.Dead
	s.OtherLanguage, s.OtherParagraphs = a.OtherLanguage+b.OtherLanguage, a.OtherParagraphs+b.OtherParagraphs
	return s
}

// countsFn writes the run's counts (the documents' summed counts and the
// dead letters, both side inputs, so the file is written once, even when
// no document was corrected) to Path.
type countsFn struct {
	Path string
}

func (f countsFn) ProcessElement(ctx context.Context, _ []byte, docs func(*Counts) bool, letters func(*DeadLetter) bool) error {
	var sum, c Counts
	for docs(&c) {
		sum = addCounts(sum, c)
	}
	var d DeadLetter
	for letters(&d) {
		sum.Dead++
	}
	var buf bytes.Buffer
	tw := data.NewTSVWriter(&buf, countsHeader...)
	tw.Write(strconv.FormatInt(sum.Files, 10), strconv.FormatInt(sum.Tokens, 10),
		strconv.FormatInt(sum.Changed, 10), strconv.FormatInt(sum.Dead, 10),
		strconv.FormatInt(sum.OtherLanguage, 10), strconv.FormatInt(sum.OtherParagraphs, 10),
		strconv.FormatFloat(sum.NoiseShift, 'g', -1, 64),
		strconv.FormatInt(sum.CollectionUnknown, 10), strconv.FormatInt(sum.CollectionWords, 10),
		strconv.FormatInt(sum.TrainingUnknown, 10), strconv.FormatInt(sum.TrainingWords, 10), sum.Habits)
	if err := tw.Err(); err != nil {
		return err
	}
	return writeFile(ctx, f.Path, buf.Bytes())
}

// ReadCounts reads the counts a CorrectPipeline wrote under the output
// prefix output (local or any Beam file system).
func ReadCounts(ctx context.Context, output string) (Counts, error) {
	name := Join(output, CountsName)
	b, err := readFile(ctx, name)
	if err != nil {
		return Counts{}, err
	}
	r := data.NewTSVReader(bytes.NewReader(b), name, countsHeader...)
	row, err := r.Next()
	if err == io.EOF {
		err = fmt.Errorf("%s: no line of figures", name)
	}
	if err != nil {
		return Counts{}, err
	}
	var v [10]int64
	for i, j := range []int{0, 1, 2, 3, 4, 5, 7, 8, 9, 10} {
		if v[i], err = strconv.ParseInt(row[j], 10, 64); err != nil || v[i] < 0 {
			return Counts{}, r.Errorf("column %s: %q is not a count", countsHeader[j], row[j])
		}
	}
	shift, err := strconv.ParseFloat(row[6], 64)
	if err != nil || !(shift >= 0) || math.IsInf(shift, 0) {
		return Counts{}, r.Errorf("column %s: %q is not a shift of the margins", countsHeader[6], row[6])
	}
	c := Counts{v[0], v[1], v[2], v[3], v[4], v[5], shift, v[6], v[7], v[8], v[9], row[11]}
	// unknown words among words, and a shift only where both were counted
	if n := c.Noise(); !n.Collection.Valid() || !n.Training.Valid() || shift > 0 && (v[7] == 0 || v[9] == 0) {
		return Counts{}, r.Errorf("unknown words %d of %d and %d of %d with a shift of %s: not counts of words", v[6], v[7], v[8], v[9], row[6])
	}
	return c, nil
}

// writeDeadLetters writes the dead letters to name.
func writeDeadLetters(s beam.Scope, name string, dead beam.PCollection) {
	beam.ParDo0(s, deadLetterFn{name}, beam.Impulse(s), beam.SideInput{Input: dead})
}

// CorrectOptions are the inputs of CorrectPipeline.
type CorrectOptions struct {
	// Input is a file pattern (a glob of any Beam file system: local,
	// gs://...) matching OCR files of any of ocrfix's formats (.txt,
	// .tsv, .hocr, .html, .xml). The files are one collection.
	Input string
	// Output is the output prefix (a directory): each corrected file is
	// written to Output/<base name of the input>, and the dead letters to
	// Output/_deadletter.tsv.
	Output string
	// Model is the model file written by ocrfix train; "" is the built-in
	// model.
	Model string
	// Profile, when not "", is a profile file written by ocrfix profile
	// (of a larger whole the inputs belong to), used instead of the
	// inputs' own.
	Profile string
	// MaxForms caps the distinct forms of the inputs' profile (see
	// profile.Options); 0 is profile.DefaultMaxForms, what ocrfix correct
	// uses.
	MaxForms int
	// NoHabits corrects with the model as trained, not adapted to the
	// habits of the collection's OCR (model.Model.Habits, found in the
	// profile), as ocrfix correct -no-habits.
	NoHabits bool
	// Changes names the kinds of change to make, as ocrfix correct
	// -changes (eval.ParseKinds: "word,split", ...); "" or "all" makes
	// every kind.
	Changes string
	// LineBreaks is what becomes of the hyphen of a word broken at a line
	// end, as ocrfix correct -line-breaks for files: "keep" (as read),
	// "mark" (written model.LineBreakMark, ¬, as OCR-D's and the
	// HIPE-OCRepair sets' transcriptions write it), or "model" and ""
	// (mark where the model's training truth writes most broken words
	// so; the built-in model keeps).
	LineBreaks string
}

// CorrectPipeline adds to s the correction of a collection (what ocrfix
// correct does): the profile of all readable inputs (unless o.Profile
// gives one), then each document corrected with the model and that
// profile and written under o.Output, with the dead letters
// (DeadLetterName) and the run's counts (CountsName, read back by
// ReadCounts). The counts are also counters named Counter* (namespace
// CounterNamespace).
func CorrectPipeline(s beam.Scope, o CorrectOptions) {
	s = s.Scope("ocrfix.correct")
	paths, words, dead := readInputs(s, o.Input)
	var prof beam.PCollection
	if o.Profile != "" {
		prof = beam.ParDo(s, readProfileFn{o.Profile}, beam.Impulse(s))
	} else {
		prof = beam.Combine(s, profileFn{o.MaxForms}, words)
	}
	dups := beam.ParDo(s, duplicateNames, beam.GroupByKey(s, beam.ParDo(s, keyByBase, paths)))
	// Spread the documents over workers before the heavy step: a match is
	// one element that fans out, and runners keep fused steps together.
	cdead, counts := beam.ParDo2(s, &correctFn{Model: o.Model, Output: o.Output, NoHabits: o.NoHabits, Changes: o.Changes, LineBreaks: o.LineBreaks}, beam.Reshuffle(s, paths),
		beam.SideInput{Input: prof}, beam.SideInput{Input: dups})
	all := beam.Flatten(s, dead, cdead)
	writeDeadLetters(s, Join(o.Output, DeadLetterName), all)
	beam.ParDo0(s, countsFn{Join(o.Output, CountsName)}, beam.Impulse(s),
		beam.SideInput{Input: beam.Combine(s, addCounts, counts)}, beam.SideInput{Input: all})
}

// ProfileOptions are the inputs of ProfilePipeline.
type ProfileOptions struct {
	Input      string // file pattern of OCR files, as CorrectOptions.Input
	Output     string // the profile file to write
	DeadLetter string // the dead-letter file to write (path, error)
	MaxForms   int    // profile.Options.MaxForms; 0 is profile.DefaultMaxForms
}

// ProfilePipeline adds to s the profile of the readable inputs, written
// to o.Output in the format of ocrfix profile (nothing is written when no
// input is readable), and the dead letters to o.DeadLetter.
func ProfilePipeline(s beam.Scope, o ProfileOptions) {
	s = s.Scope("ocrfix.profile")
	_, words, dead := readInputs(s, o.Input)
	beam.ParDo0(s, writeFileFn{o.Output}, beam.Combine(s, profileFn{o.MaxForms}, words))
	writeDeadLetters(s, o.DeadLetter, dead)
}
