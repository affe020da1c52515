"""Verdicts as data: what the referee, the domain and the game layer say, never how it is said.

A ``Verdict`` is a refusal, a notice or a note: a stable ``code`` (the key of its words in the
catalogues, ``err.no_deal``), its ``params`` (players as names, numbers, cards, suits,
declarations, and nested verdicts for the phrases inside it), the section of the rule book it
rests on (``rule``, ``"4.3"``), the ``sources`` that say so (``("000", "002")``), the ruleset
``key`` that decided, and the ``remedy``: what the players can do about it, as data, an action
of the API with its fields (``Remedy("deal", {"quick": True, "replace": 3})``).

Each face words a verdict in its own terms when it shows it (``i18n.words.say`` gives the
sentence in a language; the terminal adds the command to type, the table its short form, the
phone a button): nothing here is a word of any language, and nothing here is ever written to
the game file. The section, sources and key of a code are looked up in ``RULES`` when the
verdict does not give them, so that the one who raises names only what varies.

The list of codes, their rule sections and their parameters is ``docs/verdicts.md`` (a test
checks it against the catalogue).

Both classes are written out as a frozen, slotted dataclass would make them (fields, ``__eq__``,
``__hash__``, ``__repr__``, assignment refused) without the ``dataclasses`` machinery: importing
``dataclasses`` and generating the two classes' methods with ``exec`` costs about 2.5 ms at the
start of every command (see docs/architecture.md, Start-up tricks). This module imports nothing
of the package: every layer may use it, the error base and the file readers too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import NoReturn

__all__ = ["RULES", "Remedy", "Verdict", "clipped"]


class Remedy:
    """What the players can do about a verdict, as data: an action of the API and its fields.

    ``action`` is the name of an event or command (``deal``, ``penalty``, ``trump``, ``undo``,
    ``score``, ``claim``, ``declare``, ``new``…); ``fields`` are its values by name. A field
    given as None is one the players must choose (which player, which event): a terminal shows
    a placeholder for it, a page asks for it."""

    __slots__ = ("action", "fields")
    action: str
    fields: Mapping[str, object]

    def __init__(self, action: str, fields: Mapping[str, object] | None = None) -> None:
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "fields", {} if fields is None else fields)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"cannot assign to field {name!r}: a Remedy is frozen")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cannot delete field {name!r}: a Remedy is frozen")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Remedy:
            return NotImplemented
        assert isinstance(other, Remedy)
        return self.action == other.action and self.fields == other.fields

    def __hash__(self) -> int:
        return hash((self.action, frozenset(self.fields.items())))

    def __repr__(self) -> str:
        return f"Remedy({self.action!r}, {dict(self.fields)!r})"

    def __reduce__(self) -> tuple[type[Remedy], tuple[str, Mapping[str, object]]]:
        # copied and pickled through the constructor, as assignment is refused
        return (Remedy, (self.action, self.fields))


class Verdict:
    """A refusal, notice or note: a stable code and its parameters, the rule it rests on, and
    what to do about it. ``params`` is never changed once the verdict is made."""

    __slots__ = ("code", "key", "params", "remedy", "rule", "sources")
    code: str
    params: Mapping[str, object]
    rule: str | None  # the rule book's section, "4.3"
    sources: tuple[str, ...]  # the source texts, ("000", "002")
    key: str | None  # the ruleset key that decided, "declarations.when"
    remedy: Remedy | None

    def __init__(
        self,
        code: str,
        params: Mapping[str, object] | None = None,
        rule: str | None = None,
        sources: tuple[str, ...] = (),
        key: str | None = None,
        remedy: Remedy | None = None,
    ) -> None:
        if rule is None and not sources and key is None:
            rule, sources, key = RULES.get(code, _NO_RULE)
        set_ = object.__setattr__
        set_(self, "code", code)
        set_(self, "params", {} if params is None else params)
        set_(self, "rule", rule)
        set_(self, "sources", sources)
        set_(self, "key", key)
        set_(self, "remedy", remedy)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"cannot assign to field {name!r}: a Verdict is frozen")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"cannot delete field {name!r}: a Verdict is frozen")

    def _fields(self) -> tuple[object, ...]:
        return (self.code, self.params, self.rule, self.sources, self.key, self.remedy)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Verdict:
            return NotImplemented
        assert isinstance(other, Verdict)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        params = frozenset(self.params.items())
        return hash((self.code, params, self.rule, self.sources, self.key, self.remedy))

    def __repr__(self) -> str:
        shown = [repr(self.code)]
        if self.params:
            shown.append(repr(dict(self.params)))
        if self.remedy is not None:
            shown.append(f"remedy={self.remedy!r}")
        return f"Verdict({', '.join(shown)})"

    def __reduce__(self) -> tuple[type[Verdict], tuple[object, ...]]:
        # copied and pickled through the constructor, as assignment is refused
        return (Verdict, self._fields())

    def replace(self, **changes: object) -> Verdict:
        """A copy with some fields changed (``dataclasses.replace`` for this class)."""
        fields = dict(zip(self.__slots__, self._fields(), strict=True))
        fields.update(changes)
        return Verdict(**fields)  # type: ignore[arg-type]


def clipped(text: str, limit: int) -> str:
    """A long value or path cut to ``limit`` characters (the last one ``…``), so that the
    sentence naming it stays one readable line in any face."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


_NO_RULE: tuple[None, tuple[str, ...], None] = (None, (), None)

#: The rule each code rests on when the verdict does not say: (section of the rule book,
#: sources, ruleset key). Codes of notation, files and words put into other verdicts have none.
RULES: dict[str, tuple[str | None, tuple[str, ...], str | None]] = {}
