#!/usr/bin/env python3
"""summary_matches_report.py NORMBOUND CHECK-ARGUMENTS...: runs `normbound check ARGUMENTS --report
DIR --no-timestamp` and requires that the console's verdict table, report.md's summary table and
results.json give every theorem the same counts and the same outcome, that an outcome which counts
undecided cases (TIGHT, INCONCLUSIVE, UNDECIDED (statistical)) says so, and that the exit status is
2 when such cases remain and nothing is unexpected. Prints the counts it compared."""
import json
import os
import re
import subprocess
import sys
import tempfile

VERDICTS = ["proven", "near_tight", "equal_exact", "tight", "violated", "inconclusive"]
STATISTICAL = ["holds_statistical", "violated_statistical", "undecided_statistical"]
UNDECIDED = {"tight": "TIGHT", "inconclusive": "INCONCLUSIVE", "undecided_statistical": "UNDECIDED (statistical)"}


def console_rows(text):
    """id -> (cases, the six verdict counts, H, V, U, the rest of the line)."""
    rows, in_table = {}, False
    row = re.compile(r"^(\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/(\d+)/(\d+)  (.*)$")
    for line in text.splitlines():
        if line.startswith("theorem ") and "PROVEN" in line:
            in_table = True
            continue
        if in_table:
            m = row.match(line)
            if not m:
                break
            rows[m.group(1)] = ([int(g) for g in m.groups()[1:11]], m.group(12))
    return rows


def report_rows(markdown):
    """id -> (cases, the six verdict counts, H, V, U, outcome, REFUSED) from report.md's summary
    table, whose columns are those of the verdicts some theorem has (a verdict without a column
    counts 0), under paper-section rows that name no theorem."""
    header_verdicts = {"PROVEN": "proven", "NEAR-TIGHT": "near_tight", "EQUAL (exact)": "equal_exact",
                       "TIGHT (within resolution)": "tight", "VIOLATED": "violated", "INCONCLUSIVE": "inconclusive",
                       "REFUSED": "refused"}
    rows, columns = {}, None
    for line in markdown.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("|") else []
        if cells[:1] == ["theorem"]:  # the summary's header ends in "outcome"; other tables follow it
            columns = cells if "cases" in cells and cells[-1] == "outcome" else None
            continue
        m = re.match(r"^`([a-z0-9-]+)`$", cells[0]) if cells and columns else None
        if not m:
            continue
        counts = dict.fromkeys(VERDICTS + STATISTICAL + ["refused"], 0)
        first = columns.index("cases") + 1
        for name, cell in zip(columns[first:], cells[first:]):
            if name in header_verdicts:
                counts[header_verdicts[name]] = int(cell)
            elif name == "statistical H / V / U":
                for key, n in zip(STATISTICAL, cell.split(" / ")):
                    counts[key] = int(n)
        outcome = cells[-1].replace("**", "").replace("\\", "")
        rows[m.group(1)] = ([int(cells[first - 1])] + [counts[k] for k in VERDICTS + STATISTICAL], outcome,
                            counts["refused"])
    return rows


def main():
    nb, arguments = sys.argv[1], sys.argv[2:]
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "report")
        run = subprocess.run([nb, "check", *arguments, "--report", report, "--no-timestamp"],
                             capture_output=True, text=True)
        if run.returncode not in (0, 1, 2):
            sys.exit(f"normbound exited {run.returncode}:\n{run.stdout}\n{run.stderr}")
        console = console_rows(run.stdout)
        with open(os.path.join(report, "report.md"), encoding="utf-8") as f:
            md = report_rows(f.read())
        with open(os.path.join(report, "results.json"), encoding="utf-8") as f:
            results = json.load(f)
    failures, undecided_total, unexpected = [], 0, False
    for t in results["theorems"]:
        counts = t["counts"]
        expected = [t["cases"]] + [counts.get(v, 0) for v in VERDICTS + STATISTICAL]
        outcome = t["expectation"]
        undecided = {UNDECIDED[v]: counts.get(v, 0) for v in UNDECIDED if counts.get(v, 0)}
        undecided_total += sum(undecided.values())
        unexpected = unexpected or not t["expected"]
        for where, rows in (("console", console), ("report.md", md)):
            if t["id"] not in rows:
                failures.append(f"{t['id']}: no row in the {where} table")
                continue
            numbers, words = rows[t["id"]][:2]
            if numbers != expected:
                failures.append(f"{t['id']}: {where} counts {numbers}, results.json {expected}")
            # The report's summary says whether the counts meet the expectation; the console says how.
            said = ("as expected" if t["expected"] else "UNEXPECTED") if where == "report.md" else outcome
            if not words.rstrip().endswith(said):
                failures.append(f"{t['id']}: {where} outcome '{words.strip()}', results.json '{said}'")
            if where == "report.md" and rows[t["id"]][2] != counts.get("refused", 0):
                failures.append(f"{t['id']}: report.md REFUSED {rows[t['id']][2]}, results.json {counts.get('refused', 0)}")
        for name, n in undecided.items():
            if f"{n} {name}" not in outcome:
                failures.append(f"{t['id']}: outcome '{outcome}' does not count its {n} {name}")
        if undecided and "every case" in outcome:
            failures.append(f"{t['id']}: outcome '{outcome}' with {undecided} undecided")
        print(f"{t['id']}: {expected} {outcome}")
    if len(console) != len(results["theorems"]) or len(md) != len(results["theorems"]):
        failures.append(f"rows: console {len(console)}, report.md {len(md)}, results.json {len(results['theorems'])}")
    status = 1 if unexpected else 2 if undecided_total else 0
    if run.returncode != status or results["exit_status"] != status:
        failures.append(f"exit status {run.returncode}, results.json {results['exit_status']}, expected {status}")
    print(f"{len(results['theorems'])} theorems, {undecided_total} undecided cases, exit {run.returncode}")
    for f in failures:
        print("FAIL:", f)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
