/* The Arb peer of bench_certified: the same formulas as normbound's theorem
 * evaluations, in Arb's ball arithmetic (FLINT's certified midpoint-radius intervals, Debian
 * libflint-arb-dev) at 128 bits, on the same inputs (the file written by
 * `bench_certified --write-inputs`). Each evaluation below mirrors its theorem file step by step
 * (named in its comment), including work that the claims do not use, so that both do the same
 * arithmetic; dot products use arb_dot, Arb's own. The binary64 screens of candidate pairs
 * (verify/kernels/pair_distances.cpp) are done in binary64, as normbound does them, with OpenBLAS's dgemm
 * for the Gram stage of the minimum distance. The Jacobian's spectral norm is evaluated twice,
 * with the secular equation's root found as a user would write it (bisection in balls) and as
 * normbound finds it (located in binary64, then certified at two points beside it).
 *
 *   bench_certified_arb INPUTS [--rounds R] [--min-seconds X] [--only TEXT]...
 *
 * Prints one JSON object: per workload and algorithm the CPU seconds per evaluation of every round
 * (each round repeats the evaluation for at least --min-seconds) and its claims' balls as Arb
 * prints them ("[mid +/- rad]", an enclosure). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <arb.h>
#include <cblas.h>

enum { PREC = 128, MAX_NUMBERS = 8, MAX_CLAIMS = 64, MAX_WORKLOADS = 32 };

typedef struct {
  char name[32];
  size_t rows, cols;
  double *values; /* row-major */
} number_t;

typedef struct {
  char theorem[64], shape[64];
  number_t numbers[MAX_NUMBERS];
  int number_count;
  long N;
} workload_t;

typedef struct {
  arb_t value[MAX_CLAIMS], bound[MAX_CLAIMS];
  int count;
} claims_t;

static void fail(const char *what, const char *detail) {
  fprintf(stderr, "bench_certified_arb: %s%s\n", what, detail);
  exit(65);
}

static const number_t *number(const workload_t *w, const char *name) {
  for (int k = 0; k < w->number_count; ++k)
    if (strcmp(w->numbers[k].name, name) == 0) return &w->numbers[k];
  fail("workload lacks the number ", name);
  return NULL;
}

/* ---- the workload file (bench/workload_file.hpp) ------------------------------------------ */

static void token(FILE *in, char *buf, size_t size) {
  char format[16];
  snprintf(format, sizeof format, "%%%zus", size - 1);
  if (fscanf(in, format, buf) != 1) fail("the input file ended early", "");
}

static int read_workloads(const char *path, workload_t *ws) {
  FILE *in = fopen(path, "r");
  if (!in) fail("cannot read ", path);
  char buf[128];
  token(in, buf, sizeof buf);
  if (strcmp(buf, "normbound-bench-inputs") != 0) fail("not a normbound-bench-inputs file: ", path);
  token(in, buf, sizeof buf); /* version */
  token(in, buf, sizeof buf); /* "seed" */
  token(in, buf, sizeof buf); /* the seed */
  int count = 0;
  while (fscanf(in, "%127s", buf) == 1) {
    if (strcmp(buf, "workload") != 0 || count == MAX_WORKLOADS) fail("unexpected token ", buf);
    workload_t *w = &ws[count++];
    memset(w, 0, sizeof *w);
    token(in, w->theorem, sizeof w->theorem);
    token(in, w->shape, sizeof w->shape);
    for (token(in, buf, sizeof buf); strcmp(buf, "end") != 0; token(in, buf, sizeof buf)) {
      if (strcmp(buf, "integer") == 0) {
        token(in, buf, sizeof buf); /* the only integer is N */
        if (fscanf(in, "%ld", &w->N) != 1) fail("bad integer in ", w->shape);
      } else if (strcmp(buf, "number") == 0 && w->number_count < MAX_NUMBERS) {
        number_t *n = &w->numbers[w->number_count++];
        token(in, n->name, sizeof n->name);
        if (fscanf(in, "%zu %zu", &n->rows, &n->cols) != 2) fail("bad shape of ", n->name);
        n->values = malloc(n->rows * n->cols * sizeof(double));
        for (size_t i = 0; i < n->rows * n->cols; ++i) {
          token(in, buf, sizeof buf);
          char *end;
          n->values[i] = strtod(buf, &end); /* hexadecimal floats are read exactly */
          if (*end) fail("not a number: ", buf);
        }
      } else {
        fail("unexpected token ", buf);
      }
    }
  }
  fclose(in);
  return count;
}

/* ---- shared numerics (verify/) ------------------------------------------------------ */

/* The binary64 entries of a number as balls (exact). */
static arb_ptr balls_of(const number_t *n) {
  arb_ptr v = _arb_vec_init((slong)(n->rows * n->cols));
  for (size_t i = 0; i < n->rows * n->cols; ++i) arb_set_d(v + i, n->values[i]);
  return v;
}

/* sqrt(max(square, 0)), as normbound's clamped roots. */
static void root(arb_t r, const arb_t square) { arb_sqrtpos(r, square, PREC); }

/* ||v||_2 for a vector of length n with stride 1. */
static void norm(arb_t r, arb_srcptr v, slong n) {
  arb_dot(r, NULL, 0, v, 1, v, 1, n, PREC);
  root(r, r);
}

/* verify/kernels/softmax.hpp: exp((l_i - m)/T) / sum_j exp((l_j - m)/T), m the largest midpoint. */
static void softmax(arb_ptr alpha, arb_srcptr logits, slong L, const arb_t T) {
  arf_t top;
  arb_t shift, sum;
  arf_init(top);
  arb_init(shift);
  arb_init(sum);
  arf_set(top, arb_midref(logits));
  for (slong i = 1; i < L; ++i) arf_max(top, top, arb_midref(logits + i));
  arb_set_arf(shift, top);
  for (slong i = 0; i < L; ++i) {
    arb_sub(alpha + i, logits + i, shift, PREC);
    arb_div(alpha + i, alpha + i, T, PREC);
    arb_exp(alpha + i, alpha + i, PREC);
    arb_add(sum, sum, alpha + i, PREC);
  }
  for (slong i = 0; i < L; ++i) arb_div(alpha + i, alpha + i, sum, PREC);
  arf_clear(top);
  arb_clear(shift);
  arb_clear(sum);
}

/* softmax of binary64 logits. */
static arb_ptr softmax_of(const number_t *logits, const arb_t T) {
  arb_ptr l = balls_of(logits), alpha = _arb_vec_init((slong)logits->rows);
  softmax(alpha, l, (slong)logits->rows, T);
  _arb_vec_clear(l, (slong)logits->rows);
  return alpha;
}

/* verify/kernels/top_n.hpp: the N largest values, ties to the smaller index; both lists increasing. */
static void top_n(const double *values, size_t L, size_t N, size_t *selected, size_t *rest) {
  char *in = calloc(L, 1);
  for (size_t k = 0; k < N; ++k) {
    size_t best = L;
    for (size_t i = 0; i < L; ++i)
      if (!in[i] && (best == L || values[i] > values[best])) best = i;
    in[best] = 1;
  }
  size_t s = 0, r = 0;
  for (size_t i = 0; i < L; ++i) {
    if (in[i]) selected[s++] = i;
    else if (rest) rest[r++] = i;
  }
  free(in);
}

/* verify/kernels/pair_distances.cpp: the binary64 screen's error bound on a squared distance. */
static double screen_relative(size_t d) { return 4 * ((double)d + 2) * 0x1p-52; }
static double screen_absolute(size_t d) { return 4 * ((double)d + 1) * 0x1p-1074; }

static double squared_distance(const number_t *x, size_t a, size_t b) {
  double sum = 0;
  for (size_t k = 0; k < x->cols; ++k) {
    const double t = x->values[a * x->cols + k] - x->values[b * x->cols + k];
    sum += t * t;
  }
  return sum;
}

/* ||x_a - x_b||_2 from the exact entries. */
static void row_distance(arb_t r, arb_srcptr x, size_t d, size_t a, size_t b) {
  arb_ptr diff = _arb_vec_init((slong)d);
  _arb_vec_sub(diff, x + a * d, x + b * d, (slong)d, PREC);
  norm(r, diff, (slong)d);
  _arb_vec_clear(diff, (slong)d);
}

/* verify/kernels/pair_distances.cpp's Gram stage of the minimum over all pairs i < j of the rows of x:
 * f = n_i + n_j - 2 g_ij with g from cblas_dgemm in blocks of 128 rows, error r (n_i + n_j) + a;
 * keeps the pairs with f - e <= min(f + e) (1 + 4 rel) + 4 abs (rel, abs the direct screen's).
 * Returns the number of pairs written to *a_out, *b_out (malloc'd), or -1 when a squared norm
 * exceeds DBL_MAX / 16 (then every pair goes to the direct screen). */
static long gram_stage(const number_t *x, size_t **a_out, size_t **b_out) {
  const size_t L = x->rows, d = x->cols, block = 128;
  const double rel = screen_relative(d), abs_ = screen_absolute(d);
  double *norm = malloc(L * sizeof *norm), *gram = malloc(block * L * sizeof *gram), *lows = NULL;
  size_t *a = NULL, *b = NULL, count = 0, capacity = 0;
  for (size_t i = 0; i < L; ++i) {
    double sum = 0;
    for (size_t k = 0; k < d; ++k) sum += x->values[i * d + k] * x->values[i * d + k];
    norm[i] = sum;
    if (!(sum <= 0x1p1020)) {
      free(norm), free(gram);
      return -1;
    }
  }
  double least_upper = INFINITY, limit = INFINITY;
  for (size_t first = 0; first + 1 < L; first += block) {
    const size_t rows = L - first < block ? L - first : block, cols = L - first;
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)rows, (int)cols, (int)d, 1.0, x->values + first * d,
                (int)d, x->values + first * d, (int)d, 0.0, gram, (int)cols);
    for (size_t p = 0; p < rows; ++p) {
      const size_t i = first + p;
      const double *g = gram + p * cols; /* g[j - first] = <x_i, x_j> */
      for (size_t j = i + 1; j < L; ++j) {
        const double sum = norm[i] + norm[j], f = sum - 2 * g[j - first], e = rel * sum + 2 * abs_;
        if (f - e <= limit) {
          if (count == capacity) {
            capacity = capacity ? 2 * capacity : 1024;
            a = realloc(a, capacity * sizeof *a), b = realloc(b, capacity * sizeof *b);
            lows = realloc(lows, capacity * sizeof *lows);
          }
          a[count] = i, b[count] = j, lows[count++] = f - e;
        }
        if (f + e < least_upper) least_upper = f + e, limit = least_upper * (1 + 4 * rel) + 4 * abs_;
      }
    }
  }
  size_t kept = 0;
  for (size_t k = 0; k < count; ++k)
    if (lows[k] <= limit) a[kept] = a[k], b[kept++] = b[k];
  free(norm), free(gram), free(lows);
  *a_out = a, *b_out = b;
  return (long)kept;
}

/* The extreme distance over the pairs (A[i], B[j]) (`minimum`: the smallest, over i < j when A is
 * B, which is every row: the Gram stage first), evaluated in balls for the pairs that the binary64
 * screen cannot exclude. */
static void extreme_distance(arb_t r, const number_t *x, arb_srcptr balls, const size_t *A, size_t nA,
                             const size_t *B, size_t nB, int minimum) {
  const double rel = screen_relative(x->cols), abs_ = screen_absolute(x->cols);
  size_t *pa = NULL, *pb = NULL;
  long pairs = minimum ? gram_stage(x, &pa, &pb) : -1;
  if (pairs < 0) {
    pa = malloc(nA * nB * sizeof *pa), pb = malloc(nA * nB * sizeof *pb), pairs = 0;
    for (size_t i = 0; i < nA; ++i)
      for (size_t j = minimum ? i + 1 : 0; j < nB; ++j) pa[pairs] = A[i], pb[pairs++] = B[j];
  }
  double threshold = minimum ? INFINITY : -INFINITY;
  for (long k = 0; k < pairs; ++k) {
    const double f = squared_distance(x, pa[k], pb[k]);
    threshold = minimum ? fmin(threshold, f * (1 + rel) + abs_) : fmax(threshold, f * (1 - rel) - abs_);
  }
  arb_t t;
  arb_init(t);
  int first = 1;
  for (long k = 0; k < pairs; ++k) {
    const double f = squared_distance(x, pa[k], pb[k]);
    if (minimum ? f * (1 - rel) - abs_ > threshold : f * (1 + rel) + abs_ < threshold) continue;
    row_distance(t, balls, x->cols, pa[k], pb[k]);
    if (first) arb_set(r, t);
    else if (minimum) arb_min(r, r, t, PREC);
    else arb_max(r, r, t, PREC);
    first = 0;
  }
  arb_clear(t);
  free(pa), free(pb);
}

/* verify/kernels/indicator.hpp: 1{a < b}: 1 or 0 when certain, else the interval [0, 1]. */
static void indicator_less(arb_t r, const arb_t a, const arb_t b) {
  arb_t t;
  arb_init(t);
  arb_sub(t, b, a, PREC);
  if (arb_is_positive(t)) arb_one(r);
  else if (arb_is_nonpositive(t)) arb_zero(r);
  else arb_unit_interval(r);
  arb_clear(t);
}

static void claim(claims_t *c, const arb_t value, const arb_t bound) {
  arb_set(c->value[c->count], value);
  arb_set(c->bound[c->count], bound);
  ++c->count;
}

/* ---- the theorems' evaluations ----------------------------------------------------------- */

/* theorems/softmax-weight-bounds.toml */
static void weight_bounds(const workload_t *w, claims_t *out) {
  const number_t *qn = number(w, "query"), *kn = number(w, "keys");
  const slong L = (slong)kn->rows, d = (slong)kn->cols;
  arb_ptr q = balls_of(qn), K = balls_of(kn), logits = _arb_vec_init(L), alpha = _arb_vec_init(L);
  arb_t T, key_norm, t, delta, lo, hi, spread, bound;
  arb_init(T), arb_init(key_norm), arb_init(t), arb_init(delta), arb_init(lo), arb_init(hi), arb_init(spread),
      arb_init(bound);
  arb_set_d(T, number(w, "T")->values[0]);
  norm(key_norm, K, d);
  for (slong i = 1; i < L; ++i) {
    norm(t, K + i * d, d);
    arb_max(key_norm, key_norm, t, PREC);
  }
  norm(delta, q, d);
  arb_mul(delta, delta, key_norm, PREC);
  for (slong i = 0; i < L; ++i) arb_dot(logits + i, NULL, 0, K + i * d, 1, q, 1, d, PREC);
  softmax(alpha, logits, L, T);
  arb_set(lo, alpha);
  arb_set(hi, alpha);
  for (slong i = 1; i < L; ++i) {
    arb_min(lo, lo, alpha + i, PREC);
    arb_max(hi, hi, alpha + i, PREC);
  }
  arb_mul_2exp_si(spread, delta, 1);
  arb_div(spread, spread, T, PREC);
  arb_exp(spread, spread, PREC);
  arb_mul_si(bound, spread, L, PREC);
  arb_inv(bound, bound, PREC);
  claim(out, lo, bound);
  arb_div_si(bound, spread, L, PREC);
  claim(out, hi, bound);
  _arb_vec_clear(q, d), _arb_vec_clear(K, L * d), _arb_vec_clear(logits, L), _arb_vec_clear(alpha, L);
  arb_clear(T), arb_clear(key_norm), arb_clear(t), arb_clear(delta), arb_clear(lo), arb_clear(hi),
      arb_clear(spread), arb_clear(bound);
}

/* The largest eigenvalue of diag(alpha) - alpha alpha^T, as a user would write it: bisection of
 * the secular function f(x) = 1 - sum_i alpha_i^2 / (alpha_i - x) on [alpha_second, alpha_first],
 * at most 2 PREC + 64 steps, each keeping the half where the sign of f is certain. */
static void bisected_root(arb_t root, arb_srcptr alpha, slong L, size_t first, size_t second) {
  arb_t f, t, at;
  arf_t lo, hi, x;
  arb_init(f), arb_init(t), arb_init(at);
  arf_init(lo), arf_init(hi), arf_init(x);
  arb_get_lbound_arf(lo, alpha + second, PREC);
  arb_get_ubound_arf(hi, alpha + first, PREC);
  for (int step = 0; step < 2 * PREC + 64; ++step) {
    arf_add(x, lo, hi, PREC, ARF_RND_NEAR);
    arf_mul_2exp_si(x, x, -1);
    if (!(arf_cmp(lo, x) < 0 && arf_cmp(x, hi) < 0)) break;
    arb_set_arf(at, x);
    arb_one(f);
    for (slong i = 0; i < L; ++i) {
      arb_sub(t, alpha + i, at, PREC);
      arb_div(t, alpha + i, t, PREC);
      arb_mul(t, t, alpha + i, PREC);
      arb_sub(f, f, t, PREC);
    }
    if (arb_is_positive(f)) arf_set(lo, x);
    else if (arb_is_negative(f)) arf_set(hi, x);
    else break;
  }
  arb_set_interval_arf(root, lo, hi, PREC);
  arb_clear(f), arb_clear(t), arb_clear(at);
  arf_clear(lo), arf_clear(hi), arf_clear(x);
}

/* secular_function of verify/kernels/softmax_jacobian_norm.hpp: f(x) with its top term summed as
 * (top - x) / (alpha_first - x), top = alpha_first o_first; in balls and in binary64. */
static void secular_ball(arb_t f, arb_srcptr alpha, slong L, const arb_t top, size_t first, double x) {
  arb_t t, at;
  arb_init(t), arb_init(at);
  arb_set_d(at, x);
  arb_sub(f, top, at, PREC);
  arb_sub(t, alpha + first, at, PREC);
  arb_div(f, f, t, PREC);
  for (slong i = 0; i < L; ++i) {
    if ((size_t)i == first) continue;
    arb_sub(t, alpha + i, at, PREC);
    arb_div(t, alpha + i, t, PREC);
    arb_mul(t, t, alpha + i, PREC);
    arb_sub(f, f, t, PREC);
  }
  arb_clear(t), arb_clear(at);
}

static double secular_double(const double *alpha, slong L, double top, size_t first, double x) {
  double f = (top - x) / (alpha[first] - x);
  for (slong i = 0; i < L; ++i)
    if ((size_t)i != first) f -= alpha[i] * alpha[i] / (alpha[i] - x);
  return f;
}

/* The certified end of the root's bracket on one side (direction -1: f > 0 below the root; +1:
 * f < 0 above), margins from `start` doubling 40 times; 0 when none lies strictly in (lo, hi). */
static int certified_end(double *end, arb_srcptr alpha, slong L, const arb_t top, size_t first, double root,
                         double start, double direction, double lo, double hi) {
  arb_t f;
  arb_init(f);
  int found = 0;
  double margin = start;
  for (int k = 0; k < 40 && !found; ++k, margin *= 2) {
    const double x = root + direction * margin;
    if (!(lo < x && x < hi)) break;
    secular_ball(f, alpha, L, top, first, x);
    if (direction < 0 ? arb_is_positive(f) : arb_is_negative(f)) *end = x, found = 1;
  }
  arb_clear(f);
  return found;
}

/* The same eigenvalue as normbound's binary64 tier finds it (softmax_jacobian_norm and
 * secular_root_bracket, verify/kernels/softmax_jacobian_norm.*): the bracket [max(d_2, max_i alpha_i o_i),
 * min(d_1, sum_i alpha_i o_i)], the root located by bisection in binary64 on the balls' midpoints,
 * then two points just below and above it certified by one ball evaluation of f each (margin
 * max(0.75 width(f(root)) / |f'(root)|, |root| 2^-50), doubled while a sign is not certain).
 * Where that fails, the bisection above, as normbound falls back to its own. */
static void located_root(arb_t root_ball, arb_srcptr alpha, slong L, size_t first, size_t second) {
  arb_ptr suffix = _arb_vec_init(L + 1), diagonal = _arb_vec_init(L);
  arb_t prefix, trace, top_diagonal;
  arb_init(prefix), arb_init(trace), arb_init(top_diagonal);
  for (slong i = L; i-- > 0;) arb_add(suffix + i, suffix + i + 1, alpha + i, PREC);
  for (slong i = 0; i < L; ++i) { /* alpha_i o_i, o_i the sum of the other weights */
    arb_add(diagonal + i, prefix, suffix + i + 1, PREC);
    arb_mul(diagonal + i, diagonal + i, alpha + i, PREC);
    arb_add(prefix, prefix, alpha + i, PREC);
    arb_add(trace, trace, diagonal + i, PREC);
    arb_max(top_diagonal, top_diagonal, diagonal + i, PREC);
  }
  arf_t end;
  arf_init(end);
  /* The bracket's ends as doubles rounded inward, strictly between d_2 and d_1 as f's poles need. */
  arb_get_lbound_arf(end, alpha + second, PREC);
  double lo = arf_get_d(end, ARF_RND_CEIL);
  arb_get_lbound_arf(end, top_diagonal, PREC);
  lo = fmax(lo, arf_get_d(end, ARF_RND_CEIL));
  arb_get_ubound_arf(end, alpha + first, PREC);
  double hi = arf_get_d(end, ARF_RND_FLOOR);
  arb_get_ubound_arf(end, trace, PREC);
  hi = fmin(hi, arf_get_d(end, ARF_RND_FLOOR));

  int certified = 0;
  double *mid = malloc((size_t)L * sizeof *mid), lower = 0, upper = 0;
  if (lo < hi) {
    for (slong i = 0; i < L; ++i) mid[i] = arf_get_d(arb_midref(alpha + i), ARF_RND_NEAR);
    const double top = arf_get_d(arb_midref(diagonal + first), ARF_RND_NEAR);
    double below = lo, above = hi;
    for (int step = 0; step < 2 * 53 + 64; ++step) {
      const double x = below + (above - below) / 2;
      if (!(below < x && x < above)) break;
      const double f = secular_double(mid, L, top, first, x);
      if (f > 0) below = x;
      else if (f < 0) above = x;
      else {
        below = above = x;
        break;
      }
    }
    const double root = below + (above - below) / 2;
    double slope = 0;
    for (slong i = 0; i < L; ++i) {
      const double q = mid[i] / (mid[i] - root);
      slope += q * q;
    }
    arb_t at_root;
    arb_init(at_root);
    secular_ball(at_root, alpha, L, diagonal + first, first, root);
    const double start = fmax(0.75 * 2 * mag_get_d(arb_radref(at_root)) / slope, fabs(root) * 0x1p-50);
    arb_clear(at_root);
    certified = start > 0 && isfinite(start) &&
                certified_end(&lower, alpha, L, diagonal + first, first, root, start, -1, lo, hi) &&
                certified_end(&upper, alpha, L, diagonal + first, first, root, start, +1, lo, hi);
  }
  if (certified) {
    arf_t a, b;
    arf_init(a), arf_init(b);
    arf_set_d(a, lower), arf_set_d(b, upper);
    arb_set_interval_arf(root_ball, a, b, PREC);
    arf_clear(a), arf_clear(b);
  } else {
    bisected_root(root_ball, alpha, L, first, second);
  }
  free(mid);
  arf_clear(end);
  _arb_vec_clear(suffix, L + 1), _arb_vec_clear(diagonal, L);
  arb_clear(prefix), arb_clear(trace), arb_clear(top_diagonal);
}

typedef void (*root_search_t)(arb_t, arb_srcptr, slong, size_t, size_t);

/* theorems/softmax-jacobian-spectral-sharp.toml with verify/kernels/softmax_jacobian_norm.hpp, the
 * secular equation's root found by `root_search`. */
static void jacobian_sharp(const workload_t *w, claims_t *out, root_search_t root_search) {
  const number_t *ln = number(w, "logits");
  const slong L = (slong)ln->rows;
  arb_t T, jnorm, alpha_max, bound;
  arb_init(T), arb_init(jnorm), arb_init(alpha_max), arb_init(bound);
  arb_set_d(T, number(w, "T")->values[0]);
  arb_ptr alpha = softmax_of(ln, T);
  size_t first, two[2];
  top_n(ln->values, (size_t)L, 1, &first, NULL);
  top_n(ln->values, (size_t)L, 2, two, NULL);
  const size_t second = two[0] == first ? two[1] : two[0];
  if (ln->values[first] == ln->values[second]) arb_set(jnorm, alpha + first);
  else root_search(jnorm, alpha, L, first, second);
  arb_div(jnorm, jnorm, T, PREC);
  arb_set(alpha_max, alpha);
  for (slong i = 1; i < L; ++i) arb_max(alpha_max, alpha_max, alpha + i, PREC);
  arb_mul_2exp_si(bound, T, 1);
  arb_inv(bound, bound, PREC);
  claim(out, jnorm, bound);
  arb_div(bound, alpha_max, T, PREC);
  claim(out, jnorm, bound);
  _arb_vec_clear(alpha, L);
  arb_clear(T), arb_clear(jnorm), arb_clear(alpha_max), arb_clear(bound);
}

static void jacobian_sharp_bisected(const workload_t *w, claims_t *out) { jacobian_sharp(w, out, bisected_root); }
static void jacobian_sharp_located(const workload_t *w, claims_t *out) { jacobian_sharp(w, out, located_root); }

/* theorems/topn-distance-fixed.toml with fixed_set_terms of verify/reproduce/topn_distance.hpp */
static void topn_fixed(const workload_t *w, claims_t *out) {
  const number_t *ln = number(w, "logits"), *xn = number(w, "vectors");
  const size_t L = ln->rows, d = xn->cols, N = (size_t)w->N;
  arb_t T, selected_weight, rest_weight, d1, d2, t, cumulative, norm_of_sum, bound, other_bound;
  arb_init(T), arb_init(selected_weight), arb_init(rest_weight), arb_init(d1), arb_init(d2), arb_init(t),
      arb_init(cumulative), arb_init(norm_of_sum), arb_init(bound), arb_init(other_bound);
  arb_set_d(T, number(w, "T")->values[0]);
  arb_ptr alpha = softmax_of(ln, T), x = balls_of(xn), y = _arb_vec_init((slong)(L * d));
  arb_ptr s = _arb_vec_init((slong)d), rest_sum = _arb_vec_init((slong)d), diff = _arb_vec_init((slong)d);
  for (size_t i = 0; i < L; ++i) _arb_vec_scalar_mul(y + i * d, x + i * d, (slong)d, alpha + i, PREC);
  size_t *selected = malloc(N * sizeof(size_t)), *rest = malloc((L - N) * sizeof(size_t));
  top_n(ln->values, L, N, selected, rest);
  for (size_t j = 0; j < N; ++j) arb_add(selected_weight, selected_weight, alpha + selected[j], PREC);
  for (size_t i = 0; i < L - N; ++i) arb_add(rest_weight, rest_weight, alpha + rest[i], PREC);
  extreme_distance(d1, xn, x, rest, L - N, selected, N, 0);
  norm(d2, x + selected[0] * d, (slong)d);
  for (size_t j = 0; j < N; ++j) {
    norm(t, x + selected[j] * d, (slong)d);
    arb_max(d2, d2, t, PREC);
  }
  for (size_t j = 0; j < N; ++j) _arb_vec_add(s, s, y + selected[j] * d, (slong)d, PREC);
  for (size_t i = 0; i < L - N; ++i) {
    _arb_vec_sub(diff, y + rest[i] * d, s, (slong)d, PREC);
    norm(t, diff, (slong)d);
    arb_add(cumulative, cumulative, t, PREC);
  }
  /* fixed_set_terms computes the other reading's distance and bound too (not claims here). */
  for (size_t i = 0; i < L - N; ++i) _arb_vec_add(rest_sum, rest_sum, y + rest[i] * d, (slong)d, PREC);
  _arb_vec_sub(diff, rest_sum, s, (slong)d, PREC);
  norm(norm_of_sum, diff, (slong)d);
  arb_sub(other_bound, rest_weight, selected_weight, PREC);
  arb_abs(other_bound, other_bound);
  arb_mul(other_bound, other_bound, d2, PREC);
  arb_addmul(other_bound, rest_weight, d1, PREC);
  /* (1 - a) d_1 + ((L - N) a - (1 - a)) d_2 */
  arb_mul_si(bound, selected_weight, (slong)(L - N), PREC);
  arb_sub(bound, bound, rest_weight, PREC);
  arb_mul(bound, bound, d2, PREC);
  arb_addmul(bound, rest_weight, d1, PREC);
  claim(out, cumulative, bound);
  free(selected), free(rest);
  _arb_vec_clear(alpha, (slong)L), _arb_vec_clear(x, (slong)(L * d)), _arb_vec_clear(y, (slong)(L * d));
  _arb_vec_clear(s, (slong)d), _arb_vec_clear(rest_sum, (slong)d), _arb_vec_clear(diff, (slong)d);
  arb_clear(T), arb_clear(selected_weight), arb_clear(rest_weight), arb_clear(d1), arb_clear(d2), arb_clear(t),
      arb_clear(cumulative), arb_clear(norm_of_sum), arb_clear(bound), arb_clear(other_bound);
}

/* theorems/separability-lower.toml with separability_terms of verify/kernels/separability.hpp */
static void separability_lower(const workload_t *w, claims_t *out) {
  const number_t *ln = number(w, "logits"), *xn = number(w, "vectors");
  const size_t L = ln->rows, d = xn->cols, N = (size_t)w->N;
  arb_t T, M, delta, t, u, s_squared, prefix, prefix_weight, prefix_square, A, Q, half_delta_squared, r;
  arb_t separated, premise, counted, gap, envelope, two_M_squared, xi_sum, lhs, Nball;
  arb_init(T), arb_init(M), arb_init(delta), arb_init(t), arb_init(u), arb_init(s_squared), arb_init(prefix),
      arb_init(prefix_weight), arb_init(prefix_square), arb_init(A), arb_init(Q), arb_init(half_delta_squared),
      arb_init(r);
  arb_init(separated), arb_init(premise), arb_init(counted), arb_init(gap), arb_init(envelope),
      arb_init(two_M_squared), arb_init(xi_sum), arb_init(lhs), arb_init(Nball);
  arb_set_d(T, number(w, "T")->values[0]);
  arb_ptr alpha = softmax_of(ln, T), x = balls_of(xn);
  size_t *selected = malloc(N * sizeof(size_t)), *rest = malloc((L - N) * sizeof(size_t));
  size_t *all = calloc(L, sizeof(size_t));
  for (size_t i = 0; i < L; ++i) all[i] = i;
  top_n(ln->values, L, N, selected, rest);
  /* the rows of I of X X^T and its diagonal, as gram_rows<R> computes them */
  arb_ptr G = _arb_vec_init((slong)(N * L)), D = _arb_vec_init((slong)L);
  for (size_t p = 0; p < N; ++p)
    for (size_t j = 0; j < L; ++j) arb_dot(G + p * L + j, NULL, 0, x + selected[p] * d, 1, x + j * d, 1, (slong)d, PREC);
  for (size_t j = 0; j < L; ++j) arb_dot(D + j, NULL, 0, x + j * d, 1, x + j * d, 1, (slong)d, PREC);
#define ROW(p, m) (G + (p) * L + (m))
#define DIAG(i) (D + (i))
  arb_set(t, DIAG(0));
  for (size_t i = 1; i < L; ++i) arb_max(t, t, DIAG(i), PREC);
  root(M, t);
  extreme_distance(delta, xn, x, all, L, all, L, 1);

  /* o[p][m] = <o_k, x_m> and g[m] = <s, x_m> as prefix + suffix sums over I. */
  arb_ptr o = _arb_vec_init((slong)(N * L)), g = _arb_vec_init((slong)L), suffix = _arb_vec_init((slong)(N + 1));
  for (size_t m = 0; m < L; ++m) {
    arb_zero(suffix + N);
    for (size_t p = N; p-- > 0;) {
      arb_mul(t, alpha + selected[p], ROW(p, m), PREC);
      arb_add(suffix + p, suffix + p + 1, t, PREC);
    }
    arb_zero(prefix);
    for (size_t p = 0; p < N; ++p) {
      arb_add(o + p * L + m, prefix, suffix + p + 1, PREC);
      arb_addmul(prefix, alpha + selected[p], ROW(p, m), PREC);
    }
    arb_set(g + m, prefix);
  }
  for (size_t q = 0; q < N; ++q) arb_addmul(s_squared, alpha + selected[q], g + selected[q], PREC);

  arb_ptr suffix_weight = _arb_vec_init((slong)(N + 1)), suffix_square = _arb_vec_init((slong)(N + 1));
  arb_ptr dist = _arb_vec_init((slong)N), xi = _arb_vec_init((slong)N);
  for (size_t p = N; p-- > 0;) {
    arb_add(suffix_weight + p, suffix_weight + p + 1, alpha + selected[p], PREC);
    arb_mul(t, alpha + selected[p], alpha + selected[p], PREC);
    arb_add(suffix_square + p, suffix_square + p + 1, t, PREC);
  }
  arb_mul(half_delta_squared, delta, delta, PREC);
  arb_mul_2exp_si(half_delta_squared, half_delta_squared, -1);
  for (size_t p = 0; p < N; ++p) {
    const size_t k = selected[p];
    arb_zero(t);
    for (size_t q = 0; q < N; ++q)
      if (q != p) arb_addmul(t, alpha + selected[q], o + p * L + selected[q], PREC);
    root(dist + p, t);
    arb_add(A, prefix_weight, suffix_weight + p + 1, PREC);
    arb_add(Q, prefix_square, suffix_square + p + 1, PREC);
    arb_mul(A, A, A, PREC);          /* A^2 */
    arb_mul(t, M, M, PREC);
    arb_mul(t, t, A, PREC);          /* M^2 A^2 */
    arb_sub(u, A, Q, PREC);
    arb_submul(t, half_delta_squared, u, PREC);
    root(xi + p, t);
    arb_add(prefix_weight, prefix_weight, alpha + k, PREC);
    arb_addmul(prefix_square, alpha + k, alpha + k, PREC);
  }

  for (size_t q = 0; q < L - N; ++q) { /* r = min_{i not in I} ||s - y_i|| */
    const size_t i = rest[q];
    arb_mul(u, alpha + i, g + i, PREC);
    arb_mul_2exp_si(u, u, 1);
    arb_sub(t, s_squared, u, PREC);
    arb_mul(u, alpha + i, alpha + i, PREC);
    arb_addmul(t, u, DIAG(i), PREC);
    root(u, t);
    if (q == 0) arb_set(r, u);
    else arb_min(r, r, u, PREC);
  }

  arb_mul(two_M_squared, M, M, PREC);
  arb_mul_2exp_si(two_M_squared, two_M_squared, 1);
  for (size_t p = 0; p < N; ++p) {
    const size_t k = selected[p];
    arb_one(counted);
    for (size_t q = 0; q < L - N; ++q) {
      const size_t i = rest[q];
      arb_mul(gap, alpha + k, o + p * L + k, PREC);
      arb_submul(gap, alpha + i, o + p * L + i, PREC);
      arb_mul_2exp_si(gap, gap, 1);
      arb_mul(t, alpha + k, alpha + k, PREC);
      arb_addmul(gap, t, DIAG(k), PREC);
      arb_mul(t, alpha + k, alpha + i, PREC);
      arb_mul_2exp_si(t, t, 1);
      arb_submul(gap, t, ROW(p, i), PREC);
      arb_mul(t, alpha + i, alpha + i, PREC);
      arb_addmul(gap, t, DIAG(i), PREC);
      arb_zero(u);
      indicator_less(t, u, gap);
      arb_mul(counted, counted, t, PREC);
    }
    arb_add(separated, separated, counted, PREC);
    indicator_less(t, r, xi + p);
    arb_add(premise, premise, t, PREC);
    arb_sub(t, xi + p, r, PREC); /* the upper envelope's term, which separability_terms computes */
    arb_zero(u);
    arb_max(t, t, u, PREC);
    arb_mul(t, t, t, PREC);
    arb_div(t, t, two_M_squared, PREC);
    arb_neg(t, t);
    arb_exp(t, t, PREC);
    arb_add(envelope, envelope, t, PREC);
  }
  arb_div_si(envelope, envelope, (slong)N, PREC);
#undef ROW
#undef DIAG

  for (size_t p = 0; p < N; ++p) {
    claim(out, dist + p, xi + p);
    arb_add(xi_sum, xi_sum, xi + p, PREC);
  }
  arb_set_si(Nball, (slong)N);
  arb_sub(lhs, Nball, separated, PREC);
  arb_mul(lhs, r, lhs, PREC);
  claim(out, lhs, xi_sum);
  /* The theorem's printed quantities N_s / N and 1 - sum_i xi_i / (r N). */
  arb_div(t, separated, Nball, PREC);
  arb_mul(u, r, Nball, PREC);
  arb_div(u, xi_sum, u, PREC);
  arb_sub_si(u, u, 1, PREC);
  arb_neg(u, u);

  free(selected), free(rest), free(all);
  _arb_vec_clear(alpha, (slong)L), _arb_vec_clear(x, (slong)(L * d)), _arb_vec_clear(G, (slong)(N * L)), _arb_vec_clear(D, (slong)L);
  _arb_vec_clear(o, (slong)(N * L)), _arb_vec_clear(g, (slong)L), _arb_vec_clear(suffix, (slong)(N + 1));
  _arb_vec_clear(suffix_weight, (slong)(N + 1)), _arb_vec_clear(suffix_square, (slong)(N + 1));
  _arb_vec_clear(dist, (slong)N), _arb_vec_clear(xi, (slong)N);
  arb_clear(T), arb_clear(M), arb_clear(delta), arb_clear(t), arb_clear(u), arb_clear(s_squared),
      arb_clear(prefix), arb_clear(prefix_weight), arb_clear(prefix_square), arb_clear(A), arb_clear(Q),
      arb_clear(half_delta_squared), arb_clear(r);
  arb_clear(separated), arb_clear(premise), arb_clear(counted), arb_clear(gap), arb_clear(envelope),
      arb_clear(two_M_squared), arb_clear(xi_sum), arb_clear(lhs), arb_clear(Nball);
}

typedef void (*evaluation_t)(const workload_t *, claims_t *);

/* The evaluations of each theorem, each timed and printed with its algorithm (the labels that
 * certified_table.py prints): the peers follow normbound's steps, except the first Jacobian
 * evaluation, which finds the secular root as a user would write it. */
static const struct {
  const char *theorem, *algorithm;
  evaluation_t evaluate;
} evaluations[] = {
    {"softmax-weight-bounds", "normbound's (same steps)", weight_bounds},
    {"softmax-jacobian-spectral-sharp", "as a user would write it (bisection)", jacobian_sharp_bisected},
    {"softmax-jacobian-spectral-sharp", "normbound's (root located in binary64)", jacobian_sharp_located},
    {"topn-distance-fixed", "normbound's (same steps)", topn_fixed},
    {"separability-lower", "normbound's (same steps)", separability_lower},
};

static double cpu_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void print_ball(const char *key, const arb_t x) {
  char *text = arb_get_str(x, 40, 0);
  printf("\"%s\": \"%s\"", key, text);
  flint_free(text);
}

int main(int argc, char **argv) {
  openblas_set_num_threads(1); /* one thread per call, as normbound's calls (verify/kernels/openblas_call.hpp) */
  if (argc < 2) {
    fprintf(stderr, "usage: bench_certified_arb INPUTS [--rounds R] [--min-seconds X] [--only TEXT]...\n");
    return 64;
  }
  int rounds = 1, only_count = 0;
  double min_seconds = 0.2;
  const char *only[16];
  for (int k = 2; k + 1 < argc; k += 2) {
    if (strcmp(argv[k], "--rounds") == 0) rounds = atoi(argv[k + 1]);
    else if (strcmp(argv[k], "--min-seconds") == 0) min_seconds = atof(argv[k + 1]);
    else if (strcmp(argv[k], "--only") == 0 && only_count < 16) only[only_count++] = argv[k + 1];
    else fail("unknown option ", argv[k]);
  }
  static workload_t workloads[MAX_WORKLOADS];
  const int count = read_workloads(argv[1], workloads);
  static claims_t claims;
  for (int k = 0; k < MAX_CLAIMS; ++k) arb_init(claims.value[k]), arb_init(claims.bound[k]);

  printf("{\"peer\": \"arb\", \"version\": \"%s\", \"precision_bits\": %d, \"workloads\": [", arb_version, PREC);
  int printed = 0;
  for (int k = 0; k < count; ++k) {
    const workload_t *w = &workloads[k];
    char name[160];
    snprintf(name, sizeof name, "%.63s %.63s", w->theorem, w->shape);
    int wanted = only_count == 0;
    for (int o = 0; o < only_count; ++o) wanted |= strstr(name, only[o]) != NULL;
    if (!wanted) continue;
    int known = 0;
    for (size_t e = 0; e < sizeof evaluations / sizeof evaluations[0]; ++e) {
      if (strcmp(evaluations[e].theorem, w->theorem) != 0) continue;
      known = 1;
      printf("%s{\"name\": \"%s\", \"algorithm\": \"%s\", \"seconds\": [", printed++ ? ", " : "", name,
             evaluations[e].algorithm);
      for (int round = 0; round < rounds; ++round) {
        const double start = cpu_seconds();
        long calls = 0;
        double elapsed;
        do {
          claims.count = 0;
          evaluations[e].evaluate(w, &claims);
          ++calls;
          elapsed = cpu_seconds() - start;
        } while (elapsed < min_seconds);
        printf("%s%.9g", round ? ", " : "", elapsed / (double)calls);
      }
      printf("], \"claims\": [");
      for (int c = 0; c < claims.count; ++c) {
        printf("%s{", c ? ", " : "");
        print_ball("value", claims.value[c]);
        printf(", ");
        print_ball("bound", claims.bound[c]);
        printf("}");
      }
      printf("]}");
      fflush(stdout);
    }
    if (!known) fail("no Arb evaluation of ", w->theorem);
  }
  printf("]}\n");
  flint_cleanup();
  return 0;
}
