"""Work spread over the machine's cores: a picklable job mapped over fixed chunks (issue 17).

The goldfish's games, the simulated draw odds and deck construction are all the same shape: a
long run of independent, seeded pieces of work. :func:`map_chunks` runs a job over chunks of
such work in worker processes and hands the results back in chunk order, so a caller that
cuts the work into chunks that depend only on its seed (never on how many processes run
them) gets the same answer whatever the number of processes. The rules core stays free of
processes: its jobs are plain picklable callables (``deckbuilder.rules.goldfish.GameBatch``).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

Chunk = TypeVar("Chunk")
Result = TypeVar("Result")

#: The most processes a command or a request may ask for (``--jobs``): more would only
#: exhaust the machine, never change an answer.
MAX_JOBS = 1024

#: The job a worker process was given when it started (see :func:`_start_worker`).
_job: Callable[[Any], Any] | None = None


def default_jobs() -> int:
    """Gets the number of processes to use when none is asked for: the machine's cores."""
    return os.cpu_count() or 1


def map_chunks(
    job: Callable[[Chunk], Result],
    chunks: Sequence[Chunk],
    *,
    jobs: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[Result]:
    """Gets ``job(chunk)`` for each chunk, in the order of ``chunks``, computed in up to
    ``jobs`` processes (None: the machine's cores; 1: here, in this process).

    Each worker process gets ``job`` once, when it starts, and keeps it (and whatever it
    builds and caches) for every chunk it runs: forked where this process runs one thread
    (nothing is pickled), else started afresh, when the job must pickle (one that does not,
    say a deck of the compiled core, whose frozen dataclasses do not unpickle, runs here
    instead). The chunks and what the job returns must pickle. ``progress`` is called with
    the number of chunks done, as each finishes.
    """
    workers = min(jobs if jobs is not None else default_jobs(), len(chunks))
    method = _start_method()
    if workers > 1 and method != "fork" and not _travels(job):
        workers = 1  # a job that cannot reach a fresh process runs here
    if workers <= 1:
        results = []
        for n, chunk in enumerate(chunks, 1):
            results.append(job(chunk))
            if progress:
                progress(n)
        return results
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    with ProcessPoolExecutor(
        max_workers=workers, mp_context=multiprocessing.get_context(method), initializer=_start_worker, initargs=(job,)
    ) as pool:
        futures = {pool.submit(_run, chunk): i for i, chunk in enumerate(chunks)}
        done: dict[int, Result] = {}
        for future in as_completed(futures):
            done[futures[future]] = future.result()
            if progress:
                progress(len(done))
    return [done[i] for i in range(len(chunks))]


class Workers:
    """Worker processes kept for a run of many short batches (a deck build's races): started
    once, on the first batch that needs them, each given the job once (and keeping what it
    builds and caches), so a batch of forty games pays no process start-up.

    :meth:`map` gets ``job(chunk)`` for each chunk in the order of ``chunks``, as
    :func:`map_chunks` does, the first chunk computed here while the workers compute the rest:
    ``jobs`` processes share a batch, this one and ``jobs - 1`` workers, so no core waits idle
    on the others, and this process's own caches serve the chunk it plays. With one process
    (``jobs`` 1, a one-core machine, or a job that cannot reach a fresh process: see
    :func:`map_chunks`) it runs them all here. Use it as a context manager, or :meth:`close`
    it: the workers end with it.
    """

    def __init__(self, job: Callable[[Any], Any], *, jobs: int | None = None) -> None:
        self.job = job
        wanted = jobs if jobs is not None else default_jobs()
        if wanted > 1 and _start_method() != "fork" and not _travels(job):
            wanted = 1  # a job that cannot reach a fresh process runs here
        #: How many processes share a batch: this one and ``size - 1`` workers.
        self.size = max(1, wanted)
        self._pool: Any = None

    def map(self, chunks: Sequence[Any]) -> list[Any]:
        """Gets ``job(chunk)`` for each chunk, in order: the first here, the rest in the workers."""
        if self.size <= 1 or len(chunks) <= 1:
            return [self.job(chunk) for chunk in chunks]
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            context = multiprocessing.get_context(_start_method())
            self._pool = ProcessPoolExecutor(
                max_workers=self.size - 1, mp_context=context, initializer=_start_worker, initargs=(self.job,)
            )
        from concurrent.futures.process import BrokenProcessPool

        futures = [self._pool.submit(_run, chunk) for chunk in chunks[1:]]
        first = self.job(chunks[0])
        try:
            return [first, *(future.result() for future in futures)]
        except BrokenProcessPool:
            # A worker died (killed, out of memory, could not start): the rest play here, as
            # they would have in one process, and so does every batch after.
            self.close()
            self.size = 1
            return [first, *(self.job(chunk) for chunk in chunks[1:])]

    def close(self) -> None:
        """Ends the worker processes (nothing is left running)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _start_method() -> str:
    """Gets how to start the workers: a fork where this process runs one thread (it starts
    in milliseconds and imports nothing again), else a fresh process (forking a process with
    other threads, the web's background jobs, may copy a lock another thread holds)."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return "fork"
    return "forkserver" if "forkserver" in methods else "spawn"


def _travels(job: Callable[[Any], Any]) -> bool:
    """Tells whether a job pickles and unpickles (what a fresh worker process needs)."""
    import pickle

    try:
        pickle.loads(pickle.dumps(job))
    except Exception:
        return False
    return True


def _start_worker(job: Callable[[Any], Any]) -> None:
    global _job
    _job = job


def _run(chunk: Any) -> Any:
    assert _job is not None, "a worker runs the job it was started with"
    return _job(chunk)
