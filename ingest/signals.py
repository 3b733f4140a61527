"""SIGINT and SIGTERM held back while they cannot be acted on cleanly: the second of imports
before the CLI's handlers are in, and the start of a worker process. A signal that comes then is
recorded, not acted on by its default action (a SIGTERM would kill the run with no word, a Ctrl-C
print a traceback), and sent again once the handler that stops a run cleanly can. Imports little
more than `signal`: the entry point installs the hold before it imports anything else."""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Any, Iterator

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class Hold:
    """A signal handler that records the signals it gets; release() sends them again."""

    def __init__(self) -> None:
        self.received: list[int] = []

    def __call__(self, signum: int, frame: object) -> None:
        if signum not in self.received:
            self.received.append(signum)

    def release(self) -> None:
        """Send what was held again, to whatever handles these signals now (in the main thread)."""
        held, self.received = self.received, []
        for signum in held:
            signal.raise_signal(signum)


def hold_stop_signals() -> Hold:
    """From now on SIGINT and SIGTERM are held (main thread only, as every signal handler)."""
    hold = Hold()
    for signum in STOP_SIGNALS:
        signal.signal(signum, hold)
    return hold


def ignore_stop_signals() -> None:
    """SIGINT and SIGTERM ignored from now on: the process is exiting with its outcome decided.
    Python resets its own handlers to the default actions as it finalizes (SIG_IGN stays), and
    tearing down the store and the model takes a noticeable while."""
    for signum in STOP_SIGNALS:
        signal.signal(signum, signal.SIG_IGN)


@contextmanager
def starting_workers() -> Iterator[None]:
    """Around the calls that start worker processes (multiprocessing, 'spawn'). The workers begin
    with SIGINT blocked, a mask they inherit through fork and exec, so a Ctrl-C that reaches
    them while they still import, before their initializer ignores it, cannot print a
    KeyboardInterrupt traceback. This process holds SIGINT and SIGTERM until the start is done
    (in the main thread, where Python runs handlers), so an interrupt never leaves a worker half
    started: its pipe closed before it read what to run ("EOFError: Ran out of input")."""
    hold = Hold()
    previous: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread() and all(
            signal.getsignal(s) is not None for s in STOP_SIGNALS):  # None: a handler set outside Python
        previous = {s: signal.signal(s, hold) for s in STOP_SIGNALS}
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        hold.release()
