"""Worker processes that parse and chunk ahead while the main process embeds and writes.

A file that takes longer than ingest.file_timeout, or kills its worker (memory, a signal, a
crash in MuPDF), is reported as failed and the rest go on in a fresh pool. Workers ignore
SIGINT (a Ctrl-C reaches the whole process group): the main process decides, and when a run
stops early (an interrupt, an error) its workers are killed and reaped before it returns, so
none is left behind and the multiprocessing resource tracker, whose pipe they hold, ends too.
A main process killed outright (SIGKILL, the OOM killer) cannot do that: each worker watches
for its parent to go and then exits on its own, instead of waiting on its queue for ever.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Generator, Sequence

from .parse import FileChunks, parse_file
from .settings import Settings
from .signals import starting_workers


_PARENT_POLL = 1.0  # seconds between a worker's looks at whether its main process is still there


def _start_worker(parent: int) -> None:
    """A worker ignores SIGINT (blocked since it started, see signals.starting_workers), and
    exits once `parent` (the main process) is gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_after, args=(parent,), name="parent-watch", daemon=True).start()


def _exit_after(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(_PARENT_POLL)
    os._exit(1)  # orphaned (its parent was killed): nothing of the run is left to do


def _kill(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once (a worker hangs or died, or the run stops): its processes are killed
    and reaped, not waited for."""
    procs = list((getattr(pool, "_processes", None) or {}).values())
    for proc in procs:
        proc.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        proc.join(timeout=5)


def parsed_files(jobs: Sequence[tuple[str, str]], settings: Settings) -> Generator[FileChunks, None, None]:
    """Parsed files, in job order, for (path, content hash) jobs. At most two files per worker
    wait parsed, so memory stays bounded. ingest.workers = 0 parses in this process. Close the
    generator (contextlib.closing) to stop early: the workers are killed then."""
    workers = settings.ingest.workers
    if workers <= 0:
        for source, h in jobs:
            yield parse_file(source, h, settings)
        return
    timeout = settings.ingest.file_timeout or None
    ctx = multiprocessing.get_context("spawn")  # no fork of a process that holds torch threads
    todo: deque[tuple[str, str]] = deque(jobs)
    pending: deque[tuple[tuple[str, str], Future]] = deque()
    def new_pool() -> ProcessPoolExecutor:
        with starting_workers():  # its queues start multiprocessing's resource tracker
            return ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_start_worker,
                                       initargs=(os.getpid(),))

    def submit(job: tuple[str, str]) -> Future:
        with starting_workers():  # a submit starts a worker while the pool has fewer than `workers`
            return pool.submit(parse_file, job[0], job[1], settings)

    pool = new_pool()
    finished = False
    try:
        while todo or pending:
            while todo and len(pending) < 2 * workers:
                job = todo.popleft()
                pending.append((job, submit(job)))
            job, fut = pending.popleft()
            try:
                yield fut.result(timeout=timeout)
                continue
            except FutureTimeout:
                error = f"timed out after {timeout:.0f} s"
            except Exception as exc:  # the worker died
                error = f"worker process failed ({type(exc).__name__}: {exc})"
            _kill(pool)
            todo.extendleft(reversed([j for j, _ in pending]))
            pending.clear()
            pool = new_pool()
            yield FileChunks(job[0], job[1], error=error)
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _kill(pool)
