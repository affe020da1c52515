"""The docs that the code can say itself (the commands with their help, the start-up tricks,
the ``TERTS_*`` variables) are what it says: ``tools/gen_docs.py --check`` passes. When this
fails, run ``python tools/gen_docs.py`` and commit what it rewrote."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_generated_blocks_are_up_to_date():
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "gen_docs.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_every_variable_the_package_reads_is_listed():
    import importlib.util

    from terts_referee.startup import TRICKS

    spec = importlib.util.spec_from_file_location("gen_docs", ROOT / "tools" / "gen_docs.py")
    assert spec is not None and spec.loader is not None
    gen_docs = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen_docs)

    read = gen_docs.read_variables()
    assert {"TERTS_GAME", "TERTS_LANG", "TERTS_NO_TRICKS"} <= read  # the scan finds them
    assert read == set(gen_docs.ENVIRONMENT) | set(TRICKS.values())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in readme for name in read)
