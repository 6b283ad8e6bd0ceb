// Package model is ocrfix's corrector: it trains a ranker over the
// candidates of every OCR token (the DocCand relation), decides which
// candidate replaces each token (the Doc relation), saves and reads the
// model file.
//
// # Training
//
// Train takes documents with ground truth. The components candidates and
// features are computed from (confusion model, lexicon, bigram model of
// the truth, topic model, word vectors; see buildComponents) are learned
// from the truth and the OCR; the lexicon also holds the built-in word
// list and the words the English model of package lm/english saw three
// times or more. The ranker is a logistic regression (Fit, gonum's
// optimize) over the features of package features, labelled by distant
// supervision: the alignment of the truth with the OCR says which
// candidate is right (labelDoc). In a model for unseen collections
// (Options.Unseen), the OCR token's own reading among its candidates (the
// is_original rows) adds weights of its own to the shared ones
// (LogReg.Own), shrunk harder than those (ownL2): a word no list knows, a
// rare shape, a form the collection repeats say one thing of the token the
// engine wrote and another of a candidate made from it.
//
// Its training rows are made as correction will see them. Training
// cross-fits: when the documents come from two or more collections
// (data.Doc.Collection), each collection's candidates and features come
// from components learned on the other collections; from one collection,
// two halves stand in. Each document's collection features are computed
// against the profile (package profile) of the OCR of a seeded random
// subset of its collection, from itself alone to the whole, so the ranker
// meets profiles of every size.
//
// # Deciding
//
// A candidate replaces the OCR token only when its log-odds beat the
// token's by the margin of its kind of change (eval.ChangeKind: word,
// punctuation, case, digits, split, merge, deletion). The margins are
// tuned on out-of-fold scores, one kind at a time, to match the most
// truth words; cross-fitted by collection, they say what each kind of
// change is worth on a collection the components never saw. A change the
// collection's own profile does not support is not made at all (see
// supported: a known word or acronym the collection repeats, a spelling
// whose case or punctuation the collection repeats, a number it repeats
// or one that is a day or a share, a name where names stand: `Esther Isla
// Woolnough`, `J. C. Gannon`, neither made another word nor split into
// two, `David Tehan Fred`; after an initial or a title no word in small
// letters, `Mr. W. H. Rix` not six: namedAfter; after a given name only a
// name the lexicon holds, `John Monat` not Merit: afterName; the jun. or
// sen. after a surname and its comma none: nameSuffix; a title, a rank or
// a given name's short form, `Thos.`, `Dvr`, with its stop or before a
// name, none: nameShort; a symbol beside a number, `sold @ 5s.`, `12 #
// per bale`, no word: symbolByNumber; an accented letter taken away, but
// for one of English's common words, or the letters a dialect's elision
// leaves out spelt back, none: `façade`, `Staël`, `crème`, `waitin'`
// stay, asprinted.go; print's short forms, `op. cit.`, `cf.`, `ed.`, keep
// their stops: printShortForms; but a leading mark read as a letter,
// `{t` -> It, is judged as the word, not by its core: markReadAsLetter).
// A change of case that puts a misread letter right is weighed as a change
// of word: case noise undone (`communiCated`: caseNoiseFix) and the
// pronoun read as a lone small i (pronounCase).
// With a context weight above 0, the decision is the best path through the
// lattice under the English trigram model (decodeContext), so neighbouring
// corrections agree; the weight is tuned like the margins.
//
// A model for unseen collections raises every margin for a collection
// whose OCR reads cleaner than its training OCR (NoiseShift, noise.go):
// by the log of the ratio of their shares of small-letter words that no
// word list nor the English model knows, the prior odds that a token is
// misread. On a clean collection the ranker's mistakes come at their
// usual rate while the errors to fix are few: the same engine's errors at
// a tenth of their rate (scripts/habitsim -kind clean), corrected by
// models trained on the other three rendered collections: science-law's
// errors were 2.2% fewer and 62 words broken without the raised margins,
// and 15.2% fewer and 30 broken with them.
//
// # Correcting
//
// Model.Correct corrects one text against the profile of the collection
// it belongs to (ocrfix correct builds it from all its inputs, or reads
// one made by ocrfix profile): Score (the candidates, their features and
// log-odds, a Lattice), then Collect (the decisions). The path lives in
// correct.go; training computes its rows through the same functions, with
// one difference (correctNarrowing): its candidate lists keep candgen's
// MinKeep (12) below the posterior mass, where correction keeps at most
// correctMinKeep (6; the ranker learns from more wrong candidates than it
// should choose among), and correction does not split a word of English
// running text.
// A word broken across two lines (ques- at a line end, tlon starting the
// next; or a mark an engine made of the hyphen, develop* ment; never a
// word in capitals, `SALE.`, whose word would go on in capitals) is decided
// as the word its pieces make and written back in its two pieces
// (hyphen.go: ques- tion), where the pieces would otherwise be tokens to
// correct (ment -> moment). Where the model's training truth writes most
// such words with ¬ (`ques¬` / `tion`: OCR-D's and the HIPE-OCRepair
// sets' convention), Train records it (TrainStats.LineBreaks) and
// MarksLineBreaks says so; MarkLineBreaks then writes the mark, as ocrfix
// correct does by default for such a model. A model that never changes punctuation alone
// (trained Unseen) keeps the OCR token's marks in the words it changes
// (keepAffixes); the one mark it changes is a full stop before a
// lower-case word, into a comma, in a collection whose profile shows an
// engine that reads commas as stops (commaStops, comma.go).
// Package model/builtin carries the default model, trained on the
// licence-clean collections of the repository.
//
// # Habits of the target's OCR
//
// Some collections misread one letter as another, or as two, far more
// often than any training collection did: 17th- and 18th-century print
// read with the long s taken for f (`fuch`, `himfelf`), an engine that
// reads i as l (ads-fall2018: three i in four) or h as li (`tlie`). (An
// engine that writes the long s itself, `ſuch`, read the print right: the
// model reads ſ as s and writes it back, unless its training truth
// modernised it: KeepsLongS.)
// Before correcting, Model.Habits looks for such habits in the
// collection's profile alone (habit.go): recurring words no lexicon knows
// that become known words with one letter put back, counted per
// misreading (each form's occurrences shared among its readings by the
// English frequency of the words they make) and judged against the
// collection's own noise floor and the model's rate; a misreading of one
// letter as another too rare for the recurring words to show (Trove's
// newspapers read one e in forty as o: `tho`, `ho`, `wero`) is judged on
// every word form, those seen once too (a recurring one where the
// collection also writes the word it makes: not the pieces of words
// broken at line ends), by lowRateHabits, which also takes, as a Weak
// habit, one that reaches the noise floor, stands 20 times above the
// model's rate and that the model has seen an engine make at all
// (noisyHabit: in OCR as noisy as Trove's, whose many misreadings raise
// the floor, their a read as n, `Lnnd`); a mark between two letters
// (ads-fall2018's hyphen and stop: `betwe-n`, `th.t`) is a misreading of
// the letters that its forms become known words with, put back for it,
// when most of its occurrences do so (markHabits, markhabit.go); a
// capital misread in the words a newspaper sets in capitals, its small
// letter read right (E read as B: `THB`, `DBMANDS`), is found on those
// spellings alone, which the small letters' evidence leaves out
// (upperHabits).
// Model.Adapted then returns the
// model with its confusion adapted to them (candgen.Confusion.Adapted): the
// ranker, margins and features are the trained ones, only the channel
// knows the habit, and a form the collection repeats is no longer
// protected for recurring when the habit explains it (undoesHabit). A
// habit of u/v or i/j, or of two letters that stand in
// for each other both ways, is a spelling convention of the print
// (`haue`, `vnto`, `iust`), which a diplomatic transcription keeps: the
// adapted model does not expect it but protects the words it spells from
// word changes (an unsupported kind, see supported). Most collections
// have none and are corrected by the model as trained; ocrfix correct and
// the experiments say which habits they adapted to. A page alone has too
// few words for a habit to show, so a model for unseen collections
// expects, whatever the profile, the reverse of the two-for-one readings
// it learned (h read as li where it learned li read as h) at a tenth of
// their rate (withGlyphPriors, candgen.Confusion.GlyphPriors), and a letter
// read as two alike in print that its training engine did not show it (m
// as tn, W as IV, H as II: candgen.Confusion.ShapePriors) at a thousandth
// of the letter's readings (shapePriorRate), a capital read as another
// alike in print or as a figure (E as K or B, G as O, S as 8 in a
// newspaper's headings: candgen.Confusion.CapitalPriors) at three in ten
// thousand of the capital's (capitalPriorRate), and any letter read as
// another letter at a chance of one in 160,000 letters at least
// (unseenSubCost, candgen.Confusion.WithSubstitutionFloor: another engine
// misreads letters the rendered collections never did, `steitionary`,
// `utmoq`), adapted by Train and Read; its file keeps the trained
// confusion.
//
// Two habits concern the spaces between words, which the confusion does
// not model (joins.go). An engine that misjudges the gaps runs words
// together (`ofthe`, `piousand`) or breaks one in two (`wit h`, `tak es`).
// Each is measured on the words the collection writes most (the share of
// the pairs of its most frequent words written run together; the share
// of its most frequent words written as two tokens, by whether a piece is
// a single letter) against the same share in the OCR of the model's
// training collections, which Train keeps in TrainStats (a model file
// without them finds neither habit). Where words run together, a token
// seen once that is two words English writes side by side, run together,
// or a word in small letters with a capital inside (`theBoys`), is split
// into them (gluedWords, a split supported); where words break,
// two tokens that run together make a word are joined where the English
// model, the collection's rate of such breaks taken as the chance of
// one, finds the word likelier in its place than the two tokens as read
// (mergeBroken, a pass of Collect for unseen collections). Whatever the
// habits, a changed word beside a kept piece of it that the two tokens
// make together absorbs the piece (absorbFragments: `s upervision` ->
// `supervision`, not `s supervision`). A kept token of two pieces joined
// by a hyphen inside its line, neither a word (`nrin-ciples`: text whose
// lines were joined with the printer's hyphens kept; `negotla-ors`: a
// letter read as a hyphen), becomes the known word nearest the pieces
// joined among its candidates (innerBreaks, injoin.go; models for unseen
// collections).
//
// Sums of money in pounds, shillings and pence whose figure 1 or 0 the
// engine read as a letter (`Is 6d`, `Is. lid.`, `1s Od`) are written as
// the sum around them says, and a number whose first figure was read as l
// or I (`l8`) as the number (figureFixes, money.go; models for unseen
// collections). In a text that writes sums (moneyDoc: `2s 6d`, `4s. to
// 5s.`), a price is also read by the words around it (priceContext: `Is.
// per pot`, `for Is.`), pence whose 6 was read as G or C after shillings
// as 6d (`7s. Gd.`), and no shilling or pence token is made a word
// (moneyKept: `Hong Kong 2s` stays, where print without money reads 2s
// for as). The pound weight read with I, i or 1 for its l (`6d Ib.`,
// `52,500,000ibs.`) is written lb (weightFixes), a guillemet glued to
// the end of a word the s it stands for (`building«`, `miner»` where no
// quotation was opened: guillemetS, guillemet.go), and the ordinal of a day read with I or l
// for its 1 (`the Ist of July`, `the 2Ist inst.`) as the ordinal where a
// month's name or inst., ult. or prox. beside it makes it
// a date (ordinalFixes, ordinal.go). In a list of soldiers, the short
// form of a rank the collection writes far more often than the token one
// misreading from it is written for that token before a name (`Pie. W
// Cooper` -> Pte., `Corpi. Lancaster` -> Corpl.: rankFixes, rank.go),
// and II between a title or an initial and a name is the initial H
// (`Mrs. II. Wallace`: initialH, initialh.go); a title read without its
// full stop gets it back where the text writes it with the stop three
// times or more and as often at least (`Mr Knightley` in a chapter that
// writes Mr. everywhere else: titleStops, titlestop.go), and in a text
// whose engine reads the dot of a word's first i as the capital (`it Is
// not`, `hesitation In approving`; five such is, in, it or if in
// mid-sentence, five with the small i, the capitals 15% of them at
// least) those words are lowered (lowerCapitalI, capitali.go, which needs
// the tokens' lines: correctAll calls it). A guillemet glued to the
// start of a small word is the letter English likes best there (`»as` ->
// was: guillemetLetters, guillemet.go). The ampersand of et cetera read as A
// is written back (`Ac.` -> `&c.`: etceteraFixes, etc.go), and a kept
// word read with figures for letters of like shape becomes the one
// English word its letters put back make (`8HIPPING` -> SHIPPING,
// `1n5urance`: figureWords, figureword.go), and a kept word in capitals
// the one English word made by putting back the capitals the collection's
// engine reads as others (a habit: E read as B), such figures, and any
// capital for its one small letter (`81STBRS` -> SISTERS, `COUNTnY` ->
// COUNTRY: capitalWords, capital.go).
//
// A capitalised form that the decisions kept, that no list holds, English
// never wrote and the collection writes once, becomes the candidate of its
// length a letter or two from it that is one of the collection's names,
// written capitalised in mid-sentence twice or more (collectionVariants,
// variant.go; models for unseen collections): `Toseph`, `Oeorge` in a
// list beside the Joseph and George it writes right elsewhere; so does,
// among names, a form the decisions made a capitalised word the
// collection never writes so (`Frnest` -> Finest -> Ernest), and a kept
// form the collection writes more than once, where its own document
// writes more often a name a letter from it that the collection writes
// capitalised five times as often (`Tiiney` -> Tilney; docVariant). Such a form
// still kept gets back the look-alike glyph (i read as l, e as c, h as
// li, w as vv, or a habit of the collection's OCR) whose return makes it look far
// more like English to the shape model, as does a word in small letters
// (nameLookAlikes, lookalike.go):
// `Plttman` -> Pittman, `Calrney` -> Cairney.
//
// A collection's cipher (cipher.go; models for unseen collections, texts
// of modern spelling) reads a form the collection writes often, where a
// common English word is missing, as that word: the closed-class word
// among English's commonest that the form's neighbours (the profile's
// pairs) fit best, under the English model, where the collection writes
// that word far less often than English's rate predicts (`mm` for with,
// `m` for to, `1:` for it in ads-fall2018's OCR: cipherFixes, after
// contextFixes; learnCipher, remembered by profile). A passage of period
// print inside a modern document (a quotation of 1561 in a history of
// 1864) keeps the period spellings the decisions had changed
// (periodPassages, period.go), and supported, in a document of period
// print, keeps them before it asks the model's lexicon (spelling).
//
// Correct cuts a token of words joined by a dash or a bullet
// (`inonths.--The`, `was--bul`, `Neweastle•on•Tyne.`), and a model for
// unseen collections a compound whose words are misread, at its hyphen or
// slash (`famity-mending`, `Choroh-ward`, `cost/beneflt`, and beside a
// name no list holds, `Goulburn-streot`: compoundPieces), into its words,
// corrects them as tokens and writes the token back whole (dash.go): its
// candidates are the combinations of its words'.
//
// # Files
//
// WriteTo and Read: one gzip stream of named sections (meta.json with the
// feature names, weights, margins and options; the confusion model,
// lexicon, bigram model, topic model and word vectors) ending in a SHA-256
// checksum verified before anything is parsed. A file of another format
// version, one whose feature names differ from this build's, a truncated
// or a corrupt one is an error that says so.
//
// # Experiments
//
// Cross-validation, transfer between collections and the reports that
// measure the model live in package experiment, above this one; Warm,
// Shed, Correction.RankedChanges and OutputWords are what they use.
package model
