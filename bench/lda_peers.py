#!/usr/bin/env python3
"""Compare ocrfix's LDA with scikit-learn's LatentDirichletAllocation and
gensim's LdaModel on the same documents, vocabulary, K and held-out split.

It runs `ocrfix lda -dump-docs FILE -dump-phi FILE` itself (the binary
that lda_peers.sh builds), which trains, holds out a seeded 10% of the
documents and writes:
  docs: one document per line, "train|test<TAB>stem<TAB>space-separated
        vocabulary tokens" (already normalised and filtered by ocrfix);
  phi:  one vocabulary word per line, "word<TAB>p(w|topic 0)...p(w|topic K-1)".

Every model is scored by ONE evaluator written here: each model's topic-word
matrix phi (K x V, rows summing to 1) is taken as fixed; for each held-out
document, theta is folded in on the tokens at even positions by the
fixed-point iteration theta_k <- (alpha + sum_i r_ik) / (n + K alpha), with
r_ik = theta_k phi_k,w_i / sum_j theta_j phi_j,w_i (alpha = 0.1 for every
model, 200 iterations); the tokens at odd positions are scored by
log sum_k theta_k phi_k,w; perplexity = exp(-mean log-probability).
This is document completion, the definition ocrfix's own Perplexity uses.
"""
import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

missing = []
try:
    import numpy as np
except ImportError:
    missing.append("python3-numpy")
try:
    import scipy.sparse as sp
except ImportError:
    missing.append("python3-scipy")
try:
    from sklearn.decomposition import LatentDirichletAllocation
except ImportError:
    missing.append("python3-sklearn")
try:
    import gensim
    from gensim.models import LdaModel
except ImportError:
    missing.append("python3-gensim")
if missing:
    print("lda_peers.py: missing Python packages: %s\n"
          "install them with: apt-get install %s" % (", ".join(missing), " ".join(missing)),
          file=sys.stderr)
    sys.exit(3)


def read_docs(path):
    train, test = [], []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            parts = line.rstrip("\n").split("\t")
            if len(parts) != 3 or parts[0] not in ("train", "test"):
                sys.exit("%s:%d: want split<TAB>stem<TAB>words" % (path, n))
            words = parts[2].split(" ") if parts[2] else []
            (train if parts[0] == "train" else test).append(words)
    return train, test


def read_phi(path):
    vocab, rows = [], []
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t")
            vocab.append(parts[0])
            rows.append([float(x) for x in parts[1:]])
    return vocab, np.array(rows).T  # K x V


def normalise(phi):
    phi = np.asarray(phi, dtype=np.float64)
    return phi / phi.sum(axis=1, keepdims=True)


def completion_perplexity(phi, test_ids, alpha=0.1, iters=200):
    """Document-completion perplexity of held-out docs under a fixed phi."""
    phi = normalise(phi)
    K = phi.shape[0]
    ll, n = 0.0, 0
    for ids in test_ids:
        even, odd = ids[0::2], ids[1::2]
        if len(odd) == 0:
            continue
        theta = np.full(K, 1.0 / K)
        if len(even):
            pw = phi[:, even]  # K x n
            for _ in range(iters):
                r = theta[:, None] * pw
                r /= r.sum(axis=0, keepdims=True)
                theta = (alpha + r.sum(axis=1)) / (len(even) + K * alpha)
        ll += np.log(theta @ phi[:, odd]).sum()
        n += len(odd)
    return float(np.exp(-ll / n)), n


def run_ocrfix(a, tmp, extra):
    """Runs ocrfix lda with dumps; returns (wall s, CPU s, own perplexity,
    train docs, test docs, vocab, phi)."""
    docs, phi = os.path.join(tmp, "docs.tsv"), os.path.join(tmp, "phi.tsv")
    cmd = [a.ocrfix, "lda", "-corpus", a.corpus, "-k", str(a.k), "-alpha", str(a.alpha),
           "-beta", str(a.beta), "-seed", str(a.seed), "-top", "0",
           "-dump-docs", docs, "-dump-phi", phi] + extra
    print("$ " + " ".join(cmd))
    ru0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    ru1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("  " + out.rstrip("\n").replace("\n", "\n  "))
    m = re.search(r"^trained in ([0-9.]+)s", out, re.M)
    wall = float(m.group(1))
    # CPU of the whole process (loading, training, its own perplexity,
    # dumps).
    cpu = (ru1.ru_utime - ru0.ru_utime) + (ru1.ru_stime - ru0.ru_stime)
    m = re.search(r"^held-out perplexity ([0-9.]+)", out, re.M)
    own = float(m.group(1)) if m else float("nan")
    train, test = read_docs(docs)
    vocab, phi_m = read_phi(phi)
    os.remove(docs)
    os.remove(phi)
    return wall, cpu, own, train, test, vocab, phi_m


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ocrfix", required=True, help="the ocrfix binary")
    ap.add_argument("--corpus", required=True, help="corpus directory (gt/ is used)")
    ap.add_argument("-k", type=int, default=30)
    ap.add_argument("--alpha", type=float, default=0.1)
    ap.add_argument("--beta", type=float, default=0.01)
    ap.add_argument("--fast-iters", type=int, default=50,
                    help="Gibbs sweeps of the second, fast ocrfix run (0: none)")
    ap.add_argument("--sklearn-iter", type=int, default=50, help="sklearn batch EM iterations")
    ap.add_argument("--gensim-passes", type=int, default=20)
    ap.add_argument("--peer-alpha", type=float, help="the peers' doc-topic prior (default: --alpha)")
    ap.add_argument("--peer-beta", type=float, help="the peers' topic-word prior (default: --beta)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("ocrfix_flags", nargs="*", help="extra flags for ocrfix lda")
    a = ap.parse_args()
    pa = a.alpha if a.peer_alpha is None else a.peer_alpha
    pb = a.beta if a.peer_beta is None else a.peer_beta

    tmp = tempfile.mkdtemp(prefix="lda_peers")
    try:
        # A one-sweep run measures the CPU of everything but the sampling
        # (loading, vocabulary, fold-in perplexity, dumps); it is subtracted
        # from the CPU of the real runs to estimate their training CPU; the
        # least of three runs, so that the estimate errs against ocrfix.
        base = min((run_ocrfix(a, tmp, a.ocrfix_flags + ["-iters", "1", "-burnin", "-1"])
                    for _ in range(3)), key=lambda r: r[1])
        runs = [("ocrfix (collapsed Gibbs, defaults)", run_ocrfix(a, tmp, a.ocrfix_flags))]
        if a.fast_iters > 0:
            runs.append(("ocrfix (collapsed Gibbs, %d sweeps)" % a.fast_iters,
                         run_ocrfix(a, tmp, a.ocrfix_flags + ["-iters", str(a.fast_iters)])))
    finally:
        os.rmdir(tmp)
    runs = [(name, (r[0], max(r[1] - base[1], 1e-3)) + r[2:]) for name, r in runs]
    _, _, _, train, test, vocab, _ = runs[0][1]
    index = {w: i for i, w in enumerate(vocab)}
    V, K = len(vocab), a.k
    for name, r in runs:
        if r[6].shape[0] != K or r[5] != vocab or r[3] != train:
            sys.exit("%s: topics, vocabulary or documents differ between ocrfix runs" % name)
    try:
        train_ids = [np.array([index[w] for w in d], dtype=np.int64) for d in train]
        test_ids = [np.array([index[w] for w in d], dtype=np.int64) for d in test]
    except KeyError as e:
        sys.exit("word %s of the documents is not in the phi vocabulary" % e)
    ntok = sum(len(d) for d in train_ids)
    print("corpus: %d training docs (%d tokens), %d held-out docs, V=%d, K=%d, alpha=%g, beta=%g"
          " (peers: alpha=%g, beta=%g)" % (len(train), ntok, len(test), V, K, a.alpha, a.beta, pa, pb))

    # Document-term matrix (sklearn) and bag-of-words corpus (gensim), built
    # outside the timed part.
    rows = np.concatenate([np.full(len(d), i) for i, d in enumerate(train_ids)])
    cols = np.concatenate(train_ids)
    X = sp.csr_matrix((np.ones(len(cols)), (rows, cols)), shape=(len(train_ids), V))
    X.sum_duplicates()
    bow = []
    for i in range(X.shape[0]):
        r = X.getrow(i)
        bow.append(list(zip(r.indices.tolist(), r.data.astype(int).tolist())))
    id2word = dict(enumerate(vocab))

    results = []
    for name, (wall, cpu, own, _, _, _, phi_m) in runs:
        pp, n = completion_perplexity(phi_m, test_ids, a.alpha)
        results.append((name, wall, cpu, pp, own))

    t0, c0 = time.perf_counter(), time.process_time()
    skl = LatentDirichletAllocation(n_components=K, doc_topic_prior=pa,
                                    topic_word_prior=pb, learning_method="batch",
                                    max_iter=a.sklearn_iter, random_state=a.seed, n_jobs=1)
    skl.fit(X)
    t_skl, c_skl = time.perf_counter() - t0, time.process_time() - c0
    pp_skl, _ = completion_perplexity(skl.components_, test_ids, a.alpha)
    Xt = sp.csr_matrix((np.ones(sum(len(d) for d in test_ids)),
                        (np.concatenate([np.full(len(d), i) for i, d in enumerate(test_ids)]),
                         np.concatenate(test_ids))), shape=(len(test_ids), V))
    results.append(("sklearn LatentDirichletAllocation (batch VB, %d iter)" % a.sklearn_iter,
                    t_skl, c_skl, pp_skl, skl.perplexity(Xt)))

    t0, c0 = time.perf_counter(), time.process_time()
    gm = LdaModel(corpus=bow, id2word=id2word, num_topics=K, alpha=np.full(K, pa),
                  eta=pb, passes=a.gensim_passes, iterations=100, chunksize=len(bow),
                  update_every=1, random_state=a.seed, eval_every=None)
    t_gen, c_gen = time.perf_counter() - t0, time.process_time() - c0
    pp_gen, _ = completion_perplexity(gm.get_topics(), test_ids, a.alpha)
    test_bow = [list(zip(*np.unique(d, return_counts=True))) for d in test_ids]
    test_bow = [[(int(w), int(c)) for w, c in d] for d in test_bow]
    results.append(("gensim LdaModel (online VB, %d passes)" % a.gensim_passes,
                    t_gen, c_gen, pp_gen, float(np.exp2(-gm.log_perplexity(test_bow)))))

    print()
    print("held-out perplexity: document completion under one evaluator (%d scored tokens)" % n)
    print("%-52s %8s %8s %11s %13s" % ("model", "train s", "CPU s", "perplexity", "own estimate"))
    for name, t, c, p, own in results:
        print("%-52s %8.3f %8.3f %11.1f %13.1f" % (name, t, c, p, own))
    print("(train s: wall-clock training time; CPU s: training CPU, for the peers that of fit(),")
    print(" for ocrfix its process CPU minus the least of three one-sweep runs, %.3f s)" % base[1])
    print("ratios peer / ocrfix: time > 1 means ocrfix is faster; perplexity > 1 means ocrfix is better")
    peers = results[len(runs):]
    for oname, ot, oc, op, _ in results[:len(runs)]:
        print(" vs %s:" % oname)
        for name, t, c, p, _ in peers:
            print("  %-34s time x%.2f (CPU x%.2f)  perplexity x%.3f"
                  % (name.split(" (")[0], t / ot, c / oc, p / op))
    print("(own estimates are not comparable across libraries: ocrfix's is its Gibbs fold-in "
          "document completion; sklearn's and gensim's are variational bounds on whole documents)")


if __name__ == "__main__":
    main()
