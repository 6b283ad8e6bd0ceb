package main

import "testing"

func TestLongS(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"possess", "poſſeſs"},
		{"She shall best husband his fish.", "She ſhall beſt husband his fiſh."},
		{"satisfaction, is so; sky ask's", "ſatisfaction, is ſo; sky ask's"},
		{"transfer misbehave Caesar's", "transfer misbehave Caeſar's"},
		{"s", "s"},
		{"", ""},
		{"glass\nsea é sé", "glaſs\nſea é ſé"},
	} {
		if got := string(longS([]byte(c.in))); got != c.want {
			t.Errorf("longS(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
