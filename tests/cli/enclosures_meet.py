#!/usr/bin/python3
"""Whether two normbound results files of the same cases enclose the same numbers.

For every outcome of RESULTS_A, each enclosure [lo, hi] (the claim's value, bound, slack and
relative slack when both files report the same claim, and every quantity) must meet the enclosure
of the same name in the outcome of the same theorem and index in RESULTS_B. Both contain the exact
number when both are enclosures, so disjoint ones mean that one of them is not. The decimal ends
are compared exactly (decimal.Decimal); an enclosure with a NaN end claims nothing and meets any.
Used to hold the binary64 tier to MPFI: `check --case FILE` against `check --case FILE --mpfi-only`.

Usage: enclosures_meet.py RESULTS_A RESULTS_B
Exit status 0 when every pair meets, 1 with a line per disjoint pair (or when nothing was compared).
"""
import decimal
import json
import sys


def meet(a, b):
    ends = [decimal.Decimal(text) for text in a + b]
    if any(e.is_nan() for e in ends):
        return True
    lo_a, hi_a, lo_b, hi_b = ends
    return lo_a <= hi_b and lo_b <= hi_a


def main(path_a, path_b):
    with open(path_a) as f:
        a = json.load(f)
    with open(path_b) as f:
        b = json.load(f)
    theorems_b = {t["id"]: t for t in b["theorems"]}
    compared, disjoint = 0, []
    for theorem in a["theorems"]:
        outcomes_b = {o["index"]: o for o in theorems_b[theorem["id"]]["outcomes"]}
        for o in theorem["outcomes"]:
            other = outcomes_b[o["index"]]
            pairs = [(name, o["quantities"][name], other["quantities"][name]) for name in o["quantities"]]
            if o["claim"] == other["claim"]:
                pairs += [(key, o[key], other[key]) for key in ("value", "bound", "slack", "relative_slack")]
            for name, x, y in pairs:
                compared += 1
                if not meet(x, y):
                    disjoint.append(f'{theorem["id"]} case {o["index"]}: {name} {x} and {y} are disjoint')
    for line in disjoint:
        print(line)
    print(f"{compared} enclosures compared, {len(disjoint)} disjoint")
    return 0 if compared > 0 and not disjoint else 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
