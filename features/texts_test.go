package features

import (
	"strconv"
	"testing"
)

// TestTextTable checks look-ups, replacement and growth of a textTable,
// with colliding hashes among them.
func TestTextTable(t *testing.T) {
	var tt textTable
	infos := make([]staticInfo, 5000)
	hash := func(k int) uint64 {
		if k%7 == 0 {
			return 42 // many texts on one hash
		}
		return textHash(strconv.Itoa(k))
	}
	for k := range infos {
		tt.put(hash(k), strconv.Itoa(k), &infos[k])
	}
	other := &staticInfo{}
	tt.put(hash(3), "3", other) // replaces
	if tt.len() != len(infos) {
		t.Fatalf("len %d, want %d", tt.len(), len(infos))
	}
	for k := range infos {
		want := &infos[k]
		if k == 3 {
			want = other
		}
		if got := tt.get(hash(k), strconv.Itoa(k)); got != want {
			t.Fatalf("get(%d): wrong facts", k)
		}
	}
	if tt.get(42, "x") != nil || tt.get(textHash("x"), "x") != nil {
		t.Error("found a text never put")
	}
	tt.reset()
	if tt.len() != 0 || tt.get(hash(1), "1") != nil {
		t.Error("reset kept texts")
	}
}
