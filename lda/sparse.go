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
	if pt.wnz == nil || !pt.shared {
		// With one part the lists persist from sweep to sweep; with
		// several, the part's counts were just copied from the merged ones.
		pt.buildNZ(K)
	}
	wnz, wlen := pt.wnz, pt.wlen
	if pt.c == nil {
		pt.c = make([]float64, K)
		pt.dnz = make([]int32, K)
		pt.dpos = make([]int32, K)
	}
	coef, dnz, dpos, q := pt.c, pt.dnz, pt.dpos, pt.p
	sSum := 0.0
	for k := 0; k < K; k++ {
		inv[k] = 1 / (float64(nk[k]) + vbeta)
		sSum += ab * inv[k]
	}
	tokens, z := s.c.tokens, s.z
	for d := pt.d0; d < pt.d1; d++ {
		nd := s.ndk[d*K : d*K+K]
		// Document state: coefficients, r sum, non-zero topic list.
		rSum := 0.0
		ndz := int32(0)
		for k := 0; k < K; k++ {
			coef[k] = (float64(nd[k]) + alpha) * inv[k]
			if nd[k] != 0 {
				rSum += float64(nd[k]) * beta * inv[k]
				dpos[k] = ndz
				dnz[ndz] = int32(k)
				ndz++
			}
		}
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
				j := 0
				for j < n-1 && q[j] <= u {
					j++
				}
				k = int(nzw[j])
				// Keep the list roughly sorted by decreasing count
				// (one bubble step), so the search above stays short.
				if j > 0 && row[nzw[j-1]] <= row[k] {
					nzw[j-1], nzw[j] = nzw[j], nzw[j-1]
				}
			case u < qSum+rSum:
				u -= qSum
				j := int32(0)
				for ; j < ndz-1; j++ {
					t := dnz[j]
					u -= float64(nd[t]) * beta * inv[t]
					if u < 0 {
						break
					}
				}
				k = int(dnz[j])
			default:
				u -= qSum + rSum
				k = 0
				for ; k < K-1; k++ {
					u -= ab * inv[k]
					if u < 0 {
						break
					}
				}
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
