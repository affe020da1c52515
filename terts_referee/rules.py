"""Rulesets: the TOML files of RULES §7, validated, with ``extends`` resolved.

Every house rule the sources disagree on is a key here, never a hard-coded choice. Each field
carries its own documentation (what it means, the allowed values, the source).
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import MISSING, dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from .errors import RulesetError

__all__ = ["Ruleset", "load_ruleset", "bundled_names", "ruleset_from_dict", "SECTIONS"]


class KeyInfo(NamedTuple):
    """One ruleset key: its name, default and documentation (doc, source, choices, minimum)."""

    name: str
    default: Any
    metadata: dict[str, Any]


_PENDING: list[dict[str, Any]] = []


def _key(default: Any, doc: str, source: str, choices: tuple = (), minimum: int | None = None):
    """A key's default, its documentation noted for the ``_section`` decorator below."""
    _PENDING.append({"doc": doc, "source": source, "choices": choices, "minimum": minimum})
    return default


def _section(cls):
    """Attach each field's documentation to a section class as ``cls.KEYS``.

    Sections are NamedTuples (immutable, and much cheaper to define at start-up than frozen
    dataclasses); ``_key`` runs once per field, in field order, while the class body runs.
    """
    cls.KEYS = tuple(
        KeyInfo(name, cls._field_defaults[name], meta)
        for name, meta in zip(cls._fields, _PENDING, strict=True)
    )
    _PENDING.clear()
    return cls


def fields(cls) -> tuple[KeyInfo, ...]:
    """The keys of a section class, in file order."""
    return cls.KEYS


@_section
class GameRules(NamedTuple):
    """[game]: how a game is won (RULES §5)."""

    target: int = _key(501, "points to win: 501, or 301 for short terts", "[000][002]", minimum=1)
    win_requires_trick: bool = _key(
        True, "a claim during a deal needs at least one trick taken in it", "[000][002]"
    )
    both_over: str = _key(
        "last-trick", "who wins when both are over target after a deal", "[000]", ("last-trick",)
    )


@_section
class ScoringRules(NamedTuple):
    """[scoring]: how a deal's points are written (RULES §5)."""

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
    last_trick: int = _key(10, "bonus for the last trick", "[all]", minimum=0)


@_section
class DeclarationRules(NamedTuple):
    """[declarations]: who may declare what, when, and how declarations compare (RULES §4)."""

    when: str = _key(
        "lead",
        "only the leader declares (lead) or either player before his card (own-turn)",
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


@_section
class PlayRules(NamedTuple):
    """[play]: what a follower may play (RULES §3)."""

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
    """[exchange]: the trump seven swap (RULES §3)."""

    min_stock: int = _key(
        2, "the stock must hold at least this many cards", "[000][001][003]", minimum=0
    )
    mandatory: bool = _key(False, "the holder of the trump 7 must exchange it", "[000]")


@_section
class PenaltyRules(NamedTuple):
    """[penalties]: what offences cost (RULES §6)."""

    false_uphill: int | str = _key(
        100,
        'false declaration: uphill by its value ("value") or a fixed number',
        "[000] / [001][004]",
        ("value",),
        minimum=0,
    )
    false_to_opponent: bool = _key(
        True, "the opponent scores a false declaration's points", "[000]"
    )
    empty_challenge: int = _key(
        20, 'asking "Рост?" with nothing to show: uphill (house)', "[000]", minimum=0
    )
    trump_seven: int = _key(
        20, "trump 7 kept where the exchange is mandatory: uphill (house)", "[000]", minimum=0
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


@dataclass(frozen=True)
class Ruleset:
    """A resolved ruleset: every key of RULES §7 with its value."""

    name: str = "classic"
    description: str = ""
    game: GameRules = field(default_factory=GameRules)
    scoring: ScoringRules = field(default_factory=ScoringRules)
    declarations: DeclarationRules = field(default_factory=DeclarationRules)
    play: PlayRules = field(default_factory=PlayRules)
    exchange: ExchangeRules = field(default_factory=ExchangeRules)
    penalties: PenaltyRules = field(default_factory=PenaltyRules)

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

    def with_values(self, **sections: dict[str, Any]) -> Ruleset:
        """A copy with some keys changed (for tests and what-ifs); not validated."""
        changes = {s: getattr(self, s)._replace(**v) for s, v in sections.items()}
        return replace(self, **changes)


def key_docs() -> list[tuple[str, Any, str, tuple, str]]:
    """(dotted key, default, doc, choices, source) for every key, in file order."""
    rows = []
    for section, cls in SECTIONS.items():
        for f in fields(cls):
            m = f.metadata
            rows.append((f"{section}.{f.name}", f.default, m["doc"], m["choices"], m["source"]))
    return rows


# --- loading -------------------------------------------------------------------------------


def bundled_dir() -> Path:
    """Where the bundled rulesets are: inside the installed package, or the repo's rulesets/."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "rulesets", here.parent / "rulesets"):
        if candidate.is_dir():
            return candidate
    raise RulesetError("the bundled rulesets are missing from this installation: reinstall terts")


def bundled_names() -> list[str]:
    """Names of the bundled rulesets, sorted."""
    return sorted(p.stem for p in bundled_dir().glob("*.toml"))


def _describe_type(default: Any, choices: tuple) -> str:
    if isinstance(default, bool):
        return "true or false"
    if isinstance(default, int) and choices:
        return "a whole number or " + " or ".join(f'"{c}"' for c in choices)
    if isinstance(default, int):
        return "a whole number"
    return "one of " + ", ".join(f'"{c}"' for c in choices)


def _suggest(word: str, options) -> str:
    close = difflib.get_close_matches(word, list(options), n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def _check_value(origin: str, dotted: str, value: Any, f) -> Any:
    default, choices, minimum = f.default, f.metadata["choices"], f.metadata["minimum"]
    expected = _describe_type(default, choices)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise RulesetError(
                f"{origin}: {dotted} = {value!r} is not allowed: expected {expected}"
            )
        return value
    if isinstance(default, int):
        if isinstance(value, str) and value in choices:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            raise RulesetError(
                f"{origin}: {dotted} = {value!r} is not allowed: expected {expected}"
            )
        if minimum is not None and value < minimum:
            raise RulesetError(
                f"{origin}: {dotted} = {value} is too small: expected at least {minimum}"
            )
        return value
    if not isinstance(value, str) or value not in choices:
        raise RulesetError(
            f"{origin}: {dotted} = {value!r} is not allowed: expected {expected}"
            + (_suggest(value, choices) if isinstance(value, str) else "")
        )
    return value


def ruleset_from_dict(doc: dict[str, Any], origin: str, base: Ruleset | None = None) -> Ruleset:
    """Validate a ruleset table over ``base`` (defaults when None); raises RulesetError.

    Names the file, the key and the allowed values for an unknown key, wrong type or value.
    """
    base = base or Ruleset()
    for key, value in doc.items():
        if key in TOP_KEYS:
            if not isinstance(value, str):
                raise RulesetError(f"{origin}: {key} = {value!r} is not allowed: expected a string")
            continue
        if key not in SECTIONS:
            raise RulesetError(
                f"{origin}: unknown key {key!r}{_suggest(key, [*SECTIONS, *TOP_KEYS])}: expected "
                f"{', '.join(TOP_KEYS)} or a table [{'], ['.join(SECTIONS)}]"
            )
        if not isinstance(value, dict):
            raise RulesetError(f"{origin}: {key} must be a table [{key}], not {value!r}")
    changes: dict[str, Any] = {}
    for section, cls in SECTIONS.items():
        table = doc.get(section, {})
        known = {f.name: f for f in fields(cls)}
        values = {}
        for name, value in table.items():
            if name not in known:
                raise RulesetError(
                    f"{origin}: unknown key {section}.{name}{_suggest(name, known)}: "
                    "expected one of " + ", ".join(f"{section}.{k}" for k in known)
                )
            values[name] = _check_value(origin, f"{section}.{name}", value, known[name])
        if values:
            changes[section] = getattr(base, section)._replace(**values)
    name = doc.get("name", base.name)
    description = doc.get("description", base.description if "name" not in doc else "")
    return replace(base, name=name, description=description, **changes)


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RulesetError(f"ruleset file {path} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesetError(f"ruleset file {path} cannot be read: {exc}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"{path}: not valid TOML: {exc}") from None


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
    raise RulesetError(
        f"unknown ruleset {name_or_path!r}{_suggest(name_or_path, names)}: expected one of "
        f"{', '.join(names)}, or a path to a .toml file"
    )


def load_ruleset(name_or_path: str, _chain: tuple[Path, ...] = ()) -> Ruleset:
    """Load a bundled ruleset by name or an own one by path, resolving ``extends``.

    Raises RulesetError naming the file, the key and the allowed values.
    """
    path = _locate(name_or_path, _chain[-1].parent if _chain else None)
    resolved = path.resolve()
    if resolved in _chain:
        loop = " -> ".join(p.name for p in (*_chain, resolved))
        raise RulesetError(f"{path}: extends loops back on itself ({loop})")
    doc = _read_toml(path)
    base = None
    if "extends" in doc:
        parent = doc["extends"]
        if not isinstance(parent, str):
            raise RulesetError(
                f"{path}: extends = {parent!r} is not allowed: expected a ruleset name"
            )
        try:  # an unknown or missing parent: name this file and its key too (RULES §7)
            located = _locate(parent, resolved.parent)
            if not located.is_file():
                raise RulesetError(f"ruleset file {located} not found")
        except RulesetError as exc:
            raise RulesetError(f"{path}: extends = {parent!r}: {exc}") from None
        base = load_ruleset(parent, (*_chain, resolved))
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
            allowed = (
                f" ({' | '.join(choices)})" if choices and not isinstance(f.default, int) else ""
            )
            lines.append(f"{f.name} = {scalar(value)}  # {doc}{allowed} {f.metadata['source']}")
    return "\n".join(lines) + "\n"


def default_for(dotted: str) -> Any:
    section, _, name = dotted.partition(".")
    for f in fields(SECTIONS[section]):
        if f.name == name:
            return f.default
    return MISSING
