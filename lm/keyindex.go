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
// words[start[g]:start[g+1]] (one per group g, ascending, distinct) are
// indexed by (g, word) in an open-addressing hash table (linear probing, at
// most half full) of the entries' positions. It answers what find (a
// binary search of the group's list) answers.
type pairIndex struct {
	slot  []int32 // position of an entry + 1; 0: empty
	shift uint    // 64 - log2(len(slot))
}

// newPairIndex indexes the grouped lists.
func newPairIndex(start []uint32, words []int32) pairIndex {
	bits := uint(1)
	for 1<<bits < 2*len(words) {
		bits++
	}
	ix := pairIndex{slot: make([]int32, 1<<bits), shift: 64 - bits}
	mask := uint64(len(ix.slot) - 1)
	for g := 0; g+1 < len(start); g++ {
		for j := start[g]; j < start[g+1]; j++ {
			h := ix.hash(uint32(g), words[j])
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

// find returns the position of w in group g's list, or -1.
func (ix *pairIndex) find(start []uint32, words []int32, g uint32, w int32) int {
	lo, hi := start[g], start[g+1]
	if len(ix.slot) == 0 || hi-lo <= 4 {
		return find(words, lo, hi, w)
	}
	mask := uint64(len(ix.slot) - 1)
	for h := ix.hash(g, w); ; h = (h + 1) & mask {
		s := ix.slot[h]
		if s == 0 {
			return -1
		}
		if j := uint32(s - 1); words[j] == w && lo <= j && j < hi {
			return int(j)
		}
	}
}
