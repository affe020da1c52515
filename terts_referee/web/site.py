"""``terts app build``: the phone's page as a static site, the referee running in the browser.

The site is the page ``terts serve`` gives (``static/``: the same index.html, app.js and
app.css) with ``offline.js`` before app.js, which hands app.js an in-page transport instead of
HTTP: each request goes to a Web Worker (``worker.js``) running Pyodide, where
``inpage.Page`` answers it with the server's own backend and reads. Beside them: the wheels
the worker unpacks (this package, without its terminal and server faces, and the pure-Python
dependencies it needs there), the Pyodide runtime files, a service worker that caches all of
it under one version (``sw.js``), the web app manifest and the icons.

Nothing is downloaded: the runtime is a folder (``--runtime``, else where ``RUNTIME_PLACES``
says), the wheels are made from the installed packages' own files. A dependency installed as a
compiled (mypyc) build ships its Python source beside the compiled modules, and only that source
goes into its wheel: the browser runs pure Python.

Every file is written into a fresh folder beside ``DIR`` and moved into place at the end, so a
failed build leaves ``DIR`` as it was; ``--force`` replaces only an earlier build (its
``app.json`` says so), never a folder of other files.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import zipfile
from importlib import metadata, resources
from pathlib import Path
from typing import Any, NamedTuple

from ..i18n import number, t
from . import offline_catalogue

PYODIDE = "314.0.8"  # the version README names and .ci/node pins (npm install pyodide@…)
RUNTIME_ENV = "TERTS_PYODIDE"
# Where the build looks for the runtime without --runtime, after $TERTS_PYODIDE: an npm
# install in the current folder, and the pinned one of a checkout of this project.
RUNTIME_PLACES = ("node_modules/pyodide", ".ci/node/node_modules/pyodide")
# The runtime's files the app loads (pyodide.mjs, the module the worker imports, loads the
# others from its folder).
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
RUNTIME_DIR = "pyodide"
# The pure-Python packages the referee imports in the browser: (distribution, its top-level
# package). tomli is left out: it is installed as a compiled build, and the standard
# library's tomllib, its twin, is the fallback the game file's reader takes (files.py).
DEPENDENCIES = (
    ("tomli-w", "tomli_w"),
    ("openskill", "openskill"),
    ("platformdirs", "platformdirs"),
)
# What the browser never runs: the terminal's and the table's faces, the HTTP server and the
# club night (several tables need a laptop), the page's files (copied beside, not in the
# wheel), the catalogues' sources (the compiled .mo is what is read).
LEFT_OUT = (
    "cli/",
    "table/",
    "web/static/",
    "web/app.py",
    "web/transport.py",
    "web/server.py",
    "web/club_backend.py",
    "web/club_app.py",
    "web/site.py",
)
PAGE_FILES = (
    *("app.js", "app.css", "icon.svg", "icon-192.png", "icon-512.png"),
    *("icon-maskable.png", "apple-touch-icon.png"),
)
APP_FILES = ("offline.js", "worker.js")
LANGS = ("en", "ru", "uk")
MAX_SITE = 25 * 1024 * 1024
MARK = "terts-offline-app"  # app.json's "app": an earlier build, which --force may replace
STAMP = (1980, 1, 1, 0, 0, 0)  # every zip entry's time: the same sources make the same bytes


class SiteProblem(Exception):
    """A build refused: the one line to say, in the command's language."""


class Built(NamedTuple):
    where: Path
    files: int
    size: int  # bytes, the whole site
    own: int  # bytes, without the runtime


def find_runtime(given: str | None, lang: str, env: dict[str, str] | None = None) -> Path:
    """The Pyodide folder: ``--runtime``, else ``$TERTS_PYODIDE``, else the first of
    ``RUNTIME_PLACES`` that holds one; SiteProblem naming where it looked otherwise."""
    env = dict(os.environ) if env is None else env
    if given is not None:
        return _check_runtime(Path(given), lang)
    if env.get(RUNTIME_ENV):
        return _check_runtime(Path(env[RUNTIME_ENV]), lang)
    for place in RUNTIME_PLACES:
        if (Path(place) / RUNTIME_FILES[0]).is_file():
            return _check_runtime(Path(place), lang)
    places = ", ".join(["$" + RUNTIME_ENV, *(f"./{p}" for p in RUNTIME_PLACES)])
    raise SiteProblem(t("app.err.no_runtime", lang, places=places, version=PYODIDE))


def _check_runtime(folder: Path, lang: str) -> Path:
    for name in RUNTIME_FILES:
        if not (folder / name).is_file():
            raise SiteProblem(t("app.err.bad_runtime", lang, dir=folder, file=name))
    try:
        info = json.loads((folder / "pyodide-lock.json").read_text("utf-8"))["info"]
        found = str(info["python"])
        major, minor = (int(x) for x in found.split(".")[:2])
    except (OSError, ValueError, KeyError, TypeError):
        raise SiteProblem(
            t("app.err.bad_runtime", lang, dir=folder, file="pyodide-lock.json")
        ) from None
    if (major, minor) < (3, 11):
        raise SiteProblem(t("app.err.old_python", lang, dir=folder, found=found, version=PYODIDE))
    return folder


# --- the wheels -----------------------------------------------------------------------------


def wheel(name: str, version: str, files: dict[str, bytes], meta: bytes | None = None) -> bytes:
    """A minimal pure-Python wheel (PEP 427) of ``files`` (paths inside site-packages):
    the files, and a dist-info with METADATA, WHEEL and RECORD."""
    import base64

    dist = f"{name.replace('-', '_')}-{version}.dist-info"
    info = {
        f"{dist}/METADATA": meta
        or f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
        f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: terts app build\n"
        b"Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    every = {**dict(sorted(files.items())), **info}
    record = []
    for path, data in every.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{dist}/RECORD,,")
    every[f"{dist}/RECORD"] = ("\n".join(record) + "\n").encode()
    out = tempfile.SpooledTemporaryFile()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for path, data in every.items():
            entry = zipfile.ZipInfo(path, STAMP)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    out.seek(0)
    return out.read()


def _wheel_name(name: str, version: str) -> str:
    return f"{name.replace('-', '_')}-{version}-py3-none-any.whl"


def own_files() -> dict[str, bytes]:
    """This package's files as the browser needs them: the modules (not the faces the browser
    never runs), the compiled catalogues, the bundled rulesets and the rule book."""
    import terts_referee

    from ..domain.rules import bundled_dir
    from ..output.rulebook import BOOK_FILES, book_dir

    package = Path(terts_referee.__file__).resolve().parent
    files: dict[str, bytes] = {}
    for path in sorted(package.rglob("*")):
        inside = path.relative_to(package).as_posix()
        if not path.is_file() or "__pycache__" in inside or inside.startswith(LEFT_OUT):
            continue
        if path.suffix in (".py", ".mo", ".toml", ".md") or path.name == "py.typed":
            files[f"terts_referee/{inside}"] = path.read_bytes()
    for ruleset in sorted(bundled_dir().glob("*.toml")):
        files[f"terts_referee/rulesets/{ruleset.name}"] = ruleset.read_bytes()
    for book in BOOK_FILES.values():
        files[f"terts_referee/docs/{book}"] = (book_dir() / book).read_bytes()
    return files


def dependency_files(name: str, top: str, lang: str) -> tuple[str, dict[str, bytes], bytes]:
    """An installed dependency's version, its Python files (the source of a compiled build)
    and its METADATA; SiteProblem when it is not installed or a module has no source."""
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        raise SiteProblem(t("app.err.no_dist", lang, package=name)) from None
    files: dict[str, bytes] = {}
    compiled: list[str] = []
    for entry in dist.files or ():
        path = entry.as_posix()
        if not path.startswith(top + "/") or "__pycache__" in path:
            continue
        if path.endswith((".py", ".typed", ".json")):
            files[path] = Path(str(dist.locate_file(entry))).read_bytes()
        elif path.endswith((".so", ".pyd")):
            compiled.append(path.split(".", 1)[0] + ".py")
    for module in compiled:
        if module not in files:
            raise SiteProblem(t("app.err.no_source", lang, package=name, file=module))
    meta = dist.read_text("METADATA")
    return dist.version, files, (meta or "").encode("utf-8")


def wheels(lang: str) -> dict[str, bytes]:
    """Every wheel the worker unpacks, by file name: this package's, then its dependencies'."""
    from .. import __version__

    made = {
        _wheel_name("terts-referee", __version__): wheel("terts-referee", __version__, own_files())
    }
    for name, top in DEPENDENCIES:
        version, files, meta = dependency_files(name, top, lang)
        made[_wheel_name(name, version)] = wheel(name, version, files, meta)
    return made


# --- the page ---------------------------------------------------------------------------------


def _static(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


def _offline(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", "offline", name).read_bytes()


def index_page(lang: str) -> bytes:
    """The phone's page (static/index.html, as ``terts serve`` gives it) with the in-page
    transport before app.js, and the words shown while the referee loads, in every language
    (data, not a script: the page's own script reads them)."""
    from html import escape

    from .app import THEME

    page = _static("index.html").decode("utf-8")
    page = page.replace("{{lang}}", escape(lang))
    page = page.replace("{{title}}", escape(t("ui.title", lang)))
    page = page.replace("{{theme}}", THEME)
    words = {code: {key: t(key, code) for key in offline_catalogue.BOOT_WORDS} for code in LANGS}
    data = json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")
    script = '<script src="app.js"></script>'
    assert script in page  # the page loads its one script at its end
    boot = (
        f'<script id="boot-words" type="application/json">{data}</script>\n'
        '<script src="offline.js"></script>\n'
    )
    return page.replace(script, boot + script).encode("utf-8")


def service_worker(version: str, files: list[str]) -> bytes:
    """sw.js: the cache of every file of this version of the app (``static/offline/sw.js``)."""
    text = _offline("sw.js").decode("utf-8")
    text = text.replace('"{{version}}"', json.dumps(version))
    text = text.replace('["{{files}}"]', json.dumps(files))
    return text.encode("utf-8")


def site_files(runtime: Path, lang: str) -> tuple[dict[str, bytes], dict[str, Path], str]:
    """The site: its own files by path (bytes), the runtime's (copied from ``runtime``), and
    the version that names them (a digest of every byte)."""
    from .app import manifest

    own: dict[str, bytes] = {"index.html": index_page(lang)}
    for name in PAGE_FILES:
        own[name] = _static(name)
    for name in APP_FILES:
        own[name] = _offline(name)
    made = wheels(lang)
    for name, data in made.items():
        own[f"wheels/{name}"] = data
    own["manifest.webmanifest"] = json.dumps(manifest(lang), ensure_ascii=False).encode("utf-8")
    copied = {f"{RUNTIME_DIR}/{name}": runtime / name for name in RUNTIME_FILES}
    digest = hashlib.sha256()
    for path, data in sorted(own.items()):
        digest.update(path.encode() + b"\0" + hashlib.sha256(data).digest())
    for path, source in sorted(copied.items()):
        digest.update(path.encode() + b"\0" + hashlib.sha256(source.read_bytes()).digest())
    version = digest.hexdigest()[:16]
    python = json.loads((runtime / "pyodide-lock.json").read_text("utf-8"))["info"]["python"]
    info: dict[str, Any] = {
        "app": MARK,
        "version": version,
        "python": python,
        "wheels": [f"wheels/{name}" for name in made],
    }
    own["app.json"] = (json.dumps(info, indent=1) + "\n").encode("utf-8")
    cached = sorted(["./", *own, *copied, "sw.js"])
    own["sw.js"] = service_worker(version, cached)
    return own, copied, version


# --- writing ----------------------------------------------------------------------------------


def _earlier_build(folder: Path) -> bool:
    try:
        info = json.loads((folder / "app.json").read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(info, dict) and info.get("app") == MARK


def check_target(folder: Path, force: bool, lang: str) -> None:
    """DIR may be written: new, empty, or (with ``force``) an earlier build."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise SiteProblem(t("app.err.not_dir", lang, dir=folder))
    if not folder.exists() or not any(folder.iterdir()):
        return
    if not _earlier_build(folder):
        raise SiteProblem(t("app.err.not_app", lang, dir=folder))
    if not force:
        raise SiteProblem(t("app.err.exists", lang, dir=folder))


def build(target: str, runtime: str | None, force: bool, lang: str) -> Built:
    """Write the app into ``target``; SiteProblem (and ``target`` as it was) when it cannot."""
    folder = Path(target)
    check_target(folder, force, lang)
    found = find_runtime(runtime, lang)
    own, copied, _ = site_files(found, lang)
    size = sum(len(d) for d in own.values()) + sum(p.stat().st_size for p in copied.values())
    n = len(own) + len(copied)
    if size > MAX_SITE:
        raise SiteProblem(
            t("app.err.too_big", lang, size=_mib(size, lang), n=n, limit=_mib(MAX_SITE, lang))
        )
    place = folder.resolve()  # "." or "site/" named as typed, moved by its own name
    try:
        place.parent.mkdir(parents=True, exist_ok=True)
        fresh = Path(tempfile.mkdtemp(prefix=f".{place.name}.", dir=place.parent))
        try:
            for path, data in own.items():
                (fresh / path).parent.mkdir(parents=True, exist_ok=True)
                (fresh / path).write_bytes(data)
            for path, source in copied.items():
                (fresh / path).parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, fresh / path)
            _swap(fresh, place)
        finally:
            shutil.rmtree(fresh, ignore_errors=True)
    except OSError as exc:
        raise SiteProblem(
            t("app.err.write", lang, dir=folder, reason=exc.strerror or exc)
        ) from None
    return Built(folder, n, size, sum(len(d) for d in own.values()))


def _swap(fresh: Path, folder: Path) -> None:
    """The new build in ``folder``: moved there whole when it is new; else the folder stays
    (a shell may stand in it, a server serve it) and its entries are replaced, the earlier
    build's set aside first and removed only once the new one is in."""
    if not folder.exists():
        fresh.chmod(0o755)  # made private by mkdtemp: the site is for a web server to read
        os.replace(fresh, folder)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{folder.name}.old.", dir=folder.parent))
    for entry in sorted(folder.iterdir()):
        os.replace(entry, old / entry.name)
    for entry in sorted(fresh.iterdir()):
        os.replace(entry, folder / entry.name)
    shutil.rmtree(old, ignore_errors=True)  # kept if anything above failed: nothing lost


def _mib(size: int, lang: str) -> str:
    """``13.6 MiB`` / «13,6 МиБ»: the language's separator and unit."""
    return t("app.size", lang, n=number(size / 1024 / 1024, lang, ".1f"))


def said(built: Built, lang: str) -> str:
    """The build's one line for the terminal."""
    return t(
        "app.built",
        lang,
        dir=built.where,
        n=built.files,
        size=_mib(built.size, lang),
        own=_mib(built.own, lang),
    )
