// Package experiment measures ocrfix: it holds the experiments that sit
// above the pipeline packages, so that data, candgen, features and model
// hold none. It never prints or reads flags; its reports are values with
// WriteTable, WriteJSON and WriteHTML methods that cmd/ocrfix calls.
//
// # Folds
//
// Every study splits whole documents the same way: Folds shuffles the
// document indices with a PCG generator of the seed and one fixed stream
// and cuts the shuffled order into k pieces whose sizes differ by at most
// one. The documents split are those with ground truth and OCR (Labelled),
// in corpus order, so the same corpus, k and seed give the same folds in
// ocrfix bench, candgen -oracle, detect and the candidates candgen writes.
//
// # Cross-validation and transfer
//
// CrossValidate trains a model (model.Train) on all folds but one and
// corrects the held-out documents, fold by fold, against the profile of
// the held-out documents' OCR. Transfer trains on some collections and
// corrects others with no label from them (model.Options.Unseen), one
// fold per corrected collection; LeaveOneOut corrects each collection with
// a model trained on the others. Before correcting, each fold's model is
// adapted to the habits of the corrected documents' OCR (model.Habits and
// model.Adapted; not under model.Options.NoHabits), as ocrfix correct
// does. Each returns a CVResult: every held-out document's outcome
// (DocOutcome: truth, raw, corrected, the oracle of its candidate lattice,
// its changes by kind), each fold's model and habits, and the timings.
//
// # Reports
//
// NewReport sums a CVResult into the figures of ocrfix bench (Report:
// recall micro and macro, error reduction, broken rate, oracle, cMER and
// wMER, changes by kind, timings, margins); NewTransferReport does the
// same per corrected collection. WriteTable prints the table, WriteJSON
// the JSON (NaN and infinities as null), WriteDir the eval reports of the
// raw and corrected text and the HTML pages (package eval/htmlreport).
// Compare measures corrections made elsewhere the same way against their
// raw OCR (Comparison, for ocrfix eval -ocr): each document's Out taken
// from eval.OutOf, no oracle.
//
// # Studies of candidate generation
//
// Oracle measures the ceiling candidate generation sets (raw and oracle
// recall, candidate recall of the wrong tokens, and why each gt word the
// oracle misses is missing: candgen.Miss); Detection measures how well the
// garbage rules and the lexicon flag wrong tokens; GenerateFolds writes
// every document's candidates from a generator that never saw it. Their
// confusion model and lexicon are learned from the other folds only.
//
// # Topic models
//
// Topics trains a topic model (package lda) on the ground truth minus a
// held-out fold and measures its held-out perplexity (ocrfix lda).
//
// # Adding a report
//
// A new measure of corrected text goes into eval; a new figure of the
// bench report is a field of Report (with its JSON name) filled in Add or
// NewReport and a line of WriteTable; a new study is a function here that
// splits with Folds and returns a report type with WriteTable.
package experiment
