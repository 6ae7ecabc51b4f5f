#!/usr/bin/env python3
"""peak_memory_by_rows.py LIMIT_MB FEW MANY NORMBOUND ARGS...: runs `NORMBOUND ARGS... --rows FEW`
and `... --rows MANY` and fails unless the peak resident memory of the second exceeds the first's
by at most LIMIT_MB: a run over a source must not hold a case per row. Prints both peaks. "@DIR@"
in ARGS is replaced by $NORMBOUND_GPT2_DIR; without it the test exits 77 (skipped)."""
import os
import subprocess
import sys


def peak_rss_mb(command):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    stderr = process.stderr.read().decode(errors="replace")
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 2):
        sys.exit(f"{' '.join(command)} ended with exit {code}: {stderr}")
    return usage.ru_maxrss / 1024  # ru_maxrss is in KiB on Linux


def main():
    limit, few, many, command = float(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4:]
    directory = os.environ.get("NORMBOUND_GPT2_DIR", "")
    if any("@DIR@" in a for a in command):
        if not directory:
            print("NORMBOUND_GPT2_DIR is not set: skipped")
            sys.exit(77)
        command = [a.replace("@DIR@", directory) for a in command]
    peaks = {rows: peak_rss_mb(command + ["--rows", rows]) for rows in (few, many)}
    growth = peaks[many] - peaks[few]
    print(f"peak RSS: --rows {few} {peaks[few]:.0f} MB, --rows {many} {peaks[many]:.0f} MB, growth {growth:.0f} MB "
          f"(at most {limit:.0f} MB)")
    if growth > limit:
        sys.exit("peak memory grows with the rows")
    print("peak memory does not grow with the rows")


main()
