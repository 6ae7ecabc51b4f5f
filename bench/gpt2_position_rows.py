#!/usr/bin/python3
"""gpt2_position_rows.py CHECKPOINT_DIR OUT [LAYER HEAD ...]: writes a bench_certified input file
(bench/workload_file.hpp) whose workloads are the last row (L = 1024) of the given heads of the
position-embedding probe (gpt2-positions: wpe -> ln_1 -> c_attn), for topn-distance-random and
topn-distance-random-rate with N = 5 and x_i = values: logits q.k over the 1024 keys, T = 8.

The forward pass runs here in binary64 from the float32 weights (plain Python, about 10 s a
head), not in normbound's float32, so the logits differ from normbound's in their last bits: a
stand-in of the same shape and spread for timing, not the rows `check --source` decides."""
import json
import math
import struct
import sys


def tensors(path):
    f = open(path, "rb")
    n = struct.unpack("<Q", f.read(8))[0]
    header = json.loads(f.read(n))

    def read(name):
        entry = header[name]
        if entry["dtype"] != "F32":
            sys.exit(f"{path}: {name} is {entry['dtype']}, expected F32")
        begin, end = entry["data_offsets"]
        f.seek(8 + n + begin)
        raw = f.read(end - begin)
        return struct.unpack(f"<{len(raw) // 4}f", raw), entry["shape"]

    prefix = "" if "wpe.weight" in header else "transformer."
    return read, prefix


def head_row(read, prefix, layer, head, L=1024, d=64):
    wpe, (_, embd) = read(prefix + "wpe.weight")
    gain, _ = read(f"{prefix}h.{layer}.ln_1.weight")
    bias, _ = read(f"{prefix}h.{layer}.ln_1.bias")
    W, (_, width) = read(f"{prefix}h.{layer}.attn.c_attn.weight")
    B, _ = read(f"{prefix}h.{layer}.attn.c_attn.bias")
    q_cols = [head * d + c for c in range(d)]
    k_cols = [embd + c for c in q_cols]
    v_cols = [2 * embd + c for c in q_cols]
    keys, values, query = [], [], None
    for p in range(L):
        x = wpe[p * embd:(p + 1) * embd]
        mean = sum(x) / embd
        scale = 1 / math.sqrt(sum((v - mean) ** 2 for v in x) / embd + 1e-5)
        h = [(x[i] - mean) * scale * gain[i] + bias[i] for i in range(embd)]
        project = lambda cols: [sum(h[i] * W[i * width + c] for i in range(embd)) + B[c] for c in cols]
        keys.append(project(k_cols))
        values.append(project(v_cols))
        if p == L - 1:
            query = project(q_cols)
    logits = [sum(a * b for a, b in zip(query, k)) for k in keys]
    return logits, values


def main():
    if len(sys.argv) < 3 or len(sys.argv) % 2 == 0:
        sys.exit(__doc__)
    read, prefix = tensors(sys.argv[1] + "/model.safetensors")
    heads = [(int(a), int(b)) for a, b in zip(sys.argv[3::2], sys.argv[4::2])] or [(0, 0)]
    with open(sys.argv[2], "w") as out:
        out.write("normbound-bench-inputs 1\nseed 0\n")
        for layer, head in heads:
            logits, values = head_row(read, prefix, layer, head)
            for theorem in ("topn-distance-random", "topn-distance-random-rate"):
                out.write(f"workload {theorem} gpt2-positions-L{layer}-H{head}-row1023,N=5\n")
                out.write("number logits %d 1 %s\n" % (len(logits), " ".join(float.hex(v) for v in logits)))
                out.write("number T 1 1 0x1p+3\n")
                out.write("number vectors %d %d %s\n" % (len(values), len(values[0]),
                                                          " ".join(float.hex(v) for r in values for v in r)))
                out.write("integer N 5\nend\n")


main()
