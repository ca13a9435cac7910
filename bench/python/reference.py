"""Reference timings of the straightforward numpy/scipy way, for bench/README.md.

Not part of the build: run by hand next to the JMH benchmarks (python3 with numpy and scipy).
  python3 bench/python/reference.py            # both
  python3 bench/python/reference.py uniform    # Uniform RW-SGD steps per second
  python3 bench/python/reference.py pndp       # Cyffers et al. all-pairs matrix through a dense eigh
  python3 bench/python/reference.py pndp-file EDGES.txt   # the same on an edge list (0-based ids), to time
                                                          # against `rwdp bound pndp --graph file:EDGES.txt`
Prints one JSON object.
"""
import json
import sys
import time

import numpy as np


def er_graph(n, p, rng):
    a = rng.random((n, n)) < p
    a = np.triu(a, 1)
    return a | a.T


def uniform_rw_sgd(steps=200_000, n=100, p=0.3, d=10, q=0.75, radius=10.0, seed=1):
    """Ayache et al., Algorithm 1, written the way a numpy user would: one Python iteration per step."""
    rng = np.random.default_rng(seed)
    adj = er_graph(n, p, rng)
    nbrs = [np.flatnonzero(adj[i]) for i in range(n)]
    deg = adj.sum(1)
    y = rng.choice([-1.0, 1.0], size=n)
    x = rng.normal(y[:, None] * 1.0, 1.0, size=(n, d))
    w = rng.normal(size=d)
    w *= min(1.0, radius / np.linalg.norm(w))
    i = rng.integers(n)
    t0 = time.perf_counter()
    for k in range(1, steps + 1):
        z = y[i] * (x[i] @ w)
        grad = -n * y[i] * x[i] / (1.0 + np.exp(z)) + w
        w = w - grad / k ** q
        nrm = np.linalg.norm(w)
        if nrm > radius:
            w *= radius / nrm
        j = nbrs[i][rng.integers(len(nbrs[i]))]
        if rng.random() < min(1.0, deg[i] / deg[j]):
            i = j
    dt = time.perf_counter() - t0
    return {"uniform_rw_steps": steps, "uniform_rw_seconds": dt, "uniform_rw_steps_per_second": steps / dt}


def pndp_eigh(n=2048, seed=1):
    """Cyffers et al. reference route: W = metropolis weights, L(W) = -log(I - W + J/n) via a dense eigh."""
    import scipy.linalg
    rng = np.random.default_rng(seed)
    adj = er_graph(n, 2 * np.log(n) / n, rng)
    deg = adj.sum(1)
    t0 = time.perf_counter()
    w = np.where(adj, 1.0 / (1 + np.maximum(deg[:, None], deg[None, :])), 0.0)
    w[np.diag_indices(n)] = 1 - w.sum(1)
    m = np.eye(n) - w + np.ones((n, n)) / n
    lam, vec = scipy.linalg.eigh(m)
    logw = -(vec * np.log(lam)) @ vec.T
    dt = time.perf_counter() - t0
    return {"pndp_n": n, "pndp_eigh_seconds": dt, "pndp_checksum": float(np.abs(logw).sum())}


def pndp_file(path):
    """The dense eigh route on an edge list, for side-by-side timings with rwdp on the same graph."""
    import scipy.linalg
    e = np.loadtxt(path, dtype=np.int64, comments="#", ndmin=2)[:, :2]
    n = int(e.max()) + 1
    adj = np.zeros((n, n), bool)
    adj[e[:, 0], e[:, 1]] = True
    adj |= adj.T
    np.fill_diagonal(adj, False)
    deg = adj.sum(1)
    t0 = time.perf_counter()
    c0 = time.process_time()
    w = np.where(adj, 1.0 / (1 + np.maximum(deg[:, None], deg[None, :])), 0.0)
    w[np.diag_indices(n)] = 1 - w.sum(1)
    m = np.eye(n) - w + np.ones((n, n)) / n
    lam, vec = scipy.linalg.eigh(m)
    logw = -(vec * np.log(lam)) @ vec.T
    return {"pndp_file": path, "n": n, "eigh_wall_seconds": time.perf_counter() - t0,
            "eigh_cpu_seconds": time.process_time() - c0, "checksum": float(np.abs(logw).sum())}


if __name__ == "__main__":
    if sys.argv[1:2] == ["pndp-file"]:
        print(json.dumps(pndp_file(sys.argv[2]), indent=1))
        sys.exit(0)
    what = sys.argv[1:] or ["uniform", "pndp"]
    out = {"numpy": np.__version__}
    if "uniform" in what:
        out.update(uniform_rw_sgd())
    if "pndp" in what:
        out.update(pndp_eigh())
    print(json.dumps(out, indent=1))
