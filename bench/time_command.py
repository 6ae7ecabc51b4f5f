#!/usr/bin/python3
"""time_command.py LABEL COMMAND...: runs COMMAND (its output discarded) and prints one line,
"LABEL wall user sys status" (seconds, tab-separated): the wall time, the command's own CPU times
(wait4, its children included once they are reaped) and its exit status. The benchmark scripts
append these lines to their commands.tsv."""
import os
import subprocess
import sys
import time

start = time.perf_counter()
child = subprocess.Popen(sys.argv[2:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
wall = time.perf_counter() - start
print(sys.argv[1], wall, usage.ru_utime, usage.ru_stime, os.waitstatus_to_exitcode(status), sep="\t")
