"""``terts demo``: play the bundled sample game through a temporary file and print its sheet;
the file and its folder are removed before the command ends."""

from ..options import JsonOpt


def command(as_json: JsonOpt = False) -> None:
    """Play a bundled sample game into a temporary file and print its sheet.

    Example: terts demo
    """
    import tempfile
    from pathlib import Path

    from ...game.demo import play_demo
    from ...game.game_file import GameFile
    from ...output.report.sheet import report_sheet
    from ..remedies import command as typed

    # the sample goes through a real game file (written and read back, as any game), in a
    # folder of its own that is gone when the command ends: a run leaves nothing behind
    with tempfile.TemporaryDirectory(prefix="terts-demo-") as folder:
        _, path = play_demo(Path(folder))
        now = GameFile(path).snapshot()
        report_sheet(now.game, now.sheet, as_json=as_json, as_csv=False, command=typed)
    if not as_json:
        from ...i18n import t
        from ...output import console

        console.say(t("out.sample_removed"), "dim")
