"""SIGINT and SIGTERM held back while they cannot be acted on cleanly: the second of imports
before the CLI's handlers are in, the start of a worker process, an import under way. A signal
that comes then is recorded (or sent again a moment later), not acted on by its default action
(a SIGTERM would kill the run with no word, a Ctrl-C print a traceback) nor raised where it
breaks things, and acted on once the handler that stops a run cleanly can. Imports only cheap
parts of the standard library: the entry point installs the hold before anything else."""
from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Any, Iterator

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
# importlib's own code, frozen (as usual) or not (python -X frozen_modules=off).
_IMPORTLIB = ("<frozen importlib._bootstrap", os.path.join("importlib", "_bootstrap"))


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


def in_import(frame: FrameType | None) -> bool:
    """Whether a signal handler interrupted code that runs for an import (importlib's frames
    under it). An exception raised there can land between importlib taking an import lock and
    the `try` that gives it back (the lock stays held: the model thread's next import, and the
    run that waits for that thread, hang for ever), or come out as another error (raised in a
    class body's __set_name__, it is a RuntimeError: a traceback instead of the one line)."""
    while frame is not None:
        if any(part in frame.f_code.co_filename for part in _IMPORTLIB):
            return True
        frame = frame.f_back
    return False


def send_again_soon(signum: int, delay: float = 0.05) -> None:
    """Send this process `signum` again after `delay` seconds (from a helper thread)."""
    timer = threading.Timer(delay, os.kill, (os.getpid(), signum))
    timer.daemon = True
    timer.start()


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
