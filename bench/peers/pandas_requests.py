"""Peer: Python requests + pandas.read_csv, timed from the request to a DataFrame in memory.
   python3 bench/peers/pandas_requests.py <url> <token> <rows> <select>
Prints one JSON line like bench/case.ts: {case, rows, bytes, seconds, peakRssMB, idleRssMB, endRssMB}."""
import io
import json
import sys
import time

import pandas as pd
import requests


def status_mb(key):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(key):
                return int(line.split()[1]) / 1024
    return float("nan")


url, token, rows, select = sys.argv[1:5]
idle = status_mb("VmRSS:")
t0 = time.perf_counter()
r = requests.post(
    f"{url}/api/v2/acn/query",
    params={"l": rows, "select": select},
    headers={"Authorization": f"Bearer {token}", "Accept": "text/csv, */*", "Content-Type": "application/json"},
    data="{}",
)
r.raise_for_status()
body = r.content
df = pd.read_csv(io.BytesIO(body), sep="\t", low_memory=False)
seconds = time.perf_counter() - t0
print(json.dumps({"case": "pandas", "rows": len(df), "bytes": len(body), "seconds": seconds,
                  "peakRssMB": status_mb("VmHWM:"), "idleRssMB": idle, "endRssMB": status_mb("VmRSS:")}))
