package lda

// The sparse sampler (SparseLDA, Yao, Mimno and McCallum 2009) splits the
// weight of topic k for word w in document d,
//
//	(n_dk + alpha)(n_wk + beta)/(n_k + V beta)
//	  = alpha beta/(n_k+V beta)             s: same for every token
//	  + n_dk beta/(n_k+V beta)              r: topics of the document
//	  + (n_dk + alpha) n_wk/(n_k+V beta)    q: topics of the word
//
// and keeps s and r as running sums, so that a draw costs the number of
// topics the word has been seen in, not K. The per-word lists of non-zero
// topics are kept in wnz (flat [V*K], the first wlen[w] entries of word
// w's row).

// buildNZ rebuilds the per-word non-zero topic lists from nwk.
func (pt *part) buildNZ(K int) {
	V := len(pt.nwk) / K
	if pt.wnz == nil {
		pt.wnz = make([]uint16, V*K)
		pt.wlen = make([]uint16, V)
	}
	for w := 0; w < V; w++ {
		n := 0
		row := pt.nwk[w*K : w*K+K]
		nz := pt.wnz[w*K : w*K+K]
		for k, c := range row {
			if c != 0 {
				nz[n] = uint16(k)
				n++
			}
		}
		pt.wlen[w] = uint16(n)
	}
}

// sweepPartSparse is sweepPart with the bucketed draw.
func (s *sampler) sweepPartSparse(pt *part) {
	K := s.K
	alpha, beta := s.alpha, s.beta
	vbeta := float64(s.V) * beta
	ab := alpha * beta
	nwk, nk, inv := pt.nwk, pt.nk, pt.inv
	sSum := s.prepareSparse(pt)
	wnz, wlen := pt.wnz, pt.wlen
	coef, dnz, dpos, q := pt.c, pt.dnz, pt.dpos, pt.p
	tokens, z := s.c.tokens, s.z
	for d := pt.d0; d < pt.d1; d++ {
		nd := s.ndk[d*K : d*K+K]
		rSum, ndz := s.docStateSparse(pt, nd)
		for i := s.c.start[d]; i < s.c.start[d+1]; i++ {
			w := int(tokens[i])
			k := int(z[i])
			row := nwk[w*K : w*K+K]
			nzw := wnz[w*K : w*K+K]
			// Remove the token.
			sSum -= ab * inv[k]
			rSum -= float64(nd[k]) * beta * inv[k]
			nd[k]--
			row[k]--
			nk[k]--
			inv[k] = 1 / (float64(nk[k]) + vbeta)
			sSum += ab * inv[k]
			rSum += float64(nd[k]) * beta * inv[k]
			coef[k] = (float64(nd[k]) + alpha) * inv[k]
			if nd[k] == 0 { // drop k from the document's list
				last := dnz[ndz-1]
				dnz[dpos[k]] = last
				dpos[last] = dpos[k]
				ndz--
			}
			if row[k] == 0 { // drop k from the word's list
				n := int(wlen[w])
				for j := 0; j < n; j++ {
					if int(nzw[j]) == k {
						nzw[j] = nzw[n-1]
						break
					}
				}
				wlen[w]--
			}
			// q bucket.
			qSum := 0.0
			n := int(wlen[w])
			for j := 0; j < n; j++ {
				t := nzw[j]
				qSum += coef[t] * float64(row[t])
				q[j] = qSum
			}
			u := unit(pt.rng) * (sSum + rSum + qSum)
			switch {
			case u < qSum:
				k = drawQ(u, q, n, nzw, row)
			case u < qSum+rSum:
				k = drawR(u-qSum, dnz, ndz, nd, beta, inv)
			default:
				k = drawS(u-(qSum+rSum), ab, inv, K)
			}
			// Add the token back with topic k.
			sSum -= ab * inv[k]
			rSum -= float64(nd[k]) * beta * inv[k]
			if nd[k] == 0 {
				dpos[k] = ndz
				dnz[ndz] = int32(k)
				ndz++
			}
			if row[k] == 0 {
				nzw[wlen[w]] = uint16(k)
				wlen[w]++
			}
			nd[k]++
			row[k]++
			nk[k]++
			inv[k] = 1 / (float64(nk[k]) + vbeta)
			sSum += ab * inv[k]
			rSum += float64(nd[k]) * beta * inv[k]
			coef[k] = (float64(nd[k]) + alpha) * inv[k]
			z[i] = int32(k)
		}
	}
}

// prepareSparse readies pt for a sparse sweep: the per-word topic lists,
// the per-document buffers and 1/(n_k+V beta); it returns the s sum.
func (s *sampler) prepareSparse(pt *part) float64 {
	K := s.K
	vbeta := float64(s.V) * s.beta
	ab := s.alpha * s.beta
	nk, inv := pt.nk, pt.inv
	if pt.wnz == nil || !pt.shared {
		// With one part the lists persist from sweep to sweep; with
		// several, the part's counts were just copied from the merged ones.
		pt.buildNZ(K)
	}
	if pt.c == nil {
		pt.c = make([]float64, K)
		pt.dnz = make([]int32, K)
		pt.dpos = make([]int32, K)
	}
	sSum := 0.0
	for k := 0; k < K; k++ {
		inv[k] = 1 / (float64(nk[k]) + vbeta)
		sSum += ab * inv[k]
	}
	return sSum
}

// docStateSparse sets up the state of a document with topic counts nd:
// the coefficients pt.c and the list of its non-zero topics (pt.dnz, with
// positions pt.dpos). It returns the r sum and the list's length.
func (s *sampler) docStateSparse(pt *part, nd []int32) (rSum float64, ndz int32) {
	alpha, beta := s.alpha, s.beta
	coef, dnz, dpos, inv := pt.c, pt.dnz, pt.dpos, pt.inv
	for k := 0; k < s.K; k++ {
		coef[k] = (float64(nd[k]) + alpha) * inv[k]
		if nd[k] != 0 {
			rSum += float64(nd[k]) * beta * inv[k]
			dpos[k] = ndz
			dnz[ndz] = int32(k)
			ndz++
		}
	}
	return rSum, ndz
}

// drawQ returns the topic of the point u in the q bucket, given the
// cumulative weights q of the word's n non-zero topics nzw, whose counts
// are row. It keeps the list roughly sorted by decreasing count (one bubble
// step), so the search stays short.
func drawQ(u float64, q []float64, n int, nzw []uint16, row []int32) int {
	j := 0
	for j < n-1 && q[j] <= u {
		j++
	}
	k := int(nzw[j])
	if j > 0 && row[nzw[j-1]] <= row[k] {
		nzw[j-1], nzw[j] = nzw[j], nzw[j-1]
	}
	return k
}

// drawR returns the topic of the point u in the r bucket: among the
// document's non-zero topics, the first ndz of dnz (with counts nd), by
// weight nd[t]*beta*inv[t].
func drawR(u float64, dnz []int32, ndz int32, nd []int32, beta float64, inv []float64) int {
	j := int32(0)
	for ; j < ndz-1; j++ {
		t := dnz[j]
		u -= float64(nd[t]) * beta * inv[t]
		if u < 0 {
			break
		}
	}
	return int(dnz[j])
}

// drawS returns the topic of the point u in the s bucket: among all K
// topics, by weight ab*inv[k].
func drawS(u, ab float64, inv []float64, K int) int {
	k := 0
	for ; k < K-1; k++ {
		u -= ab * inv[k]
		if u < 0 {
			break
		}
	}
	return k
}
