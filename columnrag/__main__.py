"""`python -m columnrag` runs the command-line interface."""
import sys

from columnrag.ingest.cli import main

sys.exit(main())
