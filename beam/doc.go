// Package ocrbeam runs ocrfix's correction, profile and evaluation of a
// collection as Apache Beam pipelines, so a collection of millions of
// pages can be corrected on a distributed engine (Dataflow, Flink, Spark)
// as well as on one machine (Beam's prism runner, in-process).
//
// It is a nested module (ocrfix/beam) so the core module keeps its small
// set of dependencies; it calls ocrfix's packages and re-implements none of
// their work:
//
//   - the collection profile (package ocrfix/profile) is a Combine: each
//     document is counted with Profile.Add, the partial profiles are summed
//     with Profile.Merge (a sum, so the order the runner merges in does not
//     matter), and the result is the profile file's bytes (Profile.Write);
//   - each document is corrected by Model.Correct with the profile as a
//     side input (the model first adapted to the habits of the
//     collection's OCR that the profile shows, Model.Habits and
//     Model.Adapted, once per worker process and profile), and written
//     by Text.Rewrite in its own format, under the output prefix, with its
//     own base name;
//   - evaluation pairs ground truth and predictions by stem
//     (CoGroupByKey), computes each document's figures with
//     eval.EvaluateText, and sums them with eval.Summarize in stem order,
//     so the figures are those ocrfix eval prints.
//
// For the same inputs and model, CorrectPipeline writes the bytes ocrfix
// correct writes, ProfilePipeline the bytes ocrfix profile writes and
// EvalPipeline the table ocrfix eval prints (while the profile holds fewer
// distinct forms than twice its cap, profile.Options.MaxForms: past that the
// profile drops its rarest forms at points that depend on how the runner
// groups the documents).
//
// Files are read twice, once to count them into the profile and once to
// correct them, so only their names (not their bytes) wait between the two
// passes or cross the shuffle that spreads the documents over workers.
// Each worker reads the model once per process and the profile side input
// once per DoFn instance (it is one value for the whole run).
//
// A file that cannot be read (unknown extension, not UTF-8, a broken hOCR
// or ALTO file) does not stop the others: it is listed with its error in a
// dead-letter file (DeadLetterName, a TSV of path and error, sorted by
// path), which every run writes, its header alone when nothing failed. Outputs are
// written to a temporary name and renamed, and hold nothing that depends on
// the run (no times, no worker ids), so a rerun over the same inputs
// writes the same files.
//
// EvalPipeline gathers the per-document figures (a few hundred bytes each,
// without the words) on one worker to sum them in order: the table lists
// every document anyway.
//
// The package builds pipelines; it prints nothing and reads no flags. The
// command ocrfix/beam/cmd/ocrfix-beam runs them on the runner its
// --runner flag names.
package ocrbeam
