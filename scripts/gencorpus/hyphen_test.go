package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestHyphenBreak(t *testing.T) {
	for _, c := range []struct {
		w          string
		room       int
		head, tail string
	}{
		{"consideration", 8, "consider-", ""}, // too long a head: the latest break that fits
		{"consideration", 5, "con-", "sideration"},
		{"question,", 6, "ques-", "tion,"},
		{"government", 8, "govern-", "ment"},
		{"well-known", 6, "well-", "known"}, // its own hyphen
		{"well-known", 4, "", ""},           // ... only where it fits
		{"“Government", 9, "“Govern-", "ment"},
		{"1887th", 4, "", ""}, // a digit: no break
		{"don't", 4, "", ""},
		{"the", 2, "", ""}, // three letters on each side
		{"strength", 6, "", ""},
	} {
		h, tl, ok := hyphenBreak(c.w, c.room)
		if c.head == "" {
			if ok {
				t.Errorf("hyphenBreak(%q, %d) = %q %q, want none", c.w, c.room, h, tl)
			}
			continue
		}
		if c.tail == "" { // only the head's fit is checked
			if !ok || utf8.RuneCountInString(h) > c.room {
				t.Errorf("hyphenBreak(%q, %d) = %q %q %v, want a head of at most %d runes", c.w, c.room, h, tl, ok, c.room)
			}
			continue
		}
		if !ok || h != c.head || tl != c.tail {
			t.Errorf("hyphenBreak(%q, %d) = %q %q %v, want %q %q", c.w, c.room, h, tl, ok, c.head, c.tail)
		}
	}
}

func TestHyphenate(t *testing.T) {
	in := "It was a question of government and of consideration for the people of the colony.\n\nShort.\n\nA verse line\nand another\n"
	out := string(hyphenate([]byte(in), 16))
	for _, l := range strings.Split(out, "\n") {
		if utf8.RuneCountInString(l) > 16 {
			t.Errorf("line %q longer than 16 runes", l)
		}
	}
	// every word survives, the broken ones rejoined
	joined := strings.NewReplacer("-\n", "", "\n", " ").Replace(out)
	if strings.Join(strings.Fields(joined), " ") != strings.Join(strings.Fields(in), " ") {
		t.Errorf("words changed:\n%s", out)
	}
	if !strings.Contains(out, "-\n") {
		t.Errorf("no word broken at a line end:\n%s", out)
	}
	if !strings.HasSuffix(out, "\n\nShort.\n\nA verse line\nand another\n") {
		t.Errorf("paragraphs or layout lines not kept:\n%s", out)
	}
	if got := string(hyphenate([]byte("the well-known people\n"), 12)); got != "the well-\nknown people\n" {
		t.Errorf("a compound broken at its own hyphen: got %q", got)
	}
}
