// Package eval measures OCR output, raw or corrected, against ground truth,
// by the evaluation protocol of ocrfix, and bounds what correction could
// achieve.
//
// # Words and the alignment
//
// Words are whitespace tokens (data.Tokenize). Under Options they are first
// normalised (Options.Normalize: NFKC, then lowercasing, then stripping
// leading and trailing Unicode punctuation); a token that normalises to ""
// is dropped on both sides, so with StripPunct the ground-truth word count,
// the recall denominator, can be smaller than the token count. The matched
// words are the maximum order-preserving alignment (a longest common
// subsequence, exact, from package align); with Options.Fuzzy in (0, 1) two
// words match when their Levenshtein ratio is >= Fuzzy.
//
// # Measures
//
// EvaluateDoc (or EvaluateText, which keeps line numbers for diffs) returns
// a DocResult:
//
//	recall    = matched / gt words             (the headline)
//	precision = matched / predicted words
//	F1        = 2 matched / (gt + predicted words)
//	WER       = word edit distance / gt words
//	CER       = character edit distance / gt characters, both texts being
//	            the (normalised) words joined by single spaces
//	bag error = sum over words w of |count_gt(w) - count_pred(w)| / gt words
//	            (order ignored; every missing and every extra word counts)
//
// Edit distances are unit-cost Levenshtein distances over the whole
// document, computed exactly in linear memory: the word alignment gives an
// upper bound (the pieces between aligned words edited separately) and runs
// of equal symbols that guide align.AnchoredLevenshtein, which computes the
// distance in a corridor around them and proves with a lower bound that no
// path outside is cheaper (falling back to the banded bit-parallel
// algorithm when it cannot). A 1M-word document pair takes seconds. WER and
// CER ignore Fuzzy. A ratio with a zero denominator is NaN: reports print "n/a" and
// JSON null.
//
// HIPEMER gives the match error rates of the HIPE-OCRepair 2026
// competition, MER = (S+D+I) / (H+S+D+I) of characters (cMER, its primary
// metric) and of words (wMER), on the tokens as given, normalised by
// HIPENormalize (lower case, ß->ss, æ->ae, œ->oe, ꝛ->r, aͤ oͤ uͤ->ä ö ü, ¬ at a line end removed
// with the break, every character but letters and numbers to a space, white
// space collapsed) whatever the Options. The distance S+D+I is exact, by
// the same machinery as CER; H is that of a minimum-distance alignment (see
// HIPEMER for which). DocResult holds the counts (CharMER, WordMER) and the
// rates (CMER, WMER); Summary the micro rates (of the summed counts) and the
// macro ones (mean over documents).
//
// Summarize combines documents: micro figures divide summed counts; macro
// figures average the per-document ratios over the documents with defined
// recall (non-empty ground truth); an empty ground truth still counts in
// the micro sums. EvaluateCorpus evaluates a data.Corpus, documents in
// parallel; a document with ground truth and no prediction counts as 0
// matched, with a warning.
//
// # Reports
//
// WriteTable is the plain-text table of the ocrfix eval command; WriteJSON
// the JSON summary (keys docs, gt_words, pred_words, matched, recall,
// precision, f1, macro_recall, wer, cer, options, per_doc, ...);
// WriteReport writes a report directory after the conventions of LgEval and
// ocreval: Summary.txt, FileMetrics.csv, confusions.csv (the most frequent
// gt span -> predicted span substitutions between consecutive matches) and
// diffs/<doc>.diff, where each line is one ground-truth line with the
// mismatches marked [-gt words-]{+predicted words+} (<doc> the document's
// name with path separators as '_', made unique by FileNames where two
// names would give one file). Files are written atomically.
//
// # Correction measures and the oracle
//
// ErrorReduction and Broken compare a raw and a corrected reading of the
// same ground truth: errors are gt words not matched; broken words are gt
// words the raw alignment matches and the corrected one does not
// (over-correction).
//
// Oracle is the best possible world of candidate generation: given a
// Lattice of alternatives per OCR position (splits and merges included), it
// returns the most gt words any path can match in order. It is the
// lattice matcher of package align (align.LatticeLCS, exact and
// bit-parallel) on the words as Options compare them; OracleChoice also
// returns an optimal path, for failure attribution. Options.Align is the
// word alignment of two texts under the same comparison, for studies that
// need the pairs themselves.
//
// # Kinds of change
//
// ChangeKind classifies what a correction did to an OCR token (word,
// punctuation, case, digits, split, merge, deletion); Changes lists the
// changes of a correction (model.Correction.Out form); ChangeEffects says
// for each change how many of its words the ground truth matched before
// and after, so TallyKinds gives helped and hurt per kind. OutOf turns a
// text corrected elsewhere, of which only the output is known, into that
// form (by the alignment of the raw words with the corrected ones), so
// that any tool's corrections can be measured so (ocrfix eval -ocr). The
// HTML reports (package eval/htmlreport) are built on them.
//
// The package never prints, exits or reads flags.
package eval
