package features

import (
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"ocrfix/align"
	"ocrfix/candgen"
	"ocrfix/lda"
	"ocrfix/lm"
	"ocrfix/profile"
	"ocrfix/vectors"
)

// Resources are the learned components the features read. LDA and Vec may
// be nil: their columns are then 0.
type Resources struct {
	LM       *LM
	Lex      *candgen.Lexicon
	LDA      *lda.Model
	Vec      *vectors.Vectors
	LDAIters int // fold-in sweeps for a document's topic mix (default 30)
	// Eng and Shape are the English language and word-shape models
	// (lm/english); nil leaves the eng_ columns 0.
	Eng   *lm.Model
	Shape *lm.Shape

	// cache remembers the facts of candidate texts across documents (safe
	// for concurrent use; a Resources must not be copied once used).
	mu     sync.RWMutex
	texts  textTable // guarded by mu
	misses sync.Pool // of *missScratch
	lists  sync.Pool // of *listMemo
	topics sync.Pool // of *topicCache

	// vecSq holds the squared length of each word vector (as float64 bits,
	// 0 until computed).
	vecOnce sync.Once
	vecSq   []atomic.Uint64

	// lmWord holds, for each LM word, its ids in the other resources.
	lmOnce sync.Once
	lmWord []lmWordIDs

	// words holds the facts of the Norm forms of the words seen.
	wordMu sync.RWMutex
	words  map[string]wordFacts

	// seq numbers the texts' facts as they are made (staticInfo.seq);
	// collMemos holds *collMemo, per-document memos indexed by it.
	seq       atomic.Int32
	collMemos sync.Pool
}

// lmWordIDs are the word-vector id of an LM word, stored as id+2 (1:
// none, 0: not looked up yet).
type lmWordIDs struct {
	vec atomic.Int32
}

// lmWordIDs returns the ids of LM word lmID (nil when out of range).
func (res *Resources) lmWordIDs(lmID int32) *lmWordIDs {
	res.lmOnce.Do(func() { res.lmWord = make([]lmWordIDs, res.LM.Len()) })
	if int(lmID) >= len(res.lmWord) {
		return nil
	}
	return &res.lmWord[lmID]
}

// cachedID returns the id stored in slot, or look's answer, stored.
func cachedID(slot *atomic.Int32, look func() (int32, bool)) (int32, bool) {
	if v := slot.Load(); v != 0 {
		return v - 2, v >= 2
	}
	id, ok := look()
	v := int32(1)
	if ok {
		v = id + 2
	}
	slot.Store(v)
	return id, ok
}

// vecID returns res.Vec.ID(norm) for a normalised word whose LM id is
// lmID (-1 unknown), looked up once per LM word.
func (res *Resources) vecID(norm string, lmID int32) (int32, bool) {
	if lmID < 0 || res.LM == nil {
		return res.Vec.ID(norm)
	}
	ids := res.lmWordIDs(lmID)
	if ids == nil {
		return res.Vec.ID(norm)
	}
	return cachedID(&ids.vec, func() (int32, bool) { return res.Vec.ID(norm) })
}

// vecSquare returns the squared length of word vector id, computed once
// per Resources.
func (res *Resources) vecSquare(id int32) float64 {
	res.vecOnce.Do(func() { res.vecSq = make([]atomic.Uint64, res.Vec.Len()) })
	if b := res.vecSq[id].Load(); b != 0 {
		return math.Float64frombits(b)
	}
	var sq float64
	for _, f := range res.Vec.Row(id) {
		sq += float64(f) * float64(f)
	}
	res.vecSq[id].Store(math.Float64bits(sq))
	return sq
}

// Options select feature groups.
type Options struct {
	NoConfidence bool // zero the confidence columns (for with/without comparisons)
	NoEnglish    bool // zero the eng_ columns (to measure what the English models add)
}

// Doc is one OCR document to compute features for.
type Doc struct {
	Words []string              // the primary OCR tokens
	Conf  []float32             // their confidences in [0,100], or nil / -1 where unknown
	Line  []int                 // their line numbers (for confidence ranks); may be nil
	Cands [][]candgen.Candidate // candidates per position, as candgen made them
	// Readings is the alignment of the document's other OCR readings
	// with Words (align.AlignReadings), made once per document and
	// shared with candidate generation; nil: none.
	Readings *align.Readings
	// Profile is the profile of the collection the document belongs to,
	// built from the collection's OCR (the document included); nil leaves
	// the coll_ columns 0.
	Profile *profile.Profile
}

// Matrix holds the features of every candidate of a document, dense and
// row-major: row r is Vals[r*NumFeatures : (r+1)*NumFeatures], and the rows
// of position i are First[i] .. First[i+1]-1, in the order of Doc.Cands[i].
// About half of the ~30 columns are non-zero on a typical row, so float32
// dense rows (4 bytes a cell) are smaller than a sparse row of (int32
// index, float32 value) pairs and faster to score.
type Matrix struct {
	Vals  []float32
	First []int32
	// Eng holds the English model's id of each OCR token's Norm form (-1
	// unknown, -2 when the form is empty), as the eng_ columns used them;
	// nil without the English features.
	Eng []int32
	// Same holds, for each position, the first position holding the same
	// token and candidate list (the same slice, as candgen shares a
	// token's list; one-token candidates only), -1 for none before it:
	// whatever depends only on the token and the candidate is the same
	// there (Compute copies the perToken columns).
	Same []int32

	// infos holds the facts of each row's text (until Release), and eng
	// the English model they were found with.
	infos *[]*staticInfo
	eng   *lm.Model
}

// RowEngIDs appends to dst the English-model ids of the words of row r's
// candidate, as Norm forms (empty forms skipped), and reports whether it
// knows them: only with the English features, under model eng, before
// Release.
func (m *Matrix) RowEngIDs(r int, eng *lm.Model, dst []int32) ([]int32, bool) {
	if m.Eng == nil || m.infos == nil || eng == nil || m.eng != eng {
		return dst, false
	}
	for _, id := range (*m.infos)[r].engIDs {
		if id != noWord {
			dst = append(dst, id)
		}
	}
	return dst, true
}

// Row returns row r.
func (m *Matrix) Row(r int) []float32 { return m.Vals[r*NumFeatures : (r+1)*NumFeatures] }

// Rows returns the number of rows.
func (m *Matrix) Rows() int { return len(m.Vals) / NumFeatures }

// Release hands m's storage back for reuse by a later Compute, which
// saves allocating and faulting in megabytes per document; m must not be
// used afterwards. Calling it is optional.
func (m *Matrix) Release() {
	if cap(m.Vals) > 0 {
		v := m.Vals[:0]
		valsPool.Put(&v)
	}
	if p := m.infos; p != nil {
		clear(*p)
		*p = (*p)[:0]
		infosPool.Put(p)
	}
	m.Vals, m.First, m.Eng, m.Same, m.infos, m.eng = nil, nil, nil, nil, nil, nil
}

// valsPool holds released Matrix.Vals (as *[]float32), and infosPool
// released Matrix.infos.
var valsPool, infosPool sync.Pool

// newVals returns n zero cells, reusing released storage when it is big
// enough.
func newVals(n int) []float32 {
	if p, _ := valsPool.Get().(*[]float32); p != nil && cap(*p) >= n {
		v := (*p)[:n]
		clear(v)
		return v
	}
	return make([]float32, n, n+n/4) // room for a somewhat bigger document
}

// Compute returns the feature matrix of doc. rng drives the LDA fold-in.
// The facts of the document are worked out first, those of a position once
// for its candidates; then each row is filled by the registry's functions.
// A position holding the same token and candidate list as an earlier one
// (candgen shares the list of a token that needs nothing else) copies the
// earlier rows' columns of the features that depend on the token alone
// (perToken) and fills only the others.
func Compute(res *Resources, doc *Doc, opt Options, rng *rand.Rand) *Matrix {
	n := len(doc.Words)
	rows := 0
	for _, cs := range doc.Cands {
		rows += len(cs)
	}
	m := &Matrix{Vals: newVals(rows * NumFeatures), First: make([]int32, n+1)}
	r := 0
	for i := 0; i < n; i++ {
		m.First[i] = int32(r)
		if i < len(doc.Cands) {
			r += len(doc.Cands[i])
		}
	}
	m.First[n] = int32(r)
	x := &rowCtx{res: res, doc: doc, n: n, toks: make([]tokFacts, n)}
	norm := x.docFacts(opt, rng)
	cands := doc.Cands[:min(n, len(doc.Cands))]
	lists := res.listMemo()
	defer res.lists.Put(lists)
	same := lists.sameLists(cands, doc.Words)
	m.Same = same

	// Facts that depend on a text alone (not on its position) come from
	// Resources' cache, all rows' at once; the topic-model probability of
	// each word id, which depends on the document, is computed once per id
	// and document.
	infosp, _ := infosPool.Get().(*[]*staticInfo)
	if infosp == nil {
		infosp = new([]*staticInfo)
	}
	infos := res.rowStatics(cands, same, m.First, (*infosp)[:0])
	*infosp = infos
	m.infos = infosp
	if x.theta != nil {
		x.topics = res.topicCache()
		defer res.topics.Put(x.topics)
	}
	if doc.Profile != nil {
		memo := res.collMemo(int(res.seq.Load()))
		defer res.collMemos.Put(memo)
		x.coll = newCollFeatures(doc.Profile, doc.Words, memo)
	}
	if res.Eng != nil && !opt.NoEnglish {
		x.eng = newEngContext(res.Eng, norm)
		m.Eng, m.eng = x.eng.ids, res.Eng
	}

	for i, cs := range cands {
		if len(cs) == 0 {
			continue
		}
		r := int(m.First[i])
		x.startPos(i, infos[r:], int(same[i]))
		from := -1 // the first row of the earlier position with this list
		if p := same[i]; p >= 0 {
			from = int(m.First[p])
		}
		for ci := range cs {
			x.startRow(ci, infos[r+ci])
			row := m.Vals[(r+ci)*NumFeatures : (r+ci+1)*NumFeatures]
			fills := allPlaced
			if from >= 0 {
				// the earlier row's columns, then this position's own
				// values of the perPosition ones (filled from zero)
				copy(row, m.Vals[(from+ci)*NumFeatures:(from+ci+1)*NumFeatures])
				fills = perPositionPlaced
				for _, f := range fills {
					clear(row[f.col : f.col+f.k])
				}
			}
			for _, f := range fills {
				f.fill(x, row[f.col:f.col+f.k:f.col+f.k])
			}
		}
	}
	return m
}

// docFacts sets x's facts of the document (its LM ids, topic mix, other
// readings, confidences and word vectors) and returns the Norm form of
// each token.
func (x *rowCtx) docFacts(opt Options, rng *rand.Rand) []string {
	res, doc, n := x.res, x.doc, x.n
	norm := make([]string, n)
	x.lmID = make([]int32, n)
	for i, w := range doc.Words {
		norm[i] = Norm(w)
		x.lmID[i] = -1
		if res.LM != nil && norm[i] != "" {
			x.lmID[i] = res.LM.ID(norm[i])
		}
	}
	if res.LDA != nil {
		iters := res.LDAIters
		if iters <= 0 {
			iters = 30
		}
		x.theta = res.LDA.Infer(doc.Words, iters, rng)
	}
	if doc.Readings != nil && doc.Readings.N != n {
		panic("features: Compute: the readings are aligned with a text of another length")
	}
	x.agree = readingsAt(doc.Readings)
	for _, c := range doc.Conf {
		if c >= 0 {
			x.hasConf = true
			break
		}
	}
	x.hasConf = x.hasConf && !opt.NoConfidence
	if x.hasConf {
		x.rank = confRanks(doc.Conf, doc.Line)
	}
	if res.Vec != nil {
		x.ctxVec = make([]float32, res.Vec.Dim)
		x.posVec = make([][]float32, n)
		for i, w := range norm {
			if w != "" {
				if id, ok := res.vecID(w, x.lmID[i]); ok {
					x.posVec[i] = res.Vec.Row(id)
				}
			}
		}
	}
	return norm
}

// idMemo is a remembered value of a pair of word ids.
type idMemo struct {
	a, b int32
	v    float32
}

// posMemo holds the values of the id pairs seen at one position.
type posMemo []idMemo

// get returns the value of (a, b) when remembered.
func (pm posMemo) get(a, b int32) (float32, bool) {
	for _, e := range pm {
		if e.a == a && e.b == b {
			return e.v, true
		}
	}
	return 0, false
}

// contextVector sets out to the normalised mean vector of the known words
// within 5 positions of i (i excluded; vecs holds each position's vector,
// nil when unknown) and reports whether there was any.
func contextVector(vecs [][]float32, i int, out []float32) bool {
	for k := range out {
		out[k] = 0
	}
	found := false
	for j := max(0, i-5); j < min(len(vecs), i+6); j++ {
		if j == i || vecs[j] == nil {
			continue
		}
		addVec(out[:len(vecs[j])], vecs[j])
		found = true
	}
	if !found {
		return false
	}
	var s float64
	for _, f := range out {
		s += float64(f) * float64(f)
	}
	s = math.Sqrt(s)
	if s == 0 {
		return false
	}
	for k := range out {
		out[k] = float32(float64(out[k]) / s)
	}
	return true
}

// addVec adds v to out (as long), cell by cell, four at a time.
func addVec(out, v []float32) {
	out = out[:len(v)]
	k := 0
	for ; k+4 <= len(v); k += 4 {
		o, w := out[k:k+4:k+4], v[k:k+4:k+4]
		o[0] += w[0]
		o[1] += w[1]
		o[2] += w[2]
		o[3] += w[3]
	}
	for ; k < len(v); k++ {
		out[k] += v[k]
	}
}

// logRanks caches log(1 + rank) for the usual ranks.
var logRanks = func() [64]float32 {
	var t [64]float32
	for i := range t {
		t[i] = float32(math.Log1p(float64(i)))
	}
	return t
}()

// logRank returns log(1 + rank) as a float32.
func logRank(rank int) float32 {
	if rank < len(logRanks) {
		return logRanks[rank]
	}
	return float32(math.Log1p(float64(rank)))
}

// readingsAt returns for each primary position the words the other
// readings put there (one entry per reading; "" where none), walking their
// alignment r: matched words, and in a gap the words at the same offset
// when the gap has the same length on both sides (other gaps leave "").
// It returns nil without other readings.
func readingsAt(r *align.Readings) [][]string {
	if r.Len() == 0 {
		return nil
	}
	out := make([][]string, r.N)
	for i := range out {
		out[i] = make([]string, r.Len())
	}
	for e := range r.Len() {
		alt := r.Words[e]
		r.Walk(e, func(a0, a1, b0, b1 int) {
			if a1-a0 == b1-b0 {
				for k := range a1 - a0 {
					out[a0+k][e] = alt[b0+k]
				}
			}
		}, func(p align.Pair) {
			out[p.A][e] = alt[p.B]
		})
	}
	return out
}

// confRanks returns, for each token, the rank of its confidence among the
// tokens of its line, scaled to [0,1] (0 the least confident); 1 for a
// token alone on its line or without confidence.
func confRanks(conf []float32, line []int) []float32 {
	out := make([]float32, len(conf))
	for i := 0; i < len(conf); {
		j := i + 1
		for j < len(conf) && line != nil && j < len(line) && line[j] == line[i] {
			j++
		}
		if line == nil {
			j = len(conf)
		}
		for a := i; a < j; a++ {
			if j-i == 1 || conf[a] < 0 {
				out[a] = 1
				continue
			}
			below := 0
			for b := i; b < j; b++ {
				if conf[b] >= 0 && conf[b] < conf[a] {
					below++
				}
			}
			out[a] = float32(below) / float32(j-i-1)
		}
		i = j
	}
	return out
}

// casePattern classifies the letters of s: 0 none, 1 lower, 2 Capitalised,
// 3 UPPER, 4 mixed.
func casePattern(s string) int {
	var up, low, n int
	firstUp := false
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		if unicode.IsUpper(r) {
			if n == 0 {
				firstUp = true
			}
			up++
		} else if unicode.IsLower(r) {
			low++
		}
		n++
	}
	switch {
	case n == 0:
		return 0
	case up == 0:
		return 1
	case low == 0 && n > 1:
		return 3
	case firstUp && up == 1:
		return 2
	case low == 0:
		return 3
	}
	return 4
}

// punctOf returns the leading and trailing punctuation of s, joined by a
// NUL byte.
func punctOf(s string) string {
	isP := func(r rune) bool { return unicode.IsPunct(r) || unicode.IsSymbol(r) }
	core := strings.TrimFunc(s, isP)
	if core == "" {
		return s
	}
	i := strings.Index(s, core)
	return s[:i] + "\x00" + s[i+len(core):]
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// core returns a token without its leading and trailing punctuation.
func core(tok string) string {
	_, c, _ := candgen.SplitAffix(tok)
	return c
}

// staticInfo holds the facts of a text that depend on the resources alone,
// shared by all documents through Resources' cache. (Its fields are
// ordered and sized to keep it small: one is made for every distinct
// candidate text.)
type staticInfo struct {
	lmIDs  []int32 // language-model id of each word (-1 unknown)
	engIDs []int32 // English-model id of each word (-1 unknown); nil without one
	ldaIDs []int32 // topic-model id of each word (-1 unknown); nil without a topic model
	punct  string

	// The text as the coll_ features see it: its words (the text itself
	// when it holds no space), their profile.Norm forms, and the trailing
	// punctuation of the last (profile.End).
	collExacts []string
	collNorms  []string
	collEnd    string
	collOne    [2]string // backing of collExacts and collNorms for a text without a space

	vecLen  float64 // the length of the word vector vecID (when hasVec)
	engFreq float32 // mean English log frequency of the words
	engShp  float32 // mean English word-shape score of the words
	uni     float32 // mean log unigram probability of the words
	inner   float32 // sum of log P(w_k | w_k-1) inside the text
	vecID   int32   // the id of the first word's vector (when hasVec)
	runes   int32
	seq     int32    // the number of these facts in their Resources (-1: past the int32 range)
	ids     [3]int32 // backing of lmIDs, ldaIDs and engIDs for a one-word text
	casePat uint8
	engAll  bool // the English model knows every word
	inLex   bool // every word's core is in the lexicon
	hasVec  bool // the first word has a vector
}

// cos returns the cosine of the text's word vector (vec, the row of vecID)
// and the unit vector u.
func (si *staticInfo) cos(vec, u []float32) float64 {
	if si.vecLen == 0 {
		return 0
	}
	var s float64
	u = u[:len(vec)]
	k := 0
	for ; k+4 <= len(vec); k += 4 { // four at a time, summed in order
		a, b := vec[k:k+4:k+4], u[k:k+4:k+4]
		s += float64(a[0]) * float64(b[0])
		s += float64(a[1]) * float64(b[1])
		s += float64(a[2]) * float64(b[2])
		s += float64(a[3]) * float64(b[3])
	}
	for ; k < len(vec); k++ {
		s += float64(vec[k]) * float64(u[k])
	}
	return s / si.vecLen
}

// maxCached bounds the texts Resources remembers; past it the cache
// starts afresh (its content never changes results, only speed).
const maxCached = 1 << 20

// static returns the facts of text, from the cache when it has them.
func (res *Resources) static(text string) *staticInfo {
	h := textHash(text)
	res.mu.RLock()
	si := res.texts.get(h, text)
	res.mu.RUnlock()
	if si != nil {
		return si
	}
	si = res.newStatic(text)
	res.mu.Lock()
	res.remember([]textEntry{{h, text, si}})
	res.mu.Unlock()
	return si
}

// missScratch is the scratch of rowStatics (reused through
// Resources.misses): the rows whose text the cache lacks, their texts'
// hashes, and the document's new texts.
type missScratch struct {
	rows  []int32
	hs    []uint64
	fresh textTable
}

// rowStatics appends to out the facts of the text of every candidate, in
// row order (the rows of position i start at first[i]): the cache is read
// under one lock, and the texts it lacks are worked out without holding it
// and added under one more. A position whose list is an earlier one's
// (same[i] >= 0, see sameLists) takes that position's facts.
func (res *Resources) rowStatics(cands [][]candgen.Candidate, same, first []int32, out []*staticInfo) []*staticInfo {
	sc, _ := res.misses.Get().(*missScratch)
	if sc == nil {
		sc = &missScratch{}
	}
	defer res.misses.Put(sc)
	sc.rows, sc.hs = sc.rows[:0], sc.hs[:0]
	res.mu.RLock()
	for i, cs := range cands {
		if same[i] >= 0 {
			for range cs {
				out = append(out, nil) // set below, once the earlier rows are
			}
			continue
		}
		for _, c := range cs {
			h := textHash(c.Text)
			si := res.texts.get(h, c.Text)
			if si == nil {
				sc.rows = append(sc.rows, int32(len(out)))
				sc.hs = append(sc.hs, h)
			}
			out = append(out, si)
		}
	}
	res.mu.RUnlock()
	if len(sc.rows) > 0 {
		res.addMissed(cands, sc, out)
	}
	for i, cs := range cands {
		if p := same[i]; p >= 0 {
			copy(out[first[i]:int(first[i])+len(cs)], out[first[p]:])
		}
	}
	return out
}

// addMissed works out the facts of the rows sc.rows (ascending, their
// texts' hashes sc.hs), sets them in out and adds them to the cache.
func (res *Resources) addMissed(cands [][]candgen.Candidate, sc *missScratch, out []*staticInfo) {
	missed, fresh := sc.rows, &sc.fresh
	if 4*len(missed) > 3*len(fresh.slots) {
		fresh.grow(2 * len(missed))
	}
	var slab []staticInfo // the new facts, allocated a chunk at a time
	k, r := 0, 0
	for _, cs := range cands {
		for _, c := range cs {
			if k < len(missed) && int(missed[k]) == r {
				h := sc.hs[k]
				si := fresh.get(h, c.Text)
				if si == nil {
					if len(slab) == 0 {
						slab = make([]staticInfo, min(len(missed)-k, 256))
					}
					si, slab = &slab[0], slab[1:]
					res.fillStatic(si, c.Text)
					fresh.put(h, c.Text, si)
				}
				out[r] = si
				k++
			}
			r++
		}
	}
	res.mu.Lock()
	res.remember(fresh.ents)
	res.mu.Unlock()
	fresh.reset()
}

// listMemo finds the positions of a document that hold an earlier
// position's candidate list (scratch reused through Resources.lists).
type listMemo struct {
	at map[*candgen.Candidate]int32 // a list's first position; -1: not shareable
}

// listMemo returns a memo for a document (put it back in res.lists).
func (res *Resources) listMemo() *listMemo {
	lm, _ := res.lists.Get().(*listMemo)
	if lm == nil {
		lm = &listMemo{at: map[*candgen.Candidate]int32{}}
	}
	return lm
}

// sameLists returns, for each position, the first position holding the
// same candidate list (the same slice) for the same token, -1 when there is
// none earlier. Only lists of one-token candidates are shared: the
// features of a merge depend on the tokens after it.
func (lm *listMemo) sameLists(cands [][]candgen.Candidate, words []string) []int32 {
	clear(lm.at)
	same := make([]int32, 0, len(cands))
	for i, cs := range cands {
		same = append(same, -1)
		if len(cs) == 0 {
			continue
		}
		p, ok := lm.at[&cs[0]]
		if !ok {
			p = int32(i)
			for _, c := range cs {
				if c.Span > 1 {
					p = -1
					break
				}
			}
			lm.at[&cs[0]] = p
			continue
		}
		if p >= 0 && len(cands[p]) == len(cs) && words[p] == words[i] {
			same[i] = p
		}
	}
	return same
}

// remember adds texts' facts to the cache (res.mu held for writing),
// starting it afresh when it would outgrow maxCached.
func (res *Resources) remember(fresh []textEntry) {
	t := &res.texts
	if len(t.slots) == 0 || t.len()+len(fresh) > maxCached {
		// room for the texts of a few dozen documents from the start
		*t = textTable{ents: make([]textEntry, 0, max(len(fresh), 1<<15))}
		t.grow(max(2*len(fresh), 1<<16))
	}
	for _, e := range fresh {
		t.put(e.h, e.text, e.si)
	}
}

// asciiShape sets si's runes, casePat and punct, as casePattern and
// punctOf would, when text is a single ASCII word (not empty, no space or
// control byte), and reports whether it was.
func asciiShape(si *staticInfo, text string) bool {
	if text == "" {
		return false
	}
	var up, low, n int
	firstUp := false
	start, end := -1, 0 // the core between the leading and trailing punctuation
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c <= ' ' || c >= 0x7f:
			return false
		case 'A' <= c && c <= 'Z':
			if n == 0 {
				firstUp = true
			}
			up++
			n++
		case 'a' <= c && c <= 'z':
			low++
			n++
		case '0' <= c && c <= '9':
		default: // the rest of printable ASCII is punctuation or symbols
			continue
		}
		if start < 0 {
			start = i
		}
		end = i + 1
	}
	si.runes = int32(len(text))
	switch {
	case n == 0:
		si.casePat = 0
	case up == 0:
		si.casePat = 1
	case low == 0 && n > 1:
		si.casePat = 3
	case firstUp && up == 1:
		si.casePat = 2
	case low == 0:
		si.casePat = 3
	default:
		si.casePat = 4
	}
	if start < 0 {
		si.punct = text
	} else {
		si.punct = text[:start] + "\x00" + text[end:]
	}
	return true
}

// newStatic works out the facts of text (not cached).
func (res *Resources) newStatic(text string) *staticInfo {
	si := &staticInfo{}
	res.fillStatic(si, text)
	return si
}

// fillStatic sets si (zero) to the facts of text.
func (res *Resources) fillStatic(si *staticInfo, text string) {
	si.seq = res.seq.Add(1) - 1
	if si.seq < 0 {
		si.seq = -1
		res.seq.Store(math.MinInt32) // stays negative
	}
	var words []string
	ascii := asciiShape(si, text)
	if ascii {
		words = []string{text}
	} else {
		si.runes, si.casePat, si.punct = int32(utf8.RuneCountInString(text)), uint8(casePattern(text)), punctOf(text)
		words = strings.Fields(text)
	}
	n := len(words)
	if n == 0 {
		res.collText(si, text, "", false)
		return
	}
	if n == 1 {
		si.lmIDs = si.ids[0:1:1]
		if res.LDA != nil {
			si.ldaIDs = si.ids[1:2:2]
		}
	} else {
		buf := make([]int32, 2*n)
		si.lmIDs = buf[:n:n]
		if res.LDA != nil {
			si.ldaIDs = buf[n:]
		}
	}
	si.inLex = true
	var uni float64
	norm0, hasNorm0 := "", false
	var buf [32]byte
	for k, w := range words {
		id := int32(-1)
		lexDone := false // inLex has been checked for w
		ldaDone := false // ldaIDs[k] is set
		if res.LM != nil || res.Eng != nil || (k == 0 && res.Vec != nil) {
			wf, asciiWord, isCore := res.word(w, buf[:0])
			if asciiWord && res.LDA != nil && res.LDA.Options().Lower {
				// the topic model's form of a printable ASCII word
				// folding case is its form of the word's Norm form
				si.ldaIDs[k], ldaDone = wf.lda, true
			}
			if isCore && res.Lex != nil {
				si.inLex = si.inLex && wf.inLex
				lexDone = true
			}
			if k == 0 {
				norm0, hasNorm0 = wf.norm, true
				if wf.hasVec {
					si.vecID, si.hasVec, si.vecLen = wf.vecID, true, wf.vecLen
				}
			}
			id = wf.lm
			if res.Eng != nil {
				si.addEng(k, n, &wf)
			}
			if res.LM != nil {
				uni += wf.uni
			}
		}
		if res.Lex != nil && !lexDone && !res.Lex.Has(core(w)) {
			si.inLex = false
		}
		if res.LM != nil && k > 0 {
			si.inner += float32(res.LM.LogNext(si.lmIDs[k-1], id))
		}
		si.lmIDs[k] = id
		if res.LDA != nil && !ldaDone {
			si.ldaIDs[k], _ = res.LDA.WordID(w)
		}
	}
	res.collText(si, text, norm0, ascii && n == 1 && hasNorm0)
	si.uni = float32(uni / float64(n))
	if res.Eng != nil {
		si.engFreq /= float32(n)
		si.engShp /= float32(n)
	}
}

// collText sets si's coll_ view of text: its words are the text itself
// when it holds no space byte, its space-separated fields otherwise.
// norm0, when known (haveNorm), is the Norm form of a text that is one
// word and holds no space.
func (res *Resources) collText(si *staticInfo, text, norm0 string, haveNorm bool) {
	if strings.IndexByte(text, ' ') < 0 {
		if !haveNorm {
			norm0 = profile.Norm(text)
		}
		si.collOne = [2]string{text, norm0}
		si.collExacts, si.collNorms = si.collOne[0:1:1], si.collOne[1:2:2]
	} else {
		si.collExacts = strings.Fields(text)
		si.collNorms = make([]string, len(si.collExacts))
		for k, w := range si.collExacts {
			si.collNorms[k] = profile.Norm(w)
		}
	}
	if n := len(si.collExacts); n > 0 {
		si.collEnd = profile.End(si.collExacts[n-1])
	}
}

// topicCache holds log p(word id | document) of the word ids seen so far
// in one document; an entry is valid when its stamp is the current gen.
type topicCache struct {
	stamp []uint32
	val   []float64
	gen   uint32
}

// topicCache returns a cache for a new document (put it back in
// res.topics when done).
func (res *Resources) topicCache() *topicCache {
	tc, _ := res.topics.Get().(*topicCache)
	if tc == nil {
		n := len(res.LDA.Vocab()) + 1
		tc = &topicCache{stamp: make([]uint32, n), val: make([]float64, n)}
	}
	tc.gen++
	if tc.gen == 0 {
		clear(tc.stamp)
		tc.gen = 1
	}
	return tc
}

// logProb returns lda.LogProbID(id, theta), computed once per document.
func (tc *topicCache) logProb(lda *lda.Model, id int32, theta []float64) float64 {
	slot := int(id) + 1 // -1 (unknown) takes slot 0
	if slot < 0 || slot >= len(tc.stamp) {
		return lda.LogProbID(id, theta)
	}
	if tc.stamp[slot] != tc.gen {
		tc.stamp[slot] = tc.gen
		tc.val[slot] = lda.LogProbID(id, theta)
	}
	return tc.val[slot]
}
