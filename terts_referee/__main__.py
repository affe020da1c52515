"""``python -m terts_referee``: the same as the ``terts`` command."""

from .cli import run

if __name__ == "__main__":
    run()
