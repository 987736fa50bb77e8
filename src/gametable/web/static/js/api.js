// The lobby API (see docs/server.md). Every request says the reader's language, so the
// server's answers (errors included) come in it.
import { lang, t } from "gametable/i18n.js";

async function call(method, path, body) {
  const headers = { "accept-language": lang() };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const detail = data && data.detail;
    let message = t("web.api.failed", { status: response.status });
    if (detail && typeof detail === "object" && detail.message) message = detail.message;
    else if (Array.isArray(detail) && detail.length) {
      message = detail.map((d) => `${(d.loc || []).slice(1).join(".")}: ${d.msg}`).join("; ");
    }
    const error = new Error(message);
    error.code = detail && detail.code;
    throw error;
  }
  return data;
}

export const api = {
  games: () => call("GET", `/api/games?lang=${encodeURIComponent(lang())}`),
  tables: (status, game) =>
    call("GET", `/api/tables?status=${status}${game ? `&game=${encodeURIComponent(game)}` : ""}`),
  table: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`),
  create: (spec) => call("POST", "/api/tables", spec),
  join: (id, name, seat) => call("POST", `/api/tables/${encodeURIComponent(id)}/join`, { name, seat }),
  record: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/record`),
  replay: (id) => call("GET", `/api/tables/${encodeURIComponent(id)}/replay?lang=${encodeURIComponent(lang())}`),
  replayRecord: (record) => call("POST", `/api/replay?lang=${encodeURIComponent(lang())}`, record),
  leaderboard: (game) => call("GET", `/api/leaderboard/${encodeURIComponent(game)}`),
  rules: (game, table) => call("GET", `/api/games/${encodeURIComponent(game)}/rules?lang=${encodeURIComponent(lang())}`
    + (table ? `&table=${encodeURIComponent(table)}` : "")),
  lesson: (game, name) => call("POST", `/api/lessons/${encodeURIComponent(game)}`, { name: name || null }),
};

const rulesCache = new Map();
/** A game's rules in the reader's language (with ``table``: and that table's variants),
 * fetched once per game, language and table. */
export function rules(game, table = null) {
  const key = `${game}|${lang()}|${table || ""}`;
  if (!rulesCache.has(key)) {
    rulesCache.set(key, api.rules(game, table).catch((e) => { rulesCache.delete(key); throw e; }));
  }
  return rulesCache.get(key);
}

const gamesCache = new Map();
/** Every game's description, fetched once per language. */
export function games() {
  const key = lang();
  if (!gamesCache.has(key)) {
    gamesCache.set(key, api.games().catch((e) => { gamesCache.delete(key); throw e; }));
  }
  return gamesCache.get(key);
}
