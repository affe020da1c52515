"""The JSON shapes of the library's figures, as TypedDicts: ``Stats`` is what ``stats.stats``
builds (the ``stats --json`` document) and what the season page and the stats tables read
(``output/season.py``, ``output/library_report.py``).

For the type checker: the library builds plain dicts and imports this module only under
``TYPE_CHECKING``, so no command loads it.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

__all__ = [
    "BestGames",
    "ConflictShown",
    "Copy",
    "EveningRatings",
    "FinishedGame",
    "GameRecord",
    "HeadToHead",
    "MarginRecord",
    "PlayerRecords",
    "PlayerStats",
    "RatingTerms",
    "RoundPair",
    "RoundView",
    "Standing",
    "Standings",
    "Stats",
    "TableView",
    "TimelineEntry",
    "TotalRecord",
]


class PlayerStats(TypedDict):
    games: int
    wins: int
    win_rate: float
    current_streak: int
    longest_streak: int
    deals: int
    points: int
    points_per_deal: float | None
    best_deal: int | None
    declarations: dict[str, int]  # scored, by class (``summary.DECLARATION_CLASSES``)
    challenges_won: int
    burned: int
    false_declarations: int
    uphill: int
    claims: int
    # the rating over the period's finished games (None only for a player whose finished games
    # have no winner): the conservative mu - 3 sigma, mu and sigma, and the games rated
    rating: float | None
    mu: float | None
    sigma: float | None
    rated_games: int


class HeadToHead(TypedDict):
    players: list[str]
    games: int
    wins: dict[str, int]
    points: dict[str, int]  # each one's final totals added up over the pair's games


class TimelineEntry(TypedDict):
    date: str
    players: list[str]
    winner: str | None
    ratings: dict[str, float | None]  # each player's rating just after the game


class RatingStart(TypedDict):
    mu: float
    sigma: float


class RatingTerms(TypedDict):
    """What the ratings mean: the model, the formula of the value shown, where a newcomer
    starts, how many games were rated, over which games and in which order."""

    model: str
    rating: str
    start: RatingStart
    games: int
    over: str
    order: str


class Copy(TypedDict):
    """A copy of a game not counted, and the file counted instead."""

    file: str
    counted: str


class ConflictShown(TypedDict):
    """One game continued differently in several copies (``copies.Conflict``): none counted
    until one is kept (``terts keep FILE``)."""

    files: list[str]  # the latest copy of each way the game went
    earlier: list[str]  # earlier versions of one of them


class GameRecord(TypedDict):
    """A game a record was set in (``tally.Tally.best_games``), enough to name and open it."""

    file: str
    date: str
    players: list[str]
    winner: str | None
    totals: dict[str, int]
    deals: int
    minutes: float | None


class MarginRecord(GameRecord):
    margin: int  # the winner's total less the loser's


class TotalRecord(GameRecord):
    player: str
    total: int


class PlayerRecords(TypedDict):
    largest_margin: int | None  # over the player's wins (None: no win)
    highest_total: int | None
    fastest_win: int | None  # the fewest deals of a win


class BestGames(TypedDict):
    largest_margin: MarginRecord | None
    highest_total: TotalRecord | None
    fastest_win: GameRecord | None
    players: dict[str, PlayerRecords]  # by the spelling of each player's latest game


class Stats(TypedDict):
    games: int
    unfinished: int
    players: dict[str, PlayerStats]  # by the spelling of each player's latest game
    head_to_head: list[HeadToHead]
    average_deals: float | None
    average_minutes: float | None
    timeline: list[TimelineEntry]  # the finished games, in the order they started
    best_games: BestGames  # the records: largest margin, highest total, fastest win
    ratings: RatingTerms
    # with --player and --vs: the chance of each to win their next game (adding up to 1)
    chance: NotRequired[dict[str, float]]
    # added by ``terts stats``: the library read, the files it skipped, the copies not counted
    library: NotRequired[str]
    skipped: NotRequired[list[str]]
    copies: NotRequired[list[Copy]]
    conflicts: NotRequired[list[ConflictShown]]


# --- a club night (``evening.py``): the lobby's tables, the standings, the rounds -------------


class TableView(TypedDict):
    """One table as ``GET api/tables`` lists it (``error``: why its file cannot be read, the
    other fields then empty)."""

    name: str
    players: list[str]
    totals: dict[str, int]
    finished: bool
    winner: str | None
    dealer: str | None  # who deals the open deal, else the next one; None once it is over
    deals: int
    rules: str | None
    started: str | None
    id: str | None
    error: str | None


class Standing(TypedDict):
    rank: int
    name: str
    games: int  # finished games of the evening
    wins: int
    points: int  # the final totals of those games, added up
    rating: float | None  # over every finished game, now (None: no rated game yet)
    rating_before: float | None  # just before the evening began (None: none rated then)
    change: float | None
    playing: str | None  # the table where the player's game goes on


class FinishedGame(TypedDict):
    key: str  # the game's key (``copies.game_key``): ``sheet.html?game=KEY``
    table: str | None  # the table it was played at, while it is still one
    players: list[str]
    winner: str | None
    totals: dict[str, int]
    started: str
    ended: str | None


class EveningRatings(TypedDict):
    model: str
    rating: str
    over: str
    games: int


class Standings(TypedDict):
    since: str
    games: int
    playing: int
    players: list[Standing]
    finished: list[FinishedGame]
    ratings: EveningRatings


class RoundPair(TypedDict):
    players: list[str]
    opened: str | bool  # the table's name while it plays; True once played; False: not yet
    waiting: list[str]  # not opened: which of the two still play at another table


class RoundView(TypedDict):
    number: int
    pairs: list[RoundPair]
    bye: str | None
    next: bool
