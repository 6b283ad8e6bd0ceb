package align

// Vocab interns words to dense int32 ids 0, 1, 2, ... in order of first
// appearance. The zero value is not usable; call NewVocab.
type Vocab struct {
	ids   map[string]int32
	words []string
}

// NewVocab returns an empty vocabulary.
func NewVocab() *Vocab {
	return &Vocab{ids: make(map[string]int32)}
}

// ID returns the id of w, adding w to the vocabulary when it is new.
func (v *Vocab) ID(w string) int32 {
	if id, ok := v.ids[w]; ok {
		return id
	}
	id := int32(len(v.words))
	v.ids[w] = id
	v.words = append(v.words, w)
	return id
}

// Lookup returns the id of w and whether w is in the vocabulary; it never
// adds w.
func (v *Vocab) Lookup(w string) (int32, bool) {
	id, ok := v.ids[w]
	return id, ok
}

// IDs interns every word of ws and returns their ids, in order.
func (v *Vocab) IDs(ws []string) []int32 {
	out := make([]int32, len(ws))
	for i, w := range ws {
		out[i] = v.ID(w)
	}
	return out
}

// Word returns the word with the given id, or "" when id is out of range.
func (v *Vocab) Word(id int32) string {
	if id < 0 || int(id) >= len(v.words) {
		return ""
	}
	return v.words[id]
}

// Len returns the number of distinct words interned.
func (v *Vocab) Len() int { return len(v.words) }
