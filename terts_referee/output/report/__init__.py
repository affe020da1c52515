"""One output layer for every command: rich tables for people, JSON (and CSV) for scripts.

Functions here take domain objects and print through ``console``; they decide nothing about
the rules. One module per thing shown: ``events`` (an event, ``new``, ``undo``), ``log``,
``corrections`` (what a correction changed, the trail), ``sheet`` (the score sheet: JSON
shape, table; ``sheet_csv``), ``status``, ``checks`` (``terts check``), ``rulesets`` (``terts
rules``); ``words`` holds their catalogue and helpers.
Importing this package registers the catalogue; each name below is imported from its module on
first use, so a command loads only the reports it prints.
"""

from __future__ import annotations

from importlib import import_module

from .words import MSG, STATUS_STYLE, penalty_name

_WHERE = {
    "describe": "events",
    "report_event": "events",
    "report_new": "events",
    "report_undo": "events",
    "report_log": "log",
    "log_json": "log",
    "report_correction": "corrections",
    "sheet_json": "sheet",
    "report_sheet": "sheet",
    "status_json": "status",
    "report_status": "status",
    "report_hand": "checks",
    "report_compare": "checks",
    "report_trick": "checks",
    "report_legal": "checks",
    "report_rules_list": "rulesets",
    "report_rules_show": "rulesets",
}

__all__ = ["MSG", "STATUS_STYLE", "penalty_name", *_WHERE]


def __getattr__(name: str) -> object:  # a report function, from its module on first use
    if name in _WHERE:
        return getattr(import_module(f"{__name__}.{_WHERE[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
