"""Verdicts as data: what the referee, the domain and the game layer say, never how it is said.

A ``Verdict`` is a refusal, a notice or a note: a stable ``code`` (the key of its words in the
catalogues, ``err.no_deal``), its ``params`` (players as names, numbers, cards, suits,
declarations, and nested verdicts for the phrases inside it), the section of the rule book it
rests on (``rule``, ``"4.3"``), the ``sources`` that say so (``("000", "002")``), the ruleset
``key`` that decided, and the ``remedy``: what the players can do about it, as data, an action
of the API with its fields (``Remedy("deal", {"quick": True, "replace": 3})``).

Each face words a verdict in its own terms when it shows it (``i18n.sentences.say`` gives the
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
#: sources, ruleset key). The codes of notation, files and words put into other verdicts rest on
#: none. Kept in the rule book's order; ``docs/verdicts.md`` lists every code with its entry.
RULES: dict[str, tuple[str | None, tuple[str, ...], str | None]] = {
    # §1 the cards
    "err.suit.unknown": ("1", (), None),
    "err.rank.unknown": ("1", (), None),
    "err.card.empty": ("1", (), None),
    "err.card.no_suit": ("1", (), None),
    "err.card.rank": ("1", (), None),
    "err.card.suit": ("1", (), None),
    "err.card.twice": ("1", (), None),
    "err.card_or_suit": ("1", (), None),
    # §2 the deal
    "err.declare.hand": ("2", ("000", "001"), None),
    "notice.dealer": ("2", ("000", "001", "003"), None),
    "err.deal_open": ("2", (), None),
    "err.no_deal": ("2", (), None),
    "notice.trump": ("2", (), None),
    "err.trump.known": ("2", (), None),
    "err.trump.card": ("2", (), None),
    # §3 playing to a trick, the trump seven, reneges
    "err.trick.no_trump": ("3", (), None),
    "err.trick.twice": ("3", (), None),
    "err.trick.played": ("3", (), None),
    "err.trick.face_up": ("3", ("000", "002"), None),
    "err.trick.holder": ("3", (), None),
    "notice.renege": ("3", (), "penalties.renege"),
    "note.renege": ("3", (), "penalties.renege"),
    "note.follow.suit": ("3", ("000",), None),
    "note.follow.beat": ("3", ("000",), None),
    "note.follow.trump": ("3", ("000",), None),
    "note.renege.withdrawn": ("3", (), None),
    "notice.renege.withdrawn": ("3", (), None),
    "notice.renege.withdrawn_at": ("3", (), None),
    "err.exchange.done": ("3", ("000", "001", "003"), None),
    "err.exchange.stock": ("3", ("000", "001", "003"), "exchange.min_stock"),
    "err.exchange.seven_up": ("3", (), None),
    "err.exchange.played": ("3", (), None),
    "notice.exchange": ("3", ("000", "001", "003"), None),
    "notice.trump_seven": ("3", ("000",), "exchange.mandatory"),
    "note.trump_seven": ("3", ("000",), "exchange.mandatory"),
    # §4 declarations: what they are, §4.1 which is higher
    "err.run.length": ("4", (), None),
    "err.run.top": ("4", (), None),
    "err.four.rank": ("4", (), None),
    "err.combo.empty": ("4", (), None),
    "err.combo.class": ("4", (), None),
    "err.combo.one_top": ("4", (), None),
    "err.combo.four": ("4", (), None),
    "err.combo.top": ("4", (), None),
    "err.combo.not": ("4", (), None),
    "err.cards.few": ("4", (), None),
    "err.cards.suits": ("4", (), None),
    "err.cards.gap": ("4", (), None),
    "err.marriage.trump": ("4", ("001", "003", "004"), "declarations.marriage"),
    "err.marriage.no_trump": ("4", (), "declarations.marriage"),
    "notice.trump.marriage": ("4", (), "declarations.marriage"),
    "err.tie_needs_trump": ("4.1", ("000", "004"), None),
    "verdict.marriage": ("4.1", ("000", "004"), None),
    "verdict.jacks": ("4.1", ("000", "001"), None),
    "verdict.trump": ("4.1", ("000", "004"), None),
    "verdict.first": ("4.1", ("000", "004"), None),
    "verdict.fours": ("4.1", (), "declarations.fours_rank"),
    "verdict.four_over_run": ("4.1", (), "declarations.fours_rank"),
    "verdict.run_over_four": ("4.1", ("001",), "declarations.fours_rank"),
    "verdict.longer": ("4.1", (), None),
    "verdict.higher_top": ("4.1", ("000", "001"), None),
    # §4.2 the challenge and the question
    "verdict.same_class": ("4.2", ("001",), "declarations.challenge"),
    "err.challenge.none": ("4.2", (), None),
    "err.challenge.own": ("4.2", (), None),
    "err.challenge.marriage": ("4.2", ("000", "004"), None),
    "err.challenge.void": ("4.2", (), None),
    "err.challenge.burned": ("4.2", ("000", "001"), None),
    "err.challenge.shared": ("4.2", (), None),
    "err.challenge.no_beat": ("4.2", (), None),
    "note.beaten": ("4.2", (), None),
    "notice.challenge": ("4.2", (), None),
    "err.ask.none": ("4.2", (), None),
    "err.ask.own": ("4.2", (), None),
    "err.ask.marriage": ("4.2", ("000", "004"), None),
    "err.ask.void": ("4.2", (), None),
    "notice.ask": ("4.2", (), "declarations.challenge"),
    "err.forfeit": ("4.2", ("001",), "declarations.challenge"),
    "note.stands_again": ("4.2", (), None),
    "notice.stands_again": ("4.2", (), None),
    "notice.stands_again.at": ("4.2", (), None),
    # §4.3 when a declaration may be made
    "err.declare.not_leader": ("4.3", ("000", "002"), "declarations.when"),
    "err.declare.none_before_break": ("4.3", ("002",), "declarations.before_break"),
    "err.declare.no_fours": ("4.3", ("000",), "declarations.before_break"),
    "err.declare.one_per_turn": ("4.3", ("000", "002"), "declarations.multiple"),
    "err.declare.already": ("4.3", ("000", "002"), "declarations.multiple"),
    "err.declare.share": ("4.3", ("000",), "declarations.multiple"),
    "err.declare.highest_first": ("4.3", ("000",), "declarations.multiple"),
    "err.declare.marriage_once": ("4.3", (), None),
    "err.declare.marriage_written": ("4.3", (), "declarations.marriage"),
    "err.declare.twice": ("4.3", (), None),
    "err.declare.burned": ("4.3", ("000", "001"), None),
    "err.declare.repeat": ("4.3", (), None),
    "note.repeat": ("4.3", (), None),
    "notice.repeat": ("4.3", (), None),
    "err.declare.lowering": ("4.3", ("001",), "declarations.lowering_penalty"),
    "note.lowering.suit": ("4.3", ("000",), "declarations.lowering"),
    "note.lowering.subset": ("4.3", ("001",), "declarations.lowering"),
    "note.lowering.subset_runs": ("4.3", ("001",), "declarations.lowering"),
    "note.lowering.costs": ("4.3", ("000",), "declarations.lowering_penalty"),
    "notice.lowering": ("4.3", ("000",), "declarations.lowering"),
    "err.one_deck": ("4.3", ("000",), None),
    "notice.trick_mode": ("4.3", (), None),
    "note.late": ("4.3", ("000",), None),
    "notice.late": ("4.3", ("000",), "penalties.late_uphill"),
    "verdict.when.yes": ("4.3", (), "declarations.when"),
    "verdict.when.marriage": ("4.3", ("000", "002", "003"), None),
    "verdict.when.marriage_written": ("4.3", ("000",), "declarations.marriage"),
    "verdict.when.late": ("4.3", ("000", "002"), "penalties.late_uphill"),
    "verdict.when.not_leader": ("4.3", ("000", "002"), "declarations.when"),
    "verdict.when.not_leader_last": ("4.3", ("000", "002"), "declarations.when"),
    "verdict.when.none_before_break": ("4.3", ("002",), "declarations.before_break"),
    "verdict.when.no_fours": ("4.3", ("000",), "declarations.before_break"),
    "verdict.when.turn_used": ("4.3", ("000", "002"), "declarations.multiple"),
    "verdict.when.share": ("4.3", ("000",), "declarations.multiple"),
    "verdict.when.highest_first": ("4.3", ("000",), "declarations.multiple"),
    "verdict.when.forfeit": ("4.2", ("001",), "declarations.challenge"),
    "verdict.when.one_deck": ("4.3", ("000",), None),
    "verdict.when.repeat": ("4.3", ("000",), None),
    "verdict.when.lowering_priced": ("4.3", ("000",), "declarations.lowering"),
    "verdict.when.lowering_refused": ("4.3", ("001",), "declarations.lowering_penalty"),
    "verdict.when.not_held": ("6", ("000",), None),
    # §5 scoring a deal, claims, the end of the game
    "err.score.tricks": ("5", (), None),
    "err.score.range": ("5", ("000", "002"), None),
    "err.score.below_bonus": ("5", ("000", "002"), "scoring.last_trick"),
    "err.score.no_last": ("5", ("000", "002"), "scoring.last_trick"),
    "err.score.no_set": ("5", (), None),
    "err.claim.tricks": ("5", (), None),
    "err.claim.turn_trick": ("5", ("000", "002"), None),
    "err.claim.turn_deal": ("5", ("000", "002"), None),
    "err.claim.quick": ("5", (), None),
    "err.claim.range": ("5", (), None),
    "err.claim.no_trick": ("5", ("000", "002"), "game.win_requires_trick"),
    "err.claim.short": ("5", ("000", "002"), None),
    "err.claim.rounded": ("5", ("000", "001", "003"), "scoring.rounding"),
    "err.game_over": ("5", (), None),
    "notice.win": ("5", (), None),
    "notice.win.no_trick": ("5", ("000", "002"), "game.deal_end_requires_trick"),
    "win.target": ("5", (), "game.target"),
    "win.both_over": ("5", ("000",), "game.both_over"),
    "win.claim": ("5", ("000", "002"), None),
    # §6 penalties and false declarations
    "notice.false": ("6", ("000", "001", "004"), "penalties.false_uphill"),
    "note.played": ("6", (), None),
    "note.face_up": ("6", (), None),
    "note.in_hand": ("6", (), None),
    "note.played_by": ("6", (), None),
    "note.exchanged_by": ("6", ("000", "001", "003"), None),
    "notice.void.already": ("6", (), None),
    "win.loses": ("6", ("000", "001", "004"), None),
    "notice.penalty": ("6", (), None),
    "note.priced": ("6", (), None),
    "note.by_command": ("6", (), None),
    "err.penalty.no_deal": ("6", (), None),
    "err.penalty.negative": ("6", (), None),
    "err.penalty.too_many": ("6", (), None),
    "err.penalty.miscount": ("6", ("000", "001", "004"), None),
    "err.penalty.trump_seven": ("6", ("000",), "exchange.mandatory"),
    "err.penalty.no_event": ("6", (), None),
    "err.penalty.empty_challenge": ("6", ("000",), "penalties.empty_challenge"),
    "err.penalty.no_declaration": ("6", (), None),
    "err.penalty.empty_challenge.held": ("6", ("000",), None),
    "err.penalty.empty_challenge.charged": ("6", ("000",), None),
    "err.penalty.late_marriage": ("6", ("000", "002", "003"), None),
    "err.penalty.not_lowering": ("6", ("000",), "declarations.lowering"),
    "err.penalty.charged": ("6", (), None),
    "err.penalty.combo_needed": ("6", (), None),
    "err.penalty.combo_not_in": ("6", (), None),
    "err.penalty.combo_kind": ("6", (), None),
    # §7 ruleset files
    "rule.missing_bundled": ("7", (), None),
    "rule.not_allowed": ("7", (), None),
    "rule.too_long": ("7", (), None),
    "rule.too_small": ("7", (), None),
    "rule.too_big": ("7", (), None),
    "rule.unknown_top": ("7", (), None),
    "rule.not_table": ("7", (), None),
    "rule.unknown_key": ("7", (), None),
    "rule.not_found": ("7", (), None),
    "rule.unreadable": ("7", (), None),
    "rule.special": ("7", (), None),
    "rule.file_too_big": ("7", (), None),
    "rule.bad_toml": ("7", (), None),
    "rule.unknown_ruleset": ("7", (), None),
    "rule.chain_too_long": ("7", (), None),
    "rule.loop": ("7", (), None),
    "rule.incomplete": ("7", (), None),
    "rule.in_extends": ("7", (), None),
}
