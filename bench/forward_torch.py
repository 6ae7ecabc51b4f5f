#!/usr/bin/python3
"""Tokens per second of PyTorch's float32 GPT-2 forward pass, the counterpart of bench_forward.

Same work as bench/forward.cpp: a randomly initialised model of GPT-2 small's shape (12 layers,
12 heads, n_embd 768, vocabulary 50257, 1024 positions), token ids -> wte + wpe -> 12 pre-LayerNorm
blocks with causal attention and gelu_new -> ln_f, on 1024 tokens, in eager mode under
torch.inference_mode(). Prints one JSON object: tokens_per_second (best of --runs after one
warm-up run), threads, torch version and the BLAS library PyTorch loaded (its matrix products run
there; Debian's python3-torch uses whatever libblas.so.3 the system selects).

Usage: /usr/bin/python3 bench/forward_torch.py [--threads 2] [--tokens 1024] [--runs 3]
"""
import argparse
import json
import math
import time

import torch
import torch.nn.functional as F

N_LAYER, N_HEAD, N_EMBD, VOCAB, N_POSITIONS = 12, 12, 768, 50257, 1024


def random_model():
    def uniform(*shape):  # standard deviation 0.02, as bench/forward.cpp
        return (torch.rand(*shape) * 2 - 1) * 0.035

    blocks = []
    for _ in range(N_LAYER):
        blocks.append({
            "ln_1": (torch.ones(N_EMBD), torch.zeros(N_EMBD)),
            "c_attn": (uniform(N_EMBD, 3 * N_EMBD), uniform(3 * N_EMBD)),
            "c_proj": (uniform(N_EMBD, N_EMBD), uniform(N_EMBD)),
            "ln_2": (torch.ones(N_EMBD), torch.zeros(N_EMBD)),
            "c_fc": (uniform(N_EMBD, 4 * N_EMBD), uniform(4 * N_EMBD)),
            "mlp_proj": (uniform(4 * N_EMBD, N_EMBD), uniform(N_EMBD)),
        })
    return {"wte": uniform(VOCAB, N_EMBD), "wpe": uniform(N_POSITIONS, N_EMBD), "blocks": blocks,
            "ln_f": (torch.ones(N_EMBD), torch.zeros(N_EMBD))}


def conv1d(x, weights):  # Hugging Face Conv1D: y = x W + b with W [in, out]
    return torch.addmm(weights[1], x, weights[0])


def forward(model, ids):
    t = ids.shape[0]
    d = N_EMBD // N_HEAD
    mask = torch.ones(t, t, dtype=torch.bool).tril()
    x = model["wte"][ids] + model["wpe"][:t]
    for block in model["blocks"]:
        h = F.layer_norm(x, (N_EMBD,), *block["ln_1"], 1e-5)
        q, k, v = conv1d(h, block["c_attn"]).split(N_EMBD, dim=1)
        q, k, v = (m.view(t, N_HEAD, d).transpose(0, 1) for m in (q, k, v))
        logits = (q @ k.transpose(1, 2)) / math.sqrt(d)
        attention = torch.softmax(logits.masked_fill(~mask, float("-inf")), dim=-1)
        z = (attention @ v).transpose(0, 1).reshape(t, N_EMBD)
        x = x + conv1d(z, block["c_proj"])
        h = F.gelu(conv1d(F.layer_norm(x, (N_EMBD,), *block["ln_2"], 1e-5), block["c_fc"]), approximate="tanh")
        x = x + conv1d(h, block["mlp_proj"])
    return F.layer_norm(x, (N_EMBD,), *model["ln_f"], 1e-5)


def blas_library():
    with open("/proc/self/maps") as maps:
        names = {line.split()[-1].rsplit("/", 1)[-1] for line in maps if "blas" in line.lower()}
    return ", ".join(sorted(names)) or "none found"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--tokens", type=int, default=1024)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(1)
    model = random_model()
    ids = torch.randint(0, VOCAB, (args.tokens,))
    with torch.inference_mode():
        forward(model, ids)  # warm-up: first-touch allocations, library initialisation
        best = math.inf
        for _ in range(args.runs):
            start = time.perf_counter()
            forward(model, ids)
            best = min(best, time.perf_counter() - start)
    print(json.dumps({"tokens_per_second": args.tokens / best, "threads": torch.get_num_threads(),
                      "torch": torch.__version__, "blas": blas_library()}))


if __name__ == "__main__":
    main()
