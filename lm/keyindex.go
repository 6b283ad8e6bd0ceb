package lm

// keyIndex maps the keys of a sorted key slice to their values in constant
// time: an open-addressing hash table (linear probing, at most 60% full)
// whose slots hold each key with its value, so a look-up reads one place
// (the model's key and value slices stay its data for writing). It
// answers what a binary search of the keys would find.
type keyIndex struct {
	slot  []keySlot
	shift uint // 64 - log2(len(slot))
}

// keySlot is one key and its value; full is false for an empty slot.
type keySlot struct {
	key  uint64
	val  int16
	full bool
}

// newKeyIndex indexes keys (distinct) with their values vals.
func newKeyIndex(keys []uint64, vals []int16) keyIndex {
	bits := uint(1)
	for 3<<bits < 5*len(keys) {
		bits++
	}
	ix := keyIndex{slot: make([]keySlot, 1<<bits), shift: 64 - bits}
	mask := uint64(len(ix.slot) - 1)
	for i, k := range keys {
		h := ix.hash(k)
		for ix.slot[h].full {
			h = (h + 1) & mask
		}
		ix.slot[h] = keySlot{k, vals[i], true}
	}
	return ix
}

func (ix *keyIndex) hash(k uint64) uint64 { return (k * 0x9e3779b97f4a7c15) >> ix.shift }

// get returns the value of key k, and whether it is a key.
func (ix *keyIndex) get(k uint64) (int16, bool) {
	mask := uint64(len(ix.slot) - 1)
	for h := ix.hash(k); ; h = (h + 1) & mask {
		s := &ix.slot[h]
		if !s.full {
			return 0, false
		}
		if s.key == k {
			return s.val, true
		}
	}
}

// pairIndex finds an entry of a grouped list in constant time: the lists
// of the groups g (entries lo to hi-1 of a flat array, ascending by word,
// distinct) are indexed by (g, word) in an open-addressing hash table
// (linear probing, at most half full) of the entries' positions. The
// Model's findBigram and findTrigram probe it, answering what a binary
// search of the group's list answers.
type pairIndex struct {
	slot  []int32 // position of an entry + 1; 0: empty
	shift uint    // 64 - log2(len(slot))
}

// newPairIndex indexes the lists of groups groups: group g's entries are
// lo to hi-1 (span(g)), entry j's word is word(j).
func newPairIndex(groups int, span func(g int) (lo, hi uint32), word func(j uint32) int32) pairIndex {
	n := 0
	if groups > 0 {
		_, n0 := span(groups - 1)
		n = int(n0)
	}
	bits := uint(1)
	for 1<<bits < 2*n {
		bits++
	}
	ix := pairIndex{slot: make([]int32, 1<<bits), shift: 64 - bits}
	mask := uint64(len(ix.slot) - 1)
	for g := 0; g < groups; g++ {
		lo, hi := span(g)
		for j := lo; j < hi; j++ {
			h := ix.hash(uint32(g), word(j))
			for ix.slot[h] != 0 {
				h = (h + 1) & mask
			}
			ix.slot[h] = int32(j + 1)
		}
	}
	return ix
}

func (ix *pairIndex) hash(g uint32, w int32) uint64 {
	return ((uint64(g)<<32 | uint64(uint32(w))) * 0x9e3779b97f4a7c15) >> ix.shift
}
