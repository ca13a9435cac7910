"""Reference timings of the straightforward numpy/scipy way, for bench/README.md.

Not part of the build: run by hand next to the JMH benchmarks (python3 with numpy and scipy).
  python3 bench/python/reference.py            # both
  python3 bench/python/reference.py uniform    # Uniform RW-SGD steps per second
  python3 bench/python/reference.py pndp       # Cyffers et al. all-pairs matrix through a dense eigh
  python3 bench/python/reference.py pndp-graphs DIR       # write DIR/er.txt, grid.txt, geo.txt (n = 2048)
  python3 bench/python/reference.py pndp-file EDGES.txt [R]   # the same on an edge list (0-based ids), to time
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


def pndp_file(path, repeats=1):
    """The dense eigh route on an edge list, for side-by-side timings with rwdp on the same graph.

    The first repetition is the cold single shot; the best of the others is the warm figure to set
    against JMH's steady state."""
    import scipy.linalg
    e = np.loadtxt(path, dtype=np.int64, comments="#", ndmin=2)[:, :2]
    n = int(e.max()) + 1
    adj = np.zeros((n, n), bool)
    adj[e[:, 0], e[:, 1]] = True
    adj |= adj.T
    np.fill_diagonal(adj, False)
    deg = adj.sum(1)
    walls, cpus = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        c0 = time.process_time()
        w = np.where(adj, 1.0 / (1 + np.maximum(deg[:, None], deg[None, :])), 0.0)
        w[np.diag_indices(n)] = 1 - w.sum(1)
        m = np.eye(n) - w + np.ones((n, n)) / n
        lam, vec = scipy.linalg.eigh(m)
        logw = -(vec * np.log(lam)) @ vec.T
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    out = {"pndp_file": path, "n": n, "eigh_wall_seconds": walls[0], "eigh_cpu_seconds": cpus[0],
           "checksum": float(np.abs(logw).sum())}
    if repeats > 1:
        out["eigh_wall_seconds_best_warm"] = min(walls[1:])
    return out


def pndp_graphs(directory):
    """Writes the three n = 2048 edge lists of the side-by-side table (0-based, one edge per line):
    er.txt (q = 0.0045), grid.txt (45 x 45) and geo.txt (random geometric, r = 0.0707), the first
    connected draw from seed 1 on."""
    import os
    import scipy.sparse
    import scipy.sparse.csgraph

    def connected(n, e):
        a = scipy.sparse.coo_matrix((np.ones(len(e)), (e[:, 0], e[:, 1])), shape=(n, n))
        return scipy.sparse.csgraph.connected_components(a, directed=False)[0] == 1

    def er(seed):
        rng = np.random.default_rng(seed)
        return np.argwhere(np.triu(rng.random((2048, 2048)) < 0.0045, 1))

    def geo(seed):
        p = np.random.default_rng(seed).random((2048, 2))
        d = np.sqrt(((p[:, None, :] - p[None, :, :]) ** 2).sum(-1))
        return np.argwhere(np.triu(d < 0.0707, 1))

    grid = []
    for i in range(45):
        for j in range(45):
            k = i * 45 + j
            if j + 1 < 45:
                grid.append((k, k + 1))
            if i + 1 < 45:
                grid.append((k, k + 45))
    os.makedirs(directory, exist_ok=True)
    out = {}
    for name, make in (("er", er), ("geo", geo)):
        seed = 1
        while not connected(2048, make(seed)):
            seed += 1
        e = make(seed)
        np.savetxt(os.path.join(directory, name + ".txt"), e, fmt="%d")
        out[name] = {"n": 2048, "edges": len(e), "seed": seed}
    np.savetxt(os.path.join(directory, "grid.txt"), np.array(grid), fmt="%d")
    out["grid"] = {"n": 2025, "edges": len(grid)}
    return out


if __name__ == "__main__":
    if sys.argv[1:2] == ["pndp-file"]:
        print(json.dumps(pndp_file(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 1), indent=1))
        sys.exit(0)
    if sys.argv[1:2] == ["pndp-graphs"]:
        print(json.dumps(pndp_graphs(sys.argv[2]), indent=1))
        sys.exit(0)
    what = sys.argv[1:] or ["uniform", "pndp"]
    out = {"numpy": np.__version__}
    if "uniform" in what:
        out.update(uniform_rw_sgd())
    if "pndp" in what:
        out.update(pndp_eigh())
    print(json.dumps(out, indent=1))
