"""Long work off the request path: goldfish games played in the background, with progress.

A page asks for test games; :meth:`Jobs.start` queues them on one worker thread and gets
a job id at once; the job page (and its script, through ``/api/jobs/ID``) reads the games
played so far, then the result. One worker: games are CPU work, and a second run would
only halve the speed of both. The last :data:`KEPT` jobs are kept, oldest dropped first.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from deckbuilder.errors import Failure, classify
from deckbuilder.web.guard import NoSuchPageError

#: How many finished jobs are kept for their pages.
KEPT = 32


@dataclass
class Job:
    """One background run: what it is for, how far it got, and its result or error."""

    id: str
    deck_id: str
    total: int
    done: int = 0
    state: str = "queued"  # queued, running, done, failed
    result: Any = None
    failure: Failure | None = None
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def finished(self) -> bool:
        """Checks whether the job is done or failed."""
        return self.state in ("done", "failed")

    def to_json(self) -> dict[str, Any]:
        """Gets the job's progress as ``/api/jobs/ID`` answers it."""
        return {"id": self.id, "deck": self.deck_id, "state": self.state, "done": self.done, "total": self.total,
                "error": self.failure.to_json()["error"] if self.failure else None}


class Jobs:
    """The background jobs of one server."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()

    def start(self, deck_id: str, total: int, work: Callable[[Callable[[int, int], None]], Any],
              options: dict[str, Any] | None = None) -> Job:
        """Queues ``work`` (called with a progress callback (done, in all)) and gets its job."""
        job = Job(secrets.token_hex(8), deck_id, total, options=dict(options or {}))
        with self._lock:
            self._jobs[job.id] = job
            while len(self._jobs) > KEPT:
                self._jobs.popitem(last=False)
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mythos-job")
            pool = self._pool

        def progress(done: int, total: int) -> None:
            job.done = done
            if total > 0:  # the suggestions know how many changes they measure once started
                job.total = total

        def run() -> None:
            job.state = "running"
            try:
                job.result = work(progress)
            except Exception as exc:  # shown on the job's page, as the CLI would print it
                job.failure = classify(exc) or Failure("error", f"the games stopped: {exc!r}", 2)
                job.state = "failed"
                return
            job.done = job.total
            job.state = "done"

        pool.submit(run)
        return job

    def get(self, job_id: str) -> Job:
        """Gets a job by id. Raises :class:`~deckbuilder.web.guard.NoSuchPageError`."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None:
            raise NoSuchPageError(f"no test games numbered {job_id[:32]!r} (finished ones are kept for a while); start them again")
        return job

    def wait(self, job_id: str, timeout: float = 60.0) -> Job:
        """Waits for a job to finish (tests and scripts); gets it."""
        import time

        deadline = time.monotonic() + timeout
        job = self.get(job_id)
        while not job.finished and time.monotonic() < deadline:
            time.sleep(0.02)
        return job
