"""Start-up time (issue 13): big imports made without the cyclic collector walking them.

An import creates thousands of objects (modules, classes, functions) that live until the
process ends. While they load, the collector's young generations fill up and it walks them
again and again (30 passes, about 5 ms, while the CLI loads Typer; 11, about 2 ms, while rich
loads): work that frees nothing. ``long_lived()`` pauses the collector for such an import and
then hands what it made straight to the oldest generation (``gc.freeze`` + ``gc.unfreeze``),
where a full collection still sees it: nothing is pinned, and a long session (table mode, the
web server) collects as before. Only for one-time imports: in a loop it would keep moving
young garbage past the young collections.
"""

import gc

__all__ = ["long_lived"]


class long_lived:  # lower case: used as a statement, ``with long_lived():``
    """Context manager: the collector paused inside; what was made goes to the oldest
    generation on the way out."""

    def __enter__(self) -> None:
        self._enabled = gc.isenabled()
        gc.disable()

    def __exit__(self, *exc: object) -> None:
        gc.freeze()
        gc.unfreeze()
        if self._enabled:
            gc.enable()
