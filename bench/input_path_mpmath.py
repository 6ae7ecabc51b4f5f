#!/usr/bin/python3
"""The mpmath peer of bench/compare_input_path.sh: Corollary 1 (softmax-weight-bounds) on the same
files as `normbound check` (case files of hex floats, a file source of decimal JSON numbers), with
the evaluation of certified_mpmath.py at --precision bits. Per file, the CPU seconds of converting
its numbers to floats (float.fromhex for hex floats, float() for decimals: the nearest double, as
the evaluation reads binary64 inputs) and evaluating its cases, timed together ("in_process"), and
the same with reading and parsing the file ("end_to_end", the interpreter's start-up not counted).
Prints {"FILE": {"in_process": seconds, "end_to_end": seconds}, ...} (medians of --rounds runs).
Run with Debian's /usr/bin/python3 (python3-mpmath, python3-numpy).
"""
import argparse
import json
import os
import statistics
import sys

import numpy
from mpmath import mp

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from certified_mpmath import seconds_per_evaluation, weight_bounds  # noqa: E402


def number(text):
    return float.fromhex(text) if "x" in text.lower() else float(text)


def matrix(rows):
    return numpy.array([[number(v) for v in row] for row in rows])


def case_inputs(document):
    """Per case of a case file or file source: (query, keys, T) as the texts the file holds."""
    if "case" in document:
        n = document["case"]["numbers"]
        keys = n["keys"]["values"]
        cols = int(n["keys"]["shape"][1])
        query = n["query"]["values"]
        return [([[q] for q in query], [keys[i:i + cols] for i in range(0, len(keys), cols)], n["T"])]
    return [([[q] for q in query], document["keys"], document["T"]) for query in document["queries"]]


def evaluate(cases):
    for query, keys, T in cases:
        weight_bounds({"query": matrix(query), "keys": matrix(keys), "T": matrix([[T]])}, {})


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--precision", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--min-seconds", type=float, default=0.2)
    args = parser.parse_args()
    mp.prec = args.precision
    times = {}
    def median(run):
        return statistics.median(seconds_per_evaluation(args.min_seconds, run) for _ in range(args.rounds))

    for path in args.files:
        def read():
            with open(path) as f:  # JSON numbers stay text: their conversion is part of evaluate
                return case_inputs(json.load(f, parse_float=str, parse_int=str))
        cases = read()
        times[os.path.basename(path)] = {"in_process": median(lambda: evaluate(cases)),
                                         "end_to_end": median(lambda: evaluate(read()))}
    print(json.dumps(times))


if __name__ == "__main__":
    main()
