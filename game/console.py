"""Running a command-line tool: output closed early (``| head``) ends it quietly, Ctrl-C
ends it with status 130, never a traceback."""
from __future__ import annotations

import os
import sys
from collections.abc import Callable


def run_cli(main: Callable[[], int]) -> None:
    """Exit with `main()`'s status; a closed pipe or an interrupt ends it quietly."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader has gone: send the rest nowhere so the interpreter's flush is quiet
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)
