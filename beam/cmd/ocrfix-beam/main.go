// Command ocrfix-beam runs ocrfix's correction, profile and evaluation of
// a collection as Apache Beam pipelines (package ocrfix/beam):
//
//	ocrfix-beam correct --input 'DIR/*.txt' --output OUT/ [--model FILE] [--profile FILE]
//	ocrfix-beam profile --input 'DIR/*.txt' --output FILE.prof [--max-forms N]
//	ocrfix-beam eval --gt 'GT/*.txt' --pred 'PRED/*' [--output DIR] [--json]
//
// By default the pipeline runs in this process on Beam's prism runner;
// --runner=dataflow|flink|spark|prism (and that runner's own flags, such as
// --endpoint for a Flink or Spark job server, or --project, --region and
// --temp_location for Dataflow) runs it elsewhere. Inputs and outputs may
// be on any file system Beam knows (local paths, gs://).
//
// Exit status: 0 ok, 1 failure, 2 usage error. Inputs that could not be
// used are listed in the dead-letter file and do not change the status.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	beamlog "github.com/apache/beam/sdks/v2/go/pkg/beam/log"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	ocrbeam "ocrfix/beam"
	"ocrfix/eval"
	"ocrfix/model"
	"ocrfix/profile"
)

const usage = `usage: ocrfix-beam COMMAND [flags] [Beam flags: --runner=prism|dataflow|flink|spark ...]

commands:
  correct   correct OCR files with a model and the collection's profile, each written in its own format
  profile   the profile of a collection's OCR, in the format of ocrfix profile
  eval      measure predictions against ground truth, the figures of ocrfix eval

"ocrfix-beam COMMAND -h" lists a command's flags.
`

// errUsage marks an error in the command line (exit status 2).
type errUsage struct{ msg string }

func (e errUsage) Error() string { return e.msg }

func main() {
	// Prism and the SDK log each job's progress at level INFO (beam.Init
	// sets up log/slog); a command line user wants warnings and errors.
	beamlog.LogLevel = "warn"
	err := run(os.Args[1:], os.Stdout, os.Stderr)
	var u errUsage
	switch {
	case err == nil:
	case errors.As(err, &u):
		fmt.Fprintf(os.Stderr, "ocrfix-beam: %v\n", err)
		os.Exit(2)
	case errors.Is(err, flag.ErrHelp):
		os.Exit(0)
	default:
		fmt.Fprintf(os.Stderr, "ocrfix-beam: %v\n", err)
		os.Exit(1)
	}
}

// run runs the command of args (args[0]: correct, profile or eval) or,
// given flags only, serves as a runner's worker.
func run(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		// A runner starts this binary as its worker with flags only
		// (--worker and the endpoints): beam.Init then serves the
		// pipeline and does not return.
		flag.CommandLine.SetOutput(stderr)
		if err := flag.CommandLine.Parse(args); err != nil {
			return err
		}
		beam.Init()
		fmt.Fprint(stderr, usage)
		return errUsage{"no command"}
	}
	cmd, args := args[0], args[1:]
	fs := commandFlags(cmd, stderr)
	ctx := context.Background()
	switch cmd {
	case "correct":
		return runCorrect(ctx, fs, args, stderr)
	case "profile":
		return runProfile(ctx, fs, args, stderr)
	case "eval":
		return runEval(ctx, fs, args, stdout, stderr)
	default:
		fmt.Fprint(stderr, usage)
		return errUsage{fmt.Sprintf("unknown command %q", cmd)}
	}
}

// runPipeline runs p (beamx.Run) with the process's temporary directory
// (TMPDIR) pointing at one of its own for the run, removed after it: the
// Beam SDK in loopback mode (prism in this process) creates an empty file
// in os.TempDir for every pipeline it runs and never removes it
// (apache/beam issue 27569), which would pile up in /tmp, one per run.
func runPipeline(ctx context.Context, p *beam.Pipeline) error {
	dir, err := os.MkdirTemp("", "ocrfix-beam-")
	if err != nil {
		return beamx.Run(ctx, p)
	}
	defer os.RemoveAll(dir)
	old, had := os.LookupEnv("TMPDIR")
	os.Setenv("TMPDIR", dir)
	defer func() {
		if had {
			os.Setenv("TMPDIR", old)
		} else {
			os.Unsetenv("TMPDIR")
		}
	}()
	return beamx.Run(ctx, p)
}

// runCorrect runs the correct command with its arguments args (the
// command name left out): the corrected files and the counts on stderr.
func runCorrect(ctx context.Context, fs *flag.FlagSet, args []string, stderr io.Writer) error {
	var o ocrbeam.CorrectOptions
	fs.StringVar(&o.Input, "input", "", "file `PATTERN` of the OCR files to correct (.txt, .tsv, .hocr, .html, .xml), e.g. 'DIR/*.txt' or gs://bucket/ocr/*.xml")
	fs.StringVar(&o.Output, "output", "", "output `PREFIX` (a directory): the corrected files keep their names; _deadletter.tsv lists the inputs left out")
	fs.StringVar(&o.Model, "model", "", "the model `FILE` written by ocrfix train (default: the built-in model)")
	fs.StringVar(&o.Profile, "profile", "", "the profile `FILE` of a larger collection the inputs belong to, written by ocrfix profile (default: the inputs' own)")
	fs.BoolVar(&o.NoHabits, "no-habits", false, "do not adapt the model to the habits of the collection's OCR found in its profile (a letter it systematically reads as another), as ocrfix correct -no-habits")
	fs.StringVar(&o.Changes, "changes", "all", "the `KINDS` of change to make, comma-separated (word, punctuation, case, digits, split, merge, deletion), or all; the others are left as read, as ocrfix correct -changes")
	fs.StringVar(&o.LineBreaks, "line-breaks", "model", "the hyphen of a word broken at a line end: keep (as read), mark (written ¬, as OCR-D's and the HIPE-OCRepair sets' transcriptions write it), or model: mark where the truth the model was trained on writes most broken words with ¬, keep otherwise (the built-in model keeps); as ocrfix correct -line-breaks")
	if err := parse(fs, args); err != nil {
		return err
	}
	if _, err := eval.ParseKinds(o.Changes); err != nil {
		return errUsage{"correct: --changes: " + err.Error()}
	}
	if o.LineBreaks != "keep" && o.LineBreaks != "mark" && o.LineBreaks != "model" {
		return errUsage{fmt.Sprintf("correct: --line-breaks: %q: want keep, mark or model", o.LineBreaks)}
	}
	if o.Input == "" || o.Output == "" {
		return errUsage{"correct: --input and --output are required"}
	}
	if err := checkPaths(ctx, o.Input, o.Output, o.Model, o.Profile); err != nil {
		return err
	}
	mark, err := ocrbeam.MarksLineBreaks(ctx, o.Model, o.LineBreaks)
	if err != nil {
		return err
	}
	if mark && o.LineBreaks == "model" {
		fmt.Fprintf(stderr, "words broken at a line end are written with %s, as the model's training truth writes them (--line-breaks keep keeps them as read)\n", model.LineBreakMark)
	}
	if isLocal(o.Output) {
		if err := os.MkdirAll(o.Output, 0o755); err != nil {
			return err
		}
	}
	p, s := beam.NewPipelineWithRoot()
	ocrbeam.CorrectPipeline(s, o)
	if err := runPipeline(ctx, p); err != nil {
		return err
	}
	c, err := ocrbeam.ReadCounts(ctx, o.Output)
	if err != nil {
		// The run is done (or, on a runner started without waiting,
		// submitted): say where its output goes and why no counts.
		fmt.Fprintf(stderr, "written to %s; no counts: %v\n", o.Output, err)
		return nil
	}
	if note := c.Noise().Note("collection"); note != "" {
		fmt.Fprintln(stderr, note)
	}
	for _, h := range c.HabitList() {
		fmt.Fprintln(stderr, model.HabitNote(h))
	}
	if c.OtherLanguage > 0 || c.OtherParagraphs > 0 {
		fmt.Fprintf(stderr, "written as read for being of another language than the model's (more of their words are another language's function words than the commonest words of its training truth): %d documents, and %d paragraphs of others\n", c.OtherLanguage, c.OtherParagraphs)
	}
	fmt.Fprintf(stderr, "corrected %d files: %d of %d tokens changed; %d inputs left out (listed in %s); written to %s\n",
		c.Files, c.Changed, c.Tokens, c.Dead, ocrbeam.Join(o.Output, ocrbeam.DeadLetterName), o.Output)
	return nil
}

// runProfile runs the profile command with its arguments args (the
// command name left out): the profile file, and where it is on stderr.
func runProfile(ctx context.Context, fs *flag.FlagSet, args []string, stderr io.Writer) error {
	var o ocrbeam.ProfileOptions
	fs.StringVar(&o.Input, "input", "", "file `PATTERN` of the OCR files")
	fs.StringVar(&o.Output, "output", "", "the profile `FILE` to write (the format of ocrfix profile)")
	fs.StringVar(&o.DeadLetter, "deadletter", "", "where to list the inputs left out (default: the output file name + .deadletter.tsv)")
	fs.IntVar(&o.MaxForms, "max-forms", profile.DefaultMaxForms, "distinct forms kept of each kind; the rarest are dropped past it")
	if err := parse(fs, args); err != nil {
		return err
	}
	if o.Input == "" || o.Output == "" {
		return errUsage{"profile: --input and --output are required"}
	}
	if err := checkPaths(ctx, o.Input, o.Output, o.DeadLetter); err != nil {
		return err
	}
	if o.MaxForms < 1 {
		return errUsage{"profile: --max-forms must be at least 1"}
	}
	if o.DeadLetter == "" {
		o.DeadLetter = o.Output + ".deadletter.tsv"
	}
	p, s := beam.NewPipelineWithRoot()
	ocrbeam.ProfilePipeline(s, o)
	if err := runPipeline(ctx, p); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "profile written to %s; inputs left out listed in %s\n", o.Output, o.DeadLetter)
	return nil
}

// runEval runs the eval command with its arguments args (the command
// name left out): the summary, written to stdout when it is local, and
// the inputs left out on stderr.
func runEval(ctx context.Context, fs *flag.FlagSet, args []string, stdout, stderr io.Writer) error {
	var o ocrbeam.EvalOptions
	fs.StringVar(&o.GT, "gt", "", "file `PATTERN` of the ground-truth files (<stem>.txt)")
	fs.StringVar(&o.Pred, "pred", "", "file `PATTERN` of the predictions (<stem>.<ext>), paired with the ground truth by stem")
	fs.StringVar(&o.Output, "output", "", "output `PREFIX` for summary.txt (or summary.json) and _deadletter.tsv (default, on prism: a temporary directory, the table printed)")
	fs.BoolVar(&o.JSON, "json", false, "write the summary as JSON instead of the table")
	fs.BoolVar(&o.Eval.Lower, "lower", false, "compare words lowercased")
	fs.BoolVar(&o.Eval.StripPunct, "strip-punct", false, "strip leading and trailing Unicode punctuation from words")
	fs.BoolVar(&o.Eval.NFKC, "nfkc", false, "apply Unicode NFKC normalisation to words")
	fs.Float64Var(&o.Eval.Fuzzy, "fuzzy", 1, "match two words when their Levenshtein ratio is >= `R`; 1 = exact")
	if err := parse(fs, args); err != nil {
		return err
	}
	if o.GT == "" || o.Pred == "" {
		return errUsage{"eval: --gt and --pred are required"}
	}
	if err := checkPaths(ctx, o.GT, o.Pred, o.Output); err != nil {
		return err
	}
	if err := o.Eval.Validate(); err != nil {
		return errUsage{"eval: --fuzzy: " + err.Error()}
	}
	tmp := ""
	if o.Output == "" {
		if r := *runners.Runner; r != "" && r != "prism" && r != "direct" {
			return errUsage{"eval: --output is required on runner " + r}
		}
		var err error
		if tmp, err = os.MkdirTemp("", "ocrfix-beam-eval"); err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		o.Output = tmp
	}
	p, s := beam.NewPipelineWithRoot()
	ocrbeam.EvalPipeline(s, o)
	if err := runPipeline(ctx, p); err != nil {
		return err
	}
	name := ocrbeam.SummaryName
	if o.JSON {
		name = ocrbeam.SummaryJSONName
	}
	if !isLocal(o.Output) {
		fmt.Fprintf(stderr, "summary written to %s\n", ocrbeam.Join(o.Output, name))
		return nil
	}
	b, err := os.ReadFile(filepath.Join(o.Output, name))
	if err != nil {
		return err
	}
	if _, err := stdout.Write(b); err != nil {
		return err
	}
	if dl, err := os.ReadFile(filepath.Join(o.Output, ocrbeam.DeadLetterName)); err == nil {
		if n := strings.Count(string(dl), "\n") - 1; n > 0 {
			fmt.Fprintf(stderr, "ocrfix-beam eval: warning: %d files left out:\n%s", n, dl)
		}
	}
	return nil
}

// commandFlags returns a new flag set for command cmd holding Beam's flags
// (those of flag.CommandLine), each forwarded to flag.CommandLine when
// set: Beam reads its options there, and passes to a runner's workers the
// flags set there (flag.Visit). The command's own flags are defined on the
// new set, so running a command again in one process (a test) defines
// them afresh.
func commandFlags(cmd string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("ocrfix-beam "+cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	flag.CommandLine.VisitAll(func(f *flag.Flag) {
		fs.Var(forward{f}, f.Name, f.Usage)
	})
	return fs
}

// forward is a flag.Value that sets a flag of flag.CommandLine.
type forward struct{ f *flag.Flag }

func (v forward) String() string {
	if v.f == nil { // the zero value, which flag.PrintDefaults asks about
		return ""
	}
	return v.f.Value.String()
}

func (v forward) Set(s string) error { return flag.CommandLine.Set(v.f.Name, s) }

// IsBoolFlag lets a forwarded boolean flag be given without a value.
func (v forward) IsBoolFlag() bool {
	if v.f == nil {
		return false
	}
	b, ok := v.f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// parse parses a command's flags (with Beam's, which share flag's
// command line) and initialises Beam.
func parse(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return errUsage{err.Error()}
	}
	if fs.NArg() > 0 {
		return errUsage{"unexpected arguments: " + strings.Join(fs.Args(), " ")}
	}
	beam.Init()
	return nil
}

// checkPaths checks that each non-empty name is on a file system Beam
// knows here.
func checkPaths(ctx context.Context, names ...string) error {
	for _, n := range names {
		if n == "" {
			continue
		}
		if err := ocrbeam.CheckPath(ctx, n); err != nil {
			return errUsage{err.Error()}
		}
	}
	return nil
}

// isLocal reports whether name is on the local file system (no scheme).
func isLocal(name string) bool { return !strings.Contains(name, "://") }
