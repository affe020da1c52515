"""The fields of the page's requests, checked and given to the game API's requests
(``game.requests``).

A POST body is a JSON object of named fields. Each field is a value of a field of the action's
request, checked here for its type and size (a text, a whole number, true or false, a list of
texts, an event number) and then given to the request as that value: never read as anything
else, so ``{"trump": "--color"}`` is a bad trump and ``{"player": "--game"}`` a name that is no
player's. A trump is read as a card or a suit here, so that a bad one is refused in the page's
words; everything else (names, cards, declarations) is read against the game by the request.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, NamedTuple

from ..game.requests import FLAG, LINE, NUMBER, REQUESTS, TEXT, TEXTS, Field
from ..i18n import t
from . import catalogue  # registers the web.* words; the page's (ui.need.*) for a missing field

if TYPE_CHECKING:
    from collections.abc import Mapping

    from ..game.requests import Request

EVENT = "event"  # an event number: 1..MAX_EVENT (the game judges whether the event exists)
TRUMP = "trump"  # a text that must read as a card (the face-up card) or a suit
MAX_TEXT = 200
MAX_COMBOS = 4
MAX_EVENT = 100_000


class BadRequest(Exception):
    """A malformed request: HTTP ``status``, a one-line message and its ``code`` (the key of
    the page's words it was worded with); ``field``, the field missing, if that was it."""

    def __init__(self, message: str, code: str, status: int = 400, field: str | None = None):
        super().__init__(message)
        self.code = code
        self.status = status
        self.field = field


def _fields(request: type[Request]) -> tuple[Field, ...]:
    """A request's fields as the page sends them (a trump checked as a card or a suit)."""
    return tuple(
        Field(f.name, TRUMP, f.required) if f.name == "trump" else f for f in request.FIELDS
    )


CORRECTION = (Field("replace", EVENT), Field("before", EVENT))
"""Every recording action takes a correction: take event N's place, or go before it."""

ACTIONS: dict[str, tuple[Field, ...]] = {
    # `new` never overwrites (no force here) and takes only a bundled ruleset's name, never a
    # path: a phone must not make the server read files.
    "new": (
        Field("players", TEXTS, True),
        Field("rules", TEXT),
        Field("dealer", TEXT),
        Field("quick", FLAG),  # quick unless told otherwise, as `terts new`
    ),
    **{name: _fields(request) + CORRECTION for name, request in REQUESTS.items()},
    "undo": (),
    "drop": (Field("number", EVENT, True),),
}


class Asked(NamedTuple):
    """A checked request body: the action, its request (None for new, undo and drop), the
    event number of a correction or a drop, and, for ``new``, its fields."""

    action: str
    request: Request | None
    replace: int | None
    before: int | None
    number: int | None
    fields: dict[str, object]


def _check(action: str, field: Field, value: object, lang: str) -> None:
    if field.kind in (TEXT, LINE, TRUMP):
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
        raise BadRequest(message, "web.err.field_type")


def _bundled(name: str, lang: str) -> None:
    from ..domain.rules import bundled_names

    names = bundled_names()
    if name not in names:
        message = t("web.err.rules", lang, name=name, names=", ".join(names))
        raise BadRequest(message, "web.err.rules")


def _trump(action: str, value: str, lang: str) -> None:
    """A trump as a suit or the face-up card, refused here in the page's words."""
    from ..domain.cards import parse_card_or_suit
    from ..errors import NotationError

    try:
        parse_card_or_suit(value)
    except NotationError:
        reason = t("err.card_or_suit", lang, text=value, accepted=t("err.accept.suit", lang))
        message = t("web.err.field_value", lang, field="trump", action=action, reason=reason)
        raise BadRequest(message, "web.err.field_value") from None


def fields_of(
    body: object, action: str, lang: str, taken: tuple[Field, ...] | None = None
) -> Mapping[str, object]:
    """The request's JSON value as the action's fields: a JSON object, else BadRequest (400)
    with an example of the object expected."""
    if not isinstance(body, dict):
        example = {f.name: "…" for f in (taken or ACTIONS[action]) if f.required}
        message = t("web.err.object", lang, example=json.dumps(example, ensure_ascii=False))
        raise BadRequest(message, "web.err.object")
    return body


def _missing(action: str, name: str, lang: str, page: bool) -> BadRequest:
    """A required field missing: named as the request names it (``score needs the field
    'by'``), or, to the page, in the page's own words for its form (``Choose who counted``:
    the words it says when its own check finds the field empty)."""
    if page:
        for key in (f"ui.need.{action}.{name}", f"ui.need.{name}"):
            if key in catalogue.TEXTS:
                return BadRequest(t(key, lang), "web.err.missing_field", field=name)
    message = t("web.err.missing_field", lang, action=action, field=name)
    return BadRequest(message, "web.err.missing_field", field=name)


def asked(
    action: str,
    body: object,
    lang: str,
    taken: tuple[Field, ...] | None = None,
    page: bool = False,
) -> Asked:
    """What a request body asks for, every field checked; raises BadRequest (400). ``taken``:
    the fields of a route that is not one of ``ACTIONS`` (the club's ``POST api/tables``
    takes those of ``new``), ``action`` then its name in the messages. ``page``: the request
    is the page's own (a missing field is said in its words)."""
    taken = taken or ACTIONS[action]
    given = fields_of(body, action, lang, taken)
    fields = {f.name: f for f in taken}
    for name in given:
        if name not in fields:
            known = ", ".join(fields) or "{}"
            message = t("web.err.unknown_field", lang, field=name, action=action, fields=known)
            raise BadRequest(message, "web.err.unknown_field")
    if given.get("replace") is not None and given.get("before") is not None:
        raise BadRequest(t("web.err.both", lang, action=action), "web.err.both")
    values: dict[str, object] = {}
    for field in taken:
        value = given.get(field.name)
        if value == "" and field.kind == TRUMP and not field.required:
            value = None  # as on the command line: `deal --trump=` is a deal without a trump
        if value is None:
            if field.required:
                raise _missing(action, field.name, lang, page)
            continue
        _check(action, field, value, lang)
        if field.name == "rules":
            assert isinstance(value, str)  # checked as a text just above
            _bundled(value, lang)
        elif field.kind == TRUMP:
            assert isinstance(value, str)
            _trump(action, value, lang)
        values[field.name] = value
    replace, before, number = (values.pop(k, None) for k in ("replace", "before", "number"))
    assert replace is None or isinstance(replace, int)  # checked as event numbers above
    assert before is None or isinstance(before, int)
    assert number is None or isinstance(number, int)
    request = REQUESTS[action](**values) if action in REQUESTS else None
    return Asked(action, request, replace, before, number, values)
