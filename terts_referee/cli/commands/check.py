"""``terts check``: settle a dispute without a game file (a hand's declarations, which of two
declarations wins, who takes a trick, which cards may follow)."""

from typing import Annotated

import typer

from ...domain.verdicts import Verdict
from ..options import AsciiInt, JsonOpt, RulesOpt, TrumpOpt

group = typer.Typer(
    help="Settle a dispute without a game file.", no_args_is_help=True, rich_markup_mode=None
)


@group.command("hand")
def check_hand(
    cards: Annotated[
        list[str], typer.Argument(metavar="CARDS", help="The hand: Q♥ J♥ 10♥ or Qh,Jh,Th")
    ],
    trump: TrumpOpt,
    rules: RulesOpt = "classic",
    turns: Annotated[
        int, typer.Option(click_type=AsciiInt(0), help="Turns left to declare, one per turn.")
    ] = 8,
    as_json: JsonOpt = False,
) -> None:
    """Every declaration in a hand, and the best order to declare them one per turn.

    Example: terts check hand Qh Jh 10h 9h 8h 7h --trump s --turns 10
    """
    from ...domain.cards import parse_card_or_suit, parse_cards
    from ...domain.rules import load_ruleset
    from ...errors import NotationError
    from ...output.report.checks import report_hand

    hand = parse_cards(cards)
    if len(hand) > 9:
        raise NotationError(Verdict("err.hand.too_many", {"n": len(hand)}))
    report_hand(hand, parse_card_or_suit(trump)[0], load_ruleset(rules), turns, as_json)


@group.command("compare")
def check_compare(
    first: Annotated[str, typer.Argument(metavar="COMBO", help="The declarer's declaration.")],
    second: Annotated[str, typer.Argument(metavar="COMBO", help="The challenger's declaration.")],
    trump: TrumpOpt,
    rules: RulesOpt = "classic",
    as_json: JsonOpt = False,
) -> None:
    """Which of two declarations wins (the first is the declarer's) and by which rule.

    Example: terts check compare 105:J♦ 4A --trump h --rules book
    """
    from ...domain.cards import parse_card_or_suit
    from ...domain.declarations import parse_combo
    from ...domain.rules import load_ruleset
    from ...output.report.checks import report_compare

    ruleset = load_ruleset(rules)
    suit = parse_card_or_suit(trump)[0]
    report_compare(
        parse_combo(first, suit, ruleset),
        parse_combo(second, suit, ruleset),
        suit,
        ruleset,
        as_json,
    )


@group.command("trick")
def check_trick(
    cards: Annotated[list[str], typer.Argument(metavar="CARD CARD", help="Lead, then follow.")],
    trump: TrumpOpt,
    as_json: JsonOpt = False,
) -> None:
    """Which card takes the trick.

    Example: terts check trick Ah 7s --trump s
    """
    from ...domain.cards import parse_card_or_suit, parse_cards
    from ...errors import NotationError
    from ...output.report.checks import report_trick

    parsed = parse_cards(cards)
    if len(parsed) != 2:
        raise NotationError(Verdict("err.trick.two_cards", {"n": len(parsed)}))
    report_trick(parsed[0], parsed[1], parse_card_or_suit(trump)[0], as_json)


@group.command("legal")
def check_legal(
    hand: Annotated[str, typer.Option("--hand", metavar="CARDS", help="The follower's hand.")],
    lead: Annotated[str, typer.Option("--lead", metavar="CARD", help="The card led.")],
    trump: TrumpOpt,
    final: Annotated[bool, typer.Option("--final", help="Final phase (stock empty).")] = False,
    rules: RulesOpt = "classic",
    as_json: JsonOpt = False,
) -> None:
    """The cards the follower may play (final phase with --final, else while the stock lasts).

    Example: terts check legal --hand "Jh 7s As" --lead Kh --trump h --final
    """
    from ...domain.cards import parse_card, parse_card_or_suit, parse_cards
    from ...domain.rules import load_ruleset
    from ...errors import NotationError
    from ...output.report.checks import report_legal

    held, led = parse_cards(hand), parse_card(lead)
    if led in held:
        raise NotationError(Verdict("err.legal.led", {"card": led}))
    if not held:
        raise NotationError(Verdict("err.legal.no_hand"))
    report_legal(held, led, parse_card_or_suit(trump)[0], final, load_ruleset(rules), as_json)


@group.command("when")
def check_when(
    combo: Annotated[str, typer.Argument(metavar="COMBO", help="The declaration to make.")],
    trick: Annotated[
        int,
        typer.Option(
            "--trick",
            metavar="N",
            click_type=AsciiInt(1),
            help="The trick about to be played, 1-16 (trick 1 comes before the deck is broken; "
            "8 is the first of the final phase).",
        ),
    ],
    trump: TrumpOpt,
    follower: Annotated[
        bool,
        typer.Option("--follower/--leader", help="The player follows that trick (or leads it)."),
    ] = False,
    hand: Annotated[
        str | None,
        typer.Option("--hand", metavar="CARDS", help="The cards held (all, or those that matter)."),
    ] = None,
    declared: Annotated[
        list[str] | None,
        typer.Option(
            "--declared",
            metavar="COMBO",
            help="The player's own, written earlier in this deal (repeatable).",
        ),
    ] = None,
    this_turn: Annotated[
        list[str] | None,
        typer.Option(
            "--this-turn",
            metavar="COMBO",
            help="The player's own, declared already before this trick.",
        ),
    ] = None,
    opponent: Annotated[
        list[str] | None,
        typer.Option("--opponent", metavar="COMBO", help="The opponent's written declarations."),
    ] = None,
    asked: Annotated[
        str | None,
        typer.Option(
            "--asked",
            metavar="COMBO",
            help="The player asked «От чего?» about this one in this turn.",
        ),
    ] = None,
    rules: RulesOpt = "classic",
    as_json: JsonOpt = False,
) -> None:
    """May a player declare now? Yes or no, with the deciding rule, key and source.

    Example: terts check when 50:K♠ --trick 8 --follower --trump h --rules book
    """
    from ...domain.cards import parse_card_or_suit, parse_cards
    from ...domain.declarations import Declaration, parse_combo
    from ...domain.rules import load_ruleset
    from ...errors import NotationError
    from ...output.report.checks import report_when
    from ...referee.moments import Moment

    ruleset = load_ruleset(rules)
    suit, face_up = parse_card_or_suit(trump)
    if trick > 16:
        raise NotationError(Verdict("err.when.trick", {"trick": trick}))
    held = None
    if hand is not None:
        held = frozenset(parse_cards(hand))
        if len(held) > 9:
            raise NotationError(Verdict("err.hand.too_many", {"n": len(held)}))

    def combos(texts: list[str] | None) -> tuple[Declaration, ...]:
        return tuple(parse_combo(c, suit, ruleset) for c in texts or ())

    moment = Moment(
        trick,
        not follower,
        suit,
        face_up,
        held,
        combos(declared),
        combos(this_turn),
        combos(opponent),
        parse_combo(asked, suit, ruleset) if asked else None,
    )
    report_when(parse_combo(combo, suit, ruleset), moment, ruleset, as_json)
