package align

// OpKind is the kind of one character edit operation.
type OpKind uint8

// The edit operations. Their order is the tie-breaking preference of
// EditOps.
const (
	Match OpKind = iota // A == B, cost 0
	Sub                 // A replaced by B
	Ins                 // B inserted (A is 0)
	Del                 // A deleted (B is 0)
)

// String returns "match", "sub", "ins" or "del".
func (k OpKind) String() string {
	switch k {
	case Match:
		return "match"
	case Sub:
		return "sub"
	case Ins:
		return "ins"
	case Del:
		return "del"
	}
	return "op?"
}

// Op is one edit operation turning the source a into the target b: A is the
// rune of a it consumes (0 for Ins), B the rune of b it produces (0 for Del).
type Op struct {
	Kind OpKind
	A, B rune
}

// Costs gives the weights of the edit operations. Sub is only asked for
// a != b (a match costs 0). Costs should be non-negative.
type Costs interface {
	Sub(a, b rune) float64
	Ins(b rune) float64
	Del(a rune) float64
}

// unitCosts is the Costs of the plain Levenshtein distance.
type unitCosts struct{}

func (unitCosts) Sub(a, b rune) float64 { return 1 }
func (unitCosts) Ins(b rune) float64    { return 1 }
func (unitCosts) Del(a rune) float64    { return 1 }

// EditOps returns the minimum total cost of turning a into b under c (unit
// costs when c is nil) and one sequence of operations that achieves it, in
// order from the start of the strings. It uses an O(len(a)*len(b)) table, so
// it is meant for words and lines.
//
// Ties are broken deterministically while tracing back from the ends of the
// strings: at each step the last operation is chosen in the order Match, Sub,
// Del, Ins among those that lead to the minimum. So with unit costs "ab" ->
// "b" deletes the 'a', and "a" -> "ba" inserts the 'b' before the 'a'.
func EditOps(a, b []rune, c Costs) (float64, []Op) {
	if c == nil {
		c = unitCosts{}
	}
	n, m := len(a), len(b)
	w := m + 1
	d := make([]float64, (n+1)*w)
	for j := 1; j <= m; j++ {
		d[j] = d[j-1] + c.Ins(b[j-1])
	}
	for i := 1; i <= n; i++ {
		d[i*w] = d[(i-1)*w] + c.Del(a[i-1])
		for j := 1; j <= m; j++ {
			var s float64
			if a[i-1] == b[j-1] {
				s = d[(i-1)*w+j-1]
			} else {
				s = d[(i-1)*w+j-1] + c.Sub(a[i-1], b[j-1])
			}
			s = min(s, d[(i-1)*w+j]+c.Del(a[i-1]))
			s = min(s, d[i*w+j-1]+c.Ins(b[j-1]))
			d[i*w+j] = s
		}
	}
	ops := make([]Op, 0, max(n, m))
	i, j := n, m
	for i > 0 || j > 0 {
		cur := d[i*w+j]
		switch {
		case i > 0 && j > 0 && a[i-1] == b[j-1] && cur == d[(i-1)*w+j-1]:
			ops = append(ops, Op{Match, a[i-1], b[j-1]})
			i, j = i-1, j-1
		case i > 0 && j > 0 && a[i-1] != b[j-1] && cur == d[(i-1)*w+j-1]+c.Sub(a[i-1], b[j-1]):
			ops = append(ops, Op{Sub, a[i-1], b[j-1]})
			i, j = i-1, j-1
		case i > 0 && cur == d[(i-1)*w+j]+c.Del(a[i-1]):
			ops = append(ops, Op{Kind: Del, A: a[i-1]})
			i--
		case j > 0:
			ops = append(ops, Op{Kind: Ins, B: b[j-1]})
			j--
		default: // only reached with NaN costs
			ops = append(ops, Op{Kind: Del, A: a[i-1]})
			i--
		}
	}
	for l, r := 0, len(ops)-1; l < r; l, r = l+1, r-1 {
		ops[l], ops[r] = ops[r], ops[l]
	}
	return d[n*w+m], ops
}
