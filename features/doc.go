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
// Speed. Correction spends about a third of its time here, so the hot path
// avoids per-candidate work that does not depend on the candidate's
// position:
//   - the facts of a candidate text (LM and topic-model ids, unigram and
//     inner bigram probabilities, lexicon membership, word vector, case
//     and punctuation pattern) are computed once and kept in a cache in
//     Resources shared by all documents and goroutines; a document's
//     texts are looked up under one read lock;
//   - an LM word's word-vector and topic-model ids, and each word
//     vector's length, are found once per Resources;
//   - the topic-model probability of a word id is computed once per
//     document, and the left/right bigram values and vector cosines once
//     per position and word (case and punctuation variants share them);
//   - Matrix.Release hands a matrix's storage to the next Compute.
//
// None of the caches changes a value; model's TestScoreCachesChangeNothing
// checks that cold, warm and recycled runs agree bit for bit.
package features
