#!/usr/bin/env python3
"""prove_every_theorem_file.py NORMBOUND THEOREM-FOLDER: runs `prove` on every theorem file of the
folder (found there, not listed here), each length at its smallest declared value, each choice at
its first word, every other input over its declared range, with a tiny budget. Each run must end
with a verdict (PROVEN ON REGION, VIOLATED or UNDECIDED; exit 0, 1 or 2) or with prove's documented
refusal of a statement it cannot decide on a region (exit 64, "prove decides claims on regions"):
never a bad input (65), an internal error, a crash or a hang. Prints each outcome, then the
failures; exits 1 when there is one."""
import glob
import os
import re
import subprocess
import sys
import tomllib

normbound, folder = sys.argv[1:3]
env = dict(os.environ, NORMBOUND_THEOREM_DIR=folder)
failures = []
files = sorted(glob.glob(os.path.join(folder, "*.toml")))
if not files:
    failures.append(f"no theorem file in {folder}")
for path in files:
    with open(path, "rb") as f:
        spec = tomllib.load(f)
    options = []
    for name, declared in spec.get("inputs", {}).items():
        if declared.get("kind") == "length":
            smallest = declared["values"][0] if "values" in declared else declared.get("range", [1])[0]
            options += ["--size", f"{name}={int(smallest)}"]
        elif declared.get("kind") == "choice":
            options += ["--region", f"{name}={declared['values'][0]}"]
    command = [normbound, "prove", spec["id"], *options, "--max-boxes", "20", "--time-limit", "3", "--threads", "1"]
    shown = " ".join(command[1:])
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    except subprocess.TimeoutExpired:
        failures.append(f"{shown}: no end within 60 s")
        continue
    verdict = re.search(r"^(PROVEN ON REGION|VIOLATED|UNDECIDED)", run.stdout, re.MULTILINE)
    refused = run.returncode == 64 and "prove decides claims on regions" in run.stderr
    outcome = verdict.group(1) if verdict else ("refused" if refused else "?")
    print(f"{spec['id']}: exit {run.returncode}, {outcome}")
    if not ((run.returncode in (0, 1, 2) and verdict) or refused):
        failures.append(f"{shown}: exit {run.returncode}\n{run.stdout[-1500:]}{run.stderr[-1500:]}")
for failure in failures:
    print("FAILED:", failure)
print(f"prove on every theorem file: {len(files)} file(s), {len(failures)} failure(s)")
sys.exit(1 if failures else 0)
