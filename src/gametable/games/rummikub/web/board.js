// Rummikub's board in the browser: how tiles are looked up and laid out, never what the
// rules say of them. What a tile is comes from the game's components (sent with the game's
// description: colour, number, joker, its name in words); whether a set is valid, what it
// is worth and what a joker stands for come from the engine (the view and the previews).

/** A tile's facts by its id (`R7`, `J`, `J=R7`), from the game's components. */
export function tileFacts(components, id) {
  const known = components && components.tiles && components.tiles[id];
  return known || { colour: null, number: null, joker: false, stands_for: null, rack: id, name: id };
}

/** Rack sort keys: by colour then number ("789": runs show up) or by number then colour
 * ("777": groups show up); jokers last either way. The colours' order is the game's. */
export function sortItems(items, by, components) {
  const colours = (components && components.colours) || {};
  const key = (item) => {
    const t = tileFacts(components, item.tile);
    if (t.joker || t.number === null) return [99, 99];
    const c = colours[t.colour] ? colours[t.colour].order : 9;
    return by === "number" ? [t.number, c] : [c, t.number];
  };
  return [...items].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0] - kb[0] || ka[1] - kb[1];
  });
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

/** The tiles of `items` in the order a set reads (`tiles`, ids as the engine wrote them:
 * each joker with what it stands for), each slot with its item: `[{item, id}]`. Items the
 * reading does not name (an answer for an older draft) follow in their own order. */
export function slotsOf(items, tiles, components) {
  const left = [...items];
  const out = [];
  for (const id of tiles || []) {
    const rack = tileFacts(components, id).rack;
    let at = left.findIndex((t) => t.face === id);
    if (at < 0) at = left.findIndex((t) => t.tile === rack);
    if (at < 0) continue;
    out.push({ item: left[at], id });
    left.splice(at, 1);
  }
  for (const item of left) out.push({ item, id: item.face || item.tile });
  return out;
}
