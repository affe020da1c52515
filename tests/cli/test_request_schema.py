"""Each recording command's parameters are its request's schema (``game.requests``: the one
place an action's fields are described): the same names, in the same order, of the same kinds,
required alike, with the option names the schema gives (an argument where it gives none), and
a help text the catalogues translate under the field's help key. The table's options are built
from the same schema; so a field added to a request and forgotten on its command (or the other
way round) fails here."""

from __future__ import annotations

import pytest
from typer.core import TyperGroup
from typer.main import get_command

from terts_referee import i18n
from terts_referee.api import FLAG, LINE, NUMBER, REQUESTS, TEXT, TEXTS, Field, Request
from terts_referee.cli import dispatch
from terts_referee.cli.options import RECORDING_OPTIONS, AsciiInt
from terts_referee.table.parser import OPTIONS

COMMON = {name for name, _, _ in RECORDING_OPTIONS}


@pytest.fixture(scope="module")
def commands():
    group = get_command(dispatch.full_app())
    assert isinstance(group, TyperGroup)
    return group.commands


def _kind(param) -> str:
    if param.nargs == -1 or getattr(param, "multiple", False):
        return TEXTS
    if getattr(param, "is_flag", False):
        return FLAG
    if isinstance(param.type, AsciiInt):
        return NUMBER
    assert param.type.name in ("text", "str"), (param.name, param.type)
    return TEXT


def _flags(param) -> tuple[str, ...]:
    if not param.opts or param.param_type_name == "argument":
        return ()
    if param.secondary_opts:  # a flag's two names: --quick/--tricks
        return ("/".join([*param.opts, *param.secondary_opts]),)
    return tuple(param.opts)


@pytest.mark.parametrize("action", list(REQUESTS))
def test_the_command_takes_its_requests_fields(commands, action):
    request: type[Request] = REQUESTS[action]
    params = [p for p in commands[action].params if p.name not in COMMON]
    taken = [
        Field(
            p.name,
            _kind(p),
            p.required,
            flags=_flags(p),
            short=next((f.short for f in request.FIELDS if f.name == p.name), True),
        )
        for p in params
    ]
    # a LINE (a note's text) is taken as its words on the command line, joined by the command
    expected = [
        Field(f.name, TEXTS, f.required, flags=f.flags, short=f.short) if f.kind == LINE else f
        for f in request.FIELDS
    ]
    assert taken == expected


@pytest.mark.parametrize("lang", ["ru", "uk"])
@pytest.mark.parametrize("action", list(REQUESTS))
def test_each_fields_help_is_there_and_translated(commands, action, lang):
    catalogue = i18n.catalogue(lang)
    assert catalogue is not None
    helps = {p.name: p.help for p in commands[action].params}
    for field in REQUESTS[action].FIELDS:
        english = helps[field.name]
        assert english, f"{action} {field.name}: no help text"
        words = catalogue.pgettext(field.help_key(action), english)
        assert words != english, f"{field.help_key(action)} is not translated into {lang}"


@pytest.mark.parametrize("action", list(REQUESTS))
def test_the_tables_options_are_the_schemas(action):
    own = {option: name for option, (name, _) in OPTIONS[action].items() if name not in COMMON}
    assert own == {
        option: field.name for field in REQUESTS[action].FIELDS for option in field.options()
    }


def test_every_action_has_its_short_form_at_the_table():
    from terts_referee.table.forms import FORMS

    assert sorted(REQUESTS) == sorted(f.command for f in FORMS if f.command in REQUESTS)
    assert set(REQUESTS) <= {f.command for f in FORMS}
