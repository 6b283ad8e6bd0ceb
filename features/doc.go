// Package features computes the ranking features of OCR correction
// candidates: one dense float32 row per candidate (the columns are Names),
// from the learned resources (a word bigram language model LM, the
// training lexicon, and optionally a topic model and word vectors), the
// candidates' own scores from candidate generation, the other OCR
// readings of the document and the word confidences.
//
// Compute fills the Matrix of one document. It is deterministic: the same
// document, resources and random stream give the same bits.
//
// Features by name. Each feature is a small documented function
// func(x *rowCtx, out []float32) registered with its column name in the
// table registry (registry.go); a few that share one computation (the LM
// bigram values, the collection profile, the English models, the garbage
// rules, the confidences) are one function registered with several names.
// Names is the registry's names in order, and Compute fills every row by
// calling the registry's functions in turn. To add a feature:
//  1. write its function in registry.go, with a doc comment that names
//     the column and says what it holds: it reads the candidate (x.c, the
//     facts of its text x.ti, of the OCR text it replaces x.ocr) and the
//     facts of its position (x.pos) and document (x fields) and sets
//     out[0] (out starts zero); a fact that several features or rows
//     share belongs in staticInfo (per text, cached), posCtx (per
//     position) or rowCtx (per document), worked out once;
//  2. add one line {[]string{"its_name"}, itsFunction, scope} to registry
//     (at the end, so the other columns keep theirs), and a check of its
//     value to TestComputeDocumented. The scope is perPosition when the
//     value reads anything of the position beyond the OCR token and its
//     candidates (x.i, its neighbours, confidence or other readings),
//     perToken otherwise.
//
// No version number needs a bump: a model file records the feature names
// it was trained with, and model.Read refuses one whose names differ from
// Names, naming both lists, so old models must be retrained (the built-in
// one with scripts/buildmodel.sh).
//
// Speed. Correction spends about a third of its time here, so the hot path
// avoids per-candidate work that does not depend on the candidate's
// position:
//   - the facts of a candidate text (LM and topic-model ids, unigram and
//     inner bigram probabilities, lexicon membership, word vector, case
//     and punctuation pattern) are computed once and kept in a cache in
//     Resources shared by all documents and goroutines (a textTable,
//     which hashes a text once); a document's texts are looked up under
//     one read lock;
//   - the facts of a word's Norm form (its LM, English, topic-model and
//     vector ids, unigram, English frequency and shape, lexicon
//     membership), which its case and punctuation variants share, are
//     worked out once per Resources (wordFacts), and so are an LM word's
//     word-vector id and each word vector's length;
//   - the topic-model probability of a word id is computed once per
//     document, and the left/right bigram values, vector cosines, English
//     context and coll_ctx values once per position and word (case and
//     punctuation variants share them), and the English model's look-up
//     of the bigram of the two OCR words after a candidate once per
//     position (lm.Model.NextTail), whatever the candidate;
//   - a position holding the same candidate list as an earlier one (the
//     token's list candgen shares) takes the earlier position's token
//     facts (tokFacts) and copies its rows, then fills only the
//     perPosition columns;
//   - Matrix.Release hands a matrix's storage to the next Compute.
//
// None of the caches changes a value; model's TestScoreCachesChangeNothing
// checks that cold, warm and recycled runs agree bit for bit.
package features
