#!/usr/bin/python3
"""The mpmath peer of bench_certified: the same formulas as normbound's theorem
evaluations, at the same precision (mp.prec = 128), on the same inputs (the file written by
`bench_certified --write-inputs`), uncertified (round-to-nearest floating point, no error bound).

Each function below mirrors the evaluation of its theorem file step by step (the file is named in
its comment), including work that the claims do not use, so that both do the same arithmetic.
Dot products and sums use mpmath's own fdot and fsum, its fastest way to compute them. The
binary64 screens of candidate pairs (verify/kernels/pair_distances.cpp) are done with NumPy, as normbound
does them in binary64. The Jacobian's spectral norm is evaluated twice, with the secular
equation's root found as a user would write it (bisection at 128 bits) and as normbound finds it
(located in binary64, then checked at two points beside it).

Prints one JSON object: per workload and algorithm the CPU seconds per evaluation of every round
(each round repeats the evaluation for at least --min-seconds) and the values and bounds of its
claims.
Run with Debian's /usr/bin/python3 (python3-mpmath, python3-numpy).
"""
import argparse
import json
import time

import mpmath
import numpy
from mpmath import exp, fdot, fsum, mp, mpf, sqrt

PRECISION = 128


def read_workloads(path):
    """The workload file (bench/workload_file.hpp): name -> {numbers, integers}."""
    tokens = open(path).read().split()
    if tokens[:2] != ["normbound-bench-inputs", "1"] or tokens[2] != "seed":
        raise SystemExit(f"{path}: not a normbound-bench-inputs 1 file")
    pos, workloads = 4, {}
    while pos < len(tokens):
        assert tokens[pos] == "workload", tokens[pos]
        name = tokens[pos + 1] + " " + tokens[pos + 2]
        numbers, integers = {}, {}
        pos += 3
        while tokens[pos] != "end":
            kind, key = tokens[pos], tokens[pos + 1]
            if kind == "integer":
                integers[key] = int(tokens[pos + 2])
                pos += 3
            else:
                rows, cols = int(tokens[pos + 2]), int(tokens[pos + 3])
                values = [float.fromhex(t) for t in tokens[pos + 4:pos + 4 + rows * cols]]
                numbers[key] = numpy.array(values).reshape(rows, cols)
                pos += 4 + rows * cols
        workloads[name] = {"numbers": numbers, "integers": integers}
        pos += 1
    return workloads


# ---- shared numerics (verify/*.hpp) ------------------------------------------------------------

def to_mpf(array):
    """A binary64 matrix as rows of mpf (exact), like ExactTensor::to_matrix."""
    return [[mpf(float(v)) for v in row] for row in array]


def root(square):
    return sqrt(max(square, 0))


def norm(v):
    return root(fdot(v, v))


def softmax(logits, T):
    """verify/kernels/softmax.hpp: exp((l_i - m)/T) / sum_j exp((l_j - m)/T), m the largest logit."""
    shift = max(logits)
    e = [exp((l - shift) / T) for l in logits]
    total = fsum(e)
    return [x / total for x in e]


def top_n(values, N):
    """verify/kernels/top_n.hpp: the N largest exact values, ties to the smaller index; both sorted."""
    order = sorted(range(len(values)), key=lambda i: (-values[i], i))
    return sorted(order[:N]), sorted(order[N:])


SCREEN_ERROR = lambda d: (4 * (d + 2) * 2.0**-52, 4 * (d + 1) * 2.0**-1074)


def direct_min_screen(X, i, j):
    """verify/kernels/pair_distances.cpp: of the pairs (i[k], j[k]), those whose distance can be the smallest."""
    relative, absolute = SCREEN_ERROR(X.shape[1])
    f = ((X[i] - X[j]) ** 2).sum(axis=1)
    keep = numpy.nonzero(f * (1 - relative) - absolute <= (f * (1 + relative) + absolute).min())[0]
    return list(zip(i[keep].tolist(), j[keep].tolist()))


def min_distance_candidates(X):
    """verify/kernels/pair_distances.cpp: pairs i < j whose distance can be the smallest: a Gram-matrix
    stage (n_i + n_j - 2 g_ij, error relative to the norms; NumPy's BLAS product) keeps a superset
    of the direct screen's candidates, then the direct screen over those."""
    relative, absolute = SCREEN_ERROR(X.shape[1])
    i, j = numpy.triu_indices(X.shape[0], 1)
    norms = (X * X).sum(axis=1)
    if not norms.max() <= numpy.finfo(float).max / 16:
        return direct_min_screen(X, i, j)
    sums = norms[i] + norms[j]
    f, e = sums - 2 * (X @ X.T)[i, j], relative * sums + 2 * absolute
    keep = numpy.nonzero(f - e <= (f + e).min() * (1 + 4 * relative) + 4 * absolute)[0]
    return direct_min_screen(X, i[keep], j[keep])


def max_distance_candidates(X, A, B):
    """verify/kernels/pair_distances.cpp: pairs (a, b) whose distance can be the largest over A x B."""
    relative, absolute = SCREEN_ERROR(X.shape[1])
    f = ((X[A][:, None, :] - X[B][None, :, :]) ** 2).sum(axis=2)
    threshold = (f * (1 - relative) - absolute).max()
    keep = numpy.nonzero(f * (1 + relative) + absolute >= threshold)
    return [(A[a], B[b]) for a, b in zip(*keep)]


def row_distance(x, a, b):
    diff = [u - v for u, v in zip(x[a], x[b])]
    return root(fdot(diff, diff))


# ---- the theorems' evaluations -----------------------------------------------------------------

def weight_bounds(n, _):
    """theorems/softmax-weight-bounds.toml."""
    q, K, T = [mpf(float(v)) for v in n["query"][:, 0]], to_mpf(n["keys"]), mpf(float(n["T"][0, 0]))
    L = len(K)
    key_norm = max(norm(k) for k in K)
    delta = norm(q) * key_norm
    alpha = softmax([fdot(k, q) for k in K], T)
    lo, hi = min(alpha), max(alpha)
    spread = exp(2 * delta / T)
    return [(lo, 1 / (spread * L)), (hi, spread / L)]


def bisected_root(alpha, first, second):
    """The largest eigenvalue of diag(alpha) - alpha alpha^T as a user would write it: bisection of
    f(x) = 1 - sum_i alpha_i^2 / (alpha_i - x) on [alpha_second, alpha_first], 2 prec + 64 steps
    at most."""
    lo, hi = alpha[second], alpha[first]
    for _ in range(2 * mp.prec + 64):
        x = (lo + hi) / 2
        if not (lo < x < hi):
            break
        f = 1 - fsum(a * a / (a - x) for a in alpha)
        if f > 0:
            lo = x
        elif f < 0:
            hi = x
        else:
            break
    return (lo + hi) / 2


def secular_function(alpha, top, first, x):
    """secular_function of verify/kernels/softmax_jacobian_norm.hpp: the top term as (top - x) / (alpha_first - x)."""
    return (top - x) / (alpha[first] - x) - fsum(a * a / (a - x) for i, a in enumerate(alpha) if i != first)


def located_root(alpha, first, second):
    """The same eigenvalue as normbound's binary64 tier finds it (softmax_jacobian_norm and
    secular_root_bracket, verify/kernels/softmax_jacobian_norm.*): the bracket [max(d_2, max_i alpha_i o_i),
    min(d_1, sum_i alpha_i o_i)], the root located by bisection in binary64 (NumPy), then a point
    just below and one just above it where f has the expected sign (margin |root| 2^-50, as
    normbound's when its enclosure of f is narrow; doubled until the sign is right). Where that
    fails, the bisection above, as normbound falls back to its own."""
    L = len(alpha)
    suffix = [mpf(0)] * (L + 1)
    for i in reversed(range(L)):
        suffix[i] = suffix[i + 1] + alpha[i]
    prefix, diagonal = mpf(0), []
    for i in range(L):
        diagonal.append(alpha[i] * (prefix + suffix[i + 1]))
        prefix += alpha[i]
    top = diagonal[first]
    lo = float(max(alpha[second], max(diagonal)))
    hi = float(min(alpha[first], fsum(diagonal)))
    mid, others = numpy.array([float(a) for a in alpha]), numpy.arange(L) != first
    top_mid = float(top)

    def approximate_f(x):
        rest = mid[others]
        return (top_mid - x) / (mid[first] - x) - float((rest * rest / (rest - x)).sum())

    below, above = lo, hi
    for _ in range(2 * 53 + 64):
        x = below + (above - below) / 2
        if not (below < x < above):
            break
        f = approximate_f(x)
        if f > 0:
            below = x
        elif f < 0:
            above = x
        else:
            below = above = x
            break
    root = below + (above - below) / 2

    start = abs(root) * 2.0**-50

    def end(direction):
        margin = start
        for _ in range(40):
            x = root + direction * margin
            if not (lo < x < hi):
                return None
            f = secular_function(alpha, top, first, mpf(x))
            if (f > 0) if direction < 0 else (f < 0):
                return x
            margin *= 2
        return None

    lower = end(-1) if lo < hi and 0 < start < float("inf") else None
    upper = end(+1) if lower is not None else None
    if upper is None:
        return bisected_root(alpha, first, second)
    return (mpf(lower) + mpf(upper)) / 2


def jacobian_sharp(n, _, root_search):
    """theorems/softmax-jacobian-spectral-sharp.toml with verify/kernels/softmax_jacobian_norm.hpp, the
    secular equation's root found by `root_search`."""
    raw = [float(v) for v in n["logits"][:, 0]]
    T = mpf(float(n["T"][0, 0]))
    alpha = softmax([mpf(v) for v in raw], T)
    first = top_n(raw, 1)[0][0]
    second = [i for i in top_n(raw, 2)[0] if i != first][0]
    if raw[first] == raw[second]:
        jacobian_norm = alpha[first] / T
    else:
        jacobian_norm = root_search(alpha, first, second) / T
    alpha_max = max(alpha)
    return [(jacobian_norm, 1 / (2 * T)), (jacobian_norm, alpha_max / T)]


def topn_fixed(n, integers):
    """theorems/topn-distance-fixed.toml with fixed_set_terms of verify/reproduce/topn_distance.hpp."""
    raw = [float(v) for v in n["logits"][:, 0]]
    T = mpf(float(n["T"][0, 0]))
    alpha = softmax([mpf(v) for v in raw], T)
    x = to_mpf(n["vectors"])
    y = [[a * v for v in row] for a, row in zip(alpha, x)]
    selected, rest = top_n(raw, integers["N"])
    selected_weight = fsum(alpha[j] for j in selected)
    rest_weight = fsum(alpha[i] for i in rest)
    d1 = max(row_distance(x, a, b) for a, b in max_distance_candidates(n["vectors"], rest, selected))
    d2 = max(norm(x[j]) for j in selected)
    columns = range(len(x[0]))
    s = [fsum(y[j][k] for j in selected) for k in columns]
    cumulative = fsum(norm([y[i][k] - s[k] for k in columns]) for i in rest)
    # fixed_set_terms computes the other reading's distance and bound too (not claims here).
    _norm_of_sum = norm([fsum(y[i][k] for i in rest) - s[k] for k in columns])
    _norm_of_sum_bound = rest_weight * d1 + abs(rest_weight - selected_weight) * d2
    bound = rest_weight * d1 + (len(rest) * selected_weight - rest_weight) * d2
    return [(cumulative, bound)]


def separability_lower(n, integers):
    """theorems/separability-lower.toml with separability_terms of verify/kernels/separability.hpp."""
    raw = [float(v) for v in n["logits"][:, 0]]
    T = mpf(float(n["T"][0, 0]))
    alpha = softmax([mpf(v) for v in raw], T)
    x = to_mpf(n["vectors"])
    L = len(x)
    selected, rest = top_n(raw, integers["N"])
    # The rows of I of X X^T and its diagonal, as gram_rows<R> computes them.
    G = [[None] * L for _ in range(L)]
    for i in range(L):
        G[i][i] = fdot(x[i], x[i])
    for k in selected:
        G[k] = [fdot(x[k], xj) for xj in x]
    N = len(selected)
    M = root(max(G[i][i] for i in range(L)))
    delta = min(row_distance(x, a, b) for a, b in min_distance_candidates(n["vectors"]))

    o = [[None] * L for _ in range(N)]
    g = [None] * L
    for m in range(L):
        suffix = [mpf(0)] * (N + 1)
        for p in reversed(range(N)):
            suffix[p] = suffix[p + 1] + alpha[selected[p]] * G[selected[p]][m]
        prefix = mpf(0)
        for p in range(N):
            o[p][m] = prefix + suffix[p + 1]
            prefix += alpha[selected[p]] * G[selected[p]][m]
        g[m] = prefix
    s_squared = fsum(alpha[j] * g[j] for j in selected)

    suffix_weight, suffix_square = [mpf(0)] * (N + 1), [mpf(0)] * (N + 1)
    for p in reversed(range(N)):
        a = alpha[selected[p]]
        suffix_weight[p] = suffix_weight[p + 1] + a
        suffix_square[p] = suffix_square[p + 1] + a * a
    prefix_weight = prefix_square = mpf(0)
    half_delta_squared = delta * delta / 2
    dist, xi = [], []
    for p in range(N):
        k = selected[p]
        dist.append(root(fsum(alpha[selected[q]] * o[p][selected[q]] for q in range(N) if q != p)))
        A, Q = prefix_weight + suffix_weight[p + 1], prefix_square + suffix_square[p + 1]
        xi.append(root(M * M * A * A - half_delta_squared * (A * A - Q)))
        prefix_weight += alpha[k]
        prefix_square += alpha[k] * alpha[k]

    r = min(root(s_squared - 2 * alpha[i] * g[i] + alpha[i] * alpha[i] * G[i][i]) for i in rest)
    separated = premise_tokens = 0
    envelope_terms = []
    two_M_squared = 2 * M * M
    for p in range(N):
        k = selected[p]
        counted = 1
        for i in rest:
            gap = (2 * (alpha[k] * o[p][k] - alpha[i] * o[p][i]) + alpha[k] * alpha[k] * G[k][k]
                   - 2 * alpha[k] * alpha[i] * G[k][i] + alpha[i] * alpha[i] * G[i][i])
            counted *= 1 if 0 < gap else 0
        separated += counted
        premise_tokens += 1 if r < xi[p] else 0
        excess = max(xi[p] - r, 0)
        envelope_terms.append(exp(-(excess * excess) / two_M_squared))
    _envelope = fsum(envelope_terms) / N  # separability_terms computes it (not a claim here)
    xi_sum = fsum(xi)
    _quantities = (mpf(separated) / N, 1 - xi_sum / (r * N))  # the theorem's printed quantities
    return [(d, bound) for d, bound in zip(dist, xi)] + [(r * (N - separated), xi_sum)]


# The evaluations of each theorem, each timed and reported with its algorithm (the labels that
# certified_table.py prints): the peers follow normbound's steps, except the first Jacobian
# evaluation, which finds the secular root as a user would write it.
SAME_STEPS = "normbound's (same steps)"
EVALUATIONS = {
    "softmax-weight-bounds": [(SAME_STEPS, weight_bounds)],
    "softmax-jacobian-spectral-sharp": [
        ("as a user would write it (bisection)", lambda n, i: jacobian_sharp(n, i, bisected_root)),
        ("normbound's (root located in binary64)", lambda n, i: jacobian_sharp(n, i, located_root))],
    "topn-distance-fixed": [(SAME_STEPS, topn_fixed)],
    "separability-lower": [(SAME_STEPS, separability_lower)],
}


def seconds_per_evaluation(min_seconds, evaluate):
    start, calls = time.process_time(), 0
    while True:
        evaluate()
        calls += 1
        elapsed = time.process_time() - start
        if elapsed >= min_seconds:
            return elapsed / calls


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("inputs", help="file written by bench_certified --write-inputs")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--min-seconds", type=float, default=0.2)
    parser.add_argument("--only", action="append", default=[], help="workloads whose name contains this")
    args = parser.parse_args()
    mp.prec = PRECISION
    report = {"peer": "mpmath", "version": mpmath.__version__, "backend": mpmath.libmp.BACKEND,
              "precision_bits": mp.prec, "workloads": []}
    for name, w in read_workloads(args.inputs).items():
        if args.only and not any(o in name for o in args.only):
            continue
        for algorithm, evaluate in EVALUATIONS[name.split()[0]]:
            claims = []
            def run():
                claims[:] = evaluate(w["numbers"], w["integers"])
            seconds = [seconds_per_evaluation(args.min_seconds, run) for _ in range(args.rounds)]
            report["workloads"].append({"name": name, "algorithm": algorithm, "seconds": seconds,
                                        "claims": [{"value": mpmath.nstr(v, 40), "bound": mpmath.nstr(b, 40)}
                                                   for v, b in claims]})
    print(json.dumps(report))


if __name__ == "__main__":
    main()
