#!/usr/bin/env python3
"""Runs build/bench/bench_min_distance_screen and prints, per kind of rows, the CPU time per call
at each L and the growth exponent log(t(L_max) / t(L_min)) / log(L_max / L_min) (2 for a quadratic
screen, 1 for a linear one).

    bench/min_distance_screen_exponents.py [BUILD_DIR] [-- BENCHMARK_OPTIONS...]

Set NORMBOUND_GPT2_DIR for the GPT-2 rows; OPENBLAS_NUM_THREADS=1 keeps OpenBLAS to one thread.
"""
import json
import math
import subprocess
import sys


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        extra = args[args.index("--") + 1:]
        args = args[:args.index("--")]
    build = args[0] if args else "build"
    out = subprocess.run([f"{build}/bench/bench_min_distance_screen", "--benchmark_format=json"] + extra,
                         check=True, capture_output=True, text=True).stdout
    times = {}  # kind -> {L: seconds}
    for b in json.loads(out)["benchmarks"]:
        if b.get("run_type") == "aggregate" and b.get("aggregate_name") != "median":
            continue
        stage, kind, L = b["run_name"].split("/")[:3]
        scale = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b["time_unit"]]
        times.setdefault(f"{stage}/{kind}", {})[int(L)] = b["cpu_time"] * scale
    for name, by_L in times.items():
        Ls = sorted(by_L)
        cells = "  ".join(f"L={L}: {by_L[L] * 1e3:.1f} ms" for L in Ls)
        exponent = math.log(by_L[Ls[-1]] / by_L[Ls[0]]) / math.log(Ls[-1] / Ls[0]) if len(Ls) > 1 else float("nan")
        print(f"{name:28s} {cells}  exponent {exponent:.2f}")


if __name__ == "__main__":
    main()
