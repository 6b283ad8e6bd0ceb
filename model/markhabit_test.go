package model

import "testing"

func TestMarkForm(t *testing.T) {
	for _, c := range []struct {
		w    string
		mark rune
		at   int
	}{
		{"betwe-n", '-', 5},
		{"th.t", '.', 2},
		{"well-known", '-', 4}, // a form markHabits weighs (and finds no word in)
		{"r&d", '&', 1},
	} {
		if m, at, ok := markForm(c.w); !ok || m != c.mark || at != c.at {
			t.Errorf("markForm(%q) = %q, %d, %v", c.w, m, at, ok)
		}
	}
	for _, w := range []string{"between", "don't", "lov'd", "a-b-c", "-ing", "ing-", "1-2", "u.s.", "x--y", ""} {
		if _, _, ok := markForm(w); ok {
			t.Errorf("markForm(%q) took it", w)
		}
	}
}
