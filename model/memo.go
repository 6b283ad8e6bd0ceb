package model

import (
	"sync"
	"sync/atomic"
	"weak"

	"ocrfix/profile"
)

// profileMemo remembers a value worked out from a profile (NoiseShift's
// Noise, periodPrint's answer), by weak pointer to the profile, so that
// the profile can still be freed, until the profile's token count
// changes. It holds maxMemoProfiles profiles at most, and forgets them
// all when that is reached. The zero value is ready to use and safe for
// concurrent use; two goroutines may work the same value out at once.
type profileMemo[T any] struct {
	m sync.Map // weak.Pointer[profile.Profile] -> memoEntry[T]
	n atomic.Int64
}

// maxMemoProfiles bounds the profiles a profileMemo remembers (a
// correction run has one collection profile, or a page alone its own;
// the workers of a Beam pipeline each decode a copy of the one profile).
const maxMemoProfiles = 64

// memoEntry is a value profileMemo remembers for a profile of tokens
// tokens.
type memoEntry[T any] struct {
	tokens int
	v      T
}

// get returns the value remembered for p, or work's, which it remembers.
func (c *profileMemo[T]) get(p *profile.Profile, work func() T) T {
	key := weak.Make(p)
	if e, ok := c.m.Load(key); ok && e.(memoEntry[T]).tokens == p.Tokens() {
		return e.(memoEntry[T]).v
	}
	v := work()
	if c.n.Add(1) > maxMemoProfiles {
		c.m.Clear()
		c.n.Store(0)
	}
	c.m.Store(key, memoEntry[T]{tokens: p.Tokens(), v: v})
	return v
}
