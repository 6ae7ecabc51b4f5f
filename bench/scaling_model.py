#!/usr/bin/python3
"""scaling_model.py [--build DIR] [--gpt2 DIR] [--message-us M]: sizes a cluster run before it starts.

Measures on this machine what one unit of work of the distributed commands costs (one thread,
wall seconds), and prints the predicted wall time of full-model workloads on 1, 8, 64 and 512 MPI
ranks of one thread each, by the model

    T(K) = S + W / K + E * x(K)

S: the serial part, done by every rank alike (reproduce: the model pass, since every rank runs
the same sweep), W: the work dealt over the ranks (core seconds), E: the exchanges (reproduce:
one per head and fig. 2 or fig. 4 experiment and one per N of fig. 3's grid, 10 with the default
grids; prove: one per wave of boxes), x(K): the time of one exchange, x(1) = 0, x(2) measured here by
bench_rank_exchange, and x(K) = x(2) + 2 (K - 2) m beyond, rank 0 handling at least two messages
per rank and exchange at m microseconds each (--message-us, an assumption: 5 us is typical of
MPI over InfiniBand or shared memory; it was not measured on a cluster).

Workloads: reproduce --all --rows all on random-gpt2 with the shapes of GPT-2 small, medium,
large and XL (144, 384, 720, 1200 heads of 1024 rows; the per-head cost is the same at every
width, d_head = 64, so it is measured once, on GPT-2 small's shape); a region proof scaled to
10^6 boxes; with --gpt2 DIR, check --all on every row of every head (--source gpt2-positions:DIR
measured on 2 and 4 rows of one head, the difference per case), whose every case every rank
holds in memory (printed). Takes about 8 minutes.
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time

SHAPES = [("GPT-2 small", 12, 12, 768), ("GPT-2 medium", 24, 16, 1024), ("GPT-2 large", 36, 20, 1280),
          ("GPT-2 XL", 48, 25, 1600)]
RANKS = [1, 8, 64, 512]
ROWS = 1024
# Exchanges per head of reproduce --all: fig2a, fig2b, fig2c and fig4 one each, fig3 one per N of
# its default grid 2, 4, 8, 16, 32, 64 (verify/reproduce/row_values.hpp is called once per such loop).
EXCHANGES_PER_HEAD = 4 + 6
PROVE_BOXES = 10**6


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def exchange_seconds(build):
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    out = run(["mpirun", "--oversubscribe", "-np", "2", f"{build}/bench/bench_rank_exchange"], env=env).stdout
    line = next(l for l in out.splitlines() if re.match(r"\s*64\s+256\s", l))
    value, unit = line.split()[2:4]
    return float(value) * {"s": 1, "ms": 1e-3, "us": 1e-6}[unit]


def reproduce_json(nb, work, args):
    path = os.path.join(work, "reproduce.json")
    run([nb, "reproduce", *args, "--threads", "1", "--json", path])
    with open(path) as f:
        return json.load(f)


def prove_measure(nb, work):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    cert, out = os.path.join(work, "p.cert.json"), os.path.join(work, "p.json")
    run([nb, "prove", "--theorem-file", f"{root}/tests/prove/data/jacobian-norm-below-half-over-t.toml", "--size", "L=3",
         "--region", "logits=[-1/2,1/2]", "--region", "T=[1,2]", "--threads", "1", "--json", out, "--certificate", cert])
    with open(out) as f:
        result = json.load(f)
    with open(cert) as f:
        nodes = json.load(f)["nodes"]
    depth, level = 0, [0]
    while level:  # one wave per depth of the tree
        depth += 1
        level = [c for n in level if "cut" in nodes[n] for c in (nodes[n]["low"], nodes[n]["high"])]
    return result["boxes"], result["seconds"], depth


def check_run(nb, work, gpt2, rows):
    """check --all on `rows` rows of one head of the probe: (cases, wall seconds, peak resident bytes, theorems)."""
    path = os.path.join(work, "check.json")
    t0 = time.perf_counter()
    timed = run(["/usr/bin/time", "-f", "%M", nb, "check", "--all", "--source", f"gpt2-positions:{gpt2}", "--layers", "0",
                 "--heads", "0", "--rows", str(rows), "--threads", "1", "--json", path], cwd=work)
    seconds = time.perf_counter() - t0
    with open(path) as f:
        results = json.load(f)
    cases = sum(t["cases"] for t in results["theorems"])
    return cases, seconds, int(timed.stderr.strip().splitlines()[-1]) * 1024, len(results["theorems"])


def predict(serial, work, exchanges, x2, m):
    def x(k):
        return 0.0 if k == 1 else x2 + 2 * (k - 2) * m
    return [serial + work / k + exchanges * x(k) for k in RANKS]


def duration(s):
    if s >= 3 * 86400:
        return f"{s / 86400:.0f} days"
    if s >= 7200:
        return f"{s / 3600:.1f} h"
    if s >= 120:
        return f"{s / 60:.1f} min"
    return f"{s:.1f} s"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--gpt2", help="a GPT-2 directory for check --source gpt2-positions:DIR")
    ap.add_argument("--message-us", type=float, default=5.0)
    a = ap.parse_args()
    nb = os.path.abspath(f"{a.build}/normbound")
    m = a.message_us * 1e-6
    start = time.time()
    print(f"load average before: {open('/proc/loadavg').read().split()[:3]}", file=sys.stderr)
    with tempfile.TemporaryDirectory() as work:
        x2 = exchange_seconds(a.build)
        head = reproduce_json(nb, work, ["--all", "--source", "random-gpt2", "--layers", "0", "--heads", "0", "--rows", "all"])
        per_head = sum(e["seconds"] + e["certified_seconds"] for e in head["experiments"])
        passes = {}
        for name, layers, heads, embd in SHAPES:
            shape = f"random-gpt2:layers={layers},heads={heads},embd={embd},positions={ROWS}"
            passes[name] = reproduce_json(nb, work, ["fig4", "--source", shape, "--rows", "1"])["model_seconds"]
        boxes, prove_seconds, waves = prove_measure(nb, work)
        check = None
        if a.gpt2:
            # Two row counts, so that the fixed costs (start-up, reading the model) cancel.
            measured = [check_run(nb, work, a.gpt2, rows) for rows in (2, 4)]
            (c2, s2, r2, theorems), (c4, s4, r4, _) = measured
            check = ((s4 - s2) / (c4 - c2), theorems, (r4 - r2) / (c4 - c2))
    print(f"load average after: {open('/proc/loadavg').read().split()[:3]}", file=sys.stderr)

    print(f"Measured here (one thread): one exchange on 2 ranks x(2) = {x2 * 1e3:.2f} ms; reproduce --rows all: "
          f"{per_head:.1f} s per head; a region proof: {prove_seconds / boxes * 1e6:.0f} us per box, {boxes} boxes in "
          f"{waves} waves" + (f"; check --all on GPT-2 rows: {check[0]:.2f} s per case, {check[1]} theorems per row, "
          f"{check[2] / 2**20:.2f} MiB resident per case" if check else "")
          + f". Assumed: m = {a.message_us:g} us per message at rank 0.\n")
    print("| workload | serial S | work W | exchanges E | " + " | ".join(f"{k} rank{'s' if k > 1 else ''}" for k in RANKS) + " |")
    print("|---|---:|---:|---:|" + "---:|" * len(RANKS))
    for name, layers, heads, _ in SHAPES:
        H = layers * heads
        serial, work = passes[name], H * per_head
        cells = predict(serial, work, H * EXCHANGES_PER_HEAD, x2, m)
        print(f"| reproduce --all --rows all, {name} ({H} heads) | {duration(serial)} | {duration(work)} | "
              f"{H * EXCHANGES_PER_HEAD} | " + " | ".join(duration(c) for c in cells) + " |")
    prove_waves = waves + max(0, round(math.log2(PROVE_BOXES / boxes)))
    work = PROVE_BOXES * prove_seconds / boxes
    print(f"| prove, {PROVE_BOXES:.0e} boxes of the L = 3 Jacobian bound | 0 | {duration(work)} | {prove_waves} | "
          + " | ".join(duration(c) for c in predict(0, work, prove_waves, x2, m)) + " |")
    if check:
        per_case, theorems, case_bytes = check
        for name, layers, heads, _ in SHAPES:
            cases = layers * heads * ROWS * theorems
            work = cases * per_case
            print(f"| check --all, every row of {name} ({cases} cases; {cases * case_bytes / 2**30:.0f} GiB on every rank) | - | "
                  f"{duration(work)} | 1 | " + " | ".join(duration(c) for c in predict(0, work, 1, x2, m)) + " |")
    print(f"\n({time.time() - start:.0f} s of measuring)", file=sys.stderr)


if __name__ == "__main__":
    main()
