"""terts-referee: a command-line referee for games of terts."""

__version__ = "0.1.0"
