#!/usr/bin/env bash
# Compares tokens per second of the C++ float32 GPT-2 forward pass (bench_forward: Eigen, its
# matrix products on OpenBLAS) with PyTorch's (forward_torch.py) on the same GPT-2-small-shaped
# random model and 1024 tokens, with OMP_NUM_THREADS (default 2) threads on both sides; prints
# both rates and their ratio.
#
# Usage (from anywhere): bench/compare_forward.sh [BUILD_DIR]      BUILD_DIR defaults to build
#   - bench_forward must already be built in BUILD_DIR (the normal build builds it).
#   - The PyTorch side runs when /usr/bin/python3 can import torch (Debian: python3-torch); its
#     speed depends on the BLAS library the system selects (reference BLAS or OpenBLAS), which
#     the output names.
#   - NORMBOUND_BENCH_MARCH=x86-64-v3 (for example) also configures BUILD_DIR-march-x86-64-v3
#     with -march=x86-64-v3, builds bench_forward there and times it. The default build stays
#     portable (no -march). OpenBLAS picks its kernels for the CPU at run time either way, so
#     this shows only what the compiler gains on the rest (softmax, LayerNorm, GELU, copies).
# Timings are wall-clock: run on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
threads=${OMP_NUM_THREADS:-2}

# Best tokens/s over bench_forward's repetitions (forward_torch.py also reports its best run).
cpp_rate() {
  OMP_NUM_THREADS=$threads "$1" --benchmark_format=json 2>/dev/null | python3 -c '
import json, sys
runs = [b for b in json.load(sys.stdin)["benchmarks"] if b.get("run_type") == "iteration"]
print(max(b["tokens_per_second"] for b in runs))'
}

bench="$build/bench/bench_forward"
if [ ! -x "$bench" ]; then
  echo "compare_forward: $bench not found; build first: cmake --build $build -j2" >&2
  exit 1
fi
cpp=$(cpp_rate "$bench")
printf '%-48s %8.1f tokens/s\n' "C++, portable build ($threads threads):" "$cpp"

if [ -n "${NORMBOUND_BENCH_MARCH:-}" ]; then
  march_build="$build-march-$NORMBOUND_BENCH_MARCH"
  cmake -S . -B "$march_build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS="-march=$NORMBOUND_BENCH_MARCH" >/dev/null
  cmake --build "$march_build" -j2 --target bench_forward >/dev/null
  cpp_march=$(cpp_rate "$march_build/bench/bench_forward")
  printf '%-48s %8.1f tokens/s\n' "C++, -march=$NORMBOUND_BENCH_MARCH ($threads threads):" "$cpp_march"
fi

if ! /usr/bin/python3 -c 'import torch' 2>/dev/null; then
  echo "PyTorch: not measured (install python3-torch for /usr/bin/python3)"
  exit 0
fi
torch_json=$(/usr/bin/python3 bench/forward_torch.py --threads "$threads")
field() { python3 -c "import json, sys; print(json.loads(sys.argv[1])[sys.argv[2]])" "$torch_json" "$1"; }
torch=$(field tokens_per_second)
printf '%-48s %8.1f tokens/s   (BLAS: %s)\n' "PyTorch $(field torch) ($threads threads):" "$torch" "$(field blas)"
python3 -c "import sys; print(f'ratio C++ portable / PyTorch: {float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$cpp" "$torch"
if [ -n "${cpp_march:-}" ]; then
  python3 -c "import sys; print(f'ratio C++ -march / PyTorch:   {float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$cpp_march" "$torch"
fi
