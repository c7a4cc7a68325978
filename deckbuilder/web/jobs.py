"""Long work off the request path: goldfish games, a deck build or suggested changes played in
the background, with progress, and stopped when asked.

A page asks for test games (or a build, or suggestions); :meth:`Jobs.start` queues them on
one worker thread and gets a job id at once; the job page (and its script, through
``/api/jobs/ID``) reads the work done so far, then the result. One worker: games are CPU work, and a second run would
only halve the speed of both. The last :data:`KEPT` jobs are kept, oldest dropped first.

Stopping (issue 26): a job's Cancel button (:meth:`Jobs.cancel`) and the server's Ctrl-C
(:meth:`Jobs.stop`) set a flag the work reads at each step (:class:`JobProgress`: at every
progress report, and for a build before every batch of games), so it ends within a batch of
games. A build's deck is saved only through :meth:`JobProgress.saving`, which refuses once the
job was cancelled: nothing is saved from a cancelled build. The jobs live in the server's
memory only: after a restart a job's page says it is gone (:class:`JobGoneError`).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_for
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from deckbuilder.errors import Failure, MythosError, classify
from deckbuilder.web.guard import NoSuchPageError

#: How many finished jobs are kept for their pages.
KEPT = 32


class WorkStoppedError(MythosError):
    """Raised inside work the player cancelled, or that the server stops as it shuts down."""

    kind = "stopped"


class JobGoneError(NoSuchPageError):
    """Raised when a job's page is asked for and the server no longer holds the job (it was
    restarted, or the job was among the oldest); its page links back to where it starts."""

    #: The page's HTTP status: the job's address was real, and is gone.
    status = 410

    def __init__(self, message: str, what: str | None = None, back: tuple[str, str] | None = None) -> None:
        super().__init__(message)
        #: What the job ran, in words ("build", "test games"), if the page knows it.
        self.what = what
        #: Where to start the work again: (label, address).
        self.back = back


@dataclass(frozen=True)
class JobState:
    """What a job's page shows, read at one moment: its state and, when done, its result.

    A page reads its job once, through :meth:`Job.now`: read field by field, the job could
    finish between two reads, and a page would say neither "running" nor show the result (and
    its script, seeing "done", would not reload it)."""

    state: str
    done: int
    total: int
    result: Any
    failure: Failure | None

    @property
    def running(self) -> bool:
        """Checks whether the job is still queued or running."""
        return self.state in ("queued", "running")


@dataclass
class Job:
    """One background run: what it is for, how far it got, and its result or error."""

    id: str
    deck_id: str
    total: int
    done: int = 0
    state: str = "queued"  # queued, running, done, failed, cancelled
    result: Any = None
    failure: Failure | None = None
    options: dict[str, Any] = field(default_factory=dict)
    #: Set by Cancel (read by the work at its next step; a plain flag, see :meth:`Jobs.stop`).
    cancelled: bool = False
    #: Set once the work saves what it made: too late to cancel then.
    saving: bool = False
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def finished(self) -> bool:
        """Checks whether the job is done, failed or cancelled."""
        return self.state in ("done", "failed", "cancelled")

    def now(self) -> JobState:
        """Gets the job's state, progress and result as one consistent reading."""
        with self._lock:
            return JobState(self.state, self.done, self.total, self.result, self.failure)

    def end(self, state: str, result: Any = None, failure: Failure | None = None) -> None:
        """Ends the job: its state, result and error change together (see :class:`JobState`)."""
        with self._lock:
            self.result = result
            self.failure = failure
            if state == "done":
                self.done = self.total
            self.state = state

    @property
    def kind(self) -> str:
        """Gets what the job runs: "build", "suggest" or "goldfish" (test games)."""
        return str(self.options.get("kind", "goldfish"))

    @property
    def page(self) -> str:
        """Gets the address of the job's page."""
        if self.kind == "build":
            return f"/decks/build/{self.id}"
        return f"/decks/{self.deck_id}/{self.kind}/{self.id}"

    def to_json(self) -> dict[str, Any]:
        """Gets the job's progress as ``/api/jobs/ID`` answers it."""
        now = self.now()
        return {
            "id": self.id,
            "deck": self.deck_id,
            "state": now.state,
            "done": now.done,
            "total": now.total,
            "error": now.failure.to_json()["error"] if now.failure else None,
        }


#: What each kind of job is called on its pages and in its messages.
WHAT = {"build": "build", "suggest": "suggestions", "goldfish": "test games"}


class JobProgress:
    """What the work of a job is given: called with (done, in all) it reports progress;
    :meth:`check` and the report itself raise :class:`WorkStoppedError` once the job was
    cancelled or the server is stopping."""

    def __init__(self, job: Job, jobs: Jobs) -> None:
        self._job = job
        self._jobs = jobs

    def __call__(self, done: int, total: int) -> None:
        self.check()
        with self._job._lock:
            self._job.done = done
            if total > 0:  # the suggestions know how many changes they measure once started
                self._job.total = total

    def check(self) -> None:
        """Raises :class:`WorkStoppedError` if the job should stop now."""
        if self._job.cancelled or self._jobs.stopping:
            raise WorkStoppedError(_stopped_message(self._job, by_server=not self._job.cancelled))

    @contextmanager
    def saving(self) -> Iterator[None]:
        """Lets the work save what it made, unless the job was cancelled first (raises
        :class:`WorkStoppedError`, nothing saved); a Cancel that comes later is refused."""
        with self._job._lock:
            self.check()
            self._job.saving = True
        yield


def _stopped_message(job: Job, *, by_server: bool) -> str:
    what = WHAT.get(job.kind, "work")
    why = "the server was stopped" if by_server else "cancelled"
    saved = "; nothing was saved" if job.kind == "build" else ""
    return f"the {what} stopped: {why}{saved}"


class Jobs:
    """The background jobs of one server."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._running: set[Future[None]] = set()
        self._lock = threading.Lock()
        #: Set when the server stops (from its signal handler: a plain flag, no lock taken,
        #: as the handler may run while this thread holds one). Every job stops at its next step.
        self.stopping = False

    def start(
        self, deck_id: str, total: int, work: Callable[[JobProgress], Any], options: dict[str, Any] | None = None
    ) -> Job:
        """Queues ``work`` (called with a :class:`JobProgress`, to report (done, in all)) and
        gets its job. Raises :class:`WorkStoppedError` when the server is stopping."""
        if self.stopping:
            raise WorkStoppedError("the server is stopping; start the mythos server again")
        job = Job(secrets.token_hex(8), deck_id, total, options=dict(options or {}))
        with self._lock:
            self._jobs[job.id] = job
            while len(self._jobs) > KEPT:
                self._jobs.popitem(last=False)
            if self._pool is None:
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mythos-job")
            pool = self._pool
        progress = JobProgress(job, self)

        def run() -> None:
            try:
                progress.check()  # cancelled while queued
                job.state = "running"
                result = work(progress)
            except WorkStoppedError as exc:
                job.end("cancelled", failure=classify(exc))
                return
            except Exception as exc:  # shown on the job's page, as the CLI would print it
                job.end("failed", failure=classify(exc) or Failure("error", f"the games stopped: {exc!r}", 2))
                return
            job.end("done", result)

        future = pool.submit(run)
        with self._lock:
            self._running.add(future)
        future.add_done_callback(self._ended)
        return job

    def _ended(self, future: Future[None]) -> None:
        with self._lock:
            self._running.discard(future)

    def get(self, job_id: str, kind: str | None = None, back: tuple[str, str] | None = None) -> Job:
        """Gets a job by id. Raises :class:`JobGoneError`, saying what is gone when its page
        knows the ``kind`` of job it shows, and linking ``back`` (label, address)."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None:
            what = WHAT.get(kind or "")
            gone = (
                (f"these {what} are" if what and what.endswith("s") else f"this {what} is")
                if what
                else f"no test games, build or suggestions numbered {job_id[:32]!r} are"
            )
            raise JobGoneError(
                f"{gone} no longer running or kept: the server keeps them only while it runs (a "
                f"restart ends them) and only the last {KEPT}; start them again",
                what,
                back,
            )
        return job

    def cancel(self, job_id: str) -> Job:
        """Cancels a job: it stops at its next step and, if a build, saves nothing; gets the
        job. One that finished, or is saving its deck, stays as it is. Raises
        :class:`JobGoneError`."""
        job = self.get(job_id)
        with job._lock:
            if not job.finished and not job.saving:
                job.cancelled = True
        return job

    def stop(self) -> None:
        """Stops every job at its next step (the server is stopping). Safe in a signal handler."""
        self.stopping = True

    def wait_stopped(self, timeout: float) -> bool:
        """Waits up to ``timeout`` seconds, after :meth:`stop`, for the jobs to end (each
        queued one ends as it starts); checks whether they all did."""
        with self._lock:
            pool, self._pool = self._pool, None
            running = set(self._running)
        if pool is not None:
            pool.shutdown(wait=False)
        _done, left = wait_for(running, timeout)
        return not left

    def wait(self, job_id: str, timeout: float = 60.0) -> Job:
        """Waits for a job to finish (tests and scripts); gets it."""
        deadline = time.monotonic() + timeout
        job = self.get(job_id)
        while not job.finished and time.monotonic() < deadline:
            time.sleep(0.02)
        return job
