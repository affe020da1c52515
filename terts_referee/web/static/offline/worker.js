// The offline app's referee: Pyodide in a Web Worker (the page never freezes while it loads),
// running terts_referee.web.inpage.Page, which answers the page's requests with the server's
// own backend. The games are kept in IndexedDB (Emscripten's IDBFS under /terts), written
// there before an action is answered: a closed tab loses at most the tap under way.
// A module worker: Pyodide loads its runtime with import(), which a classic worker refuses.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const ROOT = "/terts";
let py = null;
let page = null;
let booting = null;

const progress = (step, of) => self.postMessage({ progress: step, of });

function sync(populate) {
  return new Promise((resolve, reject) =>
    py.FS.syncfs(populate, (err) => (err ? reject(err) : resolve())));
}

async function boot(lang) {
  const t0 = performance.now();
  progress(1, 3);
  const base = new URL("./", self.location.href).href;
  const [runtime, app] = await Promise.all([
    loadPyodide({ indexURL: base + "pyodide/", fullStdLib: false }),
    fetch(base + "app.json").then((r) => r.json()),
  ]);
  const tLoaded = performance.now();
  progress(2, 3);
  const wheels = await Promise.all(app.wheels.map((w) => fetch(base + w).then((r) => r.arrayBuffer())));
  py = runtime;
  const site = py.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  for (const data of wheels) py.unpackArchive(data, "wheel", { extractDir: site });
  const tUnpacked = performance.now();
  progress(3, 3);
  py.FS.mkdirTree(ROOT);
  py.FS.mount(py.FS.filesystems.IDBFS, {}, ROOT);
  await sync(true);
  const tSynced = performance.now();
  py.globals.set("TERTS_LANG", lang);
  // the library's index is a cache rebuilt from the files: kept in memory, never in storage
  py.runPython(`
import os
os.environ["TERTS_CACHE"] = "/tmp/terts-cache"
os.environ["TERTS_LANG"] = TERTS_LANG
from terts_referee.web.inpage import Page
page = Page("${ROOT}", TERTS_LANG)
`);
  page = py.globals.get("page");
  const t1 = performance.now();
  const steps = { runtime: tLoaded - t0, wheels: tUnpacked - tLoaded, storage: tSynced - tUnpacked,
    referee: t1 - tSynced };
  for (const k of Object.keys(steps)) steps[k] = Math.round(steps[k]);
  return { ms: Math.round(t1 - t0), steps, version: app.version, python: app.python };
}

// One request at a time, in order: each action is judged on the game the one before left.
let queue = Promise.resolve();

async function handle(m) {
  if (m.kind === "start") {
    booting = booting || boot(m.lang);
    return await booting;
  }
  await booting;
  if (m.kind === "request") {
    const answer = page.request(m.method, m.route, m.query, m.body === undefined ? null : m.body);
    const [status, body, type] = answer.toJs();
    answer.destroy();
    if (m.method === "POST") await sync(false); // kept before the page hears the answer
    return { status, body, type };
  }
  if (m.kind === "gameFile") return page.game_file();
  if (m.kind === "importGame") {
    const answer = page.import_game(m.text);
    const result = answer.toJs({ dict_converter: Object.fromEntries });
    answer.destroy();
    await sync(false);
    return result;
  }
  if (m.kind === "modules") return py.runPython("import sys; sorted(sys.modules)").toJs();
  throw new Error("unknown request " + m.kind);
}

self.onmessage = (ev) => {
  const m = ev.data;
  queue = queue.then(() => handle(m)).then(
    (result) => self.postMessage({ id: m.id, result }),
    (err) => self.postMessage({ id: m.id, error: String((err && err.message) || err) }));
};
