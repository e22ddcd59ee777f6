"""Progress bars on a terminal, silence otherwise (CI logs and pipes stay clean)."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sized
from typing import TypeVar

T = TypeVar("T")


def progress(items: Iterable[T], description: str, total: int | None = None) -> Iterator[T]:
    """Yield ``items``, drawing a rich progress bar on stderr only when it is a terminal.

    ``total`` defaults to ``len(items)`` when it has one. The bar goes to stderr (never into
    piped stdout) and vanishes when done; while another bar is drawn, items pass without one.
    """
    if not sys.stderr.isatty():
        yield from items
        return
    from rich.console import Console
    from rich.errors import LiveError
    from rich.progress import Progress

    if total is None and isinstance(items, Sized):
        total = len(items)
    bar = Progress(console=Console(stderr=True), transient=True)
    try:
        bar.start()
    except LiveError:  # a bar of an enclosing step is on screen
        yield from items
        return
    try:
        task = bar.add_task(description, total=total)
        for item in items:
            yield item
            bar.advance(task)
    finally:
        bar.stop()


def quiet_unless_terminal() -> None:
    """Silence third-party progress bars (tqdm, Hugging Face) when stderr is not a terminal.

    Call once at process start (CLI and pipeline entry points), before those libraries draw.
    """
    if not sys.stderr.isatty():
        import os

        os.environ.setdefault("TQDM_DISABLE", "1")
        os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
