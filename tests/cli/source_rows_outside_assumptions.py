#!/usr/bin/env python3
"""source_rows_outside_assumptions.py NORMBOUND THEOREM-FILE SOURCE: checks the theorem file on
every row of SOURCE, some of which break its [[assume]], and requires the run to go on to the end
with those rows REFUSED: exit 0, the verdict table's outcome and the summary line counting them,
results.json counting them beside the other verdicts, each refused outcome with the assumption it
breaks and the row's layer and head, the report naming them, and `--json -` streaming the same
counts. Prints the counts it compared."""
import json
import os
import re
import subprocess
import sys
import tempfile

normbound, theorem, source = sys.argv[1:4]
failures = []


def require(condition, what):
    if not condition:
        failures.append(what)


with tempfile.TemporaryDirectory() as scratch:
    results_file, report_dir = os.path.join(scratch, "results.json"), os.path.join(scratch, "report")
    check = [normbound, "check", "--theorem-file", theorem, "--source", source, "--rows", "all", "--threads", "2",
             "--no-timestamp"]
    run = subprocess.run(check + ["--json", results_file, "--report", report_dir], capture_output=True, text=True)
    require(run.returncode == 0, f"exit {run.returncode}, not 0:\n{run.stdout[-2000:]}{run.stderr[-2000:]}")
    if run.returncode == 0:
        outcome = re.search(r"holds on (\d+) of (\d+), (\d+) REFUSED", run.stdout)
        summary = re.search(r"== 1 theorem, (\d+) cases: 1 as expected, (\d+) cases REFUSED ==", run.stdout)
        require(outcome is not None, "the verdict table's outcome does not count the REFUSED rows")
        require(summary is not None, "the summary line does not count the REFUSED rows")
        require("REFUSED: outside the statement's assumptions" in run.stdout and "does not certainly hold" in run.stdout,
                "the text does not say which assumption a refused row breaks")
        with open(results_file) as f:
            theorem_results = json.load(f)["theorems"][0]
        counts = theorem_results["counts"]
        refused = [o for o in theorem_results["outcomes"] if o["verdict"] == "refused"]
        require(counts.get("refused", 0) > 0 and len(refused) == counts["refused"],
                f"results.json counts {counts.get('refused')} refused, its outcomes hold {len(refused)}")
        require(counts["proven"] + counts["near_tight"] + counts["equal_exact"] > 0, "no row was decided")
        require(sum(counts.values()) == theorem_results["cases"], "the counts do not add up to the cases")
        require(all("the assumption max(i, logits[i]) - min(i, logits[i]) <= 1/2 does not certainly hold" in o["exact"]
                    and "layer" in o["provenance"] and "head" in o["provenance"] for o in refused),
                "a refused outcome lacks its reason or its row's layer and head")
        if outcome and summary:
            require(int(outcome.group(3)) == counts["refused"] and int(summary.group(2)) == counts["refused"],
                    "the text and results.json count different refused rows")
        with open(os.path.join(report_dir, "report.md")) as f:
            require("REFUSED" in f.read(), "report.md does not name the refused rows")
        streamed = subprocess.run(check + ["--json", "-"], capture_output=True, text=True)
        require(streamed.returncode == 0, f"--json - exits {streamed.returncode}")
        if streamed.returncode == 0:
            require(json.loads(streamed.stdout)["theorems"][0]["counts"] == counts, "--json - gives other counts")
        print(f"{theorem_results['cases']} rows: {counts['refused']} REFUSED, "
              f"{counts['proven'] + counts['near_tight'] + counts['equal_exact']} holding")

for failure in failures:
    print("FAILED:", failure)
sys.exit(1 if failures else 0)
