#!/usr/bin/python3
"""Tokens per second of PyTorch's float32 forward pass of a Hugging Face Llama-family directory,
the counterpart of bench_forward_llama (models/llama/forward.hpp).

The same computation as the C++ pass: x = embed_tokens[id]; per layer RMSNorm, q/k/v projections,
rotary embeddings in Hugging Face's rotate_half convention with rope_theta, grouped-query causal
softmax(q k^T / sqrt(d)) v, o_proj, then the SwiGLU MLP; the final RMSNorm. Weights are read from
model.safetensors (F32, F16 or BF16, converted to float32) without the safetensors package, so only
Debian's python3-torch is needed. Before timing, the attention of the directory's
attention-reference.json (when it has one) is recomputed and its largest difference printed, so
the timed pass is shown to be the right one. Prints one JSON object: tokens_per_second (best of
--runs after one warm-up run), tokens, threads, torch version, and the reference difference.

Usage: /usr/bin/python3 bench/forward_llama_torch.py DIR [--threads 2] [--tokens 512] [--runs 5]
"""
import argparse
import json
import math
import pathlib
import struct
import time

import torch

DTYPES = {"F32": torch.float32, "F16": torch.float16, "BF16": torch.bfloat16}


def read_safetensors(path):
    data = path.read_bytes()
    (header_size,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + header_size])
    base = 8 + header_size
    tensors = {}
    for name, entry in header.items():
        if name == "__metadata__":
            continue
        if entry["dtype"] not in DTYPES:
            raise SystemExit(f"{path}: tensor {name} has dtype {entry['dtype']}, not F32, F16 or BF16")
        begin, end = entry["data_offsets"]
        raw = bytearray(data[base + begin:base + end])
        t = torch.frombuffer(raw, dtype=DTYPES[entry["dtype"]]) if raw else torch.empty(0)
        tensors[name] = t.reshape(entry["shape"]).to(torch.float32)
    return tensors


def load(directory):
    config = json.loads((directory / "config.json").read_text())
    weights = read_safetensors(directory / "model.safetensors")
    return config, weights


def rms_norm(x, weight, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight


def rotate_half(x):
    half = x.shape[-1] // 2
    return torch.cat((-x[..., half:], x[..., :half]), dim=-1)


def forward(config, w, ids, keep_attention=False):
    """The final hidden states, and per layer the attention [heads, t, s] when asked."""
    n_heads = config["num_attention_heads"]
    n_kv = config.get("num_key_value_heads", n_heads)
    hidden = config["hidden_size"]
    d = config.get("head_dim") or hidden // n_heads
    eps = config["rms_norm_eps"]
    theta = config.get("rope_theta", 10000.0)
    L = len(ids)
    inv_freq = 1.0 / (theta ** (torch.arange(0, d, 2, dtype=torch.float32) / d))
    angles = torch.outer(torch.arange(L, dtype=torch.float32), inv_freq)
    cos, sin = torch.cat((angles, angles), -1).cos(), torch.cat((angles, angles), -1).sin()
    mask = torch.full((L, L), float("-inf")).triu(1)
    x = w["model.embed_tokens.weight"][torch.tensor(ids)]
    attentions = []
    for i in range(config["num_hidden_layers"]):
        p = f"model.layers.{i}."
        h = rms_norm(x, w[p + "input_layernorm.weight"], eps)
        q = (h @ w[p + "self_attn.q_proj.weight"].T).view(L, n_heads, d).transpose(0, 1)
        k = (h @ w[p + "self_attn.k_proj.weight"].T).view(L, n_kv, d).transpose(0, 1)
        v = (h @ w[p + "self_attn.v_proj.weight"].T).view(L, n_kv, d).transpose(0, 1)
        q, k = q * cos + rotate_half(q) * sin, k * cos + rotate_half(k) * sin
        group = n_heads // n_kv
        k, v = k.repeat_interleave(group, 0), v.repeat_interleave(group, 0)
        a = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(d) + mask, dim=-1)
        if keep_attention:
            attentions.append(a)
        x = x + (a @ v).transpose(0, 1).reshape(L, n_heads * d) @ w[p + "self_attn.o_proj.weight"].T
        h = rms_norm(x, w[p + "post_attention_layernorm.weight"], eps)
        gate = torch.nn.functional.silu(h @ w[p + "mlp.gate_proj.weight"].T)
        x = x + (gate * (h @ w[p + "mlp.up_proj.weight"].T)) @ w[p + "mlp.down_proj.weight"].T
    return rms_norm(x, w["model.norm.weight"], eps), attentions


def reference_difference(directory, config, w):
    """Largest |attention - reference| over every layer, head and row, or None without a reference."""
    path = directory / "attention-reference.json"
    if not path.exists():
        return None
    ref = json.loads(path.read_text())
    _, attentions = forward(config, w, ref["token_ids"], keep_attention=True)
    return max(float((a - torch.tensor(r, dtype=torch.float32)).abs().max()) for a, r in zip(attentions, ref["attention"]))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("directory", type=pathlib.Path)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--tokens", type=int, default=512)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    config, w = load(args.directory)
    difference = reference_difference(args.directory, config, w)
    tokens = min(args.tokens, config["max_position_embeddings"])
    generator = torch.Generator().manual_seed(1)
    ids = torch.randint(0, config["vocab_size"], (tokens,), generator=generator).tolist()
    best = math.inf
    with torch.inference_mode():
        for run in range(args.runs + 1):
            start = time.perf_counter()
            out, _ = forward(config, w, ids)
            elapsed = time.perf_counter() - start
            if run > 0:  # the first is a warm-up
                best = min(best, elapsed)
    print(json.dumps({"tokens_per_second": tokens / best, "tokens": tokens, "threads": torch.get_num_threads(),
                      "torch": torch.__version__, "reference_attention_max_difference": difference}))


if __name__ == "__main__":
    main()
