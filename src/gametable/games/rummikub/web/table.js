// Rummikub in the browser. A turn is one decision: the whole new table, built here by moving
// tiles (drag with a mouse or a finger, or select tiles and then choose where they go, with
// the pointer or the keyboard), then sent as the engine's action JSON ("= R1 R2 R3 | …").
// The board colours a set red while it is not a valid set (sets.js, a display aid only); the
// engine decides, and a refused play comes back with its explanation and changes nothing.
//
// Choices where the rules and the issue are silent (what a demanding player expects):
// - The table being built (the "draft") lives in the page until Play: Undo steps back, Reset
//   turn restores the turn's start, and a reload within the same turn keeps it
//   (sessionStorage). Drawing discards it, as at a real table.
// - Sets keep their place on the board from one turn to the next, and over a reload (the
//   engine sorts them): an unchanged set stays put, a changed one takes the place of the set
//   it came from.
// - Within a set, tiles are shown in set order (runs ascending, groups K R B O). A joker keeps
//   what it stood for while that still fits; a new one goes at a run's top end, or takes a
//   group's first missing colour (as the engine's notation reader does); "joker ⇄" switches
//   it to the set's other readings.
// - A tile that was on the table at the start of the turn cannot be dropped on the rack: the
//   page says why (the rules: every tile on the table stays there) instead of sending a play
//   the engine would refuse. Anything else, including invalid sets, is sent and explained
//   by the engine.
// - The hint glows on the rack tiles it would lay (or on Draw); "Show the hint" lays the
//   hinted table out for the player to check and Play — it is never played for them.
import {
  html, useState, useEffect, useLayoutEffect, useMemo, useRef, useCallback, cx, seatName,
  plural, clockText, useNow,
} from "gametable/ui.js";
import {
  MELD_MIN, tileInfo, rackName, tileLabel, sortTiles, readSet, setText, setWords, stableOrder,
  parseTableText,
} from "./sets.js";

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

/** One tile: a number in its colour over a small pip, or the joker's face (with the tile it
 * stands for under it once it is on the table). */
export function Tile({
  name, face, small, selected, hinted, fresh, mark, label, onClick, onPointerDown, extraClass, id,
}) {
  const info = tileInfo(name);
  const shownFace = info.joker ? face || info.face : null;
  const colour = info.joker ? "J" : info.c;
  const body = info.joker
    ? html`<${JokerFace} />${shownFace && html`<span class="rk-as" style=${`--rk-c:var(--rk-${shownFace[0]})`}>${shownFace.slice(1)}</span>`}`
    : html`<span class="rk-num">${info.n}</span><span class="rk-pip"></span>`;
  const cls = cx("rk-tile", `rk-${colour}`, small && "small", selected && "selected", hinted && "hinted",
    fresh && "fresh", mark && `mark-${mark}`, onClick && "movable", extraClass);
  const text = label || tileLabel(name, shownFace);
  if (!onClick) {
    return html`<span class=${cls} data-tile=${name} aria-label=${text} title=${text} role="img">${body}</span>`;
  }
  return html`<button type="button" class=${cls} data-tile=${name} data-id=${id} aria-label=${text} title=${text}
      aria-pressed=${selected ? "true" : "false"}
      onClick=${onClick} onPointerDown=${onPointerDown}>${body}</button>`;
}

function TileBack({ count }) {
  const shown = Math.min(count, 14);
  return html`<span class="rk-backs" aria-hidden="true">
    ${Array.from({ length: shown }, (_, i) => html`<span class="rk-back" key=${i}></span>`)}
  </span>`;
}

// ---- the draft: the table the player is building this turn ---------------------------------

function tableItems(sets) {
  return sets.map((s, i) => ({
    key: `t${i}`,
    items: s.map((name, j) => {
      const info = tileInfo(name);
      return { id: `t${i}.${j}`, name: info.joker ? "J" : name, face: info.joker ? info.face : null, from: "table" };
    }),
  }));
}

function initialDraft(sets, rack) {
  return {
    sets: tableItems(sets),
    rack: rack.map((name, k) => ({ id: `r${k}`, name, face: null, from: "rack" })),
    next: 1,
  };
}

function signature(sets) {
  return sets.map((s) => s.items.map((t) => `${t.id}:${t.face || ""}`).sort().join(",")).sort().join("|");
}

/** Move the tiles `ids` to a set (`{set: key}`), a new set (`{new: true, after}`) or back
 * to the rack (`{rack: true}`: only tiles that came from the rack this turn). */
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
    rack = [...rack, ...moving];
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

/** The draft for a whole-table play (the hint's): tiles taken from the sets that stay as
 * they are first, then from anywhere on the table, then from the rack; null if the play
 * needs a tile the player cannot see (never, for a hint). */
function draftFromPlay(base, names) {
  const sets = [];
  const tablePool = base.sets.map((s) => ({ key: s.key, items: [...s.items] }));
  const rackPool = [...base.rack];
  const wanted = names.map((s) => s.map(rackName).sort().join(" "));
  const keptKeys = new Set();
  const claimed = names.map(() => null);
  // whole sets that stay (the same tiles) keep their tiles and place
  wanted.forEach((sig, i) => {
    const same = tablePool.find((s) => !keptKeys.has(s.key) && s.items.map((t) => t.name).sort().join(" ") === sig);
    if (same) { keptKeys.add(same.key); claimed[i] = same; }
  });
  const loose = tablePool.filter((s) => !keptKeys.has(s.key)).flatMap((s) => s.items);
  let next = base.next;
  for (let i = 0; i < names.length; i++) {
    if (claimed[i]) {
      const faces = names[i].filter((n) => n.startsWith("J=")).map((n) => n.slice(2));
      sets.push({ key: claimed[i].key, items: claimed[i].items.map((t) => (t.name === "J" ? { ...t, face: faces.shift() || t.face } : t)) });
      continue;
    }
    const items = [];
    for (const name of names[i]) {
      const info = tileInfo(name);
      const rn = rackName(name);
      let at = loose.findIndex((t) => t.name === rn);
      let item;
      if (at >= 0) item = loose.splice(at, 1)[0];
      else {
        at = rackPool.findIndex((t) => t.name === rn);
        if (at < 0) return null;
        item = rackPool.splice(at, 1)[0];
      }
      items.push(info.joker ? { ...item, face: info.face } : item);
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

function playJSON(draft) {
  return `= ${draft.sets.map((s) => setText(s.items)).join(" | ")}`;
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
  if (!c || c.remaining === null || c.remaining === undefined) {
    return penalty ? html`<div class="rk-timer idle">Turn timer: ${view.options.turn_seconds} s a turn</div>` : null;
  }
  const left = running ? c.remaining - (now - received.current.at) / 1000 : c.remaining;
  const limit = clocks.turn_limit || view.options.turn_seconds || Math.max(left, 1);
  const mine = current === seat;
  const pct = Math.max(0, Math.min(100, (left / limit) * 100));
  return html`
    <div class=${cx("rk-timer", mine && "mine", left < 10 && "low")} role="timer"
         aria-label=${`${mine ? "your" : `${seatName(seats, current, seat)}'s`} turn: ${clockText(left)} left`}>
      <span class="rk-timer-text">${mine ? "Your time" : seatName(seats, current, seat)}: <b>${clockText(left)}</b></span>
      <span class="rk-timer-bar"><span style=${`width:${pct}%`}></span></span>
      ${penalty && html`<span class="rk-timer-rule">${mine
        ? "When it runs out, your moves this turn are undone and you draw 3 penalty tiles."
        : "Out of time: the turn is undone and 3 penalty tiles are drawn."}</span>`}
    </div>`;
}

// ---- the table -------------------------------------------------------------------------------

function Players({ view, seat, seats }) {
  return html`
    <div class="rk-players" aria-label="Players">
      <div class="rk-pool" aria-label=${`pool: ${plural(view.pool_size, "tile")}`}>
        <span class="rk-pool-stack" aria-hidden="true"><span></span><span></span><span></span></span>
        <span><b class="rk-count">${view.pool_size}</b> in the pool</span>
      </div>
      ${view.rack_sizes.map((n, s) => (s === seat ? null : html`
        <div class=${cx("rk-player", view.current === s && view.phase !== "over" && "turn")} data-seat=${s}
             aria-label=${`${seatName(seats, s, seat)}: ${plural(n, "tile")} on the rack${view.melded[s] ? "" : ", no initial meld yet"}`}>
          <span class="who">${seatName(seats, s, seat)}</span>
          <${TileBack} count=${n} />
          <b class="rk-count">${n}</b>
          ${!view.melded[s] && html`<span class="tag">no meld yet</span>`}
        </div>`))}
    </div>`;
}

function Recent({ view, seat, seats }) {
  const items = view.recent || [];
  if (!items.length) return null;
  const ctx = { mySeat: seat, seats, name: (s) => seatName(seats, s, seat), view, drawsSets: true };
  return html`
    <div class="rk-recent" aria-label=${seat === null ? "Latest moves" : "Since your last turn"}>
      <b>${seat === null ? "Latest moves" : "Since your last turn"}:</b>
      <ul>${items.map((ev, i) => html`<li key=${i}>${describe(ev, ctx)}
        ${ev.move === "play" && ev.changes && html`<span class="rk-recent-sets">${ev.changes.split(" | ").map((set, j) => html`
          <span class="rk-mini-set" key=${j}>${set.split(" ").map((t, k) => html`<${Tile} key=${k} name=${t} small=${true} />`)}</span>`)}</span>`}
      </li>`)}</ul>
    </div>`;
}

function SetView({ set, index, selectedIds, interactive, justPlayed, changed, onTile, onDragStart, dropTarget,
  onPlaceHere, canPlace, fits, onSelectSet, setSelected, onSplit, splitAt, onJoker, busy }) {
  const r = readSet(set.items);
  const jokerHere = r.ok && r.count > 1 && set.items.some((t) => t.name === "J");
  const what = r.ok
    ? `${r.kind === "run" ? "Run" : "Group"} · ${r.value}`
    : r.problem;
  return html`
    <div class=${cx("rk-set", r.ok ? "valid" : "invalid", changed && "changed", justPlayed && "just-played",
                    dropTarget && "drop-over", setSelected && "selected", canPlace && "can-place", fits && "fits")}
         data-drop=${interactive ? `set:${set.key}` : null} data-set=${set.key} role="group"
         aria-label=${`set ${index + 1}: ${r.ok ? `${r.kind}, ${r.value} points` : `not a valid set (${r.problem})`}`}>
      <div class="rk-set-head">
        ${interactive
          ? html`<button type="button" class="rk-set-handle" aria-pressed=${setSelected ? "true" : "false"}
              aria-label=${`set ${index + 1}: select the whole set to join it to another`} title="Select or drag the whole set"
              onClick=${(e) => onSelectSet(e)} onPointerDown=${(e) => onDragStart(e, { set: set.key })} disabled=${busy}>⠿</button>`
          : null}
        <span class=${cx("rk-set-what", !r.ok && "bad")}>${what}</span>
        ${interactive && jokerHere && html`<button type="button" class="rk-mini" onClick=${onJoker}
            title="The joker could stand for another tile here" aria-label=${`set ${index + 1}: change what the joker stands for`}>joker ⇄</button>`}
      </div>
      <div class="rk-set-tiles">
        ${r.slots.map((slot, i) => {
          const t = slot.item;
          return html`
            ${interactive && splitAt === t.id && i > 0 && html`<button type="button" class="rk-split" key=${`split-${t.id}`}
                onClick=${onSplit} aria-label=${`split set ${index + 1} before ${tileLabel(t.name, slot.face)}`}
                title="Split the set here">✂</button>`}
            <${Tile} key=${t.id} id=${t.id} name=${t.name} face=${slot.face} selected=${selectedIds.has(t.id)}
              mark=${t.from === "rack" ? "rack" : null}
              label=${`${tileLabel(t.name, slot.face)}, on the table in set ${index + 1}${t.from === "rack" ? " (from your rack this turn)" : ""}`}
              onClick=${interactive ? (e) => onTile(t.id, e) : null}
              onPointerDown=${interactive ? (e) => onDragStart(e, { ids: [t.id] }) : null} />`;
        })}
        ${interactive && canPlace && html`<button type="button" class="rk-place" onClick=${onPlaceHere}
            aria-label=${`put the selected tiles in set ${index + 1}${fits ? " (it makes a valid set)" : ""}`}
            title=${fits ? "The selected tiles fit here" : "Put the selected tiles here"}>+</button>`}
      </div>
    </div>`;
}

function Table({ frame, view, seat, legal, act, busy, hint, seats, toast, readOnly }) {
  const myTurn = !readOnly && seat !== null && legal.length > 0 && view.phase !== "over";
  const rackNames = view.rack || [];

  // Sets keep their place on the board from one position to the next (the engine sorts
  // them), over a reload too.
  const layoutKey = !readOnly && frame && frame.table ? `${LAYOUT_KEY}:${frame.table}:${seat}` : null;
  const layout = useRef(null);
  if (layout.current === null) layout.current = loadLayout(layoutKey);
  const tableSets = useMemo(() => {
    const next = view.table.map((s) => ({ names: s, tokens: s.map(rackName) }));
    const ordered = stableOrder(layout.current, next).map((x) => x.names);
    layout.current = ordered.map((s) => s.map(rackName));
    saveLayout(layoutKey, layout.current);
    return ordered;
  }, [JSON.stringify(view.table)]);

  const position = `${frame && frame.table}:${seat}:${view.turn}:${JSON.stringify(view.table)}:${rackNames.join(",")}`;
  const fresh = useMemo(() => initialDraft(tableSets, rackNames), [position]);
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

  // what the others did since my last turn: their sets glow
  const justPlayed = useMemo(() => {
    const out = new Set();
    for (const ev of view.recent || []) {
      if (ev.move === "play" && ev.seat !== seat && ev.changes) for (const s of ev.changes.split(" | ")) out.add(s);
    }
    return out;
  }, [view.recent, seat]);
  const drawnNow = useMemo(() => {
    const mine = (view.recent || []).find((ev) => ev.seat === seat && ev.drawn);
    return mine ? [...mine.drawn] : [];
  }, [view.recent, seat]);

  // the hint: the rack tiles it lays glow; "Show me" lays the whole arrangement out
  const hintPlay = hint ? parseTableText(hint.action) : null;
  const hintDraw = hint && (hint.action === "draw" || hint.action === "pass");
  const hintTiles = useMemo(() => {
    if (!hintPlay) return [];
    const left = hintPlay.flat().map(rackName);
    for (const s of view.table) for (const n of s) {
      const at = left.indexOf(rackName(n));
      if (at >= 0) left.splice(at, 1);
    }
    return left;
  }, [hint && hint.action, view.table]);

  // ---- moving tiles ----
  function idsOfSelection() {
    if (selectedSet) {
      const s = draftRef.current.sets.find((x) => x.key === selectedSet);
      return s ? s.items.map((t) => t.id) : [];
    }
    return selected;
  }

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
      moving = ids.filter((id) => (all.find((t) => t.id === id) || {}).from === "rack");
      if (moving.length < ids.length) {
        toast("a tile that was on the table at the start of your turn stays on the table (put it in a set instead)");
      }
      moving = moving.filter((id) => where(id) !== "rack");
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

  function split(setKey, beforeId) {
    const d = draftRef.current;
    const s = d.sets.find((x) => x.key === setKey);
    if (!s) return;
    const order = readSet(s.items).slots.map((x) => x.item.id);
    const ids = order.slice(order.indexOf(beforeId));
    setDraft(moveTiles(d, ids, { after: setKey }));
    setSelected([]);
  }

  function cycleJoker(setKey) {
    const d = draftRef.current;
    const s = d.sets.find((x) => x.key === setKey);
    const r = readSet(s.items);
    if (!r.ok || r.count < 2) return;
    const faces = [...r.readings[(r.index + 1) % r.count].jokerFaces];
    const items = s.items.map((t) => (t.name === "J" ? { ...t, face: faces.shift() || t.face } : t));
    setDraft({ ...d, sets: d.sets.map((x) => (x.key === setKey ? { ...x, items } : x)) });
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
    const next = draftFromPlay(fresh, hintPlay);
    if (next) { setDraft(next); setSelected([]); setSelectedSet(null); }
  }

  async function submit() {
    if (busy || !changed) return;
    const text = playJSON(draftRef.current);
    const listed = legal.find((m) => m.text === text);
    await act({ json: listed ? listed.json : text });
  }

  async function drawOrPass() {
    if (busy) return;
    const m = legal.find((x) => x.text === "draw" || x.text === "pass");
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

  useEffect(() => {
    if (!myTurn) return undefined;
    const key = (e) => {
      if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
      if (document.querySelector(".modal")) return;
      if (e.key === "Escape") { setSelected([]); setSelectedSet(null); }
      if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); undo(); }
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [myTurn, history]);

  // ---- what the player sees ----
  const selIds = new Set(dragging ? dragging.ids : idsOfSelection());
  const anySelected = !dragging && (selected.length > 0 || selectedSet !== null);
  const rackItems = sortTiles(draft.rack, sortBy);
  const hintLeft = [...hintTiles];
  const drawnLeft = [...drawnNow];
  const meldValue = draft.sets.filter((s) => s.items.every((t) => t.from === "rack"))
    .map((s) => readSet(s.items)).filter((r) => r.ok).reduce((a, r) => a + r.value, 0);
  const touchedTable = draft.sets.some((s) => s.key.startsWith("t") && isChanged(s));
  const laid = fresh.rack.length - draft.rack.length;
  const invalid = draft.sets.filter((s) => !readSet(s.items).ok).length;
  const splitAt = selected.length === 1 ? selected[0] : null;
  // legal targets: the sets the selected (or dragged) tiles would make valid
  const movingItems = [...draft.rack, ...draft.sets.flatMap((s) => s.items)].filter((t) => selIds.has(t.id));
  const fitsIn = (s) => movingItems.length > 0 && !s.items.some((t) => selIds.has(t.id))
    && readSet([...s.items, ...movingItems]).ok;
  const sortChange = (by) => { setSortBy(by); try { localStorage.setItem(SORT_KEY, by); } catch { /* ignore */ } };
  const drawMove = legal.find((x) => x.text === "draw" || x.text === "pass");
  const ghostTiles = dragging ? [...draft.rack, ...draft.sets.flatMap((s) => s.items)].filter((t) => dragging.ids.includes(t.id)) : [];

  let instruction = null;
  if (myTurn) {
    if (!melded) instruction = `Your initial meld: lay new sets from your rack worth ${MELD_MIN} or more — or draw.`;
    else instruction = "Drag tiles onto the table (or select them, then choose a set), rework any sets, then Play — or draw.";
  }

  return html`
    <div class=${cx("rk-table", myTurn && "my-turn", dragging && "dragging")} data-hint=${hint ? hint.action : null}>
      <div class="rk-top">
        <${Players} view=${view} seat=${seat} seats=${seats} />
        <${TurnTimer} frame=${frame} view=${view} seat=${seat} seats=${seats} />
      </div>
      <${Recent} view=${view} seat=${seat} seats=${seats} />

      <section class="rk-board" aria-label="The table" data-drop=${myTurn ? "new" : null}>
        ${draft.sets.length === 0 && html`<p class="rk-empty">${myTurn ? "The table is empty. Drag tiles here to lay a set." : "The table is empty."}</p>`}
        <div class="rk-sets">
          ${draft.sets.map((s, i) => html`
            <${SetView} key=${s.key} set=${s} index=${i} selectedIds=${selIds} interactive=${myTurn} busy=${busy}
              changed=${myTurn && isChanged(s)}
              justPlayed=${!isChanged(s) && justPlayed.has(setText(s.items))}
              onTile=${toggleTile} onDragStart=${onDragStart} dropTarget=${over === `set:${s.key}`}
              canPlace=${anySelected && selectedSet !== s.key} fits=${fitsIn(s)} onPlaceHere=${() => place(idsOfSelection(), { set: s.key })}
              onSelectSet=${(e) => toggleSet(s.key, e)} setSelected=${selectedSet === s.key}
              splitAt=${s.items.some((t) => t.id === splitAt) ? splitAt : null} onSplit=${() => split(s.key, splitAt)}
              onJoker=${() => cycleJoker(s.key)} />`)}
          ${myTurn && html`
            <button type="button" class=${cx("rk-new-set", (anySelected || dragging) && "can-place", over === "new" && "drop-over")}
              data-drop="new" disabled=${busy} aria-label="New set: put the selected tiles in a new set"
              onClick=${() => { if (!suppressClick.current && anySelected) place(idsOfSelection(), { new: true }); }}>
              <span class="plus">+</span> New set</button>`}
        </div>
      </section>

      ${seat !== null && view.rack && html`
        <section class=${cx("rk-rack", myTurn && "active", over === "rack" && "drop-over")} data-drop=${myTurn ? "rack" : null}
                 aria-label="Your rack">
          <div class="rk-rack-head">
            <b>Your rack</b> <span class="muted">${plural(draft.rack.length, "tile")}</span>
            <span class="rk-sort" role="group" aria-label="Sort your rack">
              <button type="button" aria-pressed=${sortBy === "colour" ? "true" : "false"} onClick=${() => sortChange("colour")}
                title="By colour, then number: runs show up">Sort by colour</button>
              <button type="button" aria-pressed=${sortBy === "number" ? "true" : "false"} onClick=${() => sortChange("number")}
                title="By number, then colour: groups show up">Sort by number</button>
            </span>
            ${myTurn && selected.some((id) => !draft.rack.some((t) => t.id === id)) && html`<button type="button" class="rk-back-to-rack"
                onClick=${() => place(selected, { rack: true })}>Back to rack</button>`}
          </div>
          <div class="rk-rack-tiles">
            ${rackItems.map((t, i) => {
              const hi = hintLeft.indexOf(t.name);
              if (hi >= 0) hintLeft.splice(hi, 1);
              const dn = drawnLeft.indexOf(t.name);
              if (dn >= 0) drawnLeft.splice(dn, 1);
              return html`<${Tile} key=${t.id} id=${t.id} name=${t.name} selected=${selIds.has(t.id)} hinted=${hi >= 0}
                fresh=${dn >= 0} extraClass="dealt" label=${`${tileLabel(t.name)}, on your rack${dn >= 0 ? " (just drawn)" : ""}`}
                onClick=${myTurn ? (e) => toggleTile(t.id, e) : null}
                onPointerDown=${myTurn ? (e) => onDragStart(e, { ids: [t.id] }) : null} />`;
            })}
            ${draft.rack.length === 0 && html`<span class="muted">${changed ? "Every tile is on the table: press Play to go out!" : "empty"}</span>`}
          </div>
        </section>`}
      ${myTurn && html`
        <div class="rk-controls" role="toolbar" aria-label="Your turn">
          <p class="rk-instruction">${instruction}</p>
          ${!melded && html`
            <div class=${cx("rk-meld", meldValue >= MELD_MIN && "enough")} aria-label=${`initial meld: ${meldValue} of ${MELD_MIN} points`}>
              <span>Initial meld <b>${meldValue}</b> / ${MELD_MIN}</span>
              <span class="rk-meld-bar"><span style=${`width:${Math.min(100, (meldValue / MELD_MIN) * 100)}%`}></span></span>
              ${touchedTable && !view.options.initial_meld_allows_manipulation && html`<span class="rk-warn">before your initial meld, table sets stay as they are</span>`}
            </div>`}
          <div class="rk-buttons">
            <button type="button" onClick=${undo} disabled=${busy || !history.length} title="Ctrl+Z">Undo</button>
            <button type="button" onClick=${reset} disabled=${busy || !changed}>Reset turn</button>
            ${hintPlay && html`<button type="button" class="hinted" onClick=${showHint} disabled=${busy}>Show the hint</button>`}
            <span class="rk-spacer"></span>
            ${changed && html`<span class="rk-summary">${plural(laid, "tile")} from your rack${invalid ? html` · <b class="bad">${plural(invalid, "set")} not valid</b>` : ""}</span>`}
            <button type="button" class="primary rk-play" onClick=${submit} disabled=${busy || !changed}
              title=${changed ? "Send this table to the game" : "Move tiles first"}>Play</button>
            ${drawMove && html`<button type="button" class=${cx("rk-draw", hintDraw && "hinted")} onClick=${drawOrPass} disabled=${busy}
              title=${changed ? "Drawing ends your turn; the tiles you moved go back" : ""}>${drawMove.text === "draw" ? "Draw a tile" : "Pass"}</button>`}
          </div>
        </div>`}

      ${dragging && html`<div class="rk-ghost" ref=${ghost} aria-hidden="true">
          ${ghostTiles.map((t) => html`<${Tile} key=${t.id} name=${t.name} face=${t.face} />`)}</div>`}
    </div>`;
}

// ---- the log and the end ---------------------------------------------------------------------

function tilesText(names) {
  return names.map((n) => tileLabel(n)).join(", ");
}

/** One plain sentence for an entry of the view's `recent` list (a decision). */
function describe(ev, ctx) {
  if (!ev || typeof ev !== "object") return null;
  const mine = ctx.mySeat !== null && ctx.mySeat !== undefined && ev.seat === ctx.mySeat;
  const who = mine ? "You" : ctx.name(ev.seat);
  switch (ev.move) {
    case "play": {
      const sets = (ev.changes || "").split(" | ").filter(Boolean).map((s) => setWords(s.split(" ")));
      const laid = `${who} laid ${plural(ev.laid, "tile")} from ${mine ? "your" : "their"} rack`;
      if (ctx.drawsSets && sets.length) return `${laid}:`; // the sets follow as tiles
      return sets.length ? `${laid}, making ${sets.join("; ")}.` : `${laid}.`;
    }
    case "draw":
      return ev.drawn && ev.drawn.length ? `${who} drew ${tilesText(ev.drawn)}.` : `${who} drew a tile.`;
    case "pass":
      return `${who} passed (the pool is empty).`;
    case "timeout": {
      const n = ev.drawn_count || 0;
      if (!n) return `${who} ran out of time: the turn was undone (the pool was empty, so no penalty tile).`;
      const tiles = ev.drawn && ev.drawn.length ? ` (${tilesText(ev.drawn)})` : "";
      return `${who} ran out of time: the turn was undone and ${plural(n, "penalty tile")} drawn${tiles}.`;
    }
    default:
      return null;
  }
}

function scoreText(score) {
  if (typeof score === "string" && score.includes("/")) {
    const [a, b] = score.split("/").map(Number);
    return `${a > 0 ? "+" : ""}${score} (${(a / b).toFixed(2)})`;
  }
  return score > 0 ? `+${score}` : String(score);
}

function Result({ result, view, seats, mySeat }) {
  const d = result.details || {};
  const values = d.rack_values || [];
  const racks = d.racks || [];
  const penalty = (view && view.options && view.options.joker_penalty) ?? 30;
  const name = (s) => seatName(seats, s, mySeat);
  const winners = d.winners || result.winners || [];
  let how;
  if (d.end === "went_out") {
    const w = winners[0];
    const others = values.map((v, s) => ({ v, s })).filter((x) => x.s !== w);
    const sum = others.length > 1 ? `${others.map((x) => x.v).join(" + ")} = ` : "";
    how = html`<p><b>${name(w)}</b> went out (emptied the rack). Everyone else scores minus the value of the
      tiles left on their rack, and the winner scores the total: ${sum}<b>${scoreText(result.scores[w])}</b>.</p>`;
  } else {
    const low = values.length ? Math.min(...values) : 0;
    const shared = winners.length > 1;
    how = html`<p>The pool ran out and every player passed in turn, so the lowest rack wins
      (${shared ? `${winners.map(name).join(" and ")}, ` : `${name(winners[0])}, `}${low} points).
      Everyone else scores minus the difference from it; the ${shared ? "winners share" : "winner takes"} the total${shared ? " equally" : ""}.</p>`;
  }
  return html`
    <div class="rk-result">
      ${how}
      <table class="rk-result-table">
        <thead><tr><th>Player</th><th>Tiles left</th><th>Rack value</th><th>Score</th></tr></thead>
        <tbody>${result.scores.map((score, s) => html`
          <tr class=${cx(winners.includes(s) && "winner")}>
            <td>${name(s)}${winners.includes(s) ? " ★" : ""}</td>
            <td class="rk-left">${(racks[s] || []).length
              ? (racks[s] || []).map((t, i) => html`<${Tile} key=${i} name=${t} small=${true} />`)
              : html`<span class="muted">none</span>`}</td>
            <td>${values[s] ?? ""}</td>
            <td><b>${scoreText(score)}</b></td>
          </tr>`)}</tbody>
      </table>
      <p class="muted">A tile left on a rack counts its number; a joker counts ${penalty}. Every game's scores add up to zero.</p>
    </div>`;
}

export default {
  Table,
  describe,
  /** The view's public history: Rummikub's view keeps the moves since the seat's last turn. */
  events: (view) => view.recent || [],
  /** The table is shown on the board by "Show the hint"; the message stays short. */
  hintText: (hint) => `the ${hint.bot} bot's move is ready: press "Show the hint" to see it on the table`,
  Result,
  help: "Drag tiles from your rack onto the table (or click tiles, then a set's + or New set); red sets are not valid yet; press Play, or Draw a tile.",
};
