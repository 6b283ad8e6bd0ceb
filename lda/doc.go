// Package lda is ocrfix's topic model: latent Dirichlet allocation trained
// by collapsed Gibbs sampling (Griffiths and Steyvers 2004), deterministic
// for a seed, with fold-in inference of an unseen document's topic mix,
// held-out perplexity, and a compact versioned file format.
//
// The correction model uses it to score a candidate word w in a document d
// by p(w|d) = sum_k theta_dk phi_kw: Train on ground-truth documents,
// Infer theta for an OCR document (its garbage tokens are simply unknown
// words and are ignored), then LogProb (or WordID once and LogProbID per
// candidate) for each candidate.
//
// # Vocabulary
//
// Words pass through Options.Normalize: leading and trailing runes that are
// neither letters nor digits are stripped, tokens without a letter
// (numbers, punctuation) are dropped, words are lower-cased (Lower), the
// shipped English stop words (stopwords.txt, StopWordList) are dropped
// (StopWords), and words seen fewer than MinCount times in training are
// left out. The vocabulary is ordered by decreasing training count.
//
// # Training
//
// Train runs Iters Gibbs sweeps over flat int32 arrays (token word ids,
// topic assignments, document-topic, word-topic and topic counts), each
// token drawn from p(z=k) ∝ (n_dk + alpha)(n_wk + beta)/(n_k + V beta).
// The word-topic counts of every sweep after BurnIn are summed, and the
// model's phi is the smoothed mean, phi_kw = (mean n_wk + beta) /
// (mean n_k + V beta). With Partitions > 1 the documents are cut into
// that many fixed parts sampled in parallel against a copy of the shared
// counts, whose changes are merged after every sweep (AD-LDA, Newman et al.
// 2009); each part has its own generator seeded from rng, so the model
// depends on Partitions but never on scheduling.
//
// Each draw uses the bucket decomposition of SparseLDA (Yao, Mimno and
// McCallum 2009): the weight splits into a smoothing part
// alpha beta/(n_k+V beta) and a document part n_dk beta/(n_k+V beta), both
// kept as running sums, and a word part (n_dk+alpha) n_wk/(n_k+V beta)
// summed only over the topics the word currently has, so a draw costs
// about the number of topics of the word instead of K. A test checks both
// this sampler and the plain one against the exact posterior of a tiny
// corpus.
//
// Defaults: K=30, beta=0.01, 200 sweeps with 100 of burn-in, MinCount 2,
// and alpha=0.1 rather than Griffiths and Steyvers' 50/K: 50/K suits short
// abstracts, while on documents of thousands of tokens a sparse prior lets
// each document keep the few topics it has. The README (Development:
// tuning notes) gives the held-out perplexities they were chosen by.
//
// # Speed
//
// The samplers draw from SplitMix64 generators seeded from the caller's
// rng. go test -bench Sweep reports the sparse and the plain sampler's
// tokens per second (wall and CPU), BenchmarkInfer and
// BenchmarkInferADSOCR the cost of folding a document in;
// bench/lda_peers.sh compares training with scikit-learn and gensim. The
// README gives the figures measured. One partition is the default: on a
// small machine the per-sweep barrier of several waits for the slowest.
//
// # Inference and scores
//
// Infer folds a document in: Gibbs sampling of its tokens' topics with phi
// fixed, theta averaged over the second half of the sweeps. LogProb
// returns log sum_k theta_k phi_kw; a word outside the vocabulary gets the
// probability an unseen word type has under the model's smoothing,
// sum_k theta_k beta/(n_k + V beta), so every score is finite.
// Perplexity measures held-out documents by document completion: theta
// from the even positions of each document's vocabulary tokens, the odd
// positions scored.
//
// # File format
//
// WriteTo and Read use a compact binary format: a magic string, a format
// version, the options, the vocabulary and the sparse summed word-topic
// counts as varints, and a CRC-32. Read rejects a file that is not a
// model, of another version, truncated or corrupt with an error wrapping
// ErrFormat that says what it was reading and where.
//
// Nothing in the package prints, exits or reads flags; all randomness
// comes from the *rand.Rand (math/rand/v2) the caller passes.
package lda
