#!/usr/bin/env python3
"""rows_agree.py FEW NORMBOUND ARGS...: runs `NORMBOUND ARGS... --rows all --json A` and
`... --rows FEW --json B` and requires every case of B to have, in A, a case of the same theorem and
label with the same outcome (verdict, enclosures, quantities, precision, provenance; only its
position in the list may differ). Prints the number of cases compared."""
import json
import os
import subprocess
import sys
import tempfile


def outcomes(command, path):
    done = subprocess.run(command + ["--json", path, "--no-timestamp"], capture_output=True, text=True)
    if done.returncode not in (0, 2):
        sys.exit(f"{' '.join(command)} ended with exit {done.returncode}: {done.stderr}{done.stdout}")
    with open(path) as f:
        results = json.load(f)
    table = {}
    for theorem in results["theorems"]:
        for o in theorem["outcomes"]:
            kept = {k: v for k, v in o.items() if k != "index"}
            table[(theorem["id"], o["label"])] = kept
    return table


def main():
    few, command = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as scratch:
        every = outcomes(command + ["--rows", "all"], os.path.join(scratch, "all.json"))
        some = outcomes(command + ["--rows", few], os.path.join(scratch, "few.json"))
    if not some:
        sys.exit("--rows " + few + " gave no cases")
    for key, outcome in some.items():
        if key not in every:
            sys.exit(f"{key} is a case of --rows {few} but not of --rows all")
        if every[key] != outcome:
            sys.exit(f"{key} differs: --rows all {every[key]}, --rows {few} {outcome}")
    print(f"{len(some)} cases of --rows {few} identical among the {len(every)} of --rows all")


main()
