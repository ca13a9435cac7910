"""Generates snap-sample.txt (a small SNAP-style edge list with sparse ids) and the spectrum
numpy computes for it: the independent ground truth of CliTest.fileGraphSpectrumMatchesNumpy.
Run: python3 numpy-spectrum.py"""
import json
import numpy as np

rng = np.random.default_rng(20261122)
n = 40
ids = np.sort(rng.choice(np.arange(1, 5000), size=n, replace=False))
edges = set()
for i in range(n):                      # a ring keeps it connected
    edges.add((i, (i + 1) % n))
while len(edges) < 120:
    a, b = rng.integers(0, n, size=2)
    if a != b:
        edges.add((min(a, b), max(a, b)))
with open("snap-sample.txt", "w") as f:
    f.write("# Directed graph (each unordered pair of nodes is saved once): snap-sample.txt\n")
    f.write("# Nodes: %d Edges: %d\n# FromNodeId\tToNodeId\n" % (n, len(edges)))
    for a, b in sorted(edges):
        f.write("%d\t%d\n" % (ids[a], ids[b]))
    f.write("%d\t%d\n" % (ids[3], ids[3]))          # a self-loop, to be ignored
    f.write("%d\t%d\n" % (ids[1], ids[0]))          # a duplicate, to be ignored
A = np.zeros((n, n))
for a, b in edges:
    A[a, b] = A[b, a] = 1
d = A.sum(1)
S = A / np.sqrt(np.outer(d, d))                     # similar to D^-1 A
simple = np.sort(np.linalg.eigvalsh(S))[::-1]
W = np.zeros((n, n))
for a, b in edges:
    W[a, b] = W[b, a] = 1.0 / (1 + max(d[a], d[b]))
W += np.diag(1 - W.sum(1))
metro = np.sort(np.linalg.eigvalsh(W))[::-1]
out = {"n": n, "edges": len(edges),
       "simple": {"lambda2": simple[1], "lambda_min": simple[-1]},
       "metropolis": {"lambda2": metro[1], "lambda_min": metro[-1]}}
with open("snap-sample-numpy.json", "w") as f:
    json.dump(out, f, indent=1)
print(out)
