// Package frozen holds read-only look-up tables of counts keyed by
// uint64, made once from a Go map when the counts stop changing: an
// open-addressing table (linear probing, at most half full) with each key
// beside its count, so a look-up multiplies the key once and reads one
// place instead of hashing through a map. The bigram counts of
// features.LM and the pair counts of profile.Profile are looked up this
// way while correcting.
package frozen

// Counts is a frozen table of counts. The zero value is not usable; call
// New.
type Counts struct {
	slots []slot
	shift uint // 64 - log2(len(slots))
}

// slot is one key with its count; n is 0 in an empty slot.
type slot struct {
	key uint64
	n   uint32
}

// New returns the table of the counts m. Keys counted 0 are left out: Get
// gives 0 for them, as for keys m lacks. Where each key lands depends on
// m's order, what Get returns does not.
func New(m map[uint64]uint32) *Counts {
	bits := uint(4)
	for 1<<bits < 2*len(m) {
		bits++
	}
	t := &Counts{slots: make([]slot, 1<<bits), shift: 64 - bits}
	mask := uint64(len(t.slots) - 1)
	for k, n := range m {
		if n == 0 {
			continue
		}
		h := (k * 0x9e3779b97f4a7c15) >> t.shift
		for t.slots[h].n != 0 {
			h = (h + 1) & mask
		}
		t.slots[h] = slot{k, n}
	}
	return t
}

// Get returns the count of key k (0 when absent).
func (t *Counts) Get(k uint64) uint32 {
	mask := uint64(len(t.slots) - 1)
	for h := (k * 0x9e3779b97f4a7c15) >> t.shift; ; h = (h + 1) & mask {
		s := &t.slots[h]
		if s.n == 0 {
			return 0
		}
		if s.key == k {
			return s.n
		}
	}
}
