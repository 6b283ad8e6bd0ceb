package frozen

import "testing"

// A frozen table gives the counts of the map it is made from: present
// keys, absent keys, keys counted 0, an empty map.
func TestCounts(t *testing.T) {
	m := map[uint64]uint32{}
	for i := uint64(1); i <= 3000; i++ {
		m[i*0x9e3779b97f4a7c15^i<<7] = uint32(i % 17) // some counts 0
	}
	tb := New(m)
	for k, n := range m {
		if got := tb.Get(k); got != n {
			t.Fatalf("key %x: %d, want %d", k, got, n)
		}
	}
	for i := uint64(0); i < 3000; i++ {
		if k := i*31 + 5; m[k] == 0 && tb.Get(k) != 0 {
			t.Fatalf("absent key %x: %d", k, tb.Get(k))
		}
	}
	if got := New(nil).Get(42); got != 0 {
		t.Errorf("empty table: %d", got)
	}
}
