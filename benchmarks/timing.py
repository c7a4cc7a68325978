"""What the benchmark scripts share: timing a call, best of n."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MYTHOS_DATA = ROOT.parent / "shared" / "mythos-data"


def best_of(n: int, fn: Callable[[], Any]) -> float:
    """Gets the fastest of ``n`` timed calls, in seconds (the least disturbed run)."""
    times = []
    for _ in range(n):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)
