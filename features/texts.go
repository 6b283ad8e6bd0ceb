package features

import "hash/maphash"

// textSeed seeds the hashes of candidate texts: it decides where a text
// sits in a textTable, and nothing else.
var textSeed = maphash.MakeSeed()

// textHash returns the hash of a candidate text in a textTable.
func textHash(s string) uint64 { return maphash.String(textSeed, s) }

// textEntry is one text of a textTable, with its hash and its facts.
type textEntry struct {
	h    uint64
	text string
	si   *staticInfo
}

// textTable maps candidate texts to their facts. It is an open-addressing
// table (linear probing) over a flat list of entries, keyed by a hash the
// caller computes once per text and hands to every look-up and insertion
// (a Go map would hash the text again at each: once to find it missing,
// once to add it to a document's new texts, once more to add it to the
// cache). A slot holds the top 32 bits of its entry's hash and the
// entry's index+1 (0: empty), so a probe reads the small slot array and
// only the entries whose hash bits match. The zero table is empty.
type textTable struct {
	slots []uint64
	ents  []textEntry
}

// get returns the facts of text, whose hash is h (nil when absent).
func (t *textTable) get(h uint64, text string) *staticInfo {
	if len(t.slots) == 0 {
		return nil
	}
	mask := uint64(len(t.slots) - 1)
	tag := h >> 32
	for i := h & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return nil
		}
		if s>>32 == tag {
			if e := &t.ents[uint32(s)-1]; e.h == h && e.text == text {
				return e.si
			}
		}
	}
}

// put sets the facts of text, whose hash is h, to si.
func (t *textTable) put(h uint64, text string, si *staticInfo) {
	if 4*(len(t.ents)+1) > 3*len(t.slots) {
		t.grow(2 * len(t.slots))
	}
	mask := uint64(len(t.slots) - 1)
	tag := h >> 32
	for i := h & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			t.ents = append(t.ents, textEntry{h, text, si})
			t.slots[i] = tag<<32 | uint64(len(t.ents))
			return
		}
		if s>>32 == tag {
			if e := &t.ents[uint32(s)-1]; e.h == h && e.text == text {
				e.si = si
				return
			}
		}
	}
}

// grow makes the slot array n slots long (at least 1024, a power of two),
// placing the entries again by their stored hashes.
func (t *textTable) grow(n int) {
	size := 1024
	for size < n {
		size *= 2
	}
	t.slots = make([]uint64, size)
	mask := uint64(size - 1)
	for k, e := range t.ents {
		i := e.h & mask
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = e.h>>32<<32 | uint64(k+1)
	}
}

// len returns the number of texts in t.
func (t *textTable) len() int { return len(t.ents) }

// reset empties t, keeping its storage.
func (t *textTable) reset() {
	clear(t.slots)
	clear(t.ents)
	t.ents = t.ents[:0]
}
