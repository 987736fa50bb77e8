// The client's entry point: a tiny router over four pages (lobby, table, replay, rules).
import { html, render, useState, useEffect } from "gametable/ui.js";
import { loadLang, onLangChange, t } from "gametable/i18n.js";

let setRoute = null;

/** Where the page is: its path, query and fragment. */
function here() {
  return location.pathname + location.search + location.hash;
}

/** Go to a page of the client without reloading. */
export function navigate(path) {
  history.pushState(null, "", path);
  if (setRoute) setRoute(here());
  window.scrollTo(0, 0);
}

function parse(path) {
  const clean = path.split("#")[0].split("?")[0];
  let m = clean.match(/^\/play\/([^/]+)$/);
  if (m) return { page: "table", table: decodeURIComponent(m[1]) };
  m = clean.match(/^\/replay\/([^/]+)$/);
  if (m) return { page: "replay", table: decodeURIComponent(m[1]) };
  if (clean === "/replay") return { page: "replay", table: null };
  m = clean.match(/^\/rules\/([^/]+)$/);
  if (m) return { page: "rules", game: decodeURIComponent(m[1]) };
  return { page: "lobby" };
}

function App() {
  const [route, set] = useState(here());
  const [pages, setPages] = useState(null);
  setRoute = set;
  useEffect(() => {
    const pop = () => set(here());
    window.addEventListener("popstate", pop);
    Promise.all([
      import("gametable/lobby.js"), import("gametable/table.js"), import("gametable/replay.js"),
      import("gametable/rules.js"),
    ]).then(([lobby, table, replay, rules]) => setPages({ lobby, table, replay, rules }));
    // Links inside the client navigate without a reload.
    const click = (e) => {
      const a = e.target.closest && e.target.closest("a[href]");
      if (e.defaultPrevented) return; // the page handled it (a link within the rules)
      if (!a || a.target || a.hasAttribute("download") || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const url = new URL(a.href, location.href);
      if (url.origin !== location.origin || url.pathname.startsWith("/static") || url.pathname.startsWith("/api")) return;
      e.preventDefault();
      navigate(url.pathname + url.search + url.hash);
    };
    document.addEventListener("click", click);
    return () => { window.removeEventListener("popstate", pop); document.removeEventListener("click", click); };
  }, []);
  if (!pages) return html`<p class="boot" role="status">${t("web.app.loading")}</p>`;
  const r = parse(route);
  let page;
  if (r.page === "table") page = html`<${pages.table.TablePage} key=${route} tableId=${r.table} />`;
  else if (r.page === "replay") page = html`<${pages.replay.ReplayPage} key=${route} tableId=${r.table} />`;
  else if (r.page === "rules") {
    // One page per game and table: a section chosen (the fragment) scrolls, it does not redraw.
    page = html`<${pages.rules.RulesPage} key=${route.split("#")[0]} game=${r.game} />`;
  }
  else page = html`<${pages.lobby.Lobby} />`;
  return html`<div class="app">${page}</div>`;
}

// The words first (the reader's language), then the page; a change of language draws it anew.
function Root() {
  const [lang, setLangShown] = useState(null);
  useEffect(() => {
    const stop = onLangChange(setLangShown);
    loadLang().then(setLangShown).catch(() => setLangShown("en"));
    return stop;
  }, []);
  if (!lang) return html`<div class="boot" aria-hidden="true"><span class="bowl"></span></div>`;
  return html`<${App} key=${lang} />`;
}

render(html`<${Root} />`, document.getElementById("app"));
