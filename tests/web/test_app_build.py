"""``terts app build`` without a browser: the site it writes, its refusals, and the in-page
referee (``web.inpage.Page``) answering as ``terts serve`` answers, run here on CPython.

The runtime here is a stand-in folder with the files of a Pyodide distribution (the build only
copies them); the browser tests (``test_offline_app.py``) use the real one.
"""

from __future__ import annotations

import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from terts_referee.web import site

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def runtime(tmp_path) -> Path:
    folder = tmp_path / "pyodide"
    folder.mkdir()
    for name in site.RUNTIME_FILES:
        (folder / name).write_bytes(b"// " + name.encode())
    lock = {"info": {"python": "3.14.2", "arch": "wasm32"}, "packages": {}}
    (folder / "pyodide-lock.json").write_text(json.dumps(lock))
    return folder


def build(terts, *args):
    """``terts app build ARGS`` (no --game: the command reads no game), which must succeed."""
    r = terts("app", "build", *(str(a) for a in args), game=False)
    assert r.code == 0, r.stderr
    return r


def tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()
    }


def test_the_site_holds_the_page_the_referee_and_the_service_worker(terts, tmp_path, runtime):
    out = tmp_path / "site"
    r = terts("app", "build", out, "--runtime", runtime, game=False)
    assert r.code == 0, r.stderr
    assert r.stdout.startswith(f"wrote the offline app to {out}:")
    files = tree(out)
    page = files["index.html"].decode()
    # the served page, with the in-page transport loaded before its one script
    assert page.index('src="offline.js"') < page.index('src="app.js"')
    assert files["app.js"] == (REPO / "terts_referee/web/static/app.js").read_bytes()
    assert files["app.css"] == (REPO / "terts_referee/web/static/app.css").read_bytes()
    boot = page.split('<script id="boot-words" type="application/json">')[1].split("</script>")[0]
    assert (
        json.loads(boot)["ru"]["app.ui.loading_runtime"] == "Загрузка судьи: Python для браузера…"
    )
    manifest = json.loads(files["manifest.webmanifest"])
    assert manifest["start_url"] == "./" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert icon["src"] in files
    # only the runtime files the worker loads
    assert sorted(p for p in files if p.startswith("pyodide/")) == sorted(
        f"pyodide/{n}" for n in site.RUNTIME_FILES
    )
    # the service worker caches every file, under the version app.json names
    info = json.loads(files["app.json"])
    sw = files["sw.js"].decode()
    assert f'const VERSION = "{info["version"]}";' in sw
    cached = json.loads(sw.split("const FILES = ")[1].split(";\n")[0])
    assert sorted(cached) == sorted(["./", *files])
    assert info["python"] == "3.14.2"
    assert all(w in files for w in info["wheels"])
    own = sum(len(d) for p, d in files.items() if not p.startswith("pyodide/"))
    assert own <= 1.5 * 1024 * 1024, own


def test_the_wheels_are_pure_python_and_leave_the_faces_out(terts, tmp_path, runtime):
    out = tmp_path / "site"
    build(terts, out, "--runtime", runtime)
    wheels = {p.name: zipfile.ZipFile(p).namelist() for p in (out / "wheels").glob("*.whl")}
    names = {n.split("-")[0] for n in wheels}
    assert names == {"terts_referee", "tomli_w", "openskill", "platformdirs"}
    for name, members in wheels.items():
        assert not [m for m in members if m.endswith((".so", ".pyd", ".pyc"))], name
        assert any(m.endswith(".dist-info/RECORD") for m in members), name
    (own,) = (m for n, m in wheels.items() if n.startswith("terts_referee"))
    assert "terts_referee/web/inpage.py" in own and "terts_referee/web/backend.py" in own
    assert "terts_referee/rulesets/classic.toml" in own
    assert "terts_referee/docs/rules.ru.md" in own
    assert "terts_referee/i18n/locale/uk/LC_MESSAGES/terts.mo" in own
    for face in ("cli/", "table/", "web/app.py", "web/server.py", "web/transport.py"):
        assert not [m for m in own if m.startswith(f"terts_referee/{face}")], face
    # openskill is installed here as a compiled build: its Python source is what is shipped
    skill = next(m for n, m in wheels.items() if n.startswith("openskill"))
    assert "openskill/models/weng_lin/plackett_luce.py" in skill


def test_the_same_sources_build_the_same_site(terts, tmp_path, runtime):
    first, second = tmp_path / "a", tmp_path / "b"
    build(terts, first, "--runtime", runtime)
    build(terts, second, "--runtime", runtime)
    assert tree(first) == tree(second)


def test_no_runtime_found_is_one_line_saying_where_and_how(terts, tmp_path, monkeypatch):
    monkeypatch.delenv("TERTS_PYODIDE", raising=False)
    r = terts("app", "build", tmp_path / "site", game=False)
    assert r.code == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert "$TERTS_PYODIDE" in r.stderr and "./node_modules/pyodide" in r.stderr
    assert f"npm install pyodide@{site.PYODIDE}" in r.stderr and "--runtime" in r.stderr
    assert not (tmp_path / "site").exists()
    ru = terts("--lang", "ru", "app", "build", tmp_path / "site", game=False)
    assert ru.code == 2 and "дистрибутив Pyodide не найден" in ru.stderr


def test_the_runtime_is_found_where_readme_says(terts, tmp_path, runtime, monkeypatch):
    monkeypatch.setenv("TERTS_PYODIDE", str(runtime))
    build(terts, tmp_path / "a")
    monkeypatch.delenv("TERTS_PYODIDE")
    (tmp_path / "node_modules").mkdir()
    runtime.rename(tmp_path / "node_modules" / "pyodide")  # the cwd is tmp_path
    build(terts, tmp_path / "b")


def test_a_folder_that_is_not_pyodide_or_too_old_is_refused(terts, tmp_path, runtime):
    (runtime / "pyodide.asm.wasm").unlink()
    r = terts("app", "build", tmp_path / "site", "--runtime", runtime, game=False)
    assert r.code == 2 and "has no pyodide.asm.wasm" in r.stderr
    (runtime / "pyodide.asm.wasm").write_bytes(b"")
    (runtime / "pyodide-lock.json").write_text(json.dumps({"info": {"python": "3.10.2"}}))
    r = terts("app", "build", tmp_path / "site", "--runtime", runtime, game=False)
    assert r.code == 2 and "runs Python 3.10.2" in r.stderr
    assert not (tmp_path / "site").exists()


def test_force_replaces_an_earlier_build_and_nothing_else(terts, tmp_path, runtime):
    out = tmp_path / "site"
    build(terts, out, "--runtime", runtime)
    (out / "left-over.txt").write_text("from the earlier build")
    r = terts("app", "build", out, "--runtime", runtime, game=False)
    assert r.code == 2 and "--force" in r.stderr
    assert (out / "left-over.txt").exists()
    build(terts, out, "--runtime", runtime, "--force")
    assert not (out / "left-over.txt").exists() and (out / "sw.js").exists()
    # a folder of other files is never replaced, --force or not
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    r = terts("app", "build", mine, "--runtime", runtime, "--force", game=False)
    assert r.code == 2 and "not an app terts built" in r.stderr
    assert tree(mine) == {"notes.txt": b"mine"}
    (tmp_path / "file").write_text("x")
    r = terts("app", "build", tmp_path / "file", "--runtime", runtime, game=False)
    assert r.code == 2 and "is not a folder" in r.stderr
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no scratch left


# --- the in-page referee, on CPython ----------------------------------------------------------


def ask(page, method: str, route: str, body=None, query=()):
    status, text, kind = page.request(
        method, route, list(query), None if body is None else json.dumps(body)
    )
    return status, (json.loads(text) if kind.startswith("application/json") else text)


def test_the_page_answers_as_the_server_does(tmp_path):
    from terts_referee.web.inpage import Page

    page = Page(str(tmp_path / "phone"), "en")
    assert ask(page, "GET", "api/state")[1]["exists"] is False
    ui = ask(page, "GET", "api/ui")[1]
    assert ui["words"]["app.ui.save_game"] == "Save the game file" and "ui.title" in ui["words"]
    assert ask(page, "POST", "api/new", {"players": ["Аня", "Боря"]})[0] == 200
    status, refused = ask(page, "POST", "api/penalty", {"player": "Боря", "kind": "renege"})
    assert status == 422 and refused["remedy"] == {"action": "deal", "fields": {}}
    assert ask(page, "POST", "api/deal", {"trump": "ч"})[0] == 200
    assert ask(page, "POST", "api/score", {"points": "many"})[0] == 400
    before = ask(page, "GET", "api/state")[1]["version"]
    assert (
        ask(page, "POST", "api/score", {"points": 100, "by": "Аня", "last_trick": "Аня"})[0] == 200
    )
    state = ask(page, "GET", "api/state")[1]
    assert state["version"] != before and state["sheet"]["totals"] == {"Аня": 100, "Боря": 50}
    assert ask(page, "GET", "api/next")[1] == {"finished": False}
    status, html = ask(page, "GET", "sheet.html")
    assert status == 200 and html.lower().startswith("<!doctype html>")
    assert ask(page, "GET", "api/nothing")[0] == 404
    assert ask(page, "POST", "api/deal", "[")[0] == 400  # not an object: refused, not raised


def test_a_game_file_opened_replaces_the_current_one_which_goes_to_the_library(terts, tmp_path):
    from terts_referee.web.inpage import Page

    page = Page(str(tmp_path / "phone"), "en")
    ask(page, "POST", "api/new", {"players": ["Аня", "Боря"]})
    ask(page, "POST", "api/deal", {"trump": "ч"})
    mine = page.game_file()
    assert mine is not None and "Аня" in mine
    damaged = page.import_game("players = [")
    assert damaged["ok"] is False and damaged["error"]
    assert page.game_file() == mine  # untouched
    terts.ok("new", "Вика", "Гена")
    opened = page.import_game(terts.game.read_text("utf-8"))
    assert opened == {"ok": True, "message": "opened the game Вика v Гена, rules classic"}
    now = page.game_file()
    assert now is not None and now.encode("utf-8") == terts.game.read_bytes()
    (kept,) = (tmp_path / "phone" / "library").glob("*.toml")
    assert kept.read_text("utf-8") == mine  # the unfinished game kept, byte for byte


def test_the_in_page_referee_loads_nothing_of_the_terminal_or_the_server():
    code = (
        "import sys, json, tempfile\n"
        "from terts_referee.web.inpage import Page\n"
        "p = Page(tempfile.mkdtemp(), 'ru')\n"
        "p.request('POST', 'api/new', [], json.dumps({'players': ['А', 'Б']}))\n"
        "p.request('GET', 'api/state', [], None)\n"
        "p.request('GET', 'api/stats', [], None)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = {m.split(".")[0] for m in json.loads(out.stdout)}
    faces = {"typer", "click", "rich", "starlette", "uvicorn", "sse_starlette", "prompt_toolkit"}
    assert not loaded & faces
    # nor a module the site leaves out of its wheel
    server = {
        f"terts_referee.web.{m}" for m in ("app", "server", "transport", "club_backend", "club_app")
    }
    left_out = ("terts_referee.cli", "terts_referee.table")
    assert not [m for m in json.loads(out.stdout) if m in server or m.startswith(left_out)]


def test_the_pages_workflow_runs_the_tested_command_with_the_pinned_runtime():
    workflow = (REPO / ".github/workflows/pages.yml").read_text("utf-8")
    assert "run: terts app build site --runtime .ci/node/node_modules/pyodide" in workflow
    assert "npm ci --prefix .ci/node" in workflow and "actions/deploy-pages" in workflow
    pins = json.loads((REPO / ".ci/node/package.json").read_text("utf-8"))["devDependencies"]
    assert pins["pyodide"] == site.PYODIDE
    assert f"npm install pyodide@{site.PYODIDE}" in (REPO / "README.md").read_text("utf-8")


def test_the_current_folder_may_be_the_site(terts, tmp_path, runtime, monkeypatch):
    here = tmp_path / "empty"
    here.mkdir()
    monkeypatch.chdir(here)
    build(terts, ".", "--runtime", runtime)
    assert (here / "index.html").is_file() and (here / "sw.js").is_file()
    build(terts, ".", "--runtime", runtime, "--force")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_new_site_folder_is_readable_by_a_web_server(terts, tmp_path, runtime):
    build(terts, tmp_path / "fresh", "--runtime", runtime)
    assert (tmp_path / "fresh").stat().st_mode & 0o755 == 0o755
