// Package candgen proposes correction candidates for OCR tokens. It sets the
// quality ceiling of ocrfix: a correction never proposed here can never be
// made by the ranker.
//
// # The confusion model
//
// LearnConfusion learns P(ocr string | true string) from training pairs
// (TrainPair: the ground-truth and OCR words of one document). Words are
// aligned with align.Align; between consecutive matched words a single
// unmatched pair is aligned character by character with align.EditOps, and
// a longer span is aligned as the joined strings, spaces included, so
// splits and merges are learned as space insertions and deletions. The
// counts kept are copies, substitutions, insertions and deletions of any
// rune (letters, digits, punctuation, ligatures, curly quotes: the set is
// open), plus two-rune confusions made by merging adjacent edits (rn->m,
// m->rn, li->h, in->m). A second pass re-aligns with the costs learned by
// the first. Readings too unlike their truth (edits over 60% of the longer
// string) teach nothing.
//
// Probabilities are additive smoothing of each true rune's counts toward
// the global substitution, deletion and insertion rates (ConfusionOptions.
// Smooth), so an unseen edit is unlikely but never impossible, and the
// probability of a correct copy P(c|c) is learned like any other. LogProb
// is the Viterbi (best alignment) log probability under these costs,
// two-rune confusions included; Cost is the same with an early exit at a
// bound. Beside the characters the model counts, for word pairs aligned one
// to one, how the leading and trailing punctuation (SplitAffix) and the
// case pattern (lower, Title, UPPER) of the truth were read, and which
// whole tokens were read as which (seen twice or more: a memory of
// systematic errors). WriteTo saves all counts as a relation TSV (kind,
// truth, ocr, count); ReadConfusion reads it back, with errors naming the
// file, line and field.
//
// Adapted returns a copy that expects a collection's Habits (one rune
// systematically read as another or as two, found by package model in the
// collection's own OCR): the habit's share of the true rune's counts moves
// from its copies to the misreading, and the global rates stay the
// trained ones. A generator over the copy learns its skeleton from it
// (with wider classes where a habit was found in the collection: letters
// read for each other in 0.5% of their occurrences share a class there,
// in 2% elsewhere) but its look-alikes from the trained model, and looks
// up in the lexicon the habit's variants of a core (`tliat` -> `that`, h
// read as li; of a word the lexicon knows too: `lie` -> `he`), which the
// skeleton search may not reach. With
// Options.Joins a generator does the same for the readings of two letters
// as one that its model learned (rn read as m, at least glyphMinCount
// times and at joinMinRate, a twentieth of a percent: ri read as m, ti as u)
// and the pairs alike in print that it may not have learned (shapeJoins:
// tn and m, iv and w, ii and h), which the skeleton rewrites
// only when they are far more frequent: `conceming` finds concerning, two
// skeleton edits away, though a search stopped by conceding, one edit away,
// never reaches it; `bom` finds born, beyond a three-letter token's bound
// of one edit. The reverse, one letter read as the two (m read as in), is
// looked up the same way (`Froin` finds From, which a search stopped by
// frown, one edit away, never reaches). Both are looked up for a core the
// lexicon knows as well: OCR makes real words of others this way (`arid`
// for and, n read as ri; `rams` for rains), and a known word's search
// goes one skeleton edit deep only. Where such a reading meets another
// misread letter in a word of small letters the lexicon lacks (`tumished`
// for furnished: rn read as m, f as t), beyond the skeleton search's
// bound, and nothing found is a likely misreading of it, the forms with a
// reading undone are searched one skeleton edit deep (joinEditConf).
// Such a generator also offers, for a token
// of at most three small letters that the lexicon lacks, the eighty short
// words the lexicon counts most often (`et` for of, two edits from it),
// which the confusion prices; and, for a word in capitals the lexicon
// lacks, the words that one or two capitals alike in print hide (E read
// as K or B, G as O, R as B: `CREOSOTKD`, `MORTOAOES`), its figures read
// for capitals put back too (`G00D8`), which headings in worn or bold type
// make and the skeleton classes, learned from running text, do not join.
// ShapePriors returns the readings of a letter
// as two alike in print (m as tn, W as IV, H as II) that a confusion does
// not expect, as Habits for Adapted, for a model of collections it has not
// seen, CapitalPriors the same for capitals alike in print (E read as K),
// and WithSubstitutionFloor prices a letter read as another letter
// at a floor at most, for the same model (the smoothing alone prices a
// frequent letter's unseen substitution at some 20 nats).
//
// # The lexicon
//
// A Lexicon counts words in their exact form and aggregates them by their
// lower-case fold. AddText adds the cores of training tokens (punctuation
// stripped, case kept, so the case forms a word takes are known);
// ReadWordList adds an external list (such as /usr/share/dict/words) as
// known words with count 0. Generate also treats as known, for one
// document, the words that recur in its OCR (Options.DocMinCount times),
// are not in the lexicon, and are not one skeleton edit from a lexicon word:
// names and rare words no training document holds.
//
// # Finding lexicon words near a token
//
// A token's core is mapped to its skeleton: lower case, with the rune
// classes the confusion model finds most confusable merged (learned: the
// built-in model adapted to ads-fall2018's habits makes a, i, l and 1 one
// symbol, m and n another) and frequent one-to-two confusions rewritten
// (in -> m). A SymSpell-style deletion index stores, for each lexicon
// skeleton, the 64-bit hashes of every string obtained by deleting up to
// IndexDeletes runes from its first IndexPrefix runes, as flat sorted
// arrays with a bucket directory (no map of strings). Skeletons whose
// words come only from word lists (no training count) are stored without
// deletions: such a word is proposed when the token's
// indexed prefix equals its own up to look-alikes or one extra rune (and
// the whole within the bound), while the training truth's words are
// searched within the full bound: a general word list holds many times the
// words of a training truth, nearly all rare, and indexing them at full
// depth costs much time for little oracle recall (README, Development:
// tuning notes). The list words Options.Deep names are indexed one
// deletion deep, so a misread rune in their prefix does not hide them:
// package model names the words of English running text its English model
// counted (some 40,000), the common words that a collection no model was
// trained on writes and its training truth did not (`wondertul` finds
// wonderful only so).
// A lookup hashes the deletions of the query the same way and verifies each
// hit by edit distance on the skeletons, within a bound that grows with
// length: 1 + len/4, capped by MaxEdits. Look-alike substitutions are free
// in skeleton space, so `Admlnlstratlon` is zero edits from
// `Administration` and the bound is spent on the other errors.
//
// What keeps this fast: bit filters (one bit per hash, a few MiB) in front
// of the index buckets and of the whole-skeleton table, and one of every
// skeleton's halves that stops one-edit searches that cannot hit (an edit
// leaves either the first or the second half of the query intact); index
// entries carry the skeleton's length, so hits outside the bound are
// dropped before their records are read; hits are verified by bit-parallel
// edit distance (Myers, in Hyyrö's form) against the query prepared once;
// the confusion DP prepares the OCR side once per core, gives up on cells
// and rows already above the score a candidate needs to survive the
// pruning, and applies only the multi-rune confusions whose OCR side
// occurs. BenchmarkGenerate (ads-fall2018, very noisy) and
// BenchmarkGenerateEmbedded report tokens per CPU-second with cold caches
// and the index's memory.
//
// # Candidates
//
// Generate(ocr, alts) returns, for each position, the candidates starting
// there, best first:
//
//   - the OCR token itself (SrcOriginal), always;
//   - lexicon words near its core (SrcLexicon), in the case forms the
//     confusion model and the lexicon make plausible (SrcCase), with the
//     leading and trailing punctuation variants learned from training
//     (SrcPunct: `.` for `,`, a lost quote);
//   - tokens training saw read this way twice or more (Candidate.Memory);
//   - for a core not in the lexicon, look-alike variants without the
//     lexicon (SrcCase): the runes OCR makes of others more often than of
//     themselves put back (`Wlnson` -> `Winson`), and one rune at a time;
//   - splits of the core into two words, each a lexicon word up to
//     look-alikes, or one within one edit (SrcSplit, Text holds a space),
//     and compounds where OCR read a hyphen as another rune (`alriborne` ->
//     `air-borne`);
//   - merges of the token with the next one or two (Span 2-3, SrcMerge),
//     tried when a token is not a known word, and line-end hyphenation
//     joined (`mar-` + `ket`, SrcHyphen) or kept where the truth keeps the
//     dash (`temper--` + `certainly` -> `temper--certainly`);
//   - internal dashes between words in their learned and typographic
//     variants (`persuadable.—Harriet` -> `persuadable.--Harriet`);
//   - the words other OCR readings put at the aligned position
//     (SrcEngine; the readings are aligned with align.Align and the
//     unmatched spans between anchors paired).
//
// Every candidate carries LogConf = log P(ocr | candidate) (for a token,
// decomposed at the punctuation boundary: core, prefix and suffix scored
// apart and summed), LogPrior (the smoothed lexicon frequency of its fold,
// the share of its case form, the prior of its punctuation), Edits (rune
// edit distance) and Score = LogConf + PriorWeight*LogPrior, the
// noisy-channel score. A core with case noise (CaseNoise: a capital right
// after two small letters, `CommlttEE`, `courSE`, `returnB`, which no
// spelling of running text has) is also priced case-blind, and each
// candidate takes the likelier of the two prices: its small letters
// against the core's under the confusion model, plus log 2 for each letter
// whose case it changes (the engine lost the case: a coin toss), or, for
// a candidate of as many runes with other letters where the noisy
// capitals stand (`returns`, `Robinson` for `RobinBon`), log 52 for each
// such capital (the letter lost too); the renders a model learns from
// hardly ever show such tokens, so their confusion prices the capitals as
// rare substitutions. Recase gives a word chosen for such a core the
// regular case shape closest to the core's letters (`Committee`).
// The list is pruned by posterior mass: candidates are
// kept, best first, until their share of the normalised exp(Score) reaches
// Options.Mass, at least MinKeep and at most K; the original, the engine
// readings, learned whole-token readings and the best two merges and
// splits are always kept (merges and splits otherwise lose to the many
// one-token readings). The candidates of each distinct token are
// cached, so repeated tokens cost a map lookup; a Generator is therefore
// not safe for concurrent use.
//
// # Detection
//
// Garbage applies the eight rules of Kulp and Kontostathis (rmgarbage) with
// their thresholds and returns a bit set; RuleNames names the bits.
//
// # Why a word is missing
//
// WhyMissing names why the right word of a token is not among its kept
// candidates (Miss: cut by the pruning, not in the lexicon, punctuation,
// case or look-alike, more edits than the bound). The studies that measure
// candidate generation against the truth (the oracle bound, detection
// precision and recall) are in package experiment.
package candgen
