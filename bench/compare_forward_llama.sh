#!/usr/bin/env bash
# Compares tokens per second of the C++ float32 Llama-family forward pass (bench_forward_llama)
# with PyTorch's (forward_llama_torch.py) on the Hugging Face directory NORMBOUND_LLAMA_DIR, 512
# tokens (or the model's context), OMP_NUM_THREADS (default 2) threads on both sides; prints both
# rates and their ratio. PyTorch first recomputes the directory's attention-reference.json (when
# it has one) and prints its largest difference, so the pass it times is the model's.
#
# Usage (from anywhere): NORMBOUND_LLAMA_DIR=DIR bench/compare_forward_llama.sh [BUILD_DIR]
#   - bench_forward_llama must already be built in BUILD_DIR (default build; the normal build
#     builds it).
#   - Installs Debian's python3-torch when missing (NORMBOUND_BENCH_TORCH_PACKAGES in
#     scripts/setup.sh; as root, else it prints the command).
# The C++ side reads each layer's weights from the checkpoint during the pass, as a source does;
# PyTorch holds them in memory. Timings are wall-clock: run on an otherwise idle machine.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
threads=${OMP_NUM_THREADS:-2}
: "${NORMBOUND_LLAMA_DIR:?set NORMBOUND_LLAMA_DIR to a Hugging Face Llama-family directory}"
source scripts/setup.sh
install_packages "${NORMBOUND_BENCH_TORCH_PACKAGES[@]}"

bench="$build/bench/bench_forward_llama"
if [ ! -x "$bench" ]; then
  echo "compare_forward_llama: $bench not found; build first: cmake --build $build -j2" >&2
  exit 1
fi
cpp=$(OMP_NUM_THREADS=$threads "$bench" --benchmark_format=json 2>/dev/null | python3 -c '
import json, sys
runs = [b for b in json.load(sys.stdin)["benchmarks"] if b.get("run_type") == "iteration"]
print(max(b["tokens_per_second"] for b in runs))')
torch_json=$(/usr/bin/python3 bench/forward_llama_torch.py "$NORMBOUND_LLAMA_DIR" --threads "$threads")
field() { python3 -c "import json, sys; print(json.loads(sys.argv[1])[sys.argv[2]])" "$torch_json" "$1"; }
printf '%-40s %10.1f tokens/s\n' "C++ ($threads threads):" "$cpp"
printf '%-40s %10.1f tokens/s   (attention vs reference: max difference %s)\n' \
  "PyTorch $(field torch) ($threads threads):" "$(field tokens_per_second)" "$(field reference_attention_max_difference)"
python3 -c "import sys; print(f'ratio C++ / PyTorch on {sys.argv[3]} tokens: {float(sys.argv[1]) / float(sys.argv[2]):.2f}')" \
  "$cpp" "$(field tokens_per_second)" "$(field tokens)"
