"""`python -m columnrag` and the `columnrag` script run the command-line interface.

SIGINT and SIGTERM are held from here on, before the CLI's imports, and acted on as soon as its
handlers are in (exit 130 or 143, one line); once the command has finished they are ignored
while the process exits, so a late one can no longer kill it by the default action."""
import sys

from columnrag.ingest.signals import hold_stop_signals, ignore_stop_signals


def run() -> int:
    """The CLI, with the stop signals held until it can act on them (see ingest.cli.main)."""
    hold_stop_signals()
    from columnrag.ingest.cli import main

    status = main()
    ignore_stop_signals()
    return status


if __name__ == "__main__":
    sys.exit(run())
