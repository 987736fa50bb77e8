// Rummikub in the browser. A turn is one decision: the whole new table, built here by moving
// tiles (drag with a mouse or a finger, or select tiles and then choose where they go, with
// the pointer or the keyboard), then sent as the game's decision data ({type: "play", table:
// [[tile ids], ...]}). The page knows no rule: what a tile is comes from the game's
// components; whether each set of the table being built is valid, what it is worth, what its
// jokers stand for, where the selected tiles fit, the initial meld's total and why the play
// is not allowed yet come from the engine (previews of the draft, game.preview), in words.
//
// Choices where the rules and the issue are silent (what a demanding player expects):
// - The table being built (the "draft") lives in the page until Play: Undo steps back, Reset
//   turn restores the turn's start, and a reload within the same turn keeps it
//   (sessionStorage). Drawing discards it, as at a real table.
// - Sets keep their place on the board from one turn to the next, and over a reload (the
//   engine sorts them): an unchanged set stays put, a changed one takes the place of the set
//   it came from.
// - Within a set, tiles are shown in the order the engine reads the set (runs ascending,
//   groups by colour), each joker with what it stands for; a joker keeps that while it still
//   fits, and "joker ⇄" switches it to the set's other readings (the engine lists them).
// - Tiles go back to the rack only if they came from it this turn; a tile that was on the
//   table stays on the board (the engine's words say why).
// - The hint glows on the rack tiles it would lay (or on Draw); "Show the hint" lays the
//   hinted table out for the player to check and Play — it is never played for them.
//
// Words come from the game's catalog (t("rummikub.web.…"), the same catalogs as the server
// and the terminal), in the reader's language. Every tile carries its colour's symbol (from
// the components: black ● circle, red ◆ diamond, blue ■ square, orange ▲ triangle) beside
// its number, so no colour is told by colour alone.
//
// Keyboard (listed in the "?" help): the rack and the table are one Tab stop each, with a
// roving focus inside (← → along the tiles, ↑ ↓ from set to set on the table); k and t jump
// to them; Enter or Space selects a tile; a number key puts the selected tiles into the set
// with that number (shown on each set), 0 or n into a new set, b back to the rack; w selects
// a tile's whole set, x splits a set before the tile in focus, j changes what its joker
// stands for; p plays, d draws, u (or Ctrl+Z) undoes, Escape clears the selection.
import {
  html, useState, useEffect, useLayoutEffect, useMemo, useRef, useCallback, cx, seatName,
  clockText, useNow,
} from "gametable/ui.js";
import { t, number } from "gametable/i18n.js";
import { tileFacts, sortItems, stableOrder, slotsOf } from "./board.js";

const SORT_KEY = "gametable.rummikub.sort";
const DRAFT_KEY = "gametable.rummikub.draft";
const LAYOUT_KEY = "gametable.rummikub.layout";

// ---- tiles ------------------------------------------------------------------------------

function JokerFace() {
  return html`<svg class="rk-joker" viewBox="0 0 24 24" aria-hidden="true">
    <circle cx="12" cy="12" r="10" fill="#fff3d6" stroke="#c8202d" stroke-width="2" />
    <circle cx="8.5" cy="10" r="1.6" fill="#1c1c1c" /><circle cx="15.5" cy="10" r="1.6" fill="#1c1c1c" />
    <path d="M7 14.2 q5 5 10 0" fill="none" stroke="#c8202d" stroke-width="2" stroke-linecap="round" />
  </svg>`;
}

const SHAPES = {
  circle: html`<circle cx="5" cy="5" r="4.2" />`,
  diamond: html`<path d="M5 .2 9.8 5 5 9.8 .2 5z" />`,
  square: html`<rect x="1" y="1" width="8" height="8" />`,
  triangle: html`<path d="M5 .3 9.8 9.3H.2z" />`,
};

/** A colour's symbol (the components' ``shape`` for it), filled in the tile's colour. */
export function Symbol({ components, colour, extraClass }) {
  const c = components && components.colours && components.colours[colour];
  const shape = c && SHAPES[c.shape];
  if (!shape) return null;
  return html`<svg class=${cx("rk-sym", `rk-sym-${c.shape}`, extraClass)} viewBox="0 0 10 10" aria-hidden="true"
    data-shape=${c.shape}>${shape}</svg>`;
}

/** One tile (by its id: `R7`, `J`, `J=R7`): a number in its colour over its colour's symbol,
 * or the joker's face (with the number it stands for and that colour's symbol, once it stands
 * for a tile). */
export function Tile({
  components, tile, small, selected, hinted, fresh, mark, label, onClick, onPointerDown, onKeyDown, extraClass, id,
  tabIndex, focusKey,
}) {
  const info = tileFacts(components, tile);
  const body = info.joker
    ? html`<${JokerFace} />${info.number !== null && html`<span class=${cx("rk-as", `rk-c-${info.colour}`)}>${info.number}<${Symbol}
        components=${components} colour=${info.colour} /></span>`}`
    : html`<span class="rk-num">${info.number}</span><${Symbol} components=${components} colour=${info.colour} />`;
  const cls = cx("rk-tile", info.joker ? "rk-joker-tile" : `rk-${info.colour}`, small && "small", selected && "selected",
    hinted && "hinted", fresh && "fresh", mark && `mark-${mark}`, onClick && "movable", extraClass);
  const text = label || info.name;
  const rack = info.rack;
  if (!onClick) {
    return html`<span class=${cls} data-tile=${rack} data-placed=${tile} aria-label=${text} title=${text} role="img">${body}</span>`;
  }
  return html`<button type="button" class=${cls} data-tile=${rack} data-placed=${tile} data-id=${id} data-focus=${focusKey}
      aria-label=${text} title=${text} tabindex=${tabIndex} data-new=${fresh ? t("rummikub.web.tile.new") : null}
      aria-pressed=${selected ? "true" : "false"}
      onClick=${onClick} onPointerDown=${onPointerDown} onKeyDown=${onKeyDown}>${body}</button>`;
}

/** ``text`` with the placeholder ``{name}`` of message ``id`` drawn as ``node`` (a number in
 * bold within a sentence, whatever the language's word order). */
function withNode(id, params, name, node) {
  if (name === "count") { // the count chooses the plural form: find it in the sentence
    const text = t(id, params);
    const shown = number(params.count);
    const at = text.indexOf(shown);
    if (at < 0) return text;
    return html`${text.slice(0, at)}${node}${text.slice(at + shown.length)}`;
  }
  const mark = "\u0000";
  const [before, after = ""] = t(id, { ...params, [name]: mark }).split(mark);
  return html`${before}${node}${after}`;
}

function TileBack({ count }) {
  const shown = Math.min(count, 14);
  return html`<span class="rk-backs" aria-hidden="true">
    ${Array.from({ length: shown }, (_, i) => html`<span class="rk-back" key=${i}></span>`)}
  </span>`;
}

// ---- the draft: the table the player is building this turn ---------------------------------
// A draft item is {id, tile, face, from}: `tile` is its id on a rack (`R7`, `J`), `face` the
// id of a joker standing for a tile (`J=R7`; null: the engine reads it from its set).

function placedOf(item) {
  return item.face || item.tile;
}

function tableItems(sets, components) {
  return sets.map((s, i) => ({
    key: `t${i}`,
    items: s.map((id, j) => {
      const info = tileFacts(components, id);
      return { id: `t${i}.${j}`, tile: info.rack, face: info.joker ? id : null, from: "table" };
    }),
  }));
}

function initialDraft(sets, rack, components) {
  return {
    sets: tableItems(sets, components),
    rack: rack.map((tile, k) => ({ id: `r${k}`, tile, face: null, from: "rack" })),
    next: 1,
  };
}

/** A set of the draft by its tiles, in order, each joker with the tile it stands for. */
function setKey(s) {
  return s.items.map((t) => `${t.id}:${t.face || ""}`).join(",");
}

function signature(sets) {
  return sets.map((s) => s.items.map((t) => `${t.id}:${t.face || ""}`).sort().join(",")).sort().join("|");
}

/** The draft as the game's decision data (what a preview reads and Play sends). */
function draftData(draft, selected) {
  const data = { type: "play", table: draft.sets.map((s) => s.items.map(placedOf)) };
  if (selected) data.selected = selected;
  return data;
}

/** Move the tiles `ids` to a set (`{set: key}`), a new set (`{new: true, after}`) or back
 * to the rack (`{rack: true}`). */
function moveTiles(draft, ids, target) {
  const want = new Set(ids);
  const moving = [];
  const take = (list) => list.filter((t) => {
    if (!want.has(t.id)) return true;
    moving.push(t);
    return false;
  });
  let sets = draft.sets.map((s) => ({ ...s, items: take(s.items) }));
  let rack = take(draft.rack);
  moving.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  let next = draft.next;
  if (target.rack) {
    rack = [...rack, ...moving.map((t) => ({ ...t, face: null }))];
  } else if (target.set) {
    sets = sets.map((s) => (s.key === target.set ? { ...s, items: [...s.items, ...moving] } : s));
  } else {
    const key = `n${next++}`;
    const at = target.after ? sets.findIndex((s) => s.key === target.after) + 1 : sets.length;
    sets = [...sets.slice(0, at || sets.length), { key, items: moving }, ...sets.slice(at || sets.length)];
  }
  sets = sets.filter((s) => s.items.length);
  rack.sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)));
  return { sets, rack, next };
}

/** The draft for a whole table (the hint's sets of tile ids): whole sets that stay keep
 * their tiles and place; the other tiles are taken from the table's changed sets first,
 * then from the rack. Null if the table needs a tile the player cannot see (never, for a
 * hint). Bookkeeping only: which of the page's tiles goes where. */
function draftFromTable(base, table, components) {
  const rackOf = (id) => tileFacts(components, id).rack;
  const sig = (ids) => ids.map(rackOf).sort().join(" ");
  const kept = new Set();
  const claimed = table.map((ids) => {
    const same = base.sets.find((s) => !kept.has(s.key) && sig(s.items.map((t) => t.tile)) === sig(ids));
    if (same) kept.add(same.key);
    return same || null;
  });
  const loose = base.sets.filter((s) => !kept.has(s.key)).flatMap((s) => s.items);
  const rackPool = [...base.rack];
  let next = base.next;
  const sets = [];
  for (let i = 0; i < table.length; i++) {
    const ids = table[i];
    if (claimed[i]) {
      const faces = ids.filter((id) => tileFacts(components, id).joker);
      sets.push({ key: claimed[i].key, items: claimed[i].items.map((t) => (t.tile === "J" ? { ...t, face: faces.shift() || t.face } : t)) });
      continue;
    }
    const items = [];
    for (const id of ids) {
      const info = tileFacts(components, id);
      let at = loose.findIndex((t) => t.tile === info.rack);
      let item;
      if (at >= 0) item = loose.splice(at, 1)[0];
      else {
        at = rackPool.findIndex((t) => t.tile === info.rack);
        if (at < 0) return null;
        item = rackPool.splice(at, 1)[0];
      }
      items.push(info.joker ? { ...item, face: id } : item);
    }
    sets.push({ key: `n${next++}`, items });
  }
  if (loose.length) return null;
  const ordered = stableOrder(
    base.sets.map((s) => s.items.map((t) => t.id)),
    sets.map((s) => ({ ...s, tokens: s.items.map((t) => t.id) })),
  ).map(({ key, items }) => ({ key, items }));
  return { sets: ordered, rack: rackPool, next };
}

function loadLayout(key) {
  try {
    const saved = key && JSON.parse(sessionStorage.getItem(key) || "null");
    return Array.isArray(saved) && saved.every((x) => Array.isArray(x)) ? saved : [];
  } catch {
    return [];
  }
}

function saveLayout(key, layout) {
  try { if (key) sessionStorage.setItem(key, JSON.stringify(layout)); } catch { /* not kept */ }
}

function loadSort() {
  try { return localStorage.getItem(SORT_KEY) === "number" ? "number" : "colour"; } catch { return "colour"; }
}

function loadDraft(key) {
  try {
    const saved = JSON.parse(sessionStorage.getItem(DRAFT_KEY) || "null");
    return saved && saved.key === key ? saved.draft : null;
  } catch {
    return null;
  }
}

function saveDraft(key, draft) {
  try {
    if (draft) sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ key, draft }));
    else sessionStorage.removeItem(DRAFT_KEY);
  } catch { /* private mode: the draft just is not kept over a reload */ }
}

/** The engine's answers about the draft (game.preview) at `position`: `[answer,
 * tableAnswer, ask, forget]`. `answer` is `{key, table, facts, text, legal}` once the
 * answer for this very draft (and selection) is in, else null; `tableAnswer` the latest
 * answer for this draft's table whatever the selection (its sets' facts hold while a new
 * selection is asked about); `ask(data)` a promise of the answer for any draft here. */
function usePreview(preview, active, data, position) {
  const keyOf = (d) => `${position}#${JSON.stringify(d)}`;
  const tableOf = (d) => `${position}#${JSON.stringify(d.table)}`;
  const key = keyOf(data);
  const table = tableOf(data);
  const [answer, setAnswer] = useState(null);
  const cache = useRef(new Map());
  const ask = (d) => {
    const k = keyOf(d);
    const known = cache.current.get(k);
    if (known) return known;
    const promise = Promise.resolve(preview(d)).then((a) => {
      if (!a || a.type !== "preview") { cache.current.delete(k); return null; }
      return { key: k, table: tableOf(d), facts: a.facts, text: a.text, legal: a.legal };
    }, () => { cache.current.delete(k); return null; });
    if (cache.current.size > 200) cache.current.clear();
    cache.current.set(k, promise);
    return promise;
  };
  useEffect(() => {
    if (!active) return undefined;
    let live = true;
    ask(data).then((a) => { if (live && a) setAnswer(a); });
    return () => { live = false; };
  }, [key, active]);
  const forget = useCallback(() => cache.current.clear(), []);
  return [
    answer && answer.key === key ? answer : null,
    answer && answer.table === table ? answer : null,
    ask,
    forget,
  ];
}

// ---- the clock -----------------------------------------------------------------------------

function TurnTimer({ frame, view, seat, seats }) {
  const clocks = frame && frame.clocks;
  const current = view.phase === "over" ? null : view.current;
  const c = clocks && current !== null && clocks.seats ? clocks.seats[current] : null;
  const received = useRef({ at: Date.now(), stamp: null });
  const stamp = frame && `${frame.version}:${frame.server_time}`;
  if (received.current.stamp !== stamp) received.current = { at: Date.now(), stamp };
  const running = !!(c && c.running && c.remaining !== null && c.remaining !== undefined);
  const now = useNow(running);
  const penalty = view.options && view.options.turn_seconds !== null && view.options.turn_seconds !== undefined;
  const count = view.timeout_penalty;
  if (!c || c.remaining === null || c.remaining === undefined) {
    return penalty ? html`<div class="rk-timer idle">${t("rummikub.web.timer.idle", { seconds: view.options.turn_seconds })}</div>` : null;
  }
  const left = running ? c.remaining - (now - received.current.at) / 1000 : c.remaining;
  const limit = clocks.turn_limit || view.options.turn_seconds || Math.max(left, 1);
  const mine = current === seat;
  const pct = Math.max(0, Math.min(100, (left / limit) * 100));
  return html`
    <div class=${cx("rk-timer", mine && "mine", left < 10 && "low")} role="timer"
         aria-label=${mine ? t("rummikub.web.timer.label.you", { time: clockText(left) })
           : t("rummikub.web.timer.label", { who: seatName(seats, current, seat), time: clockText(left) })}>
      <span class="rk-timer-text">${mine
        ? withNode("rummikub.web.timer.you", {}, "time", html`<b>${clockText(left)}</b>`)
        : withNode("rummikub.web.timer.other", { who: seatName(seats, current, seat) }, "time", html`<b>${clockText(left)}</b>`)}</span>
      <span class="rk-timer-bar"><span style=${`width:${pct}%`}></span></span>
      ${penalty && html`<span class="rk-timer-rule">${mine
        ? t("rummikub.web.timer.rule.you", { count })
        : t("rummikub.web.timer.rule", { count })}</span>`}
    </div>`;
}

// ---- the table -------------------------------------------------------------------------------

function Players({ view, seat, seats }) {
  return html`
    <div class="rk-players" role="group" aria-label=${t("rummikub.web.players")}>
      <div class="rk-pool">
        <span class="rk-pool-stack" aria-hidden="true"><span></span><span></span><span></span></span>
        <span>${withNode("rummikub.web.pool", { count: view.pool_size }, "count", html`<b class="rk-count">${number(view.pool_size)}</b>`)}</span>
      </div>
      ${view.rack_sizes.map((n, s) => {
        if (s === seat) return null;
        const who = seatName(seats, s, seat);
        const said = t(view.melded[s] ? "rummikub.web.player" : "rummikub.web.player.no_meld", { who, count: n });
        return html`
        <div class=${cx("rk-player", view.current === s && view.phase !== "over" && "turn")} data-seat=${s}>
          <span class="sr-only">${said}</span>
          <span class="who" aria-hidden="true">${who}</span>
          <${TileBack} count=${n} />
          <b class="rk-count" aria-hidden="true">${number(n)}</b>
          ${!view.melded[s] && html`<span class="tag" aria-hidden="true">${t("rummikub.web.no_meld_tag")}</span>`}
        </div>`;
      })}
    </div>`;
}

/** Where the story since this seat's last decision starts (that decision included); for a
 * spectator, the last round. Indexes into the view's history. */
function sinceMyTurn(view, seat) {
  const history = view.history || [];
  if (seat !== null && seat !== undefined) {
    for (let i = history.length - 1; i >= 0; i--) if (history[i].seat === seat) return i;
    return 0;
  }
  return Math.max(0, history.length - view.players);
}

/** What happened since this seat's last turn, in the engine's words (the frame's log), the
 * sets each play laid drawn as tiles. */
function Recent({ frame, view, seat, components }) {
  const from = sinceMyTurn(view, seat);
  const history = view.history || [];
  const entries = ((frame && frame.log) || []).filter((e) => e.index >= from);
  if (!entries.length) return null;
  const title = t(seat === null ? "rummikub.web.recent.latest" : "rummikub.web.recent.mine");
  return html`
    <div class="rk-recent" role="group" aria-label=${title}>
      <b>${title}</b>
      <ul>${entries.map((e) => {
        const ev = history[e.index] || {};
        const sets = ev.kind === "play" ? ev.sets || [] : [];
        return html`<li key=${e.index}>${e.text}
          ${sets.length > 0 && html`<span class="rk-recent-sets" aria-hidden="true">${sets.map((s, j) => html`
            <span class="rk-mini-set" key=${j}>${s.map((t, k) => html`<${Tile} key=${k} components=${components} tile=${t} small=${true} />`)}</span>`)}</span>`}
        </li>`;
      })}</ul>
    </div>`;
}

/** A tile on the table in words, for its button's name: a joker as the tile it stands for
 * without brackets ("joker as black 13"), so that the number shown on it is in its name. */
function tableTileName(components, id) {
  const facts = tileFacts(components, id);
  if (!facts.joker || !facts.stands_for) return facts.name;
  return t("rummikub.web.tile.joker_as", { tile: tileFacts(components, facts.stands_for).name });
}

function SetView({ set, index, components, info, pending, selectedIds, interactive, justPlayed, changed, onTile,
  onDragStart, dropTarget, onPlaceHere, canPlace, fits, onSelectSet, setSelected, onSplit, splitAt, onJoker, busy,
  focusId, onTileKey }) {
  const valid = !!(info && info.valid);
  const slots = slotsOf(set.items, info && info.tiles, components);
  const readings = info && info.readings ? info.readings.length : 0;
  const n = index + 1;
  let what = "…";
  let label = t("rummikub.web.set.checking");
  if (info && info.valid) {
    what = t(info.kind === "run" ? "rummikub.web.set.run" : "rummikub.web.set.group", { value: info.value });
    label = t(info.kind === "run" ? "rummikub.web.set.run_label" : "rummikub.web.set.group_label", { value: info.value });
  } else if (info) {
    what = info.problem;
    label = t("rummikub.web.set.invalid_label", { problem: info.problem });
  }
  // The buttons inside a set have keys of their own (w, x, j, the set's number): they stay
  // out of the Tab order, which the table's tiles share as one stop.
  return html`
    <div class=${cx("rk-set", pending ? "pending" : valid ? "valid" : "invalid", changed && "changed", justPlayed && "just-played",
                    dropTarget && "drop-over", setSelected && "selected", canPlace && "can-place", fits && "fits")}
         data-drop=${interactive ? `set:${set.key}` : null} data-set=${set.key} data-number=${n} role="group"
         aria-label=${t("rummikub.web.set.label", { number: n, what: label })}>
      <div class="rk-set-head">
        <span class="rk-set-number" aria-hidden="true">${t("rummikub.web.set.number", { number: n })}</span>
        ${interactive
          ? html`<button type="button" class="rk-set-handle" aria-pressed=${setSelected ? "true" : "false"} tabindex="-1"
              aria-label=${t("rummikub.web.set.handle", { number: n })} title=${t("rummikub.web.set.handle_title")}
              aria-keyshortcuts="w"
              onClick=${(e) => onSelectSet(e)} onPointerDown=${(e) => onDragStart(e, { set: set.key })} disabled=${busy}>⠿</button>`
          : null}
        <span class=${cx("rk-set-what", info && !valid && "bad")}>${what}</span>
        ${interactive && readings > 1 && html`<button type="button" class="rk-mini" onClick=${onJoker} tabindex="-1"
            title=${t("rummikub.web.set.joker_title")} aria-label=${t("rummikub.web.set.joker_label", { number: n })}
            aria-keyshortcuts="j">${t("rummikub.web.set.joker")}</button>`}
      </div>
      <div class="rk-set-tiles">
        ${slots.map((slot, i) => {
          const item = slot.item;
          const name = tableTileName(components, slot.id);
          return html`
            ${interactive && splitAt === item.id && i > 0 && html`<button type="button" class="rk-split" key=${`split-${item.id}`}
                onClick=${onSplit} aria-label=${t("rummikub.web.set.split", { number: n, tile: name })} tabindex="-1"
                aria-keyshortcuts="x" title=${t("rummikub.web.set.split_title")}>✂</button>`}
            <${Tile} key=${item.id} id=${item.id} components=${components} tile=${slot.id} selected=${selectedIds.has(item.id)}
              mark=${item.from === "rack" ? "rack" : null} focusKey=${interactive ? `board:${item.id}` : null}
              tabIndex=${interactive ? ((focusId ? focusId === item.id : index === 0 && i === 0) ? 0 : -1) : undefined}
              label=${t(item.from === "rack" ? "rummikub.web.tile.table_mine" : "rummikub.web.tile.table", { tile: name, number: n })}
              onClick=${interactive ? (e) => onTile(item.id, e) : null}
              onKeyDown=${interactive ? (e) => onTileKey(e, item.id) : null}
              onPointerDown=${interactive ? (e) => onDragStart(e, { ids: [item.id] }) : null} />`;
        })}
        ${interactive && canPlace && html`<button type="button" class="rk-place" onClick=${onPlaceHere} tabindex="-1"
            aria-label=${t(fits ? "rummikub.web.set.place_fits" : "rummikub.web.set.place", { number: n })}
            aria-keyshortcuts=${String(n)}
            title=${t(fits ? "rummikub.web.set.place_title_fits" : "rummikub.web.set.place_title")}>+</button>`}
      </div>
    </div>`;
}

// The components of the game last drawn, for the end screen's Result (which the shell gives
// no game description).
let lastComponents = null;

function Table({ frame, view, seat, legal, act, busy, hint, seats, toast, readOnly, preview, game }) {
  const components = (game && game.components) || lastComponents;
  if (game && game.components) lastComponents = game.components;
  const myTurn = !readOnly && seat !== null && legal.length > 0 && view.phase !== "over";
  const rackNames = view.rack || [];
  const rackOf = (id) => tileFacts(components, id).rack;

  // Sets keep their place on the board from one position to the next (the engine sorts
  // them), over a reload too.
  const layoutKey = !readOnly && frame && frame.table ? `${LAYOUT_KEY}:${frame.table}:${seat}` : null;
  const layout = useRef(null);
  if (layout.current === null) layout.current = loadLayout(layoutKey);
  const tableOrder = useMemo(() => {
    const next = view.table.map((s, i) => ({ index: i, tokens: s.map(rackOf) }));
    const ordered = stableOrder(layout.current, next);
    layout.current = ordered.map((x) => x.tokens);
    saveLayout(layoutKey, layout.current);
    return ordered.map((x) => x.index);
  }, [JSON.stringify(view.table), components]);
  const tableSets = tableOrder.map((i) => view.table[i]);

  const position = `${frame && frame.table}:${seat}:${view.turn}:${JSON.stringify(view.table)}:${rackNames.join(",")}`;
  const fresh = useMemo(() => initialDraft(tableSets, rackNames, components), [position, components]);
  const [draft, setDraftState] = useState(() => (myTurn && loadDraft(position)) || fresh);
  const [history, setHistory] = useState([]);
  const [selected, setSelected] = useState([]); // tile ids, in the order chosen
  const [selectedSet, setSelectedSet] = useState(null);
  const [sortBy, setSortBy] = useState(loadSort);
  const [dragging, setDragging] = useState(null);
  const [over, setOver] = useState(null);
  const drag = useRef(null);
  const ghost = useRef(null);
  const suppressClick = useRef(false);
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const draftFor = useRef(position); // the position the draft in state was laid out on
  useEffect(() => {
    const saved = myTurn ? loadDraft(position) : null;
    draftFor.current = position;
    setDraftState(saved || fresh);
    setHistory([]);
    setSelected([]);
    setSelectedSet(null);
  }, [position, myTurn]);

  const changed = useMemo(() => signature(draft.sets) !== signature(fresh.sets), [draft, fresh]);
  // Saved in the render that shows the change (not after the next paint), so a reload right
  // after a move keeps it; never under a new position while the state still holds the last
  // one's draft (it would come back as that position's draft).
  useLayoutEffect(() => {
    if (myTurn && draftFor.current === position) saveDraft(position, changed ? draft : null);
  }, [draft, changed, myTurn, position]);

  const setDraft = useCallback((next) => {
    setHistory((h) => [...h.slice(-50), draftRef.current]);
    setDraftState(next);
  }, []);

  const melded = seat !== null && view.melded[seat];
  const origSigs = useMemo(() => new Map(fresh.sets.map((s) => [s.key, s.items.map((t) => t.id).sort().join(",")])), [fresh]);
  const isChanged = (s) => origSigs.get(s.key) !== s.items.map((t) => t.id).sort().join(",");

  // ---- selection ----
  function idsOfSelection() {
    if (selectedSet) {
      const s = draftRef.current.sets.find((x) => x.key === selectedSet);
      return s ? s.items.map((t) => t.id) : [];
    }
    return selected;
  }
  const selIds = new Set(dragging ? dragging.ids : idsOfSelection());
  const allItems = [...draft.rack, ...draft.sets.flatMap((s) => s.items)];
  const movingTiles = allItems.filter((t) => selIds.has(t.id)).map((t) => t.tile);

  // ---- what the engine says of the draft ----
  // Asked only about a table the player has changed, or where selected tiles would fit:
  // the table as it is needs no answer (the view says what each of its sets is).
  const asking = myTurn && !!preview && (changed || movingTiles.length > 0);
  const [answer, tableAnswer, ask, forgetAnswers] = usePreview(
    preview, asking, draftData(draft, movingTiles.length ? movingTiles : null), position,
  );
  const freshSets = useMemo(() => new Map(fresh.sets.map((s, i) => [s.key, { sig: setKey(s), index: i }])), [fresh]);
  const known = useRef(new Map()); // what the engine said of each set, by its tiles
  useEffect(() => { forgetAnswers(); known.current.clear(); }, [position]);
  const facts = tableAnswer ? tableAnswer.facts : null;
  if (facts && facts.sets) {
    if (known.current.size > 500) known.current.clear();
    draft.sets.forEach((s, i) => { if (facts.sets[i]) known.current.set(setKey(s), facts.sets[i]); });
  }
  /** The engine's facts of the draft's set `i` (what it said of the same tiles before,
   * while the answer for this draft is on its way); when it is not this seat's turn, the
   * view's own facts of the table's sets. */
  const setInfo = (i) => {
    const s = draft.sets[i];
    if (!s) return null;
    const before = freshSets.get(s.key);
    if (!myTurn || (before && before.sig === setKey(s))) {
      // a set of the table as it was: the view's facts
      const at = tableOrder[before ? before.index : i];
      const said = view.table_sets && view.table_sets[at];
      return said ? { valid: true, tiles: view.table[at], ...said } : null;
    }
    if (facts && facts.sets && facts.sets[i]) return facts.sets[i];
    return known.current.get(setKey(s)) || null;
  };

  // what the others did since my last turn: their sets glow; what I drew is marked new
  const since = sinceMyTurn(view, seat);
  const justPlayed = useMemo(() => {
    const out = new Set();
    for (const ev of (view.history || []).slice(since)) {
      if (ev.kind === "play" && ev.seat !== seat) for (const s of ev.sets || []) out.add([...s].sort().join(" "));
    }
    return out;
  }, [view.history, seat]);
  const drawnNow = useMemo(() => {
    const mine = (view.history || []).slice(since).find((ev) => ev.seat === seat && ev.tiles);
    return mine ? [...mine.tiles] : [];
  }, [view.history, seat]);

  // the hint: the rack tiles it lays glow; "Show the hint" lays the whole arrangement out
  const hinted = hint && hint.action && typeof hint.action === "object" ? hint.action : null;
  const hintPlay = hinted && hinted.type === "play" ? hinted.table : null;
  const hintDraw = !!(hinted && (hinted.type === "draw" || hinted.type === "pass"));
  const hintTiles = useMemo(() => {
    if (!hintPlay) return [];
    const left = hintPlay.flat().map(rackOf);
    for (const s of view.table) for (const n of s) {
      const at = left.indexOf(rackOf(n));
      if (at >= 0) left.splice(at, 1);
    }
    return left;
  }, [hint && JSON.stringify(hint.action), view.table, components]);

  // ---- moving tiles ----
  function where(id) {
    const d = draftRef.current;
    if (d.rack.some((t) => t.id === id)) return "rack";
    const s = d.sets.find((x) => x.items.some((t) => t.id === id));
    return s ? s.key : null;
  }

  function place(ids, target) {
    if (!ids.length || busy) return;
    const d = draftRef.current;
    let moving = ids;
    if (target.rack) {
      const all = [...d.rack, ...d.sets.flatMap((s) => s.items)];
      const stays = ids.filter((id) => (all.find((t) => t.id === id) || {}).from !== "rack");
      if (stays.length) {
        // The rack holds this seat's own tiles: a tile that was on the table stays on the
        // board. Why, in the engine's words: the draft without that tile, previewed.
        const without = moveTiles(d, stays, { rack: true });
        ask(draftData(without)).then((a) => {
          if (a && a.text) toast(a.text);
        });
      }
      moving = ids.filter((id) => !stays.includes(id) && where(id) !== "rack");
      if (!moving.length) { setSelected([]); setSelectedSet(null); return; }
    }
    if (target.set && moving.every((id) => where(id) === target.set)) { setSelected([]); setSelectedSet(null); return; }
    setDraft(moveTiles(d, moving, target));
    setSelected([]);
    setSelectedSet(null);
  }

  // The click a pointer sends when a drag ends is not a choice; a key's click (detail 0,
  // Enter or Space on a focused tile) always is, even if it comes before the timer that
  // ends the suppression (the browser serves input before timers).
  const dragClick = (e) => suppressClick.current && !(e && e.detail === 0);

  function toggleTile(id, e) {
    if (dragClick(e) || busy) return;
    setSelectedSet(null);
    setSelected((sel) => (sel.includes(id) ? sel.filter((x) => x !== id) : [...sel, id]));
  }

  function toggleSet(key, e) {
    if (dragClick(e) || busy) return;
    if (selectedSet && selectedSet !== key) { // join: the selected set goes into this one
      place(idsOfSelection(), { set: key });
      return;
    }
    setSelected([]);
    setSelectedSet(selectedSet === key ? null : key);
  }

  function split(key, beforeId) {
    const d = draftRef.current;
    const i = d.sets.findIndex((x) => x.key === key);
    if (i < 0) return;
    const order = slotsOf(d.sets[i].items, (setInfo(i) || {}).tiles, components).map((x) => x.item.id);
    const ids = order.slice(order.indexOf(beforeId));
    setDraft(moveTiles(d, ids, { after: key }));
    setSelected([]);
  }

  function cycleJoker(key) {
    const d = draftRef.current;
    const i = d.sets.findIndex((x) => x.key === key);
    const info = i >= 0 ? setInfo(i) : null;
    if (!info || !info.readings || info.readings.length < 2) return;
    const next = info.readings[(info.reading + 1) % info.readings.length];
    const faces = next.filter((id) => tileFacts(components, id).joker);
    const items = d.sets[i].items.map((t) => (t.tile === "J" ? { ...t, face: faces.shift() || t.face } : t));
    setDraft({ ...d, sets: d.sets.map((x) => (x.key === key ? { ...x, items } : x)) });
  }

  function undo() {
    if (!history.length) return;
    setDraftState(history[history.length - 1]);
    setHistory((h) => h.slice(0, -1));
    setSelected([]);
    setSelectedSet(null);
  }

  function reset() {
    setDraftState(fresh);
    setHistory([]);
    setSelected([]);
    setSelectedSet(null);
  }

  function showHint() {
    if (!hintPlay) return;
    const next = draftFromTable(fresh, hintPlay, components);
    if (next) { setDraft(next); setSelected([]); setSelectedSet(null); }
  }

  async function submit() {
    if (busy || !changed) return;
    // the play as the engine reads the draft (every joker with the tile it stands for)
    const data = draftData(draftRef.current);
    const read = await ask(data);
    await act({ json: read && read.facts && read.facts.play ? read.facts.play : data });
  }

  async function drawOrPass() {
    if (busy) return;
    const m = legal.find((x) => x.json && (x.json.type === "draw" || x.json.type === "pass"));
    if (m) await act({ json: m.json });
  }

  // ---- pointer dragging (mouse, pen and touch alike) ----
  function dropAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const zone = el && el.closest && el.closest("[data-drop]");
    return zone ? zone.dataset.drop : null;
  }

  function targetOf(zone) {
    if (!zone) return null;
    if (zone === "rack") return { rack: true };
    if (zone === "new") return { new: true };
    if (zone.startsWith("set:")) return { set: zone.slice(4) };
    return null;
  }

  function onDragStart(e, payload) {
    if (!myTurn || busy || (e.pointerType === "mouse" && e.button !== 0)) return;
    const ids = payload.set
      ? (draftRef.current.sets.find((s) => s.key === payload.set) || { items: [] }).items.map((t) => t.id)
      : selected.includes(payload.ids[0]) && !selectedSet ? selected : payload.ids;
    drag.current = { ids, x0: e.clientX, y0: e.clientY, active: false, set: payload.set || null };
    const move = (ev) => {
      const d = drag.current;
      if (!d) return;
      if (!d.active) {
        if (Math.hypot(ev.clientX - d.x0, ev.clientY - d.y0) < 6) return;
        d.active = true;
        setDragging({ ids: d.ids });
      }
      ev.preventDefault();
      if (ghost.current) ghost.current.style.transform = `translate(${ev.clientX}px, ${ev.clientY}px)`;
      const zone = dropAt(ev.clientX, ev.clientY);
      if (zone !== d.over) { d.over = zone; setOver(zone); }
    };
    const up = (ev) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      const d = drag.current;
      drag.current = null;
      if (!d || !d.active) return;
      setDragging(null);
      setOver(null);
      suppressClick.current = true;
      setTimeout(() => { suppressClick.current = false; }, 0);
      const target = targetOf(dropAt(ev.clientX, ev.clientY));
      if (target && !(d.set && target.set === d.set)) place(d.ids, target);
    };
    const cancel = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
      drag.current = null;
      setDragging(null);
      setOver(null);
    };
    window.addEventListener("pointermove", move, { passive: false });
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
  }

  // ---- the keyboard ----
  // The rack and the table are one Tab stop each; the arrows move the focus inside them
  // (a roving tabindex), and the keys of the help act on the selection.
  const [rackFocus, setRackFocus] = useState(null);
  const [boardFocus, setBoardFocus] = useState(null);
  const refocus = useRef(null); // "rack" | "board": put the focus back there after a change
  const digits = useRef({ text: "", timer: null });

  function focusables(region) {
    return [...document.querySelectorAll(`.rk-table [data-focus^="${region}:"]`)];
  }

  function focusIn(region, id) {
    const el = id ? document.querySelector(`.rk-table [data-focus="${region}:${id}"]`) : focusables(region)[0];
    if (el) el.focus();
  }

  function moveFocus(e, region, id) {
    const all = focusables(region);
    const at = all.findIndex((el) => el.dataset.focus === `${region}:${id}`);
    let next = null;
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      next = all[Math.min(all.length - 1, Math.max(0, at + (e.key === "ArrowRight" ? 1 : -1)))];
    } else if (e.key === "Home") next = all[0];
    else if (e.key === "End") next = all[all.length - 1];
    else if (region === "board" && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
      // the first tile of the next (or previous) set
      const sets = [...document.querySelectorAll(".rk-board .rk-set")];
      const mine = e.target.closest(".rk-set");
      const to = sets[sets.indexOf(mine) + (e.key === "ArrowDown" ? 1 : -1)];
      next = to ? to.querySelector("[data-focus]") : null;
    } else return false;
    e.preventDefault();
    if (next) {
      const nextId = next.dataset.focus.slice(region.length + 1);
      if (region === "rack") setRackFocus(nextId); else setBoardFocus(nextId);
      next.focus();
    }
    return true;
  }

  function focusedTile() {
    const el = document.activeElement;
    const focus = el && el.dataset ? el.dataset.focus : null;
    return focus && focus.startsWith("board:") ? focus.slice(6) : null;
  }

  function placeByKey(target) {
    const ids = idsOfSelection();
    if (!ids.length) return;
    const where = document.activeElement && document.activeElement.dataset
      ? (document.activeElement.dataset.focus || "").split(":")[0] : "";
    refocus.current = where === "board" ? "board" : "rack";
    place(ids, target);
  }

  function placeInNumber(text) {
    const n = Number(text);
    const s = draftRef.current.sets[n - 1];
    if (s) placeByKey({ set: s.key });
  }

  const onKey = (e) => {
    if (!myTurn) return;
    if (e.target && (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) || e.target.isContentEditable)) return;
    if (document.querySelector(".modal")) return;
    if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); undo(); return; }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const key = e.key;
    if (key === "Escape") { setSelected([]); setSelectedSet(null); return; }
    const d = digits.current;
    if (/^[0-9]$/.test(key)) {
      e.preventDefault();
      clearTimeout(d.timer);
      if (!d.text && key === "0") { placeByKey({ new: true }); return; }
      d.text += key;
      const count = draftRef.current.sets.length;
      if (Number(d.text) * 10 > count) { const text = d.text; d.text = ""; placeInNumber(text); return; }
      d.timer = setTimeout(() => { const text = d.text; d.text = ""; placeInNumber(text); }, 700);
      return;
    }
    const acts = {
      n: () => placeByKey({ new: true }),
      b: () => { refocus.current = "rack"; place(selected, { rack: true }); },
      p: () => submit(),
      d: () => drawOrPass(),
      u: () => undo(),
      k: () => focusIn("rack", rackFocus),
      t: () => focusIn("board", boardFocus),
      w: () => {
        const id = focusedTile();
        const s = id && draftRef.current.sets.find((x) => x.items.some((item) => item.id === id));
        if (s) { refocus.current = "board"; toggleSet(s.key); }
      },
      x: () => {
        const id = focusedTile();
        const s = id && draftRef.current.sets.find((x) => x.items.some((item) => item.id === id));
        if (s) { refocus.current = "board"; split(s.key, id); }
      },
      j: () => {
        const id = focusedTile();
        const s = id && draftRef.current.sets.find((x) => x.items.some((item) => item.id === id));
        if (s) { refocus.current = "board"; cycleJoker(s.key); }
      },
    };
    if (acts[key]) { e.preventDefault(); acts[key](); }
  };
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;
  useEffect(() => {
    const key = (e) => onKeyRef.current(e);
    window.addEventListener("keydown", key);
    return () => { window.removeEventListener("keydown", key); clearTimeout(digits.current.timer); };
  }, []);
  useEffect(() => {
    const region = refocus.current;
    refocus.current = null;
    if (region && myTurn) {
      const el = document.querySelector(`.rk-table [data-focus^="${region}:"][tabindex="0"]`) || focusables(region)[0];
      if (el) el.focus();
    }
  });

  // ---- what the player sees ----
  const anySelected = !dragging && (selected.length > 0 || selectedSet !== null);
  const rackItems = sortItems(draft.rack, sortBy, components);
  const hintLeft = [...hintTiles];
  const drawnLeft = [...drawnNow];
  const untouched = !melded ? { value: 0, minimum: view.initial_meld, enough: false } : null;
  const meld = facts && facts.meld ? facts.meld : changed ? null : untouched;
  const fits = answer && answer.facts ? answer.facts.fits : null;
  const laid = facts ? facts.laid : fresh.rack.length - draft.rack.length;
  const invalid = facts && facts.sets ? facts.sets.filter((s) => !s.valid).length : 0;
  const splitAt = selected.length === 1 ? selected[0] : null;
  // legal targets: the sets the selected (or dragged) tiles would make valid (the engine's)
  const fitsIn = (s, i) => movingTiles.length > 0 && !s.items.some((t) => selIds.has(t.id))
    && !!(fits && fits[i]);
  const sortChange = (by) => { setSortBy(by); try { localStorage.setItem(SORT_KEY, by); } catch { /* ignore */ } };
  const drawMove = legal.find((x) => x.json && (x.json.type === "draw" || x.json.type === "pass"));
  const ghostItems = dragging ? allItems.filter((t) => dragging.ids.includes(t.id)) : [];

  // the roving Tab stops: the tile last focused, else the first
  const rackTab = rackItems.some((x) => x.id === rackFocus) ? rackFocus : (rackItems[0] || {}).id;
  const boardIds = draft.sets.flatMap((x) => x.items.map((item) => item.id));
  const boardTab = boardIds.includes(boardFocus) ? boardFocus : null;
  const onRackKey = (e, id) => { if (moveFocus(e, "rack", id)) e.stopPropagation(); };
  const onBoardKey = (e, id) => { if (moveFocus(e, "board", id)) e.stopPropagation(); };
  const tr = t;

  let instruction = null;
  if (myTurn) {
    if (!melded) instruction = t("rummikub.web.instruction.meld", { minimum: view.initial_meld });
    else instruction = t("rummikub.web.instruction.play");
  }

  return html`
    <div class=${cx("rk-table", myTurn && "my-turn", dragging && "dragging")}
         data-hint=${hinted ? JSON.stringify(hinted) : null} data-preview=${tableAnswer || !changed ? "ready" : "waiting"}>
      <div class="rk-top">
        <${Players} view=${view} seat=${seat} seats=${seats} />
        <${TurnTimer} frame=${frame} view=${view} seat=${seat} seats=${seats} />
      </div>
      <${Recent} frame=${frame} view=${view} seat=${seat} components=${components} />

      <section class="rk-board" aria-label=${t("rummikub.web.board")} data-drop=${myTurn ? "new" : null}>
        ${draft.sets.length === 0 && html`<p class="rk-empty">${t(myTurn ? "rummikub.web.board.empty_mine" : "rummikub.web.board.empty")}</p>`}
        <div class="rk-sets">
          ${draft.sets.map((s, i) => {
            const info = setInfo(i);
            return html`
            <${SetView} key=${s.key} set=${s} index=${i} components=${components} info=${info} pending=${!info}
              selectedIds=${selIds} interactive=${myTurn} busy=${busy}
              changed=${myTurn && isChanged(s)}
              justPlayed=${!isChanged(s) && justPlayed.has(s.items.map(placedOf).sort().join(" "))}
              onTile=${toggleTile} onDragStart=${onDragStart} dropTarget=${over === `set:${s.key}`}
              canPlace=${anySelected && selectedSet !== s.key} fits=${fitsIn(s, i)} onPlaceHere=${() => place(idsOfSelection(), { set: s.key })}
              onSelectSet=${(e) => toggleSet(s.key, e)} setSelected=${selectedSet === s.key}
              splitAt=${s.items.some((t) => t.id === splitAt) ? splitAt : null} onSplit=${() => split(s.key, splitAt)}
              onJoker=${() => cycleJoker(s.key)} focusId=${boardTab} onTileKey=${onBoardKey} />`;
          })}
          ${myTurn && html`
            <button type="button" class=${cx("rk-new-set", (anySelected || dragging) && "can-place", over === "new" && "drop-over")}
              data-drop="new" disabled=${busy} aria-label=${t("rummikub.web.new_set_label")} aria-keyshortcuts="0 n"
              tabindex="-1"
              onClick=${() => { if (!suppressClick.current && anySelected) place(idsOfSelection(), { new: true }); }}>
              <span class="plus" aria-hidden="true">+</span> ${t("rummikub.web.new_set")}</button>`}
        </div>
      </section>

      ${seat !== null && view.rack && html`
        <section class=${cx("rk-rack", myTurn && "active", over === "rack" && "drop-over")} data-drop=${myTurn ? "rack" : null}
                 aria-labelledby="rk-rack-title">
          <div class="rk-rack-head">
            <h2 class="rk-rack-title" id="rk-rack-title">${t("rummikub.web.rack")}</h2>
            <span class="rk-rack-count">${t("rummikub.web.rack.count", { count: draft.rack.length })}</span>
            <span class="rk-sort" role="group" aria-label=${t("rummikub.web.sort")}>
              <button type="button" aria-pressed=${sortBy === "colour" ? "true" : "false"} onClick=${() => sortChange("colour")}
                title=${t("rummikub.web.sort.colour_title")}>${t("rummikub.web.sort.colour")}</button>
              <button type="button" aria-pressed=${sortBy === "number" ? "true" : "false"} onClick=${() => sortChange("number")}
                title=${t("rummikub.web.sort.number_title")}>${t("rummikub.web.sort.number")}</button>
            </span>
            ${myTurn && selected.some((id) => !draft.rack.some((x) => x.id === id)) && html`<button type="button" class="rk-back-to-rack"
                aria-keyshortcuts="b" onClick=${() => place(selected, { rack: true })}>${t("rummikub.web.back")}</button>`}
          </div>
          <div class="rk-rack-tiles" role=${myTurn ? "group" : null} aria-label=${myTurn ? t("rummikub.web.rack.tiles") : null}>
            ${rackItems.map((t) => {
              const hi = hintLeft.indexOf(t.tile);
              if (hi >= 0) hintLeft.splice(hi, 1);
              const dn = drawnLeft.indexOf(t.tile);
              if (dn >= 0) drawnLeft.splice(dn, 1);
              const name = tileFacts(components, t.tile).name;
              return html`<${Tile} key=${t.id} id=${t.id} components=${components} tile=${t.tile} selected=${selIds.has(t.id)} hinted=${hi >= 0}
                fresh=${dn >= 0} extraClass="dealt"
                label=${tr(dn >= 0 ? "rummikub.web.tile.rack_new" : "rummikub.web.tile.rack", { tile: name })}
                focusKey=${myTurn ? `rack:${t.id}` : null} tabIndex=${myTurn ? (rackTab === t.id ? 0 : -1) : undefined}
                onKeyDown=${myTurn ? (e) => onRackKey(e, t.id) : null}
                onClick=${myTurn ? (e) => toggleTile(t.id, e) : null}
                onPointerDown=${myTurn ? (e) => onDragStart(e, { ids: [t.id] }) : null} />`;
            })}
            ${draft.rack.length === 0 && html`<span class="rk-rack-note">${t(changed ? "rummikub.web.rack.out" : "rummikub.web.rack.empty")}</span>`}
          </div>
        </section>`}
      ${myTurn && html`
        <section class="rk-controls" aria-label=${t("rummikub.web.controls")}>
          <p class="rk-instruction">${instruction}</p>
          ${meld && html`
            <div class=${cx("rk-meld", meld.enough && "enough")} role="img"
                 aria-label=${t("rummikub.web.meld_label", { value: meld.value, minimum: meld.minimum })}>
              <span aria-hidden="true">${withNode("rummikub.web.meld", { minimum: meld.minimum }, "value", html`<b>${number(meld.value)}</b>`)}</span>
              <span class="rk-meld-bar" aria-hidden="true"><span style=${`width:${Math.min(100, (meld.value / Math.max(meld.minimum, 1)) * 100)}%`}></span></span>
            </div>`}
          ${changed && tableAnswer && !tableAnswer.legal && tableAnswer.text && html`<p class="rk-why" role="status">${tableAnswer.text}</p>`}
          <div class="rk-buttons">
            <button type="button" onClick=${undo} disabled=${busy || !history.length} title=${t("rummikub.web.undo_title")}
              aria-keyshortcuts="u Control+Z">${t("rummikub.web.undo")}</button>
            <button type="button" onClick=${reset} disabled=${busy || !changed}>${t("rummikub.web.reset")}</button>
            ${hintPlay && html`<button type="button" class="hinted" onClick=${showHint} disabled=${busy}>${t("rummikub.web.show_hint")}</button>`}
            <span class="rk-spacer"></span>
            ${changed && html`<span class="rk-summary">${t("rummikub.web.laid", { count: laid })}${invalid ? html` · <b class="bad">${t("rummikub.web.invalid", { count: invalid })}</b>` : ""}</span>`}
            <button type="button" class=${cx("primary rk-play", changed && tableAnswer && tableAnswer.legal && "ready")} onClick=${submit} disabled=${busy || !changed}
              aria-keyshortcuts="p" title=${t(changed ? "rummikub.web.play_title" : "rummikub.web.play_title_idle")}>${t("rummikub.web.play")}</button>
            ${drawMove && html`<button type="button" class=${cx("rk-draw", hintDraw && "hinted")} onClick=${drawOrPass} disabled=${busy}
              aria-keyshortcuts="d" title=${t(changed ? "rummikub.web.draw_title" : "rummikub.web.draw_key")}>${drawMove.text}</button>`}
          </div>
        </section>`}

      ${dragging && html`<div class="rk-ghost" ref=${ghost} aria-hidden="true">
          ${ghostItems.map((t) => html`<${Tile} key=${t.id} components=${components} tile=${placedOf(t)} />`)}</div>`}
    </div>`;
}

// ---- the end ---------------------------------------------------------------------------------

function scoreText(score) {
  if (typeof score === "string" && score.includes("/")) {
    const [a, b] = score.split("/").map(Number);
    return `${a > 0 ? "+" : ""}${number(a)}/${number(b)} (${number(a / b, { minimumFractionDigits: 2, maximumFractionDigits: 2 })})`;
  }
  return score > 0 ? `+${number(score)}` : number(score);
}

/** The scores: each seat's tiles left, their value and the score (the sentences saying who
 * won and how come from the engine, above it). */
function Result({ result, view, seats, mySeat, game }) {
  const components = (game && game.components) || lastComponents;
  const d = result.details || {};
  const values = d.rack_values || [];
  const racks = d.racks || [];
  const name = (s) => seatName(seats, s, mySeat);
  const winners = d.winners || result.winners || [];
  return html`
    <div class="rk-result">
      <table class="rk-result-table">
        <thead><tr>
          <th scope="col">${t("rummikub.web.result.player")}</th><th scope="col">${t("rummikub.web.result.left")}</th>
          <th scope="col">${t("rummikub.web.result.value")}</th><th scope="col">${t("rummikub.web.result.score")}</th>
        </tr></thead>
        <tbody>${result.scores.map((score, s) => html`
          <tr class=${cx(winners.includes(s) && "winner")}>
            <th scope="row">${name(s)}${winners.includes(s) && html` <span aria-hidden="true">★</span><span class="sr-only">(${t("rummikub.web.result.winner")})</span>`}</th>
            <td><span class="rk-left">${(racks[s] || []).length
              ? (racks[s] || []).map((tile, i) => html`<${Tile} key=${i} components=${components} tile=${tile} small=${true} />`)
              : html`<span class="muted">${t("rummikub.web.result.none")}</span>`}</span></td>
            <td>${values[s] === undefined ? "" : number(values[s])}</td>
            <td><b>${scoreText(score)}</b></td>
          </tr>`)}</tbody>
      </table>
    </div>`;
}

// ---- the rules' examples ---------------------------------------------------------------------

function ExampleSets({ sets, components }) {
  return html`<div class="rk-ex-sets">${sets.map((s, i) => html`
    <span class="rk-mini-set rk-ex-set" key=${i}>${s.map((tile, j) => html`<${Tile} key=${j} components=${components} tile=${tile} />`)}</span>`)}
  </div>`;
}

/** One example of the rules (``rules/<language>.md``'s ```example blocks), drawn with the
 * game's tiles: ``{"caption", "rack": [tiles], "table": [[tiles] …], "after": [[tiles] …],
 * "sets": [[tiles] …], "legend": true}`` — any of them; ``table`` and ``after`` show a move
 * (before and after), ``sets`` sets on their own, ``legend`` a tile of each colour with its
 * symbol and name. */
export function Example({ example, game }) {
  const components = (game && game.components) || lastComponents;
  if (!example || typeof example !== "object") return null;
  const caption = typeof example.caption === "string" ? example.caption : "";
  const colours = components && components.colours ? Object.entries(components.colours) : [];
  colours.sort((a, b) => a[1].order - b[1].order);
  const section = (id, body) => html`<div class="rk-ex-part"><span class="rk-ex-head">${t(id)}</span>${body}</div>`;
  return html`
    <figure class="rk-example rk-table-example" aria-label=${t("rummikub.web.example", { caption })}>
      ${example.legend && html`<div class="rk-ex-legend">${colours.map(([name, c]) => html`
        <span class="rk-ex-colour" key=${name}><${Tile} components=${components} tile=${`${Object.keys(components.tiles).find((id) => components.tiles[id].colour === name && !components.tiles[id].joker && components.tiles[id].number === 7)}`} />
          <span>${c.symbol} ${c.name}</span></span>`)}
        <span class="rk-ex-colour"><${Tile} components=${components} tile="J" /><span>${components && components.tiles && components.tiles.J ? components.tiles.J.name : ""}</span></span>
      </div>`}
      ${Array.isArray(example.sets) && html`<${ExampleSets} sets=${example.sets} components=${components} />`}
      ${Array.isArray(example.rack) && section("rummikub.web.example.rack", html`<div class="rk-ex-sets"><span class="rk-mini-set rk-ex-rack">
          ${example.rack.map((tile, j) => html`<${Tile} key=${j} components=${components} tile=${tile} />`)}</span></div>`)}
      ${Array.isArray(example.table) && section(Array.isArray(example.after) ? "rummikub.web.example.before" : "rummikub.web.example.table",
          html`<${ExampleSets} sets=${example.table} components=${components} />`)}
      ${Array.isArray(example.after) && section("rummikub.web.example.after", html`<${ExampleSets} sets=${example.after} components=${components} />`)}
      ${caption && html`<figcaption>${caption}</figcaption>`}
    </figure>`;
}

/** The "?" help of this table: how to play with the pointer, the keys, the symbols. */
function Help({ components }) {
  const colours = components && components.colours ? Object.values(components.colours) : [];
  colours.sort((a, b) => a.order - b.order);
  const keys = [
    ["k", "rummikub.web.key.rack"], ["t", "rummikub.web.key.table"], ["1–9", "rummikub.web.key.number"],
    ["0 / n", "rummikub.web.key.new"], ["b", "rummikub.web.key.back"], ["w", "rummikub.web.key.whole"],
    ["x", "rummikub.web.key.split"], ["j", "rummikub.web.key.joker"], ["p", "rummikub.web.key.play"],
    ["d", "rummikub.web.key.draw"], ["u / Ctrl+Z", "rummikub.web.key.undo"], ["Esc", "rummikub.web.key.escape"],
  ];
  const symbols = colours.map((c) => t("rummikub.ui.symbol", { symbol: c.symbol, colour: c.name }));
  return html`<span class="rk-help">${t("rummikub.web.help")}
    ${symbols.length > 0 && html` ${t("rummikub.web.symbols", { symbols })}`}
    <strong class="rk-help-keys"> ${t("rummikub.web.keys")}</strong>
    ${keys.map(([k, id], i) => html`${i ? " · " : " "}<kbd>${k}</kbd> ${t(id)}`)}</span>`;
}

export default {
  Table,
  Result,
  Example,
  get help() { return html`<${Help} components=${lastComponents} />`; },
};
