#!/usr/bin/python3
"""Prints compare_certified.sh's table from the JSON the peers wrote (one file per peer and round:
normbound-K.json from bench_certified --json, mpmath-K.json, arb-K.json) and the command timings
(commands.tsv: label, wall, user, sys seconds, exit status per line), then checks that every peer
computed the same claims as normbound:
  - each claim's value and bound agree with the midpoint of normbound's enclosure to 1e-25 times
    max(|value|, |bound|) of that claim (normbound's enclosures are at its first precision, 128 bits),
    or to 1e-12 where the peer located a root in binary64 (its bracket is about 2^-50 relative
    wide; 1e-12 leaves ten doublings of the bracket's margin);
  - each Arb ball intersects normbound's enclosure (both are enclosures of the same real number).
A peer reports each workload once per algorithm (certified_mpmath.py, certified_arb.c): one row
per workload and algorithm, normbound's times on every row of its workload.
Exits 1 when a check fails. Medians over rounds; ratios are of those medians.

Usage: certified_table.py DIR
"""
import glob
import json
import os
import statistics
import sys

from mpmath import mp, mpf

mp.prec = 256
AGREEMENT = mpf("1e-25")
# The peers' algorithms whose claims agree with normbound's to less than AGREEMENT.
AGREEMENT_OF_ALGORITHM = {"normbound's (root located in binary64)": mpf("1e-12")}

# The benchmark's targets.
TARGET_CERTIFIED_OVER_DOUBLE = 10
TARGET_MPMATH_OVER_CERTIFIED = 100
TARGET_ARB_OVER_CERTIFIED = 1
TARGET_CHECK_ALL_SECONDS = 10
TARGET_GPT2_ROW_SECONDS = 0.5


def load_rounds(directory, peer):
    """(name, algorithm) -> {"seconds": [...], "claims": first round's claims, ...} over every round
    of `peer`, in the order of its report (algorithm None for normbound)."""
    merged = {}
    meta = {}
    for path in sorted(glob.glob(os.path.join(directory, f"{peer}-*.json"))):
        report = json.load(open(path))
        meta = {k: v for k, v in report.items() if k != "workloads"}
        for w in report["workloads"]:
            entry = merged.setdefault((w["name"], w.get("algorithm")),
                                      {"seconds": [], "double": [], "certified": []})
            entry["seconds"] += w.get("seconds", [])
            entry["double"] += w.get("double_seconds", [])
            entry["certified"] += w.get("certified_seconds", [])
            entry.setdefault("claims", w.get("claims"))
            entry["verdict"] = w.get("verdict", "")
    return merged, meta


def seconds_text(s):
    if s is None:
        return "-"
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.1f} us"


def ratio_text(a, b):
    return "-" if a is None or b is None else f"{a / b:.3g}"


def median(values):
    return statistics.median(values) if values else None


def ball(text):
    """(midpoint, radius) of an Arb string "[m +/- r]", "[+/- r]" or "m"."""
    text = text.strip()
    if not text.startswith("["):
        return mpf(text), mpf(0)
    mid, _, rad = text[1:-1].rpartition("+/-")
    return (mpf(mid) if mid.strip() else mpf(0)), mpf(rad)


def agreement(reference, peer, is_arb):
    """(largest relative difference, whether every Arb ball meets its enclosure) for one workload."""
    if len(reference) != len(peer):
        return None, False
    worst, overlap = mpf(0), True
    for ref, mine in zip(reference, peer):
        lo_hi = {side: [mpf(t) for t in ref[side]] for side in ("value", "bound")}
        mids = {side: (lo + hi) / 2 for side, (lo, hi) in lo_hi.items()}
        scale = max(abs(mids["value"]), abs(mids["bound"]))
        for side in ("value", "bound"):
            mid, rad = ball(mine[side]) if is_arb else (mpf(mine[side]), mpf(0))
            difference = abs(mid - mids[side])
            worst = max(worst, difference / scale if scale else difference)
            lo, hi = lo_hi[side]
            if is_arb and (mid + rad < lo or mid - rad > hi):
                overlap = False
    return worst, overlap


def compare_with_peers(name, algorithm, w, mpmath_runs, arb_runs, rows, worst, failures, largest_difference):
    """Appends the table row of workload `name` with the peers' `algorithm`, updates the worst
    ratios, and checks the peers' claims against normbound's (w)."""
    key, label = (name, algorithm), name + ("" if algorithm is None else f" ({algorithm})")
    tolerance = AGREEMENT_OF_ALGORITHM.get(algorithm, AGREEMENT)
    plain, certified = median(w["double"]), median(w["certified"])
    mp_time = median(mpmath_runs.get(key, {}).get("seconds", []))
    arb_time = median(arb_runs.get(key, {}).get("seconds", []))
    rows.append([name, algorithm or "-", seconds_text(plain), seconds_text(certified), seconds_text(mp_time),
                 seconds_text(arb_time), ratio_text(certified, plain), ratio_text(mp_time, certified),
                 ratio_text(arb_time, certified), w["verdict"]])
    for ratio, value, pick in (("certified/double", certified / plain, max),
                               ("mpmath/certified", mp_time / certified if mp_time else None, min),
                               ("Arb/certified", arb_time / certified if arb_time else None, min)):
        if value is not None:
            worst[ratio] = value if worst[ratio] is None else pick(worst[ratio], value)
    for peer, runs, is_arb in (("mpmath", mpmath_runs, False), ("Arb", arb_runs, True)):
        if key not in runs:
            continue
        difference, overlap = agreement(w["claims"] or [], runs[key]["claims"], is_arb)
        if difference is not None:
            which = f"{peer} ({algorithm})" if algorithm in AGREEMENT_OF_ALGORITHM else peer
            largest_difference[which] = max(largest_difference.get(which, difference), difference)
        if difference is None or difference > tolerance or not overlap:
            failures.append(f"{peer} disagrees with normbound on {label}: "
                            + ("a different number of claims" if difference is None else
                               f"largest relative difference {mp.nstr(difference, 3)}")
                            + ("" if overlap else "; a ball misses normbound's enclosure"))


def command_rows(directory):
    """label -> (median wall, median CPU, exit statuses) from commands.tsv."""
    path = os.path.join(directory, "commands.tsv")
    runs = {}
    if os.path.exists(path):
        for line in open(path):
            label, wall, user, system, status = line.rstrip("\n").split("\t")
            runs.setdefault(label, []).append((float(wall), float(user) + float(system), status))
    return {label: (median([r[0] for r in rs]), median([r[1] for r in rs]), sorted({r[2] for r in rs}))
            for label, rs in runs.items()}


def main():
    directory = sys.argv[1]
    normbound, nb_meta = load_rounds(directory, "normbound")
    mpmath_runs, mp_meta = load_rounds(directory, "mpmath")
    arb_runs, arb_meta = load_rounds(directory, "arb")
    rounds = max((len(w["certified"]) for w in normbound.values()), default=0)
    print(f"seed {nb_meta.get('seed')}; {rounds} interleaved rounds (normbound, mpmath, Arb in turn); "
          f"CPU time per evaluation, medians; one thread")
    print(f"normbound: check at {nb_meta.get('precision_bits')} bits first (default settings); "
          f"mpmath {mp_meta.get('version', '-')} ({mp_meta.get('backend', '-')} backend) at "
          f"{mp_meta.get('precision_bits', '-')} bits, uncertified; Arb {arb_meta.get('version', '-')} at "
          f"{arb_meta.get('precision_bits', '-')} bits")
    print("ratios are quotients of times: certified/double = how many times slower the certified check is "
          "than double;\nmpmath/certified and Arb/certified = how many times faster the certified check is "
          "than the peer (above 1: faster)")
    header = ["workload", "peers' algorithm", "double", "certified", "mpmath", "Arb", "certified/double",
              "mpmath/certified", "Arb/certified", "verdict"]
    rows, failures, largest_difference = [], [], {}
    worst = {"certified/double": None, "mpmath/certified": None, "Arb/certified": None}
    for (name, _), w in normbound.items():
        algorithms = list(dict.fromkeys(a for n, a in list(mpmath_runs) + list(arb_runs) if n == name)) or [None]
        for algorithm in algorithms:
            compare_with_peers(name, algorithm, w, mpmath_runs, arb_runs, rows, worst, failures, largest_difference)
    widths = [max(len(str(r[k])) for r in rows + [header]) for k in range(len(header))]
    print("| " + " | ".join(h.ljust(widths[k]) for k, h in enumerate(header)) + " |")
    print("|" + "|".join("-" * (widths[k] + 2) for k in range(len(header))) + "|")
    for r in rows:
        print("| " + " | ".join(str(c).ljust(widths[k]) for k, c in enumerate(r)) + " |")

    commands = command_rows(directory)
    print()
    print(f"{'targets (non-tight cases)':<51}| {'measured':<28}| met")
    print("---------------------------------------------------|-----------------------------|----")

    def target(text, measured, met):
        print(f"{text:<51}| {measured:<28}| {'-' if met is None else 'yes' if met else 'no'}")

    def ratio_target(text, key, limit, at_most):
        value = worst[key]
        met = None if value is None else (value <= limit if at_most else value >= limit)
        target(text, "-" if value is None else f"{'max' if at_most else 'min'} {value:.3g}", met)

    ratio_target("certified <= 10x double", "certified/double", TARGET_CERTIFIED_OVER_DOUBLE, True)
    ratio_target(">= 100x faster than mpmath (mpmath/certified)", "mpmath/certified",
                 TARGET_MPMATH_OVER_CERTIFIED, False)
    ratio_target("at least as fast as Arb (Arb/certified >= 1)", "Arb/certified", TARGET_ARB_OVER_CERTIFIED, False)
    for label, limit in (("check --all", TARGET_CHECK_ALL_SECONDS),
                         ("separability-lower, GPT-2 row of 1024", TARGET_GPT2_ROW_SECONDS)):
        text = f"{label} <= {limit:g} s"
        if label in commands:
            wall, cpu, statuses = commands[label]
            target(text, f"{wall:.2f} s wall, {cpu:.2f} s CPU", wall <= limit)
            if any(s not in ("0", "2") for s in statuses):
                failures.append(f"{label} exited with status {', '.join(statuses)}")
        else:
            target(text, "not measured", None)

    print()
    if failures:
        print("SELF-CHECK FAILED:\n  " + "\n  ".join(failures))
        sys.exit(1)
    print(f"self-check: every peer's claims agree with normbound's to {mp.nstr(AGREEMENT, 2)} relative "
          + "".join(f"({mp.nstr(t, 2)} for {a}) " for a, t in AGREEMENT_OF_ALGORITHM.items())
          + f"(largest difference: {', '.join(f'{p} {mp.nstr(d, 2)}' for p, d in largest_difference.items())}), "
          "and every Arb ball meets normbound's enclosure")


if __name__ == "__main__":
    main()
