// Package vectors trains, saves, loads and queries word vectors: the local
// view of context that the features stage uses to ask "does this
// candidate word fit among its neighbours?".
//
// # Training
//
// Train is a small skip-gram trainer with negative sampling (Mikolov et al.
// 2013, the word2vec tool's defaults): each kept token's vector learns to
// predict the words within a random window of 1..Window positions, against
// Negative words drawn from the unigram distribution raised to 0.75;
// frequent words are subsampled (threshold Subsample) and the learning rate
// decays linearly from Alpha. Tokens are normalised by Token (leading and
// trailing punctuation stripped, optionally lowercased) and words seen
// fewer than MinCount times are dropped. A word's vector is the sum of its
// input and output vectors ("w+c", which fits words to contexts markedly
// better than the input vectors alone; Options.InputOnly turns it off).
// Zero numeric Options fields mean their defaults; DefaultOptions also
// sets Lower.
//
// Training is single-threaded and deterministic: the same documents,
// options and *rand.Rand state give the same vectors, and WriteBinary the
// same bytes (on one platform and Go version; the compiler may fuse
// floating-point operations differently elsewhere). At Dim 100 it
// trains on 100-200 thousand tokens per second of CPU time on the shared
// 2-core build machine: 5 epochs over the 283k kept tokens of the
// ads-fall2018 ground truth took 8.2 s of CPU (BenchmarkTrain and
// BenchmarkTrainADS report words/s, by the wall clock).
//
// # Files
//
// WriteBinary writes the binary format of Google's word2vec:
//
//	<count> <dim>\n
//	<word> <dim little-endian float32>\n     (count times)
//
// Load reads that format through github.com/sajari/word2vec (the reader the
// features stage was designed around) after checking the whole file itself,
// so a truncated or corrupt file is an error with the record number and
// byte offset instead of a bare "EOF", a panic or an out-of-memory crash.
// It then copies the vectors into a flat table, because sajari's Model
// keeps them in a map (file order lost, nearest-neighbour ties in random
// order) and fails a whole query on one unknown word.
//
// # Queries
//
// A *Vectors is read-only once built and safe to share between goroutines.
// Lookups (ID, Vec, Cos, ContextSim, Nearest) accept raw tokens: a word is
// tried as it is, then without its leading and trailing punctuation, then
// lowercased. Unknown words never fail a query: ContextSim skips unknown
// context words and returns 0 when the word itself (or every context word)
// is unknown.
//
// Hot paths should turn words into ids once (ID, IDs; -1 for an unknown
// word) and call ContextSimIDs or CosIDs, which do not allocate.
package vectors
