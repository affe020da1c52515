"""``terts demo``: play the bundled sample game into a temporary file and print its sheet."""

from ..options import JsonOpt


def command(as_json: JsonOpt = False) -> None:
    """Play a bundled sample game into a temporary file and print its sheet.

    Example: terts demo
    """
    from ...game.demo import play_demo
    from ...output.report.sheet import report_sheet
    from ..remedies import command as typed

    g, path = play_demo()
    report_sheet(g, g.sheet(), as_json=as_json, as_csv=False, source=path, command=typed)
