"""The page's requests as ``terts`` command lines (for ``backend.ArgvBackend``).

A POST body is a JSON object of named fields; ``argv_for`` checks every field's type and turns
the body into the same argument list a person would type, built so that no value can ever be
read as an option: each option and its value are one word (``--trump=VALUE``), and the
positional words come after ``--``, so a name or a card starting with ``-`` stays what it is.
A trump is read as a card or a suit here, so that a bad one is refused in the page's words;
everything else (names, cards, the rules) is the CLI's to judge.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..i18n import t
from . import texts  # noqa: F401 - registers the web.* words

TEXT, NUMBER, FLAG, TEXTS, EVENT = "text", "number", "flag", "texts", "event"
TRUMP = "trump"  # a text that must read as a card (the face-up card) or a suit
MAX_TEXT = 200
MAX_COMBOS = 4
MAX_EVENT = 100_000  # an event number: 1..MAX_EVENT (the CLI judges whether the event exists)


class BadRequest(Exception):
    """A malformed request: HTTP ``status`` with a one-line message."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


@dataclass(frozen=True)
class Field:
    name: str
    kind: str
    option: str | None = None  # None: a positional word
    required: bool = False
    off: str | None = None  # a flag's option when false (None: nothing)


ACTIONS: dict[str, tuple[Field, ...]] = {
    # `new` never overwrites (no --force here) and takes only a bundled ruleset's name, never a
    # path: a phone must not make the server read files.
    "new": (
        Field("players", TEXTS, required=True),
        Field("rules", TEXT, "--rules"),
        Field("dealer", TEXT, "--dealer"),
        Field("quick", FLAG, "--quick", off="--tricks"),  # quick is the default of `new`
    ),
    "deal": (
        Field("trump", TRUMP, "--trump"),
        Field("dealer", TEXT, "--dealer"),
        Field("quick", FLAG, "--quick", off="--tricks"),
    ),
    "declare": (Field("player", TEXT, required=True), Field("combos", TEXTS, required=True)),
    "challenge": (Field("player", TEXT, required=True), Field("combo", TEXT, required=True)),
    "trick": (Field("cards", TEXTS, required=True),),
    "exchange": (Field("player", TEXT, required=True),),
    "ask": (Field("player", TEXT, required=True),),
    "trump": (Field("trump", TRUMP, required=True),),
    "score": (
        Field("points", NUMBER, required=True),
        Field("by", TEXT, "--by", required=True),
        Field("last_trick", TEXT, "--last-trick", required=True),
    ),
    "penalty": (
        Field("player", TEXT, required=True),
        Field("kind", TEXT, required=True),
        Field("points", NUMBER, "--points"),
        Field("event", NUMBER, "--event"),
    ),
    "claim": (
        Field("player", TEXT, required=True),
        Field("tricks", NUMBER, "--tricks"),
        Field("card_points", NUMBER, "--card-points"),
    ),
    "undo": (),
    "drop": (Field("number", EVENT, required=True),),
}

# Every recording command takes a correction: take event N's place, or go before it.
RECORDING: tuple[str, ...]
RECORDING = ("deal", "declare", "challenge", "trick", "exchange", "ask", "trump", "score")
RECORDING += ("penalty", "claim")
CORRECTION = (Field("replace", EVENT, "--replace"), Field("before", EVENT, "--before"))
for _name in RECORDING:
    ACTIONS[_name] += CORRECTION


def _check(action: str, field: Field, value: object, lang: str) -> None:
    if field.kind in (TEXT, TRUMP):
        good = isinstance(value, str) and len(value) <= MAX_TEXT
        expected = t("web.type.text", lang)
    elif field.kind == NUMBER:
        good = isinstance(value, int) and not isinstance(value, bool) and abs(value) < 10**9
        expected = t("web.type.number", lang)
    elif field.kind == EVENT:
        good = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_EVENT
        expected = t("web.type.event", lang, n=MAX_EVENT)
    elif field.kind == FLAG:
        good = isinstance(value, bool)
        expected = t("web.type.flag", lang)
    else:
        good = (
            isinstance(value, list)
            and 1 <= len(value) <= MAX_COMBOS
            and all(isinstance(v, str) and len(v) <= MAX_TEXT for v in value)
        )
        expected = t("web.type.texts", lang, n=MAX_COMBOS)
    if not good:
        message = t("web.err.field_type", lang, field=field.name, action=action, expected=expected)
        raise BadRequest(message)


def _bundled(name: str, lang: str) -> None:
    from ..domain.rules import bundled_names

    names = bundled_names()
    if name not in names:
        raise BadRequest(t("web.err.rules", lang, name=name, names=", ".join(names)))


def fields_of(body: object, action: str, lang: str) -> dict[str, Any]:
    """The request's JSON value as the action's fields: a JSON object, else BadRequest (400)
    with an example of the object expected."""
    if not isinstance(body, dict):
        example = {f.name: "…" for f in ACTIONS[action] if f.required}
        raise BadRequest(t("web.err.object", lang, example=json.dumps(example, ensure_ascii=False)))
    return body


def _trump(action: str, value: str, lang: str) -> None:
    """A trump as the CLI reads it (a suit, or the face-up card), refused here in the page's
    words: a value such as ``--color`` must never reach the command line as anything else."""
    from ..domain.cards import parse_card_or_suit
    from ..errors import NotationError

    try:
        parse_card_or_suit(value)
    except NotationError:
        reason = t("err.card_or_suit", lang, text=value, accepted=t("err.accept.suit", lang))
        message = t("web.err.field_value", lang, field="trump", action=action, reason=reason)
        raise BadRequest(message) from None


def argv_for(action: str, body: dict[str, Any], game: str, lang: str) -> list[str]:
    """``terts --lang LANG ACTION --game GAME OPTIONS -- WORDS`` for a checked request body."""
    fields = {f.name: f for f in ACTIONS[action]}
    for name in body:
        if name not in fields:
            known = ", ".join(fields) or "{}"
            message = t("web.err.unknown_field", lang, field=name, action=action, fields=known)
            raise BadRequest(message)
    if body.get("replace") is not None and body.get("before") is not None:
        raise BadRequest(t("web.err.both", lang, action=action))
    options: list[str] = []
    words: list[str] = []
    for field in ACTIONS[action]:
        value = body.get(field.name)
        if value == "" and field.kind == TRUMP and not field.required:
            value = None  # as on the command line: `deal --trump=` is a deal without a trump
        if value is None:
            if field.required:
                raise BadRequest(t("web.err.missing_field", lang, action=action, field=field.name))
            continue
        _check(action, field, value, lang)
        if field.name == "rules":
            _bundled(value, lang)
        elif field.kind == TRUMP:
            _trump(action, value, lang)
        if field.kind == FLAG:
            chosen = field.option if value else field.off
            options += [chosen] if chosen else []
        elif field.option:
            options.append(f"{field.option}={value}")
        elif field.kind == TEXTS:
            words += value
        else:
            words.append(str(value))
    argv = ["--lang", lang, action, "--game", game, *options]
    return [*argv, "--", *words] if words else argv
