"""A claim (§5, §6: «вышел»): a player says he has reached his target in the open deal.
What he took is known from the tricks (or told, in a quick deal); the claim is refused unless
his total reaches his target, and if it does, the deal and the game end there. Followed trick by
trick, a claim is made on one's own turn: by the player about to lead [000][002].
"""

from __future__ import annotations

from ..domain.cards import CARD_POINTS
from ..domain.events import Claim
from ..domain.verdicts import Remedy, Verdict
from ..errors import RuleError
from .ending import end_game
from .records import TRICKS_PER_DEAL
from .reneges import apply_renege
from .scoring import round_points, settle, total_before
from .state import State


def on_claim(st: State, ev: Claim) -> None:
    """«Вышел»: refused unless the claimant's total reaches his target; else the game ends."""
    st.not_over()
    st.check_player(ev.player)
    deal = st.open_deal("err.no_deal.claim")
    if not deal.quick and ev.player != deal.leader:
        # «на любом своём ходу» [000][002]: followed trick by trick, his turn is his lead
        last = deal.tricks[-1] if deal.tricks else None
        params = {
            "player": ev.player,
            "leader": deal.leader,
            "trick": deal.next_trick,
            "taken": last.number if last else 0,
            "event": last.event if last else deal.event,
        }
        raise RuleError(Verdict("err.claim.turn_trick" if last else "err.claim.turn_deal", params))
    tricks: int | None
    cards: int | None
    if not deal.quick:  # trick mode: what was taken is known from the tricks
        tricks = deal.tricks_taken(ev.player)
        cards = deal.trick_card_points(ev.player)
        if ev.tricks is not None and ev.tricks != tricks:
            params = {"player": ev.player, "tricks": tricks, "claimed": ev.tricks}
            raise RuleError(Verdict("err.claim.tricks", params))
    else:
        tricks, cards = ev.tricks, ev.card_points
        if (tricks is not None and not 0 <= tricks <= TRICKS_PER_DEAL) or (
            cards is not None and not 0 <= cards <= CARD_POINTS
        ):
            raise RuleError(Verdict("err.claim.range", {"tricks": tricks, "cards": cards}))
        if tricks is None or cards is None:
            fields = {"player": ev.player, "tricks": None, "card_points": None}
            raise RuleError(Verdict("err.claim.quick", remedy=Remedy("claim", fields)))
    if st.rules.game.win_requires_trick and tricks == 0:
        raise RuleError(Verdict("err.claim.no_trick", {"player": ev.player}))
    if deal.renege_by and st.rules.penalties.renege == "deal-to-opponent":
        # A proven renege: the offender's opponent takes all the deal's card points.
        cards = 0 if deal.renege_by == ev.player else st.deal_points
    raw = cards + deal.declared(ev.player) + deal.penalty_points(ev.player)
    partial = round_points(raw, st.rules.scoring.rounding)
    total = total_before(st, deal, ev.player) + partial
    target = st.sheet.targets[ev.player]
    if total < target:
        # the deal's points as its end writes them: rounded like every deal total
        rounded: Verdict | str = ""
        if partial != raw:
            setting = _ROUNDING[st.rules.scoring.rounding]  # the key's value said in words
            rounded = Verdict(
                "err.claim.rounded", {"raw": raw, "partial": partial, "setting": setting}
            )
        params = {
            "player": ev.player,
            "total": total,
            "partial": partial,
            "target": target,
            "short": target - total,
            "rounded": rounded,
        }
        raise RuleError(Verdict("err.claim.short", params))
    deal.claimed_by = ev.player
    deal.card_points = {ev.player: cards, st.other(ev.player): 0}
    deal.finished = True
    apply_renege(st, deal)
    settle(st, deal)
    reason = Verdict("win.claim", {"deal": deal.number, "total": total, "target": target})
    end_game(st, ev.player, reason)


#: How each rounding writes a deal's points, in words (``none`` never rounds: never said).
_ROUNDING = {
    "half-down": Verdict("name.rounding.half_down"),
    "half-up": Verdict("name.rounding.half_up"),
    "down": Verdict("name.rounding.down"),
}
