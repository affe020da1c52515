"""Rulesets: the TOML files of §7, validated, with ``extends`` resolved.

Every house rule the sources disagree on is a key here, never a hard-coded choice. Each field
carries its own documentation (what it means, the allowed values, the source).
"""

import difflib
from collections.abc import Iterable
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

from ..errors import RulesetError
from .verdicts import Verdict, clipped

__all__ = ["Ruleset", "load_ruleset", "bundled_names", "ruleset_from_dict", "SECTIONS"]


class KeyInfo(NamedTuple):
    """One ruleset key: its name, default and documentation (doc, source, choices, minimum)."""

    name: str
    default: Any
    metadata: dict[str, Any]


_PENDING: list[dict[str, Any]] = []


def _key(
    default: Any,
    doc: str,
    source: str,
    choices: tuple[str, ...] = (),
    minimum: int | None = None,
    *,
    maximum: int | None = None,
    legacy: Any = None,
) -> Any:
    """A key's default, its documentation (English ``doc``: the catalogues translate it, as
    ``ruledoc.SECTION.KEY``) noted for the ``_section`` decorator below.

    ``legacy``: for a key added after game files were written, the value that means what the
    program did before the key existed. A game file stores its resolved ruleset with every key
    it knew; one stored without this key reads it as ``legacy`` (not as the default, which may
    differ), so that every game recorded before replays as it was played."""
    _PENDING.append(
        {
            "doc": doc,
            "source": source,
            "choices": choices,
            "minimum": minimum,
            "maximum": maximum,
            "legacy": legacy,
        }
    )
    return default


_KEYS: dict[type, tuple[KeyInfo, ...]] = {}
_S = TypeVar("_S", bound="type[NamedTuple]")


def _section(cls: _S) -> _S:
    """Note each field's documentation for a section class (``fields(cls)`` gives it).

    Sections are NamedTuples (immutable, and much cheaper to define at start-up than frozen
    dataclasses); ``_key`` runs once per field, in field order, while the class body runs.
    """
    _KEYS[cls] = tuple(
        KeyInfo(name, cls._field_defaults[name], meta)
        for name, meta in zip(cls._fields, _PENDING, strict=True)
    )
    _PENDING.clear()
    return cls


def fields(cls: type) -> tuple[KeyInfo, ...]:
    """The keys of a section class, in file order."""
    return _KEYS[cls]


@_section
class GameRules(NamedTuple):
    """[game]: how a game is won (§5)."""

    target: int = _key(
        501,
        "points to win: 501, or 301 for short terts",
        "[000][002]",
        minimum=1,
        maximum=5000,  # a bound against damaged files: ten times the usual 501,
    )
    win_requires_trick: bool = _key(
        True,
        "a claim during a deal needs at least one trick taken in it",
        "[000][002]",
    )
    deal_end_requires_trick: bool = _key(
        True,
        "at the end of a deal, reaching the target wins only a player who took a trick in it "
        "(trick by trick); false: reaching it is enough",
        "[000][002] / [001][003][004]",
        legacy=False,
    )
    both_over: str = _key(
        "last-trick",
        "who wins when both are over target after a deal",
        "[000]",
        ("last-trick",),
    )


@_section
class ScoringRules(NamedTuple):
    """[scoring]: how a deal's points are written (§5)."""

    rounding: str = _key(
        "half-down",
        "each deal total to tens: half-down (25 -> 20, 26 -> 30), half-up, down, or none",
        "[000][001][003]",
        ("none", "half-down", "half-up", "down"),
    )
    hundreds: str = _key(
        "flat",
        "runs of 5-8 score 100 (flat) or 105-108 (by-length)",
        "[000]",
        ("flat", "by-length"),
    )
    last_trick: int = _key(
        10,
        "bonus for the last trick",
        "[all]",
        minimum=0,
        maximum=100,  # a bound against damaged files: the house value is 10,
    )


@_section
class DeclarationRules(NamedTuple):
    """[declarations]: who may declare what, when, and how declarations compare (§4)."""

    when: str = _key(
        "lead",
        "only the leader declares (lead) or either player before their card (own-turn)",
        "[000][002] / [001]",
        ("lead", "own-turn"),
    )
    before_break: str = _key(
        "sequences",
        "what may be declared before trick 1: none, sequences (no fours), all",
        "[002] / [000] / [001]",
        ("none", "sequences", "all"),
    )
    multiple: bool = _key(
        False,
        "several declarations per turn (highest first; runs may not share a card)",
        "[000] variant",
    )
    fours_rank: str = _key(
        "above-sequences",
        "fours above every run, or below the hundreds-runs (above fifty)",
        "[000][002] / [001]",
        ("above-sequences", "below-hundreds"),
    )
    challenge: str = _key(
        "any-higher",
        "a challenge may beat with any higher declaration, or only with one of equal value",
        "[000] / [001]",
        ("any-higher", "same-class"),
    )
    marriage: str = _key(
        "trump",
        "marriage is K+Q of trump only, or of any suit",
        "[001][003][004] / [000][002]",
        ("trump", "any-suit"),
    )
    lowering: str = _key(
        "suit",
        "after a run scored, a lower one in that suit costs its value (suit), only one "
        "made of cards already declared (subset), or nothing (allowed)",
        "[000] / [001] / [000]",
        ("suit", "subset", "allowed"),
    )
    lowering_penalty: str = _key(
        "value",
        "a lowering is recorded and costs minus its value (value), or refused: it may not be "
        "declared (refuse)",
        "[000] / [001]",
        ("value", "refuse"),
        legacy="value",
    )


@_section
class PlayRules(NamedTuple):
    """[play]: what a follower may play (§3)."""

    while_stock: str = _key(
        "free",
        "while the stock lasts: any card (free), or follow suit else trump (follow)",
        "[000][001][002] / [003][004]",
        ("free", "follow"),
    )
    trump_jack: str = _key(
        "may-withhold",
        "the trump jack is never forced (may-withhold) or may also replace the obliged card (free)",
        "[000][002] / [003][004]",
        ("may-withhold", "free"),
    )


@_section
class ExchangeRules(NamedTuple):
    """[exchange]: the trump seven swap (§3)."""

    min_stock: int = _key(
        2,
        "the stock must hold at least this many cards",
        "[000][001][003]",
        minimum=0,
        maximum=14,  # the stock holds 14 cards after the deal,
    )
    mandatory: bool = _key(
        False,
        "the holder of the trump 7 must exchange it",
        "[000]",
    )


@_section
class PenaltyRules(NamedTuple):
    """[penalties]: what offences cost (§6)."""

    false_uphill: int | str = _key(
        100,
        'false declaration: uphill by its value ("value") or a fixed number',
        "[000] / [001][004]",
        ("value",),
        minimum=0,
        maximum=1000,  # a bound against damaged files,
    )
    false_to_opponent: bool = _key(
        True,
        "the opponent scores a false declaration's points",
        "[000]",
    )
    late_uphill: int | str = _key(
        "value",
        'a late declaration: uphill by its value ("value", house) or a fixed number',
        "[000] (house)",
        ("value",),
        minimum=0,
        maximum=1000,  # a bound against damaged files,
        legacy="value",
    )
    empty_challenge: int = _key(
        20,
        'asking "Рост?" with nothing to show: uphill (house)',
        "[000]",
        minimum=0,
        maximum=1000,  # a bound against damaged files,
    )
    trump_seven: int = _key(
        20,
        "trump 7 kept where the exchange is mandatory: uphill (house)",
        "[000]",
        minimum=0,
        maximum=1000,  # a bound against damaged files,
    )
    renege: str = _key(
        "deal-to-opponent",
        "a renege gives the opponent all 150 card points, or is only flagged",
        "house",
        ("deal-to-opponent", "flag"),
    )


SECTIONS: dict[str, type] = {
    "game": GameRules,
    "scoring": ScoringRules,
    "declarations": DeclarationRules,
    "play": PlayRules,
    "exchange": ExchangeRules,
    "penalties": PenaltyRules,
}
TOP_KEYS = ("name", "description", "extends")
#: The longest value of each top key, in characters: a name is a word in tables and filters,
#: a description a sentence or two, ``extends`` a bundled name or a path. A ruleset is copied
#: into every game file, so its size stays small whatever the file it came from.
TOP_KEY_LIMITS = {"name": 64, "description": 2000, "extends": 1024}

#: Each key's meaning in English, for ``rules show`` (the catalogues translate it); ruleset
#: files keep the English.
#: A catalogue (``i18n.ruledocs`` registers it for the faces that say a key's meaning).
KEY_DOCS = {
    f"ruledoc.{section}.{f.name}": str(f.metadata["doc"])
    for section, cls in SECTIONS.items()
    for f in fields(cls)
}


class Ruleset(NamedTuple):
    """A resolved ruleset: every key of §7 with its value.

    Immutable and compared by value; ``_replace`` makes a changed copy. (A NamedTuple like its
    sections: a frozen dataclass costs about 1 ms to define at import.)"""

    name: str = "classic"
    description: str = ""
    game: GameRules = GameRules()
    scoring: ScoringRules = ScoringRules()
    declarations: DeclarationRules = DeclarationRules()
    play: PlayRules = PlayRules()
    exchange: ExchangeRules = ExchangeRules()
    penalties: PenaltyRules = PenaltyRules()

    def to_dict(self) -> dict[str, Any]:
        """The resolved ruleset as a TOML-ready table (no ``extends``)."""
        data: dict[str, Any] = {"name": self.name, "description": self.description}
        for section in SECTIONS:
            data[section] = getattr(self, section)._asdict()
        return data

    def get(self, dotted: str) -> Any:
        """A key's value by its dotted name, ``scoring.rounding``."""
        section, _, name = dotted.partition(".")
        return getattr(getattr(self, section), name)

    def with_values(self, **sections: dict[str, Any]) -> "Ruleset":
        """A copy with some keys changed (for tests and what-ifs); not validated."""
        changes = {s: getattr(self, s)._replace(**v) for s, v in sections.items()}
        return self._replace(**changes)


def key_docs() -> list[tuple[str, Any, Verdict, tuple[str, ...], str]]:
    """(dotted key, default, doc, choices, source) for every key, in file order; the doc a
    verdict (``ruledoc.SECTION.KEY``) for the face to word."""
    rows = []
    for section, cls in SECTIONS.items():
        for f in fields(cls):
            m = f.metadata
            doc = Verdict(f"ruledoc.{section}.{f.name}")
            rows.append((f"{section}.{f.name}", f.default, doc, m["choices"], m["source"]))
    return rows


# --- loading -------------------------------------------------------------------------------


def bundled_dir() -> Path:
    """Where the bundled rulesets are: inside the installed package, or the repo's rulesets/."""
    here = Path(__file__).resolve().parent.parent  # the package: this module is in domain/
    for candidate in (here / "rulesets", here.parent / "rulesets"):
        if candidate.is_dir():
            return candidate
    raise RulesetError(Verdict("rule.missing_bundled"))


def bundled_names() -> list[str]:
    """Names of the bundled rulesets, sorted."""
    return sorted(p.stem for p in bundled_dir().glob("*.toml"))


def _numeric(f: KeyInfo) -> bool:
    """Whether a key takes a number (perhaps also a word, as ``"value"``): its default is one,
    or it has a lower bound (``penalties.late_uphill``, whose default is the word)."""
    return not isinstance(f.default, bool) and (
        isinstance(f.default, int) or f.metadata["minimum"] is not None
    )


def _describe_type(default: Any, choices: tuple[str, ...], numeric: bool = False) -> Verdict:
    if isinstance(default, bool):
        return Verdict("rule.type.bool")
    if (isinstance(default, int) or numeric) and choices:
        return Verdict("rule.type.int_or", {"choices": _either([f'"{c}"' for c in choices])})
    if isinstance(default, int):
        return Verdict("rule.type.int")
    return Verdict("rule.type.one_of", {"choices": ", ".join(f'"{c}"' for c in choices)})


def _either(words: list[str]) -> Verdict | str:
    """``"a" or "b" or "c"``: each word but the last, then «or» and the rest."""
    if len(words) == 1:
        return words[0]
    return Verdict("rule.or", {"first": words[0], "rest": _either(words[1:])})


def _suggest(word: str, options: Iterable[str]) -> Verdict | str:
    close = difflib.get_close_matches(word, list(options), n=1)
    return Verdict("rule.suggest", {"word": close[0]}) if close else ""


def toml_value(value: Any) -> str:
    """A value as a TOML file writes it: true, 501, "half-down"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f'"{value}"' if isinstance(value, str) else str(value)


def _not_allowed(origin: str | Verdict, dotted: str, value: Any, expected: Verdict) -> RulesetError:
    params = {
        "origin": origin,
        "setting": dotted,
        "value": clipped(toml_value(value), 60),
        "expected": expected,
    }
    return RulesetError(Verdict("rule.not_allowed", params))


def _check_value(origin: str | Verdict, dotted: str, value: Any, f: KeyInfo) -> Any:
    default, choices, minimum = f.default, f.metadata["choices"], f.metadata["minimum"]
    # what the key accepts is worded only for a refusal (every command checks every key)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise _not_allowed(origin, dotted, value, _describe_type(default, choices))
        return value
    if _numeric(f):
        if isinstance(value, str) and value in choices:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise _not_allowed(origin, dotted, value, _describe_type(default, choices, True))
        shown = clipped(str(value), 60)
        if minimum is not None and value < minimum:
            params = {"origin": origin, "setting": dotted, "value": shown, "minimum": minimum}
            raise RulesetError(Verdict("rule.too_small", params))
        maximum = f.metadata.get("maximum")
        if maximum is not None and value > maximum:
            params = {"origin": origin, "setting": dotted, "value": shown, "maximum": maximum}
            raise RulesetError(Verdict("rule.too_big", params))
        return value
    if not isinstance(value, str) or value not in choices:
        expected = _describe_type(default, choices)
        if isinstance(value, str):
            suggest = _suggest(value, choices)
            if suggest:
                expected = Verdict("rule.suggested", {"expected": expected, "suggest": suggest})
        raise _not_allowed(origin, dotted, value, expected)
    return value


def ruleset_from_dict(
    doc: dict[str, Any],
    origin: str | Verdict,
    base: Ruleset | None = None,
    complete: bool = False,
) -> Ruleset:
    """Validate a ruleset table over ``base`` (defaults when None); raises RulesetError.

    Names the file, the key and the allowed values for an unknown key, wrong type or value.
    ``complete``: every key must be there (a resolved ruleset stored in a game file, where a
    missing key means a damaged file, not a default).
    """
    base = base or Ruleset()
    if complete:
        missing = [
            f"{section}.{f.name}"
            for section, cls in SECTIONS.items()
            for f in fields(cls)
            if f.metadata["legacy"] is None
            and (not isinstance(doc.get(section), dict) or f.name not in doc[section])
        ]
        if "name" not in doc:
            missing.insert(0, "name")
        if missing:
            params: dict[str, object] = {"origin": origin, "keys": ", ".join(missing)}
            raise RulesetError(Verdict("rule.incomplete", params))
        doc = _with_legacy(doc)
    for key, value in doc.items():
        if key in TOP_KEYS:
            if not isinstance(value, str):
                raise _not_allowed(origin, key, value, Verdict("rule.type.string"))
            if len(value) > TOP_KEY_LIMITS[key]:
                most = TOP_KEY_LIMITS[key]
                params = {"origin": origin, "setting": key, "chars": len(value), "most": most}
                raise RulesetError(Verdict("rule.too_long", params))
            continue
        if key not in SECTIONS:
            params = {
                "origin": origin,
                "setting": key,
                "suggest": _suggest(key, [*SECTIONS, *TOP_KEYS]),
                "keys": ", ".join(TOP_KEYS),
                "tables": ", ".join(f"[{s}]" for s in SECTIONS),
            }
            raise RulesetError(Verdict("rule.unknown_top", params))
        if not isinstance(value, dict):
            params = {"origin": origin, "setting": key, "value": value}
            raise RulesetError(Verdict("rule.not_table", params))
    changes: dict[str, Any] = {}
    for section, cls in SECTIONS.items():
        table = doc.get(section, {})
        known = {f.name: f for f in fields(cls)}
        values = {}
        for name, value in table.items():
            if name not in known:
                params = {
                    "origin": origin,
                    "setting": f"{section}.{name}",
                    "suggest": _suggest(name, known),
                    "keys": ", ".join(f"{section}.{k}" for k in known),
                }
                raise RulesetError(Verdict("rule.unknown_key", params))
            values[name] = _check_value(origin, f"{section}.{name}", value, known[name])
        if values:
            changes[section] = getattr(base, section)._replace(**values)
    name = doc.get("name", base.name)
    description = doc.get("description", base.description if "name" not in doc else "")
    return base._replace(name=name, description=description, **changes)


def _with_legacy(doc: dict[str, Any]) -> dict[str, Any]:
    """A stored ruleset with each key added since it was written filled in with its ``legacy``
    value: what the program did when the file was written (see ``_key``)."""
    filled = dict(doc)
    for section, cls in SECTIONS.items():
        table = filled.get(section)
        if not isinstance(table, dict):
            continue
        absent = {
            f.name: f.metadata["legacy"]
            for f in fields(cls)
            if f.metadata["legacy"] is not None and f.name not in table
        }
        if absent:
            filled[section] = {**table, **absent}
    return filled


def _read_toml(path: Path) -> dict[str, Any]:
    from ..files import MAX_FILE_SHOWN, NotRegular, TomlProblem, TooBig, parse_toml, read_regular

    try:
        text = read_regular(path).decode("utf-8")
    except FileNotFoundError:
        raise RulesetError(Verdict("rule.not_found", {"path": path})) from None
    except NotRegular as exc:
        kind = Verdict(exc.kind)
        raise RulesetError(Verdict("rule.special", {"path": path, "kind": kind})) from None
    except TooBig:
        params = {"path": path, "limit": MAX_FILE_SHOWN}
        raise RulesetError(Verdict("rule.file_too_big", params)) from None
    except OSError as exc:
        params = {"path": path, "reason": exc.strerror or str(exc)}
        raise RulesetError(Verdict("rule.unreadable", params)) from None
    except UnicodeDecodeError as exc:
        params = {"path": path, "reason": str(exc)}
        raise RulesetError(Verdict("rule.unreadable", params)) from None
    try:
        return parse_toml(text)
    except TomlProblem as exc:
        raise RulesetError(Verdict("rule.bad_toml", {"path": path, "reason": exc.reason})) from None


def _locate(name_or_path: str, relative_to: Path | None = None) -> Path:
    candidate = Path(name_or_path)
    looks_like_path = candidate.suffix == ".toml" or "/" in name_or_path or "\\" in name_or_path
    if looks_like_path:
        if relative_to is not None and not candidate.is_absolute():
            candidate = relative_to / candidate
        return candidate
    bundled = bundled_dir() / f"{name_or_path}.toml"
    if bundled.is_file():
        return bundled
    names = bundled_names()
    params = {
        "name": name_or_path,
        "suggest": _suggest(name_or_path, names),
        "names": ", ".join(names),
    }
    raise RulesetError(Verdict("rule.unknown_ruleset", params))


MAX_EXTENDS = 8
"""The longest ``extends`` chain: a ruleset and up to eight ancestors (classic is one)."""


def load_ruleset(name_or_path: str, _chain: tuple[Path, ...] = ()) -> Ruleset:
    """Load a bundled ruleset by name or an own one by path, resolving ``extends``.

    Raises RulesetError naming the file, the key and the allowed values; a path the system
    cannot even look at (a name too long, ENAMETOOLONG) is a RulesetError too.
    """
    try:
        return _load_ruleset(name_or_path, _chain)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        path = clipped(name_or_path, 80)
        raise RulesetError(Verdict("rule.unreadable", {"path": path, "reason": reason})) from None


def _resolved(path: Path) -> Path:
    """``path.resolve()``, a loop of symbolic links an OSError (ELOOP), as opening it would say:
    Python before 3.13 raises RuntimeError for it."""
    try:
        return path.resolve()
    except RuntimeError:
        import errno
        import os

        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path)) from None


def _load_ruleset(name_or_path: str, _chain: tuple[Path, ...] = ()) -> Ruleset:
    if len(_chain) > MAX_EXTENDS:
        params = {"path": _chain[0], "maximum": MAX_EXTENDS}
        raise RulesetError(Verdict("rule.chain_too_long", params))
    path = _locate(name_or_path, _chain[-1].parent if _chain else None)
    resolved = _resolved(path)
    if resolved in _chain:
        loop = " -> ".join(p.name for p in (*_chain, resolved))
        raise RulesetError(Verdict("rule.loop", {"path": path, "loop": loop}))
    doc = _read_toml(path)
    base = None
    if "extends" in doc:
        parent = doc["extends"]
        if not isinstance(parent, str):
            raise _not_allowed(str(path), "extends", parent, Verdict("rule.type.ruleset"))
        ruleset_from_dict({"extends": parent}, str(path))  # its length, before it is looked up
        try:  # an unknown or missing parent: name this file and its key too (§7)
            located = _locate(parent, resolved.parent)
            if not located.is_file():
                raise RulesetError(Verdict("rule.not_found", {"path": located}))
        except RulesetError as exc:
            params = {"path": path, "parent": parent, "reason": exc.verdict}
            raise RulesetError(Verdict("rule.in_extends", params)) from None
        base = _load_ruleset(parent, (*_chain, resolved))
    if "name" not in doc:
        doc = {**doc, "name": path.stem}
    return ruleset_from_dict(doc, str(path), base)


def dump_ruleset_toml(rules: Ruleset, extends: str | None = None) -> str:
    """A ruleset as a commented TOML file: every key, its allowed values and its source."""
    import tomli_w

    def scalar(value: Any) -> str:
        return tomli_w.dumps({"v": value}).split("=", 1)[1].strip()

    lines = [f"name = {scalar(rules.name)}", f"description = {scalar(rules.description)}"]
    if extends:
        lines.append(f"extends = {scalar(extends)}")
    for section, cls in SECTIONS.items():
        lines += ["", f"[{section}]"]
        for f in fields(cls):
            value = getattr(getattr(rules, section), f.name)
            doc = f.metadata["doc"]
            choices = f.metadata["choices"]
            allowed = f" ({' | '.join(choices)})" if choices and not _numeric(f) else ""
            lines.append(f"{f.name} = {scalar(value)}  # {doc}{allowed} {f.metadata['source']}")
    return "\n".join(lines) + "\n"
