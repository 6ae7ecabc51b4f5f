#!/usr/bin/python3
"""Independent check of `normbound reproduce` on the tiny GPT-2 fixture.

Reads the reproduction JSON that normbound wrote for
  normbound reproduce fig2a fig2b fig2c fig3 --source gpt2-positions:FIXTURE --rows all ...
and recomputes every per-head number with numpy from the fixture's golden activations (the
positions path run by PyTorch in float64: golden/positions/layer<l>_{q,k,v}.npy), following the
paper's definitions (arXiv 2508.17821, Theorems 1 and 2, Algorithms 1-4) written afresh:
  * deterministic quantities (true distance d~, the Theorem 1 fixed-set bound, the main sum M of
    the uniform-subset model, the fixed-context model, N_s/N and both Theorem 2 bounds): equal to
    a relative 1e-5 (the C++ pass runs in float32, the golden one in float64);
  * the sampled models (uniform subset, permuted weights): their exact expectation and variance by
    enumerating every subset and every permutation (rows of at most 7 tokens), and the C++ mean
    over rows must lie within 5 standard errors of the exact mean;
  * Algorithm 3 against L (Fig. 2c): for the deterministic models, the two-sample KS statistic and
    its exact p-value by enumerating every split of the pooled per-head means (equal sizes), at
    every (L, N); and for every model the critical N at each L from the p-values.
With --normalizer sparsemax in that run, the deterministic quantities of fig2a-sparsemax and
fig3-sparsemax are recomputed the same way with sparsemax weights (its threshold by bisection).
With a second reproduction JSON (any source, experiments fig3 and fig4, an N grid holding 16),
the claims' statistics are recomputed from its per-head tables: E4a's mean change of N_s/N from
the smallest N to N = 16, its 95% confidence interval and effect size, and per logit scale and eps
the E6a and E6c ratios with their two-standard-error intervals and the verdicts they give.
Exit status 0 when everything agrees, 1 with a message per disagreement.

Usage: check_reproduction.py REPRODUCTION_JSON FIXTURE_DIR SAMPLES [STATISTICS_JSON]
"""
import itertools
import json
import math
import pathlib
import sys

import numpy as np


def softmax(z):
    e = np.exp(z - z.max())
    return e / e.sum()


def sparsemax(z):
    """The Euclidean projection of z onto the simplex (Martins & Astudillo 2016): max(z - tau, 0)
    with tau found by bisection on sum(max(z - tau, 0)) = 1 (not normbound's sort-based threshold)."""
    lo, hi = z.max() - 1, z.max()
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if np.maximum(z - mid, 0).sum() > 1 else (lo, mid)
    return np.maximum(z - (lo + hi) / 2, 0)


def top_n(logits, n):
    return sorted(range(len(logits)), key=lambda i: (-logits[i], i))[:n]


def distance(y, selected):
    s = y[list(selected)].sum(axis=0)
    return sum(np.linalg.norm(y[i] - s) for i in range(len(y)) if i not in selected)


def row_terms(logits, T, x, n, weigh=softmax):
    """Theorem 1 on one row with the weights weigh(logits / T): d~, the fixed bound, M,
    fixed-context, and both sampled models' exact mean and variance."""
    L = len(logits)
    a = weigh(logits / T)
    y = a[:, None] * x
    top = set(top_n(logits, n))
    rest = [i for i in range(L) if i not in top]
    abar = a[list(top)].sum()
    d1 = max(np.linalg.norm(x[i] - x[j]) for i in rest for j in top)
    d2 = max(np.linalg.norm(x[j]) for j in top)
    bound = (1 - abar) * d1 + ((L - n) * abar - (1 - abar)) * d2
    total = y.sum(axis=0)
    main = (L - n) / L * sum(np.linalg.norm(y[i] - n / (L - 1) * (total - y[i])) for i in range(L))
    s = y[list(top)].sum(axis=0)
    fixed = np.mean([sum(np.linalg.norm(y[i] - s) for i in range(L) if i not in I)
                     for I in itertools.combinations(range(L), n)])
    uniform = [distance(y, set(I)) for I in itertools.combinations(range(L), n)]
    order = np.argsort(-a, kind="stable")
    ranked = a[order]
    permuted = []
    for perm in itertools.permutations(range(L)):
        w = np.empty(L)
        w[list(perm)] = ranked
        permuted.append(distance(w[:, None] * x, set(perm[:n])))
    return (distance(y, top), bound, main, fixed,
            (np.mean(uniform), np.var(uniform)), (np.mean(permuted), np.var(permuted)))


def separability(logits, T, x, n, weigh=softmax):
    """Theorem 2 on one row with the weights weigh(logits / T), vectors on the unit sphere: N_s/N,
    the lower bound (clipped at 0), the upper envelope, and whether the lower bound before
    clipping is <= 0 (trivial)."""
    x = x / np.linalg.norm(x, axis=1, keepdims=True)
    L = len(logits)
    a = weigh(logits / T)
    y = a[:, None] * x
    top = top_n(logits, n)
    s = y[top].sum(axis=0)
    r = min(np.linalg.norm(s - y[i]) for i in range(L) if i not in top)
    M = max(np.linalg.norm(v) for v in x)
    delta = min(np.linalg.norm(x[i] - x[j]) for i in range(L) for j in range(i))
    inside, xis, terms = 0, [], []
    for k in top:
        inside += np.linalg.norm(s - y[k]) < r
        others = [j for j in top if j != k]
        A = a[others].sum()
        Q = (a[others] ** 2).sum()
        xi = math.sqrt(max(0.0, M * M * A * A - delta * delta / 2 * (A * A - Q)))
        xis.append(xi)
        terms.append(math.exp(-max(xi - r, 0.0) ** 2 / (2 * M * M)))
    lower = 1 - sum(xis) / (r * n)
    return inside / n, max(0.0, lower), sum(terms) / n, lower <= 0


def close(ours, theirs, rel=1e-5):
    return abs(ours - theirs) <= rel * max(1.0, abs(theirs))


def threshold_verdict(estimate, low, high, threshold, holds_below):
    if low <= threshold <= high:
        return "FRAGILE"
    return "REPRODUCED" if (high < threshold) == holds_below else "NOT REPRODUCED"


def rows_of(table):
    col = {name: i for i, name in enumerate(table["columns"])}
    return [{name: row[i] for name, i in col.items()} for row in table["rows"]]


def check_statistics(result, failures):
    """E4a's effect size and the per-eps E6 ratios, from the per-head tables."""
    experiments = {e["id"]: e for e in result["experiments"]}
    claims = {c["claim"]: c for e in result["experiments"] for c in e["claims"]}
    checked = 0

    def compare(what, ours, theirs, rel=1e-9):
        nonlocal checked
        checked += 1
        if not close(ours, theirs, rel):
            failures.append(f"{what}: normbound {ours}, numpy {theirs}")

    heads = {}
    for r in rows_of(experiments["fig3"]["per_head"]):
        heads.setdefault(int(r["N"]), {})[(r["window"], r["layer"], r["head"])] = float(r["mean_fraction"])
    smallest = min(heads)
    change = np.array([f - heads[smallest][k] for k, f in heads[16].items() if k in heads[smallest]])
    mean, sd = change.mean(), change.std(ddof=1)
    half = 1.96 * sd / math.sqrt(len(change))
    numbers = claims["E4a"]["numbers"]
    for name, value in (("mean_change", mean), ("ci_low", mean - half), ("ci_high", mean + half),
                        ("effect_size_dz", mean / sd), ("heads", len(change))):
        compare(f"E4a {name}", numbers[name], value)
    checked += 1
    if claims["E4a"]["verdict"] != threshold_verdict(mean, mean - half, mean + half, -0.05, True):
        failures.append(f"E4a verdict {claims['E4a']['verdict']}")

    best = {}  # (scale, eps, T) -> (max over heads of the mean g, that head's relative standard error, the head)
    for r in rows_of(experiments["fig4"]["per_head"]):
        key = (r["logits"], float(r["eps"]), float(r["T"]))
        mean_g, rows = float(r["mean_g"]), float(r["rows"])
        if key not in best or mean_g > best[key][0]:
            best[key] = (mean_g, float(r["sd_g"]) / math.sqrt(rows) / mean_g, (r["layer"], r["head"]))
    for scale, name in (("scaled", "scaled q.k/sqrt(d)"), ("raw", "raw q.k")):
        grid = sorted({(e, T) for (s, e, T) in best if s == scale})
        for eps in sorted({e for e, _ in grid}):
            Ts = sorted(T for e, T in grid if e == eps)
            g = {T: best[(scale, eps, T)] for T in Ts}
            small = [T for T in Ts if T < 0.1]
            hi, lo = max(small, key=lambda T: g[T][0] * T), min(small, key=lambda T: g[T][0] * T)
            top = max((T for T in Ts if T >= 1), key=lambda T: g[T][0])
            for claim, a, b, threshold, below in (("E6a", g[hi][0] * hi, g[lo][0] * lo, 2, True),
                                                  ("E6c", g[Ts[0]][0], g[top][0], 10, False)):
                ta, tb = (hi, lo) if claim == "E6a" else (Ts[0], top)
                ratio = a / b
                c = claims[f"{claim} ({name}, eps {eps:.3g})"]
                compare(f"{claim} {scale} eps {eps} ratio", c["numbers"]["ratio"], ratio)
                # The covariance of two means over the same rows (one head best at both T) is
                # normbound's; over different heads' rows it must be 0, and |cov| <= ra rb always.
                cab = c["numbers"]["relative_covariance"]
                checked += 1
                if (g[ta][2] != g[tb][2] and cab != 0) or abs(cab) > g[ta][1] * g[tb][1] * (1 + 1e-9):
                    failures.append(f"{claim} {scale} eps {eps}: relative covariance {cab}")
                spread = math.exp(2 * math.sqrt(max(0.0, g[ta][1] ** 2 + g[tb][1] ** 2 - 2 * cab)))
                if c["verdict"] != "NOT TESTABLE ON THIS SOURCE":
                    checked += 1
                    expected = threshold_verdict(ratio, ratio / spread, ratio * spread, threshold, below)
                    if c["verdict"] != expected:
                        failures.append(f"{claim} {scale} eps {eps}: verdict {c['verdict']}, numpy {expected}")
    return checked


def ks_permutation(a, b):
    """Two-sample KS statistic of a and b and its exact p-value: the share of the splits of the
    pooled sample into two groups of the same sizes whose statistic is at least as large."""
    pooled = np.concatenate([a, b])
    order = np.argsort(pooled, kind="stable")
    n, total = len(a), len(pooled)
    splits = np.zeros((math.comb(total, n), total), dtype=bool)
    for row, chosen in enumerate(itertools.combinations(range(total), n)):
        splits[row, list(chosen)] = True
    in_a = splits[:, order]
    # Ties: the empirical CDFs are compared after all equal values.
    last_of_value = np.append(np.diff(pooled[order]) != 0, True)
    gap = np.abs(np.cumsum(in_a, axis=1) / n - np.cumsum(~in_a, axis=1) / (total - n))[:, last_of_value].max(axis=1)
    observed = gap[0]  # the first split is the observed one: a, then b
    return observed, float(np.mean(gap >= observed - 1e-12))


def critical_n(p_values, alpha):
    """The first N (in grid order) whose p-value is not below alpha, -1 when every N rejects."""
    return next((N for N, p in p_values if p >= alpha), -1)


def main():
    result = json.loads(pathlib.Path(sys.argv[1]).read_text())
    golden = pathlib.Path(sys.argv[2]) / "golden" / "positions"
    samples = int(sys.argv[3])
    config = json.loads((pathlib.Path(sys.argv[2]) / "config.json").read_text())
    width = config["n_embd"] // config["n_head"]
    T = float(np.float32(math.sqrt(width)))
    failures = []
    checked = 0

    def head_arrays(layer, head, length):
        cols = slice(head * width, (head + 1) * width)
        q, k, v = (np.load(golden / f"layer{layer}_{name}.npy")[:length, cols] for name in "qkv")
        return q, k, v

    terms_cache = {}

    def row_terms_of(layer, head, t, N, weigh=softmax):
        """row_terms of row t (the pass is causal: the same for every L > t)."""
        key = (layer, head, t, N, weigh)
        if key not in terms_cache:
            q, k, v = head_arrays(layer, head, t + 1)
            terms_cache[key] = row_terms(q[t] @ k[: t + 1].T, T, v[: t + 1], N, weigh)
        return terms_cache[key]

    experiments = {e["id"]: e for e in result["experiments"]}
    # Another normalizer's run (--normalizer sparsemax): its deterministic quantities with its weights.
    for exp_id, weigh in (("fig2a", softmax), ("fig2b", softmax), ("fig2a-sparsemax", sparsemax)):
        if exp_id not in experiments:
            continue
        for row in rows_of(experiments[exp_id]["per_head"]):
            layer, head, L, N = (int(row[c]) for c in ("layer", "head", "L", "N"))
            rows = [t for t in range(L) if t + 1 > N]  # --rows all
            terms = [row_terms_of(layer, head, t, N, weigh) for t in rows]
            R = len(rows)
            expected = {name: sum(t[i] for t in terms) / R
                        for i, name in enumerate(("distance", "bound", "uniform-subset-main-sum", "fixed-context"))}
            for name, value in expected.items():
                ours = float(row["mean_" + name])
                checked += 1
                if not close(ours, value):
                    failures.append(f"{exp_id} L{layer} H{head} L={L} N={N} {name}: normbound {ours}, numpy {value}")
            if weigh is not softmax:
                continue
            for i, name in ((4, "uniform-subset"), (5, "permuted-weights")):
                mean = sum(t[i][0] for t in terms) / R
                se = math.sqrt(sum(t[i][1] for t in terms) / samples) / R
                ours = float(row["mean_" + name])
                checked += 1
                if abs(ours - mean) > 5 * se + 1e-12:
                    failures.append(f"{exp_id} L{layer} H{head} L={L} N={N} {name}: normbound {ours}, exact {mean} "
                                    f"(standard error {se})")
    # Fig. 2c: per (L, N) the per-head means of d~ and of the deterministic models, their KS test.
    heads = sorted({(int(r["layer"]), int(r["head"])) for r in rows_of(experiments["fig2a"]["per_head"])})
    p_values = {}  # (model, L) -> [(N, p)] in grid order
    for r in rows_of(experiments["fig2c"]["per_head"]):
        L, N, model, p = int(r["L"]), int(r["N"]), r["model"], float(r["p_value"])
        p_values.setdefault((model, L), []).append((N, p))
        index = {"uniform-subset-main-sum": 2, "fixed-context": 3}.get(model)
        if index is None:
            continue
        means = np.array([[np.mean([row_terms_of(layer, head, t, N)[i] for t in range(L) if t + 1 > N])
                           for layer, head in heads] for i in (0, index)])
        statistic, p_exact = ks_permutation(means[0], means[1])
        checked += 2
        if abs(statistic - float(r["ks_statistic"])) > 1e-9 or abs(p_exact - p) > 1e-9:
            failures.append(f"fig2c L={L} N={N} {model}: normbound D {r['ks_statistic']} p {p}, "
                            f"numpy D {statistic} p {p_exact}")
    for r in rows_of(experiments["fig2c"]["aggregate"]):
        expected = critical_n(p_values[(r["model"], int(r["L"]))], float(r["alpha"]))
        checked += 1
        if float(r["critical_N"]) != expected:
            failures.append(f"fig2c critical N of {r['model']} alpha {r['alpha']} L={r['L']}: normbound "
                            f"{r['critical_N']}, numpy {expected}")
    trivial = 0
    for exp_id, weigh in (("fig3", softmax), ("fig3-sparsemax", sparsemax)):
        if exp_id not in experiments:
            continue
        for row in rows_of(experiments[exp_id]["per_head"]):
            layer, head, L, N = (int(row[c]) for c in ("layer", "head", "L", "N"))
            q, k, v = head_arrays(layer, head, L)
            values = [separability(q[t] @ k[: t + 1].T, T, v[: t + 1], N, weigh) for t in range(L) if t + 1 > N]
            if weigh is softmax:
                trivial += sum(x[3] for x in values)
            for i, name in enumerate(("fraction", "lower_bound", "upper_envelope")):
                expected = sum(x[i] for x in values) / len(values)
                ours = float(row["mean_" + name])
                checked += 1
                if not close(ours, expected):
                    failures.append(f"{exp_id} L{layer} H{head} N={N} {name}: normbound {ours}, numpy {expected}")
    if len(sys.argv) > 4:
        checked += check_statistics(json.loads(pathlib.Path(sys.argv[4]).read_text()), failures)
    e5b = next(c for c in experiments["fig3"]["claims"] if c["claim"] == "E5b")
    checked += 1
    if e5b["numbers"]["trivial_rows"] != trivial:
        failures.append(f"E5b rows with a lower bound <= 0: normbound {e5b['numbers']['trivial_rows']}, numpy {trivial}")
    for f in failures:
        print("MISMATCH", f)
    print(f"{checked} numbers checked, {len(failures)} mismatches")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
