package lm

// keyIndex finds a key of a sorted key slice in constant time: an
// open-addressing hash table (linear probing, at most half full) of the
// keys' positions. The slice stays the model's data; the index only
// answers where a key is, as a binary search of the slice would.
type keyIndex struct {
	slot  []int32 // position of a key + 1; 0: empty
	shift uint    // 64 - log2(len(slot))
}

// newKeyIndex indexes keys (distinct).
func newKeyIndex(keys []uint64) keyIndex {
	bits := uint(1)
	for 1<<bits < 2*len(keys) {
		bits++
	}
	ix := keyIndex{slot: make([]int32, 1<<bits), shift: 64 - bits}
	mask := uint64(len(ix.slot) - 1)
	for i, k := range keys {
		h := ix.hash(k)
		for ix.slot[h] != 0 {
			h = (h + 1) & mask
		}
		ix.slot[h] = int32(i + 1)
	}
	return ix
}

func (ix *keyIndex) hash(k uint64) uint64 { return (k * 0x9e3779b97f4a7c15) >> ix.shift }

// find returns the position of k in keys (the slice indexed), or -1.
func (ix *keyIndex) find(keys []uint64, k uint64) int {
	if len(ix.slot) == 0 {
		return findKey(keys, k)
	}
	mask := uint64(len(ix.slot) - 1)
	for h := ix.hash(k); ; h = (h + 1) & mask {
		s := ix.slot[h]
		if s == 0 {
			return -1
		}
		if keys[s-1] == k {
			return int(s - 1)
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
