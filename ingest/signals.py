"""SIGINT and SIGTERM held back while the command line cannot act on them yet: the second of
imports before the CLI's handlers are in. A signal that comes then is recorded, not acted on by
its default action (a SIGTERM would kill the run with no word, a Ctrl-C print a traceback), and
sent again once the handler that stops a run cleanly is in place. Imports nothing but `signal`:
the entry point installs the hold before it imports anything else."""
from __future__ import annotations

import signal

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
