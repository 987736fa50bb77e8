// Rummikub tiles and sets for the browser: names, labels, and the set check the board uses
// to colour a set red before the player submits. This is a display aid only: the engine
// (games/rummikub/state.py) decides what is legal and explains a refused play.
//
// The rules (the rules reference, §3, §7 and its engine checklist): "a group (3-4 tiles,
// one number, all colours different) or a run (3 or more tiles, one colour, consecutive
// numbers within 1..13, no wrap). Jokers fill any slot, and each one's number and colour is
// stored."

export const ORDER = "KRBO";
export const COLOUR = { K: "black", R: "red", B: "blue", O: "orange" };
export const MELD_MIN = 30;

/** "R7" -> {joker: false, c: "R", n: 7}; "J" -> {joker: true, face: null};
 * "J=R7" -> {joker: true, face: "R7", c: "R", n: 7}. */
export function tileInfo(name) {
  if (name === "J") return { joker: true, face: null, c: null, n: null };
  if (name.startsWith("J=")) {
    const face = name.slice(2);
    return { joker: true, face, c: face[0], n: Number(face.slice(1)) };
  }
  return { joker: false, face: null, c: name[0], n: Number(name.slice(1)) };
}

/** The rack name of a tile on the table: "J=R7" -> "J". */
export function rackName(name) {
  return name.startsWith("J") ? "J" : name;
}

/** "red 7", "joker", "joker as red 7". */
export function tileLabel(name, face) {
  const info = tileInfo(name);
  const f = face || info.face;
  if (info.joker) return f ? `joker as ${COLOUR[f[0]]} ${f.slice(1)}` : "joker";
  return `${COLOUR[info.c]} ${info.n}`;
}

/** Rack sort keys: by colour then number ("789": runs show up) or by number then colour
 * ("777": groups show up); jokers last either way. */
export function sortKey(name, by) {
  const info = tileInfo(name);
  if (info.joker) return [99, 99];
  const c = ORDER.indexOf(info.c);
  return by === "number" ? [info.n, c] : [c, info.n];
}

export function sortTiles(items, by) {
  return [...items].sort((a, b) => {
    const ka = sortKey(a.name, by);
    const kb = sortKey(b.name, by);
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
}

function combinations(list, k) {
  if (k === 0) return [[]];
  const out = [];
  list.forEach((x, i) => {
    for (const rest of combinations(list.slice(i + 1), k - 1)) out.push([x, ...rest]);
  });
  return out;
}

/** Every valid reading of a set of tiles (each a {name: "R7" | "J", ...}): a list of
 * {kind, slots: [{item} | {face}], value, jokerFaces}, in the order the engine's notation
 * reader prefers (a bare joker goes at a run's top end, a group takes the first missing
 * colours in K R B O order). Empty when the tiles make no set. */
export function readings(items) {
  const n = items.length;
  const naturals = items.filter((t) => t.name !== "J").map((item) => ({ item, ...tileInfo(item.name) }));
  const k = n - naturals.length;
  if (n < 3 || naturals.length === 0) return [];
  const numbers = new Set(naturals.map((t) => t.n));
  const colours = new Set(naturals.map((t) => t.c));
  const groups = [];
  const runs = [];
  if (numbers.size === 1 && colours.size === naturals.length && n <= 4) {
    const number = naturals[0].n;
    const missing = [...ORDER].filter((c) => !colours.has(c));
    for (const combo of combinations(missing, k)) {
      const slots = [...ORDER].filter((c) => colours.has(c) || combo.includes(c)).map((c) => {
        const t = naturals.find((x) => x.c === c);
        return t ? { item: t.item } : { face: `${c}${number}` };
      });
      groups.push({ kind: "group", slots, value: number * n, jokerFaces: combo.map((c) => `${c}${number}`) });
    }
  }
  if (colours.size === 1 && numbers.size === naturals.length && n <= 13) {
    const colour = naturals[0].c;
    const lo = Math.min(...numbers);
    const hi = Math.max(...numbers);
    for (let start = Math.min(lo, 14 - n); start >= Math.max(1, hi - n + 1); start--) {
      const slots = [];
      const faces = [];
      let value = 0;
      for (let v = start; v < start + n; v++) {
        const t = naturals.find((x) => x.n === v);
        value += v;
        if (t) slots.push({ item: t.item });
        else {
          slots.push({ face: `${colour}${v}` });
          faces.push(`${colour}${v}`);
        }
      }
      runs.push({ kind: "run", slots, value, jokerFaces: faces });
    }
  }
  // With two or more naturals of one number the tiles read as a group first (as the
  // engine's reader does); a lone natural with two jokers reads as a run first.
  return naturals.length >= 2 ? [...groups, ...runs] : [...runs, ...groups];
}

/** Why the tiles make no set, in a few words of the rules (null when they make one). */
export function setProblem(items) {
  const n = items.length;
  if (n < 3) return "needs at least 3 tiles";
  const naturals = items.filter((t) => t.name !== "J").map((t) => tileInfo(t.name));
  if (!naturals.length) return "jokers only";
  if (readings(items).length) return null;
  const numbers = naturals.map((t) => t.n);
  const colours = naturals.map((t) => t.c);
  const repeated = (list) => list.find((x, i) => list.indexOf(x) !== i);
  if (new Set(numbers).size === 1) {
    if (n > 4) return "a group has at most 4 tiles";
    return `two ${COLOUR[repeated(colours)]} ${numbers[0]}s in a group`;
  }
  if (new Set(colours).size === 1) {
    const again = repeated(numbers);
    if (again !== undefined) return `two ${COLOUR[colours[0]]} ${again}s in a run`;
    if (n > 13) return "a run has at most 13 tiles";
    const lo = Math.min(...numbers);
    const hi = Math.max(...numbers);
    const gaps = [];
    for (let v = lo + 1; v < hi; v++) if (!numbers.includes(v)) gaps.push(v);
    return `gap at ${gaps.join(", ")} in the run`;
  }
  return "numbers and colours both differ";
}

/** How the board reads a set: {ok, kind, slots: [{item, face}], value, count, index} when
 * valid (jokers keep the face they had when it still fits: `item.face`), else
 * {ok: false, problem, slots} with the tiles in the order they were put there. */
export function readSet(items) {
  const all = readings(items);
  if (!all.length) {
    return { ok: false, problem: setProblem(items), slots: items.map((item) => ({ item, face: item.face || null })) };
  }
  const jokers = items.filter((t) => t.name === "J");
  let best = 0;
  let bestScore = -1;
  all.forEach((r, i) => {
    const left = [...r.jokerFaces];
    let score = 0;
    for (const j of jokers) {
      const at = left.indexOf(j.face);
      if (at >= 0) { score++; left.splice(at, 1); }
    }
    if (score > bestScore) { best = i; bestScore = score; }
  });
  const reading = all[best];
  const pool = [...jokers];
  const slots = reading.slots.map((s) => (s.item ? { item: s.item, face: null } : { item: null, face: s.face }));
  for (const s of slots) {
    if (s.item) continue;
    const at = pool.findIndex((j) => j.face === s.face);
    if (at >= 0) s.item = pool.splice(at, 1)[0];
  }
  for (const s of slots) if (!s.item) s.item = pool.shift();
  return { ok: true, kind: reading.kind, slots, value: reading.value, count: all.length, index: best, readings: all };
}

/** A set as the engine's notation: jokers with their faces when the set is valid. */
export function setText(items) {
  const r = readSet(items);
  return r.slots.map((s) => (s.item.name === "J" && s.face ? `J=${s.face}` : s.item.name)).join(" ");
}

/** Tiles two lists have in common (as multisets of strings). */
export function overlap(a, b) {
  const left = new Map();
  for (const x of a) left.set(x, (left.get(x) || 0) + 1);
  let n = 0;
  for (const x of b) {
    const k = left.get(x) || 0;
    if (k > 0) { n++; left.set(x, k - 1); }
  }
  return n;
}

/** Put `next` (objects with `tokens`) in the order of `prev` (token lists) so that sets
 * keep their place on the board: an unchanged set stays in its slot, a changed one takes
 * the slot of the old set it shares most tiles with, new ones go at the end. */
export function stableOrder(prev, next) {
  const used = next.map(() => false);
  const sig = (t) => [...t].sort().join(" ");
  const slots = prev.map((p) => {
    const k = sig(p);
    const i = next.findIndex((x, j) => !used[j] && sig(x.tokens) === k);
    if (i >= 0) used[i] = true;
    return i >= 0 ? i : null;
  });
  prev.forEach((p, slot) => {
    if (slots[slot] !== null) return;
    let best = -1;
    let most = 0;
    next.forEach((x, j) => {
      if (used[j]) return;
      const o = overlap(p, x.tokens);
      if (o > most) { most = o; best = j; }
    });
    if (best >= 0) { used[best] = true; slots[slot] = best; }
  });
  const out = slots.filter((i) => i !== null).map((i) => next[i]);
  next.forEach((x, j) => { if (!used[j]) out.push(x); });
  return out;
}

/** "= R1 R2 R3 | K5 R5 B5" -> [["R1", "R2", "R3"], ["K5", "R5", "B5"]] (null if not a play). */
export function parseTableText(text) {
  if (typeof text !== "string" || !text.trim().startsWith("=")) return null;
  return text.trim().slice(1).split(/[|;]/).map((s) => s.trim().split(/[\s,]+/).filter(Boolean)).filter((s) => s.length);
}

/** A set in plain words: "blue 9–13 (joker as 11)", "7s in black, red and blue (joker as
 * blue)"; the tiles' names when they make no set. */
export function setWords(names) {
  const items = names.map((name, i) => ({ id: String(i), name: rackName(name), face: tileInfo(name).face }));
  const r = readSet(items);
  const list = (xs) => (xs.length > 1 ? `${xs.slice(0, -1).join(", ")} and ${xs[xs.length - 1]}` : xs[0]);
  if (!r.ok) return names.map((n) => tileLabel(n)).join(", ");
  const faces = r.slots.map((s) => tileInfo(s.face || s.item.name));
  const jokers = r.slots.filter((s) => s.item.name === "J").map((s) => tileInfo(s.face));
  if (r.kind === "run") {
    const joker = jokers.length ? ` (joker as ${list(jokers.map((j) => String(j.n)))})` : "";
    return `${COLOUR[faces[0].c]} ${faces[0].n}–${faces[faces.length - 1].n}${joker}`;
  }
  const joker = jokers.length ? ` (joker as ${list(jokers.map((j) => COLOUR[j.c]))})` : "";
  return `${faces[0].n}s in ${list(faces.map((f) => COLOUR[f.c]))}${joker}`;
}
