// Ramen Fury in the browser: three bowls per player, the Pantry, two actions a turn, spoons,
// Nori and Chili free plays into any bowl, and the pending choices (a card to discard, a
// revealed Nori/Chili, the end of a turn with a free play left) asked in a banner with the
// choices as buttons.
//
// The table draws the seat's view and knows no rule, and writes no sentence of its own (its
// words are messages of the game's catalog, rendered by the shell's i18n.t): the cards' names, categories and
// scoring rules come from the game's components (`game.components`, from the server); what
// each bowl scores, why, how many cards it holds and what it lacks to be eaten come from the
// view (each bowl's `points`, `breakdown`, `capacity`, `eat_needs`); the rules' limits from
// `view.limits`; which card may go where from the legal list, whose decisions are data
// (`{type: "prep", card: "Ch", bowl: 1}`). What happened is the shell's log, in words.
//
// A click becomes a decision as data: when the legal list holds it, that entry is sent;
// otherwise the decision is sent all the same, so that the engine explains why it is not
// allowed (the answer arrives in words) and nothing changes.
//
// How clicks map to decisions (choices the rules leave to the interface):
// - a hand card, then a bowl: Prep onto one of your bowls (1 action); a Nori or Chili, then
//   any bowl: the free play (`place`). A Nori/Chili clicked onto your own bowl is placed
//   free, never prepped (a Prep of it would spend an action for the same result); that
//   Prep stays reachable in the shell's "All moves" list.
// - a Pantry card or the deck: Draw; "Restock the Pantry"; Eat / Empty under each of your
//   bowls (Eat is offered on every bowl with cards, and explained when it cannot be).
// - "Use a spoon", then the bowl to take the top card from, then one of your bowls.
// - After a Restock that revealed a Nori and a Chili, the banner asks which one first.
//
// The keyboard (listed in the help, `help`): 1–5 choose a card of the hand; the focus then
// goes to the first bowl it can go to, and the arrow keys move between those bowls; p goes
// to the Pantry and the deck, b to the bowls (where the chosen card can go, else the Eat
// and Empty buttons), u takes a spoon. Each group of buttons (the hand, the Pantry, the
// bowls a card can go to, the Eat and Empty buttons, a banner's choices) is one stop of the
// Tab key, the arrow keys moving within it (a roving tab stop).
//
// Nothing moves the page by itself: a banner that appears takes the keyboard focus without
// scrolling (it stays in view: it is sticky at the top of the table), and the focus follows
// a choice to its bowls only when the choice was made with the keyboard.
//
// For screen readers, a button's name is the sentence of what it does ("Eggs: draw it"),
// with the card's picture and visible words hidden from them (`aria-hidden`), so that the
// name and the visible label never disagree.
import {
  html, useEffect, useLayoutEffect, useMemo, useRef, cx, seatName, useStateFor,
} from "gametable/ui.js";
import { t } from "gametable/i18n.js";

/** The table's own words: messages ``ramen_fury.web.<key>`` of the game's catalog. */
const w = (key, params) => t(`ramen_fury.web.${key}`, params);
/** A message of the game's catalog as a parameter of another. */
const msg = (id, params = {}) => ({ id, params });

// -- cards: what the components say of them ----------------------------------------------

const NO_CARD = { name: "", short: "", rule: "", category: "special", ingredient: "", flavor: false, special: false };

// The game's description (with its components) as the table last received it: the shell
// gives it to the Table, and the end screen's Result draws the same cards.
let knownGame = null;

/** A card's description (names in words, category, what it is) from the components. */
function cardInfo(game, code) {
  const cards = (game && game.components && game.components.cards) || {};
  return cards[code] || NO_CARD;
}

/** The CSS look of a card: its category, or for a special card its ingredient. */
function looks(info) {
  if (info.category === "special") return info.ingredient;
  return info.category === "vegetable" ? "veg" : info.category;
}

function categoryName(game, info) {
  const categories = (game && game.components && game.components.categories) || {};
  const entry = categories[info.category];
  return entry ? entry.short || entry.name : "";
}

/** The card's picture, by its ingredient: simple shapes in its colours, no images. */
const SHAPES = {
  beef: html`<path d="M7 22c0-9 9-14 18-12 7 2 9 9 6 15-3 6-12 8-18 5-4-2-6-4-6-8z" fill="#9c3b22"/>
    <path d="M12 21c3-5 9-7 14-5" stroke="#f3d7c4" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
  chicken: html`<ellipse cx="17" cy="17" rx="10" ry="9" fill="#d98b3a"/><rect x="22" y="21" width="5" height="12" rx="2" transform="rotate(-40 24 27)" fill="#f4e6cf"/>
    <circle cx="31" cy="31" r="3" fill="#f4e6cf"/><circle cx="28" cy="33" r="3" fill="#f4e6cf"/>`,
  shrimp: html`<path d="M29 11a12 12 0 1 0 2 16" fill="none" stroke="#ef7f5a" stroke-width="7" stroke-linecap="round"/>
    <path d="M13 16l4 3M12 22l5 1M14 28l4-2" stroke="#fff" stroke-width="1.6"/><path d="M31 27l5 3-5 2" fill="#ef7f5a"/>`,
  soy_sauce: html`<rect x="14" y="12" width="12" height="22" rx="4" fill="#4a2a1a"/><rect x="17" y="5" width="6" height="8" rx="1.5" fill="#c0392b"/>
    <rect x="15.5" y="19" width="9" height="7" rx="1" fill="#f3e3c3"/>`,
  fury: html`<path d="M20 5c2 7 10 10 10 19a10 10 0 0 1-20 0c0-5 3-8 5-10 0 4 2 6 4 6-1-6 0-11 1-15z" fill="#e0341e"/>
    <path d="M20 20c1 4 5 5 5 9a5 5 0 0 1-10 0c0-3 2-4 3-5 0 2 1 3 2 3 0-3 0-5 0-7z" fill="#ffc23a"/>`,
  chashu: html`<circle cx="20" cy="20" r="14" fill="#c9574f"/><circle cx="20" cy="20" r="11" fill="#f2b8a6"/>
    <path d="M20 20m-6 0a6 6 0 1 0 6-6a3.5 3.5 0 1 1-3.5 3.5" fill="none" stroke="#b24a3c" stroke-width="2.2"/>`,
  eggs: html`<ellipse cx="20" cy="21" rx="11" ry="14" fill="#fff" stroke="#d9a441" stroke-width="2"/><circle cx="20" cy="23" r="6.5" fill="#f2a900"/>`,
  naruto: html`<circle cx="20" cy="20" r="14" fill="#fff" stroke="#e4b5c6" stroke-width="2"/>
    <path d="M20 20m-2 0a2 2 0 1 1 4 0a5 5 0 1 1-8 0a8 8 0 1 1 13 3" fill="none" stroke="#e0538f" stroke-width="2.4"/>`,
  corn: html`<ellipse cx="20" cy="18" rx="7" ry="13" fill="#f5c518"/>
    <path d="M15 10h10M14 15h12M14 20h12M15 25h10M20 6v24" stroke="#d79e00" stroke-width="1.2"/>
    <path d="M12 34c1-8 4-10 8-7M28 34c-1-8-4-10-8-7" fill="#5aa04a"/>`,
  mushrooms: html`<path d="M6 21a14 11 0 0 1 28 0z" fill="#8b5a3c"/><circle cx="15" cy="15" r="2" fill="#c49a7a"/><circle cx="24" cy="13" r="1.6" fill="#c49a7a"/>
    <rect x="16" y="21" width="8" height="12" rx="3" fill="#ead9c2"/>`,
  scallions: html`<circle cx="13" cy="15" r="6" fill="none" stroke="#3a9a3f" stroke-width="3"/><circle cx="27" cy="16" r="6" fill="none" stroke="#63b94e" stroke-width="3"/>
    <circle cx="19" cy="27" r="6" fill="none" stroke="#3a9a3f" stroke-width="3"/>`,
  tofu: html`<path d="M8 15l12-6 12 6-12 6z" fill="#fffaf0" stroke="#c9b99a" stroke-width="1.5"/><path d="M8 15v12l12 6V21z" fill="#f1e7d2" stroke="#c9b99a" stroke-width="1.5"/>
    <path d="M32 15v12l-12 6V21z" fill="#e4d6b9" stroke="#c9b99a" stroke-width="1.5"/>`,
  nori: html`<rect x="9" y="6" width="22" height="28" rx="2" fill="#1f3b2d"/><path d="M13 11h14M13 17h14M13 23h14M13 29h14" stroke="#4f7a60" stroke-width="1.5"/>`,
  chili: html`<path d="M12 14c6-2 14 1 17 8 2 6-2 12-6 10-3-1-2-6-5-9-2-3-8-4-6-9z" fill="#d7261e"/>
    <path d="M12 14c-2-3 0-7 4-7" stroke="#3a8a3a" stroke-width="3" fill="none" stroke-linecap="round"/>`,
};

function Emblem({ info }) {
  return html`<svg class="rf-emblem" viewBox="0 0 40 40" aria-hidden="true" focusable="false">${SHAPES[info.ingredient] || ""}</svg>`;
}

/** What a screen reader says for something drawn: ``shown`` for the eyes (hidden from
 * screen readers), ``said`` for the ears (hidden from the eyes). */
function Said({ said }) {
  return html`<span class="sr-only">${said}</span>`;
}

/** A face-up card (hand, Pantry): a button when it can be chosen (its name for screen
 * readers is ``label``, what choosing it does), else a picture named by the card. */
export function Card({ game, code, onClick, playable, selected, hinted, revealed, label, small, toggle, rove }) {
  const info = cardInfo(game, code);
  const face = html`
    <span class="rf-card-band" aria-hidden="true">${categoryName(game, info)}</span>
    <${Emblem} info=${info} />
    <span class="rf-card-name" aria-hidden="true">${info.short}</span>
    ${!small && html`<span class="rf-card-rule" aria-hidden="true">${info.rule}</span>`}`;
  const classes = cx("rf-card", `cat-${looks(info)}`, small && "small", playable && "playable",
    selected && "selected", hinted && "hinted", revealed && "revealed");
  const title = `${info.name} — ${info.rule}`;
  if (!onClick) {
    return html`<span class=${classes} data-card=${code} title=${title} role="img" aria-label=${label || info.name}>${face}</span>`;
  }
  return html`<button type="button" class=${classes} data-card=${code} title=${title} data-rove=${rove}
      aria-pressed=${toggle ? (selected ? "true" : "false") : undefined} onClick=${onClick}>${face}<${Said} said=${label || info.name} /></button>`;
}

/** A card in a bowl or a list: a small chip, its name written out. */
function Chip({ game, code, top, extra }) {
  const info = cardInfo(game, code);
  return html`<span class=${cx("rf-chip", `cat-${looks(info)}`, top && "top", extra)} data-card=${code}
      title=${info.name}><${Emblem} info=${info} /><span>${info.short}</span></span>`;
}

function CardBack({ label, small, hidden }) {
  if (hidden) return html`<span class=${cx("rf-back", small && "small")} aria-hidden="true"></span>`;
  return html`<span class=${cx("rf-back", small && "small")} role="img" aria-label=${label || w("face_down")}></span>`;
}

function Spoon({ used }) {
  return html`<svg class=${cx("rf-spoon", used && "used")} viewBox="0 0 40 16" aria-hidden="true" focusable="false">
    <ellipse cx="9" cy="8" rx="8" ry="6" fill="currentColor"/><rect x="15" y="6.5" width="24" height="3" rx="1.5" fill="currentColor"/></svg>`;
}

// -- a bowl's score, from the engine's breakdown ------------------------------------------

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

/** The parameters of a score that may be below zero: shown as ``score``, its size as
 * ``count`` (which chooses the plural form: "−2 points" is plural in every language). */
const scored = (n) => ({ score: n, count: Math.abs(n) });

/** "5 points", "1 point", "−2 points". */
function pts(n) {
  return t("ramen_fury.points", scored(n));
}

const BASES = new Set(["vegetable_kinds", "protein_kinds", "pairs", "fury"]);

/** A bowl's score in parts, from the engine's breakdown, in the same words as everywhere
 * ("Soy Sauce Flavor, 2 vegetable kinds: 5 points · Nori Garnish +1 · Chili Peppers −1"). */
function breakdownText(parts) {
  if (!parts) return "";
  const bits = [];
  if (parts.flavor) {
    const params = {
      flavor: msg(`ramen_fury.card.${parts.flavor}`), count: parts.count,
      points: msg("ramen_fury.points", scored(parts.base)),
    };
    if (parts.basis === "alike") {
      if (parts.ingredient && parts.count >= 2) {
        bits.push(t("ramen_fury.breakdown.alike", { ...params, ingredient: msg(`ramen_fury.card.${parts.ingredient}`) }));
      } else {
        bits.push(t("ramen_fury.breakdown.alike_none", params));
      }
    } else if (BASES.has(parts.basis)) {
      bits.push(t(`ramen_fury.breakdown.${parts.basis}`, params));
    }
  }
  if (parts.nori) bits.push(t("ramen_fury.breakdown.nori", { points: signed(parts.nori) }));
  if (parts.chili) bits.push(t("ramen_fury.breakdown.chili", { points: signed(parts.chili) }));
  return bits.join(" · ");
}

// -- the legal decisions, read from their data ----------------------------------------------

const bowlKey = (seat, bowl) => `${seat}:${bowl}`;

function put(map, key, inner, value) {
  if (!map.has(key)) map.set(key, new Map());
  map.get(key).set(inner, value);
}

/** The server's legal list, indexed by what a click can mean; each value is the entry to send. */
function readLegal(legal) {
  const L = {
    prep: new Map(), draw: new Map(), spoon: [], restock: null, eat: new Map(), empty: new Map(),
    place: new Map(), discard: new Map(), use: new Map(), skip: null, end: null,
  };
  for (const m of legal) {
    const d = m.json;
    switch (d.type) {
      case "prep": put(L.prep, d.card, d.bowl, m); break;
      case "draw": L.draw.set(d.card === null ? "deck" : d.card, m); break;
      case "spoon": L.spoon.push({ src: bowlKey(d.seat, d.bowl), to: d.to, move: m }); break;
      case "restock": L.restock = m; break;
      case "eat": L.eat.set(d.bowl, m); break;
      case "empty": L.empty.set(d.bowl, m); break;
      case "place": put(L.place, d.card, bowlKey(d.seat, d.bowl), m); break;
      case "discard": L.discard.set(d.card, m); break;
      case "use": put(L.use, d.card, bowlKey(d.seat, d.bowl), m); break;
      case "skip": L.skip = m; break;
      case "end": L.end = m; break;
      default: break;
    }
  }
  return L;
}

/** A hint's decision (data): which card, bowl or button to light up. */
function readHint(hint, seat) {
  const d = hint && hint.action;
  if (!d || typeof d !== "object") return {};
  const out = { type: d.type };
  if (d.type === "prep") Object.assign(out, { card: d.card, hand: d.card, bowl: bowlKey(seat, d.bowl) });
  else if (d.type === "draw") out.draw = d.card === null ? "deck" : d.card;
  else if (d.type === "spoon") Object.assign(out, { src: bowlKey(d.seat, d.bowl), bowl: bowlKey(seat, d.to) });
  else if (d.type === "eat" || d.type === "empty") out.own = d.bowl;
  else if (d.type === "place") Object.assign(out, { card: d.card, hand: d.card, bowl: bowlKey(d.seat, d.bowl) });
  else if (d.type === "use") Object.assign(out, { card: d.card, bowl: bowlKey(d.seat, d.bowl) });
  else if (d.type === "discard") out.hand = d.card;
  return out;
}

// -- the keyboard: roving tab stops ------------------------------------------------------------
// Each group of buttons is one stop of the Tab key: its buttons carry ``data-rove=<group>``,
// only the one last focused (else the first) is in the Tab order, and the arrow keys move
// between them (Home and End to the first and last).

const MOVES = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

function roveItems(root, group) {
  return [...root.querySelectorAll(`[data-rove="${group}"]`)].filter((el) => !el.disabled);
}

/** After each drawing: exactly one button of each group in the Tab order. */
function settleRoving(root) {
  if (!root) return;
  const groups = new Set([...root.querySelectorAll("[data-rove]")].map((el) => el.dataset.rove));
  for (const group of groups) {
    const items = roveItems(root, group);
    const current = items.find((el) => el === document.activeElement)
      || items.find((el) => el.dataset.current === "1") || items[0];
    for (const el of root.querySelectorAll(`[data-rove="${group}"]`)) {
      el.tabIndex = el === current ? 0 : -1;
      if (el !== current) delete el.dataset.current;
    }
    if (current) current.dataset.current = "1";
  }
}

/** Arrow keys within the focused button's group. */
function roveKey(e, root) {
  const el = document.activeElement;
  if (!root || !el || !el.dataset || !el.dataset.rove || !root.contains(el)) return false;
  const items = roveItems(root, el.dataset.rove);
  const at = items.indexOf(el);
  let next = null;
  if (e.key in MOVES) next = items[(at + MOVES[e.key] + items.length) % items.length];
  else if (e.key === "Home") next = items[0];
  else if (e.key === "End") next = items[items.length - 1];
  if (!next) return false;
  e.preventDefault();
  next.focus();
  settleRoving(root);
  return true;
}

/** Focus the first enabled button of a group (the keyboard's jump to it); false if none. */
function focusGroup(root, group) {
  if (!root) return false;
  const items = roveItems(root, group);
  const first = items.find((el) => el.classList.contains("legal") || el.classList.contains("playable")) || items[0];
  if (!first) return false;
  first.focus();
  settleRoving(root);
  return true;
}

// -- pieces of the table ----------------------------------------------------------------------

function BowlCards({ game, bowl, highlightTop }) {
  const cards = bowl.cards;
  const names = cards.map((c) => cardInfo(game, c).name);
  return html`
    <ol class="rf-stack" aria-label=${cards.length ? w("bowl_cards", { cards: names }) : w("no_cards")}>
      ${cards.map((code, i) => {
        const info = cardInfo(game, code);
        const top = i === cards.length - 1;
        return html`<li key=${`${i}-${code}`} class=${cx("rf-chip", `cat-${looks(info)}`, top && highlightTop && "top")}
            data-card=${code} title=${top ? w("top_card", { card: info.name }) : info.name}>
          <${Emblem} info=${info} /><span>${info.short}</span></li>`;
      })}
      ${Array.from({ length: Math.max(0, bowl.capacity - cards.length) }, (_, i) => html`<li key=${`slot-${i}`} class="rf-slot" aria-hidden="true"></li>`)}
    </ol>`;
}

function ScoreLine({ game, bowl }) {
  const why = breakdownText(bowl.breakdown);
  if (bowl.eaten) {
    return html`<div class="rf-score eaten"><b><span class="rf-eaten-mark">${w("eaten")}</span> ${pts(bowl.points)}</b>
      <span class="rf-why">${why}</span></div>`;
  }
  if (!bowl.cards.length) return html`<div class="rf-score muted"><span>${w("empty_bowl")}</span></div>`;
  if (bowl.eat_needs === "flavor") {
    return html`<div class="rf-score muted"><span>${w("needs_flavor")}</span></div>`;
  }
  if (bowl.eat_needs === "ingredient") {
    return html`<div class="rf-score muted"><span>${w("needs_ingredient", { flavor: cardInfo(game, bowl.flavor).short })}</span></div>`;
  }
  return html`<div class="rf-score"><b>${w("if_eaten", { points: pts(bowl.points) })}</b><span class="rf-why">${why}</span></div>`;
}

/** A bowl: its head (number, Flavor), its cards and what it scores. When a choice on the
 * table can go there (a card, a spoon, a revealed card), a button lies over the whole bowl
 * (``rf-pick``): a click anywhere on the bowl, or Enter on it, picks it. */
function Bowl({ game, bowl, seat, index, owner, mine, big, target, hinted, onPick, pickLabel, actions, spoonTop }) {
  const label = mine ? w("your_bowl", { bowl: index + 1 }) : w("their_bowl", { owner, bowl: index + 1 });
  const flavor = bowl.flavor ? cardInfo(game, bowl.flavor) : null;
  return html`
    <div class=${cx("rf-bowl", big && "big", mine && "mine", bowl.eaten && "is-eaten", target && "target", hinted && "hinted")}
         data-seat=${seat} data-bowl=${index} data-flavor=${bowl.flavor ? "yes" : "no"} data-points=${bowl.points === null ? "" : bowl.points}>
      <div class=${cx("rf-bowl-body", target && "target", onPick && "pickable")} role="group" aria-label=${label}>
        <div class="rf-bowl-head" title=${w("bowl_fill", { count: bowl.cards.length, capacity: bowl.capacity })}>
          <b aria-hidden="true">${w("bowl", { bowl: index + 1 })}</b>
          ${flavor && html`<span class=${cx("rf-flavor", `fl-${flavor.ingredient}`)}
            title=${w("bowl_flavor", { flavor: flavor.name })}>${flavor.short}</span>`}
        </div>
        <${BowlCards} game=${game} bowl=${bowl} highlightTop=${spoonTop} />
        <${ScoreLine} game=${game} bowl=${bowl} />
        ${onPick && html`<button type="button" class=${cx("rf-pick", target && "legal")} onClick=${onPick}
            data-rove=${target ? "pick" : undefined} tabindex=${target ? undefined : "-1"}>
          <${Said} said=${pickLabel ? w("bowl_and_what", { bowl: label, what: pickLabel }) : label} /></button>`}
      </div>
      ${actions}
    </div>`;
}

const ACTIONS = new Set(["prep", "draw", "spoon", "restock", "eat", "empty"]);
const FREE_PLAYS = new Set(["place", "use"]);

/** Whose turn, its actions (done, in words from the log; to do), its free plays so far and
 * the final round. */
function TurnStrip({ frame, view, seat, seats, legal }) {
  const current = view.current;
  const log = (frame && frame.log) || [];
  const thisTurn = log.filter((e) => e.turn === view.turn && e.seat === current);
  const done = thisTurn.filter((e) => ACTIONS.has(e.kind));
  const forfeit = thisTurn.find((e) => e.kind === "forfeit");
  const frees = thisTurn.filter((e) => FREE_PLAYS.has(e.kind));
  const who = current === seat ? w("your_turn") : w("turn_of", { who: seatName(seats, current, seat) });
  const count = view.limits.actions_per_turn;
  const steps = Array.from({ length: count }, (_, i) => {
    const ev = done[i];
    if (ev) return { state: "done", text: ev.text };
    if (forfeit) return { state: "lost", text: w("step_lost") };
    const now = i === done.length && view.phase !== "over";
    let text = w("step_todo");
    if (now && view.phase === "discard") text = w("step_discard");
    else if (now && view.phase === "reveal") text = w("step_reveal");
    else if (now && current === seat && legal.length) text = w("step_choose");
    return { state: now ? "now" : "todo", text };
  });
  if (view.phase === "over") {
    return html`<div class="rf-strip over" role="group" aria-label=${w("turn")}><b>${w("game_over")}</b></div>`;
  }
  return html`
    <div class=${cx("rf-strip", current === seat && "mine")} role="group" aria-label=${w("this_turn")}>
      <b class="rf-who">${who}</b>
      <ol class="rf-steps">
        ${steps.map((s, i) => html`<li class=${cx("rf-step", s.state)}>
          <span class="n" aria-hidden="true">${s.state === "done" ? "✓" : i + 1}</span>
          <span class="sr-only">${w("step", { number: i + 1, what: s.text })}</span><span aria-hidden="true">${s.text}</span></li>`)}
      </ol>
      ${frees.length > 0 && html`<span class="rf-frees">${w("free_plays_done", { what: frees.map((e) => e.text).join(" ") })}</span>`}
      ${view.final_round && html`<span class="rf-final" role="note">${w("final_round", { count: view.final_turns_left })}</span>`}
    </div>`;
}

function PlayerInfo({ view, s }) {
  const spoons = view.spoons[s];
  const bowls = view.bowls[s];
  const eaten = bowls.filter((b) => b.eaten).length;
  return html`
    <div class="rf-info">
      <span class="rf-spoons" role="img" aria-label=${w("spoons_left", { count: spoons })} title=${w("spoons_left", { count: spoons })}>
        ${Array.from({ length: view.limits.spoons }, (_, i) => html`<${Spoon} used=${i >= spoons} />`)}</span>
      <span class="rf-eatenpts"><b>${pts(view.points[s])}</b> · ${w("bowls_eaten", { count: eaten, bowls: bowls.length })}</span>
    </div>`;
}

/** One example of the rules (a ```example block of ``rules/<language>.md``), drawn with the
 * game's cards: a bowl, what it scores (the example says: the browser computes no rule) and
 * its caption, in the rules' language. */
export function Example({ example, game }) {
  const g = game || knownGame;
  const cards = Array.isArray(example && example.bowl) ? example.bowl : [];
  const points = example && typeof example.points === "number" ? example.points : null;
  const names = cards.map((c) => cardInfo(g, c).name);
  return html`
    <div class="rf-example">
      <div class="rf-example-bowl" role="img"
           aria-label=${points === null ? w("bowl_cards", { cards: names }) : w("example", { cards: names, points: pts(points) })}>
        <ol class="rf-stack" aria-hidden="true">
          ${cards.map((c, i) => html`<li key=${i} class=${cx("rf-chip", `cat-${looks(cardInfo(g, c))}`)}>
            <${Emblem} info=${cardInfo(g, c)} /><span>${cardInfo(g, c).short}</span></li>`)}
        </ol>
        ${points !== null && html`<b class="rf-example-points" aria-hidden="true">${w("example_points", { points: pts(points) })}</b>`}
      </div>
      ${example && example.caption && html`<p class="rf-example-caption">${example.caption}</p>`}
    </div>`;
}

// -- the table ---------------------------------------------------------------------------------

const KEYS = new Set(["1", "2", "3", "4", "5", "6", "7", "8", "9", "p", "b", "u"]);

function Table({ frame, view, seat, legal, act, busy, hint, seats, readOnly, game: given }) {
  const game = given || knownGame;
  if (given) knownGame = given;
  const L = useMemo(() => readLegal(readOnly ? [] : legal), [legal, readOnly]);
  const myTurn = !readOnly && seat !== null && legal.length > 0;
  const phase = view.phase;
  const H = useMemo(() => readHint(hint, seat), [hint, seat]);
  const players = view.players;
  const version = frame ? frame.version : 0;
  const limits = view.limits;
  const name = (code) => cardInfo(game, code).name;
  const short = (code) => cardInfo(game, code).short;
  const root = useRef(null);
  // How the last choice was made: with the keyboard ("key") the focus follows it to the
  // bowls it can go to; with a pointer nothing moves (the page stays where the player is).
  const input = useRef("pointer");
  // a selection belongs to its position: any new state from the table drops it
  const position = `${version}:${phase}:${view.actions_left}`;
  const [sel, setSel] = useStateFor(position, null); // {kind: "card", card} | {kind: "spoon", src} | {kind: "reveal", card}
  useEffect(() => {
    if (!sel) return undefined;
    const key = (e) => { if (e.key === "Escape") setSel(null); };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [sel]);
  useEffect(() => {
    const key = () => { input.current = "key"; };
    const pointer = () => { input.current = "pointer"; };
    window.addEventListener("keydown", key, true);
    window.addEventListener("pointerdown", pointer, true);
    return () => { window.removeEventListener("keydown", key, true); window.removeEventListener("pointerdown", pointer, true); };
  }, []);
  useLayoutEffect(() => {
    const el = root.current;
    settleRoving(el);
    // A move made with the keyboard takes its button away: the focus stays on the table
    // (the hand, else the Pantry) rather than falling back to the top of the page.
    const active = document.activeElement;
    if (el && input.current === "key" && (!active || active === document.body)) {
      const next = roveItems(el, "hand")[0] || roveItems(el, "pantry")[0];
      if (next) { next.focus(); settleRoving(el); }
    }
  });

  // A pending choice takes the keyboard focus when it appears — the banner itself, so that
  // no key press answers it by accident — without scrolling: the banner is sticky at the top
  // of the table, so it is in view wherever the player is on the table. The focus is left
  // alone when it is in a dialog or elsewhere on the page (the story, the settings).
  const promptRef = useRef(null);
  const asking = !readOnly && seat !== null && legal.length > 0 && ["discard", "reveal", "free"].includes(phase);
  useEffect(() => {
    const el = promptRef.current;
    if (!asking || !el) return;
    const active = document.activeElement;
    const free = !active || active === document.body || (root.current && root.current.contains(active));
    if (!free) return;
    el.focus({ preventScroll: true });
  }, [asking, phase, version]);

  // The instruction line under my bowls never gets shorter while the table is open (at one
  // width): a shorter sentence, or none while a banner asks, keeps the line's space. Else the
  // page, scrolled to its end on a phone, would move by itself — the browser keeps what is
  // in view where it is when something above it grows (a banner), but cannot scroll past the
  // end of a page that has just become shorter below it.
  const instrRef = useRef(null);
  const instrTallest = useRef({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = instrRef.current;
    if (!el || !el.firstElementChild) return;
    const width = el.clientWidth;
    const height = el.firstElementChild.getBoundingClientRect().height;
    const tallest = instrTallest.current;
    if (width !== tallest.width) instrTallest.current = { width, height };
    else if (height > tallest.height) tallest.height = height;
    el.style.minHeight = `${instrTallest.current.height}px`;
  });

  // A card or the spoon chosen with the keyboard: the focus goes to the first bowl it can go to.
  const selKey = sel ? `${sel.kind}:${sel.card || ""}:${sel.src || ""}` : "";
  useEffect(() => {
    if (!sel || input.current !== "key") return;
    focusGroup(root.current, "pick");
  }, [selKey]);

  // In the reveal phase with a single revealed kind, that card is the one to place.
  const revealedKinds = [...new Set((view.revealed || []).map((slot) => view.pantry[slot]).filter(Boolean))];
  const revealCard = phase === "reveal" ? (sel && sel.kind === "reveal" ? sel.card : revealedKinds.length === 1 ? revealedKinds[0] : null) : null;

  /** Send a decision: the legal entry when there is one, else the decision as data (the
   * engine then says why it is not allowed). */
  async function send(move, data) {
    if (busy) return;
    setSel(null);
    await act({ json: move ? move.json : data });
  }

  // What clicking bowl (s, b) would do now, and whether it is a legal target.
  function bowlChoice(s, b) {
    if (!myTurn) return null;
    const key = bowlKey(s, b);
    const own = s === seat;
    if (phase === "reveal") {
      if (!revealCard) return null;
      const move = L.use.has(revealCard) ? L.use.get(revealCard).get(key) : undefined;
      return { move, data: { type: "use", card: revealCard, seat: s, bowl: b }, ok: !!move,
        label: move ? w("pick_use", { card: short(revealCard) }) : "" };
    }
    if (!sel) return null;
    if (sel.kind === "card") {
      const card = sel.card;
      const info = cardInfo(game, card);
      const prep = own && L.prep.has(card) ? L.prep.get(card).get(b) : undefined;
      if (info.special) {
        const move = L.place.has(card) ? L.place.get(card).get(key) : undefined;
        if (move || !own || !prep) {
          return { move, data: { type: "place", card, seat: s, bowl: b }, ok: !!move,
            label: move ? w("pick_place", { card: info.short }) : "" };
        }
      }
      // onto another player's bowl, a card that is no Nori or Chili: the engine explains
      const data = own ? { type: "prep", card, bowl: b } : { type: "place", card, seat: s, bowl: b };
      return { move: prep, data, ok: !!prep, label: prep ? w("pick_prep", { card: info.short }) : "" };
    }
    if (sel.kind === "spoon") {
      if (!sel.src) {
        const ok = L.spoon.some((m) => m.src === key);
        return { src: key, ok, label: ok ? w("pick_spoon_from") : "" };
      }
      if (!own) return null; // a spooned card goes onto one of your own bowls only
      const found = L.spoon.find((m) => m.src === sel.src && m.to === b);
      const [fromSeat, fromBowl] = sel.src.split(":").map(Number);
      const data = { type: "spoon", seat: fromSeat, bowl: fromBowl, to: b };
      return { move: found && found.move, data, ok: !!found, label: found ? w("pick_spoon_to") : "" };
    }
    return null;
  }

  function pickBowl(s, b) {
    const choice = bowlChoice(s, b);
    if (!choice) return;
    if (choice.src !== undefined) { setSel({ kind: "spoon", src: choice.src }); return; }
    send(choice.move, choice.data);
  }

  const hand = view.hand || [];
  const inAction = myTurn && phase === "action";
  const others = [];
  for (let i = 1; i <= players; i++) {
    const s = seat === null ? i - 1 : (seat + i) % players;
    if (s !== seat) others.push(s);
  }

  const canSelectCard = (c) => myTurn && (phase === "action" || phase === "free")
    && ((phase === "action" && L.prep.has(c)) || L.place.has(c));
  const spoonLegal = inAction && L.spoon.length > 0;

  // The table's keys (see the help): a card of the hand by its place, the Pantry, the bowls,
  // a spoon. Not while typing, nor with a dialog open, nor with a modifier key.
  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || !KEYS.has(e.key)) return;
    const target = e.target;
    if (target && (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) || target.isContentEditable)) return;
    if (document.querySelector(".modal")) return;
    const el = root.current;
    if (!el || readOnly || seat === null) return;
    if (/^[1-9]$/.test(e.key)) {
      const i = Number(e.key) - 1;
      if (i >= hand.length) return;
      e.preventDefault();
      const button = el.querySelectorAll(".rf-hand .rf-cards > .rf-card")[i];
      if (phase === "discard") { if (button && button.focus) button.focus(); return; }
      const c = hand[i];
      if (!canSelectCard(c)) return;
      const chosen = sel && sel.kind === "card" && sel.card === c && sel.at === i;
      if (button && button.focus) button.focus({ preventScroll: true });
      setSel(chosen ? null : { kind: "card", card: c, at: i });
      return;
    }
    if (e.key === "p") { if (focusGroup(el, "pantry")) e.preventDefault(); return; }
    if (e.key === "b") { if (focusGroup(el, "pick") || focusGroup(el, "actions")) e.preventDefault(); return; }
    if (e.key === "u" && spoonLegal) {
      e.preventDefault();
      setSel(sel && sel.kind === "spoon" ? null : { kind: "spoon", src: null });
    }
  }
  const onKeyRef = useRef(onKey);
  onKeyRef.current = onKey;
  useEffect(() => {
    const key = (e) => onKeyRef.current(e);
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, []);

  function renderBowl(s, b, big) {
    const bowl = view.bowls[s][b];
    const key = bowlKey(s, b);
    const choice = bowlChoice(s, b);
    const mine = s === seat;
    const owner = seatName(seats, s, seat);
    const hinted = H.bowl === key || H.src === key || (mine && H.own === b);
    const spoonTop = sel && sel.kind === "spoon" && !sel.src && L.spoon.some((m) => m.src === key);
    let actions = null;
    // Eat and Empty stay under each of my bowls with cards all game (disabled when they
    // cannot be used now), so that the table keeps its shape from one turn to the next.
    if (mine && !readOnly && bowl.cards.length && !bowl.eaten && phase !== "over") {
      const eat = inAction ? L.eat.get(b) : undefined;
      const empty = inAction ? L.empty.get(b) : undefined;
      const why = bowl.eat_needs === "flavor" ? w("needs_flavor")
        : bowl.eat_needs === "ingredient" ? w("needs_ingredient", { flavor: cardInfo(game, bowl.flavor).short }) : "";
      const worth = eat && bowl.points !== null;
      actions = html`<div class="rf-bowl-actions">
        <button type="button" class=${cx("rf-eat", eat && "legal", H.type === "eat" && H.own === b && "hinted")} data-rove="actions"
          disabled=${!inAction} onClick=${() => send(eat, { type: "eat", bowl: b })} title=${eat ? w("eat_title") : why}>
          <span aria-hidden="true">${w("eat")}${worth ? html` <b>${pts(bowl.points)}</b>` : ""}</span>
          <${Said} said=${worth ? w("eat_label_points", { bowl: b + 1, points: pts(bowl.points) }) : w("eat_label", { bowl: b + 1 })} /></button>
        <button type="button" class=${cx("rf-empty", empty && "legal", H.type === "empty" && H.own === b && "hinted")} data-rove="actions"
          disabled=${!inAction} onClick=${() => send(empty, { type: "empty", bowl: b })} title=${w("empty_title")}>
          <span aria-hidden="true">${w("empty")}</span><${Said} said=${w("empty_label", { bowl: b + 1 })} /></button>
      </div>`;
    }
    return html`<${Bowl} key=${key} game=${game} bowl=${bowl} seat=${s} index=${b} owner=${owner} mine=${mine} big=${big}
      target=${choice && choice.ok} hinted=${hinted} spoonTop=${spoonTop}
      onPick=${choice ? () => pickBowl(s, b) : null} pickLabel=${choice && choice.label} actions=${actions} />`;
  }

  // -- the prompt: what is asked of me now ------------------------------------------------------
  let prompt = null;
  if (myTurn && phase === "discard") {
    prompt = html`
      <div class="rf-prompt" role="group" aria-label=${w("discard_prompt")} tabindex="-1" ref=${promptRef} data-prompt="discard">
        <p><b>${w("discard_hand", { count: hand.length, limit: limits.hand })}</b> ${w("discard_choose")}</p>
        <div class="rf-choices">
          ${[...new Set(hand)].map((c) => html`<button type="button" class=${cx("rf-choice", H.hand === c && "hinted")} data-rove="prompt" data-card=${c}
              onClick=${() => send(L.discard.get(c), { type: "discard", card: c })}>
              <span class="rf-choice-face" aria-hidden="true"><${Card} game=${game} code=${c} small=${true} label=${name(c)} /><span>${w("discard")}</span></span>
              <${Said} said=${w("discard_card", { card: name(c) })} /></button>`)}
        </div>
      </div>`;
  } else if (myTurn && phase === "reveal") {
    const names = revealedKinds.map(name);
    prompt = html`
      <div class="rf-prompt" role="group" aria-label=${w("reveal_prompt")} tabindex="-1" ref=${promptRef} data-prompt="reveal">
        <p><b>${w("reveal_what", { cards: names })}</b> ${w("reveal_may", { count: revealedKinds.length })}</p>
        <div class="rf-choices">
          ${revealedKinds.length > 1 && revealedKinds.map((c) => html`
            <button type="button" class=${cx("rf-choice", revealCard === c && "selected", H.card === c && "hinted")} data-rove="prompt" data-card=${c}
              aria-pressed=${revealCard === c ? "true" : "false"} onClick=${() => setSel({ kind: "reveal", card: c })}>
              ${w("reveal_use", { card: short(c) })}</button>`)}
          ${revealCard && html`<span class="rf-instr">${w("reveal_now", { card: short(revealCard) })}</span>`}
          ${L.skip && html`<button type="button" class=${cx("rf-skip", H.type === "skip" && "hinted")} data-rove="prompt" onClick=${() => send(L.skip)}>${w("reveal_leave")}</button>`}
        </div>
      </div>`;
  } else if (myTurn && phase === "free") {
    prompt = html`
      <div class="rf-prompt calm" role="group" aria-label=${w("free_prompt")} tabindex="-1" ref=${promptRef} data-prompt="free">
        <p><b>${w("free_done", { count: limits.actions_per_turn })}</b> ${w("free_may")}</p>
        <div class="rf-choices">
          <button type="button" class=${cx("primary", "rf-end", H.type === "end" && "hinted")} data-rove="prompt" onClick=${() => send(L.end, { type: "end" })}>${w("end_turn")}</button>
        </div>
      </div>`;
  }

  // -- the instruction line under my bowls --------------------------------------------------------
  let instr = null;
  if (myTurn && phase === "action") {
    if (sel && sel.kind === "card") {
      const info = cardInfo(game, sel.card);
      instr = info.special ? w("instr_place", { card: info.short }) : w("instr_prep", { card: info.short });
    } else if (sel && sel.kind === "spoon") {
      instr = sel.src ? w("instr_spoon_to") : w("instr_spoon_from");
    } else {
      instr = w("instr_actions", { count: view.actions_left });
    }
  } else if (myTurn && phase === "free" && sel && sel.kind === "card") {
    instr = w("instr_free", { card: short(sel.card) });
  }

  const rules = (game && game.components && game.components.rules) || [];
  const discarded = Object.entries(view.discard);

  return html`
    <div class=${cx("rf-table", `players-${players}`, myTurn && "my-turn")} ref=${root}
         onKeyDown=${(e) => {
           if (e.key === "Escape" && sel) { e.stopPropagation(); setSel(null); return; }
           roveKey(e, root.current);
         }}
         onfocusin=${(e) => { if (e.target && e.target.dataset && e.target.dataset.rove) settleRoving(root.current); }}>
      <${TurnStrip} frame=${frame} view=${view} seat=${seat} seats=${seats} legal=${readOnly ? [] : legal} />
      ${prompt}

      <div class="rf-others">
        ${others.map((s) => html`
          <section class=${cx("rf-opp", view.current === s && phase !== "over" && "turn")} aria-label=${w("place_of", { who: seatName(seats, s, seat) })} data-seat=${s}>
            <header>
              <b class="rf-name">${seatName(seats, s, seat)}</b>
              <${PlayerInfo} view=${view} s=${s} />
              <span class="rf-opp-hand">
                <span class="rf-backs" aria-hidden="true">${Array.from({ length: view.hand_sizes[s] }, (_, i) => html`<${CardBack} key=${i} small=${true} hidden=${true} />`)}</span>
                <span class="muted">${w("cards", { count: view.hand_sizes[s] })}</span>
                ${view.known_hands[s].length > 0 && html`<span class="rf-known" title=${w("known_title")}>${w("known")}
                  ${view.known_hands[s].map((c, i) => html`<${Chip} key=${`${c}${i}`} game=${game} code=${c} extra="known" />`)}</span>`}
              </span>
            </header>
            <div class="rf-bowls">${view.bowls[s].map((_, b) => renderBowl(s, b, false))}</div>
          </section>`)}
      </div>

      <section class="rf-centre" aria-label=${w("centre")}>
        <div class="rf-deck">
          ${inAction && view.deck_size > 0
            ? html`<button type="button" class=${cx("rf-deckbtn", L.draw.has("deck") && "playable", H.draw === "deck" && "hinted")} data-rove="pantry"
                onClick=${() => send(L.draw.get("deck"), { type: "draw", card: null })}>
                <${CardBack} hidden=${true} /><span class="rf-deck-n" aria-hidden="true">${view.deck_size}</span>
                <${Said} said=${w("draw_deck", { count: view.deck_size })} /></button>`
            : html`<div class="rf-deckbtn" role="img" aria-label=${w("deck_size", { count: view.deck_size })}>
                ${view.deck_size > 0 ? html`<${CardBack} hidden=${true} />` : html`<span class="rf-back empty"></span>`}<span class="rf-deck-n">${view.deck_size}</span></div>`}
          <span class="rf-caption" aria-hidden="true">${w("deck")}</span>
        </div>
        <div class="rf-pantry" role="group" aria-label=${w("the_pantry")}>
          <span class="rf-pantry-label" aria-hidden="true">${w("pantry")}</span>
          ${view.pantry.map((c, slot) => {
            if (!c) return html`<span class="rf-card empty" key=${`e${slot}`} role="img" aria-label=${w("empty_slot")}></span>`;
            const revealed = (view.revealed || []).includes(slot);
            if (myTurn && phase === "reveal" && revealed) {
              return html`<${Card} key=${`${slot}-${c}`} game=${game} code=${c} revealed=${true} playable=${true} selected=${revealCard === c} toggle=${true}
                hinted=${H.type === "use" && H.card === c} rove="pantry"
                label=${w("card_revealed", { card: name(c) })} onClick=${() => setSel({ kind: "reveal", card: c })} />`;
            }
            const move = inAction ? L.draw.get(c) : undefined;
            return html`<${Card} key=${`${slot}-${c}`} game=${game} code=${c} revealed=${revealed} playable=${!!move} hinted=${H.draw === c}
              rove="pantry" label=${move ? w("card_draw", { card: name(c) }) : name(c)} onClick=${inAction ? () => send(move, { type: "draw", card: c }) : null} />`;
          })}
        </div>
        <div class="rf-centre-tools">
          ${seat !== null && !readOnly && phase !== "over" && html`<button type="button" class=${cx("rf-restock", inAction && L.restock && "legal", H.type === "restock" && "hinted")} data-rove="pantry"
              disabled=${!(inAction && L.restock)} onClick=${() => send(L.restock)} title=${w("restock_title")}>${w("restock")}</button>`}
          <span class="rf-discard" title=${discarded.map(([c, n]) => w("copies", { count: n, card: name(c) })).join(", ")}>
            ${w("discard_pile", { count: discarded.reduce((a, [, n]) => a + n, 0) })}</span>
        </div>
      </section>

      ${seat !== null && html`
        <section class=${cx("rf-mine", view.current === seat && phase !== "over" && "turn")} aria-label=${w("your_place")}>
          <header>
            <b class="rf-name">${w("your_bowls")}</b>
            <${PlayerInfo} view=${view} s=${seat} />
            ${!readOnly && phase !== "over" && view.spoons[seat] > 0 && html`
              <button type="button" class=${cx("rf-spoonbtn", spoonLegal && "legal", sel && sel.kind === "spoon" && "selected", H.type === "spoon" && "hinted")}
                aria-pressed=${sel && sel.kind === "spoon" ? "true" : "false"} disabled=${!spoonLegal} aria-keyshortcuts="u"
                title=${w("spoon_title")}
                onClick=${() => setSel(sel && sel.kind === "spoon" ? null : { kind: "spoon", src: null })}>
                <${Spoon} /> ${w("spoon")}</button>`}
          </header>
          <div class="rf-bowls big">${view.bowls[seat].map((_, b) => renderBowl(seat, b, true))}</div>
          <div class=${cx("rf-hand", myTurn && "active")} role="group" aria-labelledby="rf-hand-label">
            <span class="rf-hand-label"><span id="rf-hand-label">${w("your_hand")}</span> <span class=${hand.length > limits.hand ? "rf-over" : "muted"}>${hand.length > limits.hand ? w("hand_over", { count: hand.length, limit: limits.hand }) : w("hand_size", { count: hand.length, limit: limits.hand })}</span></span>
            ${!readOnly && phase !== "over" && html`<p class="rf-instr" role="status" ref=${instrRef}><span class="rf-instr-text">${instr || ""}
              ${sel && html` <button type="button" class="rf-cancel" onClick=${() => setSel(null)}>${w("cancel")}</button>`}</span></p>`}
            <div class="rf-cards">
              ${hand.map((c, i) => {
                const can = canSelectCard(c);
                const discard = myTurn && phase === "discard";
                const chosen = sel && sel.kind === "card" && sel.card === c && (sel.at === undefined ? hand.indexOf(c) === i : sel.at === i);
                const onClick = discard ? () => send(L.discard.get(c), { type: "discard", card: c })
                  : can ? () => setSel(chosen ? null : { kind: "card", card: c, at: i }) : null;
                return html`<${Card} key=${`${c}-${i}`} game=${game} code=${c} playable=${can || discard} selected=${chosen} toggle=${!discard}
                  hinted=${H.hand === c && hand.indexOf(c) === i} onClick=${onClick} rove="hand"
                  label=${discard ? w("card_discard", { card: name(c) }) : name(c)} />`;
              })}
              ${hand.length === 0 && html`<span class="muted">${w("empty_hand")}</span>`}
            </div>
          </div>
        </section>`}

      <details class="rf-help">
        <summary>${w("how_bowls_score")}</summary>
        <ul>${rules.map((line, i) => html`<li key=${i}>${line}</li>`)}</ul>
      </details>
    </div>`;
}

// -- the end -----------------------------------------------------------------------------------

function Result({ result, seats, mySeat, game: given }) {
  const game = given || knownGame;
  const d = result.details || {};
  const rows = [...(d.seats || [])].sort((a, b) => result.ranks[a.seat] - result.ranks[b.seat]);
  const nonFlavor = d.tiebreak_count === "non_flavor";
  const rule = result.tiebreak
    ? (nonFlavor ? "result_tiebreak_non_flavor" : "result_tiebreak")
    : (nonFlavor ? "result_ties_non_flavor" : "result_ties");
  return html`
    <div class="rf-result">
      <p class="rf-tiebreak">${w(rule)}</p>
      ${rows.map((entry) => html`
        <section class=${cx("rf-result-seat", result.winners.includes(entry.seat) && "winner")} data-seat=${entry.seat}>
          <h3>${w("result_head", { rank: result.ranks[entry.seat], who: seatName(seats, entry.seat, mySeat), points: pts(entry.points) })}
            <span class="muted"> · ${w("cards_eaten", { count: entry.cards_eaten })}</span></h3>
          <div class="rf-result-bowls">
            ${entry.bowls.map((b, i) => html`
              <div class=${cx("rf-result-bowl", !b.eaten && "uneaten")}>
                <div class="rf-result-head"><b>${w("bowl", { bowl: i + 1 })}</b>
                  ${b.eaten ? html`<b class="rf-result-pts">${pts(b.points)}</b>` : html`<span class="muted">${w("not_eaten")}</span>`}</div>
                <div class="rf-result-cards">${b.cards.map((c, k) => html`<${Chip} key=${k} game=${game} code=${c} />`)}
                  ${b.cards.length === 0 && html`<span class="muted">${w("no_cards")}</span>`}</div>
                ${b.eaten && html`<div class="rf-result-why">${w("result_why", { why: breakdownText(b.breakdown) || w("no_flavor_points"), points: pts(b.points) })}</div>`}
              </div>`)}
          </div>
        </section>`)}
    </div>`;
}

export default {
  Table,
  Result,
  Example,
  get help() { return `${w("help")} ${w("keys")}`; },
};
