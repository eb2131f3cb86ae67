#!/usr/bin/python3
"""Fixtures for the clustered-sampling route: scikit-learn's Ward clustering on a standardised input.

Run with Debian's python3-sklearn: /usr/bin/python3 bench/peers/ward_sklearn.py
Writes test/fixtures/core-collection/ward-input.csv (the standardised matrix, z-scores per column, 4 decimals as
written, which is what both sides cluster) and ward-sklearn.json (AgglomerativeClustering(linkage="ward") labels for
several numbers of clusters).
"""
import json
import os

import numpy as np
import sklearn
from sklearn.cluster import AgglomerativeClustering

here = os.path.dirname(os.path.abspath(__file__))
out = os.path.join(here, "..", "..", "test", "fixtures", "core-collection")
rng = np.random.default_rng(20261128)
n, d, groups = 600, 6, 12
centres = rng.normal(0, 4, size=(groups, d))
labels = rng.integers(0, groups, size=n)
x = centres[labels] + rng.normal(0, 1.0 + rng.random(d), size=(n, d))
x = (x - x.mean(axis=0)) / x.std(axis=0, ddof=1)
x = np.round(x, 4)
with open(os.path.join(out, "ward-input.csv"), "w") as f:
    f.write(",".join(f"x{k + 1}" for k in range(d)) + "\n")
    for row in x:
        f.write(",".join(f"{v:.4f}" for v in row) + "\n")
answers = {}
for k in (5, 12, 30, 60):
    answers[str(k)] = AgglomerativeClustering(n_clusters=k, linkage="ward").fit(x).labels_.tolist()
with open(os.path.join(out, "ward-sklearn.json"), "w") as f:
    json.dump({"made": "bench/peers/ward_sklearn.py", "peer": f"scikit-learn {sklearn.__version__} AgglomerativeClustering(linkage='ward')",
               "input": "ward-input.csv", "labels": answers}, f)
    f.write("\n")
os.system(f"cd {os.path.join(here, '..', '..')} && npx deno fmt test/fixtures/core-collection/ward-sklearn.json")
print("ward fixtures written")
