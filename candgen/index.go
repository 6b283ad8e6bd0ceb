package candgen

import (
	"cmp"
	"math"
	"slices"
	"sort"
	"unicode"
)

// skeleton maps words to a coarse key in which the characters OCR confuses
// most (learned: i/l/1, o/0, rn/m ...) are one symbol and case is folded.
// Two words one look-alike apart have the same skeleton, so the deletion
// index below needs its edit budget only for the other errors.
type skeleton struct {
	class map[rune]rune // rune (lower case) -> class representative
	rules []skelRule    // multi-rune rewrites, longest first
	// ascii is mapRune of each ASCII rune (setASCII), so the common case
	// costs no map look-up
	ascii [128]rune
	// starts has bit r set for each ASCII rune r that begins a rule's
	// left side (setStarts): key tries no rule at another ASCII rune
	starts [2]uint64
}

type skelRule struct{ from, to []rune }

// Thresholds for a learned confusion to shape the skeleton. A pair of runes
// read for each other joins one class (learnSkeleton) when it is read so in
// skelMinRate of the commoner rune's occurrences, or skelAdaptedRate in a
// confusion Adapted to habits found in a collection's profile (Habit.Words
// above 0, not Weak ones alone; not the glyph priors alone). Such a
// collection's engine misreads in ways the training renders did not, and its
// words carry more than one misreading: at skelAdaptedRate the built-in
// model's own readings of i as a (0.80%), l as i (0.74%), n as m (0.70%) and
// i as n (0.51%) make a, i, l, m and n one class, and the collection's
// habits join theirs (Trove's newspapers: e and o, r and the class of i), so
// that words with two or three letters misread (`votdlcl`, `Hnllldav`,
// `dnrnugo`) come within the search's bound; the confusion still prices each
// candidate and the ranker still decides. A fixed prior, measured with the
// built-in model on the collections with found habits among the three
// HIPE-OCRepair sets of the README and ads-fall2018 (its tuning notes): at
// 0.01 nothing changes, at 0.003 each loses words. At 0.005 for every
// collection (those without found habits too) the transfer benchmark lost on
// four of its five; at commit 5a9e37f three of the four rendered collections
// gained and eight more of their words were broken (docs/experiments.md).
const (
	skelMinCount    = 5
	skelMinRate     = 0.02
	skelAdaptedRate = 0.005
	skelMaxClass    = 5
	// a two-rune confusion becomes a rewrite only when it is this
	// systematic: noisy alignments make many weak ones (er -> m) that
	// would break the locality of edit distance in skeleton space
	skelRuleCount = 50
	skelRuleRate  = 0.3
)

// learnSkeleton builds the skeleton from a confusion model: single-rune
// confusions seen often enough join classes (union-find, classes capped at
// skelMaxClass runes so chains cannot swallow the alphabet; often enough is
// skelAdaptedRate where the confusion was adapted to a collection's found
// habits, not Weak ones alone; skelMinRate otherwise), and frequent
// one-to-two confusions become rewrites of the two-rune side to the one.
func learnSkeleton(c *Confusion) *skeleton {
	sk := &skeleton{class: map[rune]rune{}}
	if c == nil {
		sk.setASCII()
		return sk
	}
	minRate := skelMinRate
	if slices.ContainsFunc(c.habits, func(h Habit) bool { return h.Words > 0 && !h.Weak }) {
		minRate = skelAdaptedRate
	}
	parent := map[rune]rune{}
	size := map[rune]int{}
	var find func(r rune) rune
	find = func(r rune) rune {
		p, ok := parent[r]
		if !ok {
			parent[r], size[r] = r, 1
			return r
		}
		if p == r {
			return r
		}
		q := find(p)
		parent[r] = q
		return q
	}
	type pr struct {
		a, b rune
		n    int
	}
	var subs []pr
	var multis []skelRule
	// occurrences of each lower-case rune in the truth, case folded
	nLow := map[rune]int{}
	for k, n := range c.truthN {
		if r := []rune(k); len(r) == 1 {
			nLow[unicode.ToLower(r[0])] += n
		}
	}
	for k, n := range c.ops {
		if n < skelMinCount || k.T == k.O {
			continue
		}
		t, o := []rune(lower(k.T)), []rune(lower(k.O))
		if !allAlnum(t) || !allAlnum(o) {
			continue
		}
		if len(t) == 1 && len(o) == 1 && t[0] != o[0] {
			// a look-alike pair: frequent relative to both runes, so a
			// rare rune cannot pull a common one into its class
			if float64(n) >= minRate*float64(max(nLow[t[0]], nLow[o[0]])) {
				subs = append(subs, pr{t[0], o[0], n})
			}
		} else if len(t) >= 1 && len(o) >= 1 && len(t) != len(o) && n >= skelRuleCount &&
			c.SubRate(k.T, k.O) >= skelRuleRate {
			if len(t) > len(o) {
				multis = append(multis, skelRule{from: t, to: o})
			} else {
				multis = append(multis, skelRule{from: o, to: t})
			}
		}
	}
	sort.Slice(subs, func(i, j int) bool {
		if subs[i].n != subs[j].n {
			return subs[i].n > subs[j].n
		}
		if subs[i].a != subs[j].a {
			return subs[i].a < subs[j].a
		}
		return subs[i].b < subs[j].b
	})
	for _, s := range subs {
		a, b := find(s.a), find(s.b)
		if a == b || size[a]+size[b] > skelMaxClass {
			continue
		}
		if b < a {
			a, b = b, a
		}
		parent[b] = a
		size[a] += size[b]
	}
	for r := range parent {
		if f := find(r); f != r {
			sk.class[r] = f
		}
	}
	sk.setASCII()
	// map the rules through the classes, dedupe, longest first
	seen := map[string]bool{}
	for _, m := range multis {
		f, t := sk.mapRunes(m.from), sk.mapRunes(m.to)
		if string(f) == string(t) {
			continue
		}
		key := string(f) + "\x00" + string(t)
		if seen[key] {
			continue
		}
		seen[key] = true
		sk.rules = append(sk.rules, skelRule{f, t})
	}
	sort.Slice(sk.rules, func(i, j int) bool {
		a, b := sk.rules[i], sk.rules[j]
		if len(a.from) != len(b.from) {
			return len(a.from) > len(b.from)
		}
		if string(a.from) != string(b.from) {
			return string(a.from) < string(b.from)
		}
		return string(a.to) < string(b.to)
	})
	// one rewrite per left side
	var rules []skelRule
	for i, r := range sk.rules {
		if i > 0 && string(r.from) == string(sk.rules[i-1].from) {
			continue
		}
		rules = append(rules, r)
	}
	sk.rules = rules
	sk.setStarts()
	return sk
}

// setStarts fills sk.starts from the rules.
func (sk *skeleton) setStarts() {
	sk.starts = [2]uint64{}
	for _, rl := range sk.rules {
		switch {
		case len(rl.from) == 0:
			sk.starts = [2]uint64{^uint64(0), ^uint64(0)} // (none such)
			return
		case rl.from[0] >= 0 && rl.from[0] < 128:
			r := rl.from[0]
			sk.starts[r>>6] |= 1 << (r & 63)
		}
	}
}

// mayStart reports whether a rule's left side may begin with r: a rune
// outside ASCII always may.
func (sk *skeleton) mayStart(r rune) bool {
	return r < 0 || r >= 128 || sk.starts[r>>6]&(1<<(r&63)) != 0
}

func allAlnum(rs []rune) bool {
	for _, r := range rs {
		if !isAlnum(r) {
			return false
		}
	}
	return true
}

func (sk *skeleton) mapRunes(rs []rune) []rune {
	out := make([]rune, len(rs))
	for i, r := range rs {
		out[i] = sk.mapRune(r)
	}
	return out
}

// setASCII fills sk.ascii from the classes.
func (sk *skeleton) setASCII() {
	for r := range sk.ascii {
		sk.ascii[r] = sk.mapClass(rune(r))
	}
}

// mapRune returns the skeleton rune of r: its class's representative, case
// folded.
func (sk *skeleton) mapRune(r rune) rune {
	if r >= 0 && r < 128 {
		return sk.ascii[r]
	}
	return sk.mapClass(r)
}

// mapClass is mapRune without the ASCII table.
func (sk *skeleton) mapClass(r rune) rune {
	if r < 128 {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
	} else {
		r = unicode.ToLower(r)
	}
	if c, ok := sk.class[r]; ok {
		return c
	}
	return r
}

// key appends the skeleton of w to dst. The rules are applied in place,
// left to right: each rewrites a run of runes to a shorter one, so the
// write position never passes the read position.
func (sk *skeleton) key(dst []rune, w string) []rune {
	start := len(dst)
	for _, r := range w {
		dst = append(dst, sk.mapRune(r))
	}
	if len(sk.rules) == 0 {
		return dst
	}
	src := dst[start:]
	out := start
	for i := 0; i < len(src); {
		if !sk.mayStart(src[i]) {
			dst[out] = src[i]
			out++
			i++
			continue
		}
		matched := false
		for _, rl := range sk.rules {
			if i+len(rl.from) > len(src) {
				continue
			}
			ok := true
			for q, r := range rl.from {
				if src[i+q] != r {
					ok = false
					break
				}
			}
			if ok {
				out += copy(dst[out:], rl.to)
				i += len(rl.from)
				matched = true
				break
			}
		}
		if !matched {
			dst[out] = src[i]
			out++
			i++
		}
	}
	return dst[:out]
}

// delIndex is a SymSpell-style deletion index over skeletons: every string
// obtained by deleting up to maxDel runes from the first prefix runes of a
// skeleton is hashed (64-bit FNV-1a) and stored with the skeleton's id. The
// table is flat: entries sorted by hash, a directory of the top dirBits bits
// of the hash giving each bucket's range, and the low 32 bits of the hash
// kept beside the id to reject most other keys in the bucket (their two
// lowest bits replaced by the deletion level of the entry). A lookup
// hashes the deletions of the query the same way; hash collisions only add
// candidates, which are verified by edit distance afterwards.
type delIndex struct {
	maxDel, prefix int
	dirBits        uint
	dir            []uint32 // bucket b holds entries dir[b]:dir[b+1]
	lo             []uint32 // low 32 bits of each entry's hash
	ids            []uint32 // skeleton id of each entry
	// per skeleton id (flat, so a visit touches few cache lines): its
	// rune mask and where its runes and folds start; a sentinel closes
	// the last
	rec   []skelRec
	runes []rune    // skeleton runes, by rec[id].off
	wref  []wordRef // folds of each skeleton, by rec[id].woff
	// hash of a whole skeleton -> its id, open addressing with linear
	// probing (fullIDs holds id+1, 0 for an empty slot)
	fullKeys []uint64
	fullIDs  []uint32
	// a filter of the whole-skeleton hashes: most queries of exact are
	// not skeletons (parts of split tokens) and stop here
	fullFilt  []uint64
	fullFiltB uint
	// a filter of the halves of every skeleton (halfHash), so a query
	// with no skeleton within one edit mostly stops before the index
	half  []uint64
	halfB uint
	// filters of the hashes present, one bit per hash (middle bits of
	// the hash), for entries of level <= 1 and of any level: a probe
	// whose bit is clear skips the directory and bucket (cache misses)
	filt1, filtAll   []uint64
	filt1B, filtAllB uint
}

// filterBit is the bit of hash h in a filter of 2^b bits.
func filterBit(h uint64, b uint) uint64 { return (h >> 24) & (1<<b - 1) }

func filterBits(n int, perEntry int) uint {
	b := uint(12)
	for (1<<b) < n*perEntry && b < 30 {
		b++
	}
	return b
}

// skelRec is the flat record of one skeleton.
type skelRec struct {
	mask      uint64 // rune-presence bit mask (runeMask)
	off, woff uint32 // start of its runes and of its folds
}

// wordRef is one fold of a skeleton with -log(count + priorBeta).
type wordRef struct {
	fid int32
	neg float32
}

// nskel returns the number of skeletons.
func (ix *delIndex) nskel() int { return len(ix.rec) - 1 }

// skel returns the runes of skeleton id.
func (ix *delIndex) skel(id uint32) []rune { return ix.runes[ix.rec[id].off:ix.rec[id+1].off] }

// words returns the folds of skeleton id.
func (ix *delIndex) words(id uint32) []wordRef { return ix.wref[ix.rec[id].woff:ix.rec[id+1].woff] }

// runeMask sets bit r%64 for every rune r of rs. Each edit changes the
// presence of at most one rune on each side, so the edit distance of a and
// b is at least max(popcount(ma &^ mb), popcount(mb &^ ma)).
func runeMask(rs []rune) uint64 {
	var m uint64
	for _, r := range rs {
		m |= 1 << (uint32(r) & 63)
	}
	return m
}

// fullID returns the id of the skeleton whose whole hash is h.
func (ix *delIndex) fullID(h uint64) (uint32, bool) {
	mask := uint64(len(ix.fullKeys) - 1)
	for i := (h >> 32) & mask; ix.fullIDs[i] != 0; i = (i + 1) & mask {
		if ix.fullKeys[i] == h {
			return ix.fullIDs[i] - 1, true
		}
	}
	return 0, false
}

// setFullID records id under hash h (a later id replaces an earlier one
// with the same hash; exact then finds the runes differ).
func (ix *delIndex) setFullID(h uint64, id uint32) {
	mask := uint64(len(ix.fullKeys) - 1)
	i := (h >> 32) & mask
	for ix.fullIDs[i] != 0 && ix.fullKeys[i] != h {
		i = (i + 1) & mask
	}
	ix.fullKeys[i], ix.fullIDs[i] = h, id+1
}

// halfHash hashes a prefix (side 0) or suffix (side 1) of a skeleton.
func halfHash(part []rune, side uint64) uint64 {
	return fnvSkip(part, -1, -1, -1) ^ (side+1)*0x9e3779b97f4a7c15
}

// addHalves sets the filter bits of skeleton s: for every query length n
// that can be within one edit of it (len(s)-1 to len(s)+1), its prefix of
// n/2 runes and its suffix of n-n/2 runes.
func (ix *delIndex) addHalves(s []rune) {
	l := len(s)
	for n := max(l-1, 2); n <= l+1; n++ {
		h, t := n/2, n-n/2
		if h <= l {
			x := filterBit(halfHash(s[:h], 0), ix.halfB)
			ix.half[x>>6] |= 1 << (x & 63)
		}
		if t <= l {
			x := filterBit(halfHash(s[l-t:], 1), ix.halfB)
			ix.half[x>>6] |= 1 << (x & 63)
		}
	}
}

// mayBeNear1 reports whether some skeleton may be within one edit of q.
// When it is false none is: an edit at a position at or after n/2 leaves
// q's first n/2 runes a prefix of the skeleton, and one before n/2 leaves
// q's last n-n/2 runes its suffix (n = len(q), at least 2; shorter
// queries always pass).
func (ix *delIndex) mayBeNear1(q []rune) bool {
	n := len(q)
	if n < 2 {
		return true
	}
	x := filterBit(halfHash(q[:n/2], 0), ix.halfB)
	if ix.half[x>>6]&(1<<(x&63)) != 0 {
		return true
	}
	x = filterBit(halfHash(q[n/2:], 1), ix.halfB)
	return ix.half[x>>6]&(1<<(x&63)) != 0
}

// exact returns the id of skeleton q.
func (ix *delIndex) exact(q []rune) (uint32, bool) {
	h := fnvSkip(q, -1, -1, -1)
	if x := filterBit(h, ix.fullFiltB); ix.fullFilt[x>>6]&(1<<(x&63)) == 0 {
		return 0, false
	}
	id, ok := ix.fullID(h)
	if !ok || string(ix.skel(id)) != string(q) {
		return 0, false
	}
	return id, true
}

// fnvSkip hashes rs without the runes at positions i, j and k (-1: none),
// with 64-bit FNV-1a over the rune values and a final mix so the top bits
// are well spread.
func fnvSkip(rs []rune, i, j, k int) uint64 {
	h := uint64(14695981039346656037)
	for p, r := range rs {
		if p == i || p == j || p == k {
			continue
		}
		for x := uint32(r); ; x >>= 8 {
			h ^= uint64(x & 0xff)
			h *= 1099511628211
			if x < 256 {
				break
			}
		}
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return h
}

// deletionHashes appends to dst the hashes of the strings obtained by
// deleting up to d (<= 3) runes from rs, rs itself included (duplicates
// possible when rs repeats a rune).
func deletionHashes(dst []uint64, rs []rune, d int) []uint64 {
	n := len(rs)
	dst = append(dst, fnvSkip(rs, -1, -1, -1))
	if d < 1 {
		return dst
	}
	for i := 0; i < n; i++ {
		dst = append(dst, fnvSkip(rs, i, -1, -1))
	}
	if d < 2 {
		return dst
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			dst = append(dst, fnvSkip(rs, i, j, -1))
		}
	}
	if d < 3 {
		return dst
	}
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			for k := j + 1; k < n; k++ {
				dst = append(dst, fnvSkip(rs, i, j, k))
			}
		}
	}
	return dst
}

// An entry's id carries the skeleton's length (at most idLenMax, which
// stands for that or more) in its top bits.
const (
	idBits   = 26
	idLenMax = 1<<(32-idBits) - 1
)

// wordListDeletes is the index depth of skeletons known only from word
// lists (see the package doc): 0, the indexed prefix without deletions.
// deepDeletes is the depth of those with a fold Options.Deep names: 1, one
// misread or lost rune in the indexed prefix (wondertul -> wonderful).
// Searched within the full bound (2 deletions), the English model's words
// found more on the collections ocrfix was not trained on (119 more gt
// words matched by the oracle path on periodicals), but cost 15% of
// correction speed against 12%, and a built-in model trained so broke 50
// more words on ads-fall2018 at depth 2 than at depth 1 (1,453 against
// 1,403) for 30 more fixed.
const (
	wordListDeletes = 0
	deepDeletes     = 1
)

type idxEntry struct {
	h  uint64
	id uint32
}

// buildIndex indexes the skeletons of the lexicon's folds; deep (may be
// nil) names the word-list folds indexed deepDeletes deep.
func buildIndex(lex *Lexicon, sk *skeleton, maxDel, prefix int, deep func(string) bool) *delIndex {
	ix := &delIndex{maxDel: maxDel, prefix: prefix}
	skels, words := foldSkeletons(lex, sk)
	// the skeletons' tables and the deletion entries are independent:
	// made side by side (a model's first correction waits for them)
	done := make(chan struct{})
	go func() {
		ix.addSkeletons(lex, skels, words)
		close(done)
	}()
	ents := deletionEntries(lex, skels, words, maxDel, prefix, deep)
	<-done
	ix.setEntries(ents, skels)
	ix.setEntryFilters(ents)
	return ix
}

// foldSkeletons returns the distinct skeletons of the lexicon's folds, in
// order of first appearance, and the fold ids of each.
func foldSkeletons(lex *Lexicon, sk *skeleton) (skels [][]rune, words [][]int32) {
	skelID := map[string]uint32{}
	var buf []rune
	for fid := range lex.folds {
		w := lex.folds[fid].word
		buf = sk.key(buf[:0], w)
		k := string(buf)
		id, ok := skelID[k]
		if !ok {
			id = uint32(len(skels))
			skelID[k] = id
			skels = append(skels, append([]rune(nil), buf...))
			words = append(words, nil)
		}
		words[id] = append(words[id], int32(fid))
	}
	return skels, words
}

// addSkeletons sets up the exact-skeleton table, its filter and the
// half-skeleton filter, and records each skeleton's runes and words (with
// their prior costs).
func (ix *delIndex) addSkeletons(lex *Lexicon, skels [][]rune, words [][]int32) {
	size := 16
	for size < 2*len(skels) {
		size *= 2
	}
	ix.fullKeys, ix.fullIDs = make([]uint64, size), make([]uint32, size)
	ix.rec = make([]skelRec, len(skels)+1)
	ix.fullFiltB = filterBits(len(skels), 16)
	ix.fullFilt = make([]uint64, (1<<ix.fullFiltB)/64+1)
	ix.halfB = filterBits(len(skels), 6*16)
	ix.half = make([]uint64, (1<<ix.halfB)/64+1)
	for id, s := range skels {
		h := fnvSkip(s, -1, -1, -1)
		ix.setFullID(h, uint32(id))
		x := filterBit(h, ix.fullFiltB)
		ix.fullFilt[x>>6] |= 1 << (x & 63)
		ix.addHalves(s)
		ix.rec[id] = skelRec{runeMask(s), uint32(len(ix.runes)), uint32(len(ix.wref))}
		ix.runes = append(ix.runes, s...)
		for _, fid := range words[id] {
			ix.wref = append(ix.wref, wordRef{fid, float32(-math.Log(float64(lex.folds[fid].count) + priorBeta))})
		}
	}
	ix.rec[len(skels)] = skelRec{0, uint32(len(ix.runes)), uint32(len(ix.wref))}
}

// entryBound returns an upper bound on the deletion entries of skels: 1 +
// n + n(n-1)/2 (+ n(n-1)(n-2)/6) per skeleton of n indexed runes.
func entryBound(skels [][]rune, maxDel, prefix int) int {
	total := 0
	for _, s := range skels {
		n := min(len(s), prefix)
		c := 1
		if maxDel >= 1 {
			c += n
		}
		if maxDel >= 2 {
			c += n * (n - 1) / 2
		}
		if maxDel >= 3 {
			c += n * (n - 1) * (n - 2) / 6
		}
		total += c
	}
	return total
}

// deletionEntries returns the deletion-hash entries of the skeletons'
// first prefix runes, sorted by hash then skeleton id. The low two bits of
// each hash carry its deletion level (0, 1, 2+); a skeleton has one entry
// per distinct hash, at its lowest level. A skeleton is indexed maxDel deep
// when one of its folds has a training count, deepDeletes deep when one is
// deep (deep may be nil), wordListDeletes deep otherwise.
func deletionEntries(lex *Lexicon, skels [][]rune, words [][]int32, maxDel, prefix int, deep func(string) bool) []idxEntry {
	// two halves of the skeletons side by side, each sorted, then merged:
	// the second's ids are all above the first's, so the merge by hash
	// then id is the order one sort of all would give
	half := len(skels) / 2
	var second []idxEntry
	done := make(chan struct{})
	go func() {
		second = skeletonEntries(lex, skels, words, half, maxDel, prefix, deep)
		close(done)
	}()
	first := skeletonEntries(lex, skels[:half], words[:half], 0, maxDel, prefix, deep)
	<-done
	return mergeEntries(first, second)
}

// mergeEntries merges two lists of entries sorted by hash then skeleton
// id into one.
func mergeEntries(a, b []idxEntry) []idxEntry {
	out := make([]idxEntry, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if a[0].h < b[0].h || a[0].h == b[0].h && a[0].id < b[0].id {
			out, a = append(out, a[0]), a[1:]
		} else {
			out, b = append(out, b[0]), b[1:]
		}
	}
	return append(append(out, a...), b...)
}

// skeletonEntries returns the deletion-hash entries of skels[from:]
// (words likewise), as deletionEntries says, with their ids in skels.
func skeletonEntries(lex *Lexicon, skels [][]rune, words [][]int32, from, maxDel, prefix int, deep func(string) bool) []idxEntry {
	skels, words = skels[from:], words[from:]
	ents := make([]idxEntry, 0, entryBound(skels, maxDel, prefix))
	var hs []uint64
	for id, s := range skels {
		p := s
		if len(p) > prefix {
			p = p[:prefix]
		}
		// a skeleton of word-list words only (no training count) is
		// indexed wordListDeletes deep, or deepDeletes where one is deep
		del := min(maxDel, wordListDeletes)
		for _, fid := range words[id] {
			if lex.folds[fid].count > 0 {
				del = maxDel
				break
			}
			if deep != nil && deep(lex.folds[fid].word) {
				del = min(maxDel, deepDeletes)
			}
		}
		hs = deletionHashes(hs[:0], p, del)
		// the low two bits of each hash carry its deletion level (0, 1, 2+)
		n := len(p)
		for i := range hs {
			lv := uint64(2)
			if i == 0 {
				lv = 0
			} else if i <= n {
				lv = 1
			}
			hs[i] = hs[i]&^3 | lv
		}
		slices.Sort(hs) // equal keys: the lowest level first
		for i, h := range hs {
			if i > 0 && h&^3 == hs[i-1]&^3 {
				continue
			}
			ents = append(ents, idxEntry{h, uint32(from + id)})
		}
	}
	slices.SortFunc(ents, func(a, b idxEntry) int {
		if c := cmp.Compare(a.h, b.h); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	return ents
}

// setEntries stores the sorted entries: the low halves of their hashes,
// their skeleton ids with the skeleton's length, and a directory by the
// top bits of the hash.
func (ix *delIndex) setEntries(ents []idxEntry, skels [][]rune) {
	bits := uint(10)
	for (1<<bits) < len(ents)/2 && bits < 26 {
		bits++
	}
	ix.dirBits = bits
	ix.dir = make([]uint32, (1<<bits)+1)
	ix.lo = make([]uint32, len(ents))
	ix.ids = make([]uint32, len(ents))
	for i, e := range ents {
		ix.lo[i] = uint32(e.h)
		ix.ids[i] = e.id | uint32(min(len(skels[e.id]), idLenMax))<<idBits
		ix.dir[(e.h>>(64-bits))+1]++
	}
	for b := 1; b < len(ix.dir); b++ {
		ix.dir[b] += ix.dir[b-1]
	}
}

// setEntryFilters builds the filters of the entries' hashes: one of those
// of level 0 or 1, one of all.
func (ix *delIndex) setEntryFilters(ents []idxEntry) {
	n1 := 0
	for _, e := range ents {
		if e.h&3 <= 1 {
			n1++
		}
	}
	ix.filt1B, ix.filtAllB = filterBits(n1, 16), filterBits(len(ents), 8)
	ix.filt1 = make([]uint64, (1<<ix.filt1B)/64+1)
	ix.filtAll = make([]uint64, (1<<ix.filtAllB)/64+1)
	for _, e := range ents {
		h := e.h &^ 3
		if e.h&3 <= 1 {
			x := filterBit(h, ix.filt1B)
			ix.filt1[x>>6] |= 1 << (x & 63)
		}
		x := filterBit(h, ix.filtAllB)
		ix.filtAll[x>>6] |= 1 << (x & 63)
	}
}

// Bytes returns the memory held by the index's flat arrays (the skeleton
// strings and fold lists excluded).
func (ix *delIndex) Bytes() int {
	return 4*(len(ix.dir)+len(ix.lo)+len(ix.ids)+len(ix.runes)) + 16*len(ix.rec) + 8*(len(ix.wref)+len(ix.filt1)+len(ix.filtAll)+len(ix.fullFilt)+len(ix.half)+len(ix.fullKeys)) + 4*len(ix.fullIDs)
}

// lookup calls f with the id of every skeleton having a deletion variant
// (within d deletions of the query prefix) equal to one of the query's,
// each id at most once (mark is a scratch array stamped with gen).
//
// Entries made by more than maxLevel deletions from a skeleton are skipped:
// a query within one edit of a skeleton shares a string with it at one
// deletion from each side, so bound-1 searches pass maxLevel 1.
//
// Skeletons shorter than minLen or longer than maxLen runes are skipped
// before their records are touched (entries carry the length).
func (ix *delIndex) lookup(q []rune, d int, maxLevel uint32, minLen, maxLen int, mark []uint32, gen uint32, hs []uint64, f func(id uint32)) []uint64 {
	p := q
	if len(p) > ix.prefix {
		p = p[:ix.prefix]
	}
	if d > ix.maxDel {
		d = ix.maxDel
	}
	hs = deletionHashes(hs[:0], p, d)
	filt, fb := ix.filtAll, ix.filtAllB
	if maxLevel <= 1 {
		filt, fb = ix.filt1, ix.filt1B
	}
	for _, h := range hs {
		if x := filterBit(h&^3, fb); filt[x>>6]&(1<<(x&63)) == 0 {
			continue
		}
		b := h >> (64 - ix.dirBits)
		lo := uint32(h) &^ 3
		for e := ix.dir[b]; e < ix.dir[b+1]; e++ {
			if x := ix.lo[e]; x&^3 != lo || x&3 > maxLevel {
				continue
			}
			id := ix.ids[e]
			if l := int(id >> idBits); l < idLenMax && (l < minLen || l > maxLen) {
				continue // the skeleton's length is outside the bound
			}
			id &= 1<<idBits - 1
			if mark[id] == gen {
				continue
			}
			mark[id] = gen
			f(id)
		}
	}
	return hs
}

// boundedLev returns the unit-cost edit distance of a and b, or bound+1
// once it is certain to exceed bound.
func boundedLev(a, b []rune, bound int, row []int) int {
	n, m := len(a), len(b)
	if n-m > bound || m-n > bound {
		return bound + 1
	}
	if cap(row) < m+1 {
		row = make([]int, m+1)
	}
	row = row[:m+1]
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= n; i++ {
		prev := row[0]
		row[0] = i
		best := row[0]
		for j := 1; j <= m; j++ {
			cur := row[j]
			v := prev
			if a[i-1] != b[j-1] {
				v++
			}
			if cur+1 < v {
				v = cur + 1
			}
			if row[j-1]+1 < v {
				v = row[j-1] + 1
			}
			row[j] = v
			prev = cur
			if v < best {
				best = v
			}
		}
		if best > bound {
			return bound + 1
		}
	}
	return row[m]
}

// levQuery is a query prepared for bit-parallel edit distance (Myers 1999,
// in Hyyrö's formulation for the global distance): one bit per query rune
// in the match mask of each rune. Queries of more than 64 runes fall back
// to boundedLev.
type levQuery struct {
	q     []rune
	ascii [128]uint64
	other []runeMask64 // masks of the non-ASCII runes of q
	asc   []rune       // ASCII runes set in ascii (to clear them)
}

type runeMask64 struct {
	r rune
	m uint64
}

// reset prepares lq for query q.
func (lq *levQuery) reset(q []rune) {
	for _, r := range lq.asc {
		lq.ascii[r] = 0
	}
	lq.asc = lq.asc[:0]
	lq.other = lq.other[:0]
	lq.q = q
	if len(q) > 64 {
		return
	}
	for i, r := range q {
		bit := uint64(1) << uint(i)
		if r >= 0 && r < 128 {
			if lq.ascii[r] == 0 {
				lq.asc = append(lq.asc, r)
			}
			lq.ascii[r] |= bit
			continue
		}
		found := false
		for k := range lq.other {
			if lq.other[k].r == r {
				lq.other[k].m |= bit
				found = true
			}
		}
		if !found {
			lq.other = append(lq.other, runeMask64{r, bit})
		}
	}
}

func (lq *levQuery) eq(r rune) uint64 {
	if r >= 0 && r < 128 {
		return lq.ascii[r]
	}
	for _, o := range lq.other {
		if o.r == r {
			return o.m
		}
	}
	return 0
}

// dist returns the unit-cost edit distance of the query and b, or bound+1
// when it exceeds bound (row is scratch for long queries).
func (lq *levQuery) dist(b []rune, bound int, row []int) int {
	m := len(lq.q)
	if m > 64 || m == 0 {
		return boundedLev(lq.q, b, bound, row)
	}
	if d := len(b) - m; d > bound || -d > bound {
		return bound + 1
	}
	pv, mv := ^uint64(0), uint64(0)
	top := uint64(1) << uint(m-1)
	score := m
	for j, r := range b {
		var e uint64
		if r >= 0 && r < 128 {
			e = lq.ascii[r]
		} else {
			e = lq.eq(r)
		}
		xv := e | mv
		xh := (((e & pv) + pv) ^ pv) | e
		ph := mv | ^(xh | pv)
		mh := pv & xh
		if ph&top != 0 {
			score++
		} else if mh&top != 0 {
			score--
		}
		// the distance at the end can fall by at most one per text rune
		// left
		if score-(len(b)-1-j) > bound {
			return bound + 1
		}
		ph = ph<<1 | 1
		mh <<= 1
		pv = mh | ^(xv | ph)
		mv = ph & xv
	}
	if score > bound {
		return bound + 1
	}
	return score
}
