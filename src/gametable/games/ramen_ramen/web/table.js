// Ramen! Ramen! in the browser: choose a card, then a bowl (twice), then a Fridge card —
// with the pointer, or with a handful of keys (see `help`).
//
// The table draws the seat's view and knows no rule, and writes no sentence of its own (its
// words are messages of the game's catalog, rendered by the shell's i18n.t):
// - the cards' names and ingredients come from the game's components (`game.components`,
//   from the server), never from their ids;
// - each bowl's sum against the sum that serves it, its distinct ingredients and the
//   points it would score come from the view (`view.bowls`), and what each card of the hand
//   would make of each bowl — with a card chosen or placed, half a play — from
//   `view.if_played` (sum, ingredients, points, served or not);
// - which bowls a chosen card may go into comes from the legal list, whose decisions are
//   data: `{type: "play", cards: [{card: "N4", bowl: 0}, …]}`, `{type: "take", card: "K5"}`.
// What happened is the shell's log, in words.
//
// A choice becomes a decision as data: when the legal list holds it, that entry is sent;
// otherwise the decision is sent all the same, so that the engine explains why it is not
// allowed (the answer arrives in words) and nothing changes.
//
// Keyboard: the digits choose in whichever group is to be chosen from now — 1 to 4 a card
// of the hand, then 1 to 3 its bowl (the bowls' own numbers), and when it is time to take,
// 1 to 4 a Fridge card; each choosable thing shows its key. Backspace takes back, Escape
// lets go of a chosen card. The hand, the bowls and the Fridge are each one Tab stop
// (arrows move within: a roving tabindex), and the focus follows the turn: from the card
// chosen to the bowls, back to the hand, then to the Fridge.
import { html, useMemo, useEffect, useRef, cx, seatName, useStateFor } from "gametable/ui.js";
import { t } from "gametable/i18n.js";

/** The table's own words: messages ``ramen_ramen.web.<key>`` of the game's catalog. */
const w = (key, params) => t(`ramen_ramen.web.${key}`, params);
/** A message of the game's catalog as a parameter of another. */
const msg = (id, params = {}) => ({ id, params });
const points = (n) => msg("ramen_ramen.points", { count: n });

/** How each ingredient looks (presentation only: the rules know nothing of colours):
 * `fill` for shapes and borders, `text` dark enough for words and numbers on a card
 * (4.5:1 or more on the card's paper). */
const LOOK = {
  ajitama: { fill: "#f2b705", text: "#7f5b00" },
  chashu: { fill: "#d2555a", text: "#a9323a" },
  kamaboko: { fill: "#e07bb0", text: "#a5316c" },
  menma: { fill: "#8a9a2b", text: "#56610f" },
  negi: { fill: "#3fa34d", text: "#25702f" },
  nori: { fill: "#2d5d4a", text: "#2d5d4a" },
  shiitake: { fill: "#8b5a3c", text: "#7d4f33" },
};
const NO_LOOK = { fill: "#888", text: "#555" };

/** The ingredient's emblem: simple shapes, no images. */
function Emblem({ ingredient }) {
  const c = (LOOK[ingredient] || NO_LOOK).fill;
  const shapes = {
    ajitama: html`<ellipse cx="20" cy="21" rx="11" ry="14" fill="#fff" stroke=${c} stroke-width="2.5"/><circle cx="20" cy="23" r="6.5" fill=${c}/>`,
    chashu: html`<circle cx="20" cy="20" r="14" fill=${c}/><path d="M20 20 m-8 0 a8 8 0 1 0 8 -8 a5 5 0 1 1 -5 5" fill="none" stroke="#fff" stroke-width="2.5"/>`,
    kamaboko: html`<circle cx="20" cy="20" r="14" fill="#fff" stroke=${c} stroke-width="2.5"/><path d="M12 20 q4 -7 8 0 t8 0" fill="none" stroke=${c} stroke-width="3"/>`,
    menma: html`<rect x="10" y="7" width="7" height="26" rx="3" fill=${c}/><rect x="22" y="9" width="7" height="24" rx="3" fill=${c} opacity=".75"/>`,
    negi: html`<circle cx="14" cy="16" r="6" fill="none" stroke=${c} stroke-width="3"/><circle cx="26" cy="18" r="6" fill="none" stroke=${c} stroke-width="3"/><circle cx="19" cy="27" r="6" fill="none" stroke=${c} stroke-width="3"/>`,
    nori: html`<rect x="9" y="7" width="22" height="26" rx="2" fill=${c}/><path d="M13 12h14M13 17h14M13 22h14M13 27h14" stroke="#5f8f7b" stroke-width="1.5"/>`,
    shiitake: html`<path d="M7 21 a13 11 0 0 1 26 0 z" fill=${c}/><rect x="16" y="21" width="8" height="11" rx="3" fill="#e8d6c0"/>`,
  };
  return html`<svg class="emblem" viewBox="0 0 40 40" aria-hidden="true" focusable="false">${shapes[ingredient] || ""}</svg>`;
}

const NO_CARD = { ingredient: "", value: "", name: "" };

/** The game's description last given to a table (the end screen's Result is not given it). */
let described = null;

/** A card's components (ingredient, value, name) by its id in the views. */
function useCards(game) {
  if (game && game.components) described = game;
  else game = described;
  return useMemo(() => {
    const cards = (game && game.components && game.components.cards) || {};
    const ingredients = (game && game.components && game.components.ingredients) || {};
    const info = (id) => cards[id] || NO_CARD;
    return { info, name: (id) => info(id).name, ingredient: (id) => ingredients[info(id).ingredient] || { name: "", what: "" } };
  }, [game]);
}

function lookOf(cards, card) {
  const look = LOOK[cards.info(card).ingredient] || NO_LOOK;
  return `--ing:${look.fill};--ing-text:${look.text}`;
}

/** A key shown on what it chooses (the digits of the keyboard scheme). */
const Key = ({ k }) => (k ? html`<kbd class="rr-key" aria-hidden="true">${k}</kbd>` : null);

/** A card of a hand or of the Fridge: its value, its ingredient's emblem and name. A button
 * when it can be chosen (`onClick`), with its key (`keyName`). */
export function Card({ card, cards, selected, playable, onClick, label, keyName, tabIndex, onFocus, focusKey, toggle }) {
  const info = cards.info(card);
  const ing = cards.ingredient(card);
  const content = html`
    <span class="value" aria-hidden="true">${info.value}</span>
    <${Emblem} ingredient=${info.ingredient} />
    <span class="ing" aria-hidden="true">${ing.name}</span>
    <${Key} k=${keyName} />`;
  const title = w("card_title", { card: info.name, what: ing.what });
  if (!onClick) {
    return html`<span class="rr-card" role="img" style=${lookOf(cards, card)} title=${title}
      aria-label=${label || info.name} data-card=${card}>${content}</span>`;
  }
  // named by its content (a button's visible words are its name): the card's name for a
  // screen reader, the drawing for the eyes
  return html`<button type="button" class=${cx("rr-card", selected && "selected", playable && "playable")}
      style=${lookOf(cards, card)} aria-pressed=${toggle ? !!selected : null} data-card=${card}
      aria-keyshortcuts=${keyName || null} title=${title} tabindex=${tabIndex} onFocus=${onFocus}
      data-focus=${focusKey} onClick=${onClick}><span class="sr-only">${label || info.name}</span>${content}</button>`;
}

/** A card named in a bowl, a served bowl, the scores or an example: its emblem and its name
 * in words ("Nori 4"), at a size a person reads. */
export function Chip({ card, cards, pending }) {
  const info = cards.info(card);
  return html`<span class=${cx("rr-chip", pending && "pending")} style=${lookOf(cards, card)}
    title=${w("card_title", { card: info.name, what: cards.ingredient(card).what })}><${Emblem} ingredient=${info.ingredient} /><span class="name">${info.name}</span></span>`;
}

/** Cards face down (a hand, the deck): backs, named as a whole. */
function Backs({ count, label, className }) {
  return html`<span class=${cx("rr-backs", className)} role="img" aria-label=${label}>${
    Array.from({ length: Math.min(count, 4) }, () => html`<span class="rr-back"></span>`)}</span>`;
}

/** What a bowl shows: the view's facts, or — with a card of the hand chosen or placed into
 * it — the facts the view gives for that card in that bowl. */
function bowlFacts(view, bowl, index, card) {
  const facts = card && view.if_played && view.if_played[card] ? view.if_played[card][index] : null;
  if (facts) return { ...facts, serve_sum: bowl.serve_sum, all_ingredients: bowl.all_ingredients };
  return { ...bowl, served: false };
}

function Bowl({ view, bowl, index, pending, chosen, target, onClick, owner, cards, keyName, tabIndex, onFocus }) {
  const shown = pending.length === 1 ? pending[0] : null;
  const facts = bowlFacts(view, bowl, index, shown);
  const preview = chosen && target && !shown ? bowlFacts(view, bowl, index, chosen) : null;
  const empty = bowl.cards.length === 0 && pending.length === 0;
  const id = `rr-bowl-${index}`;
  const heading = html`<b>${w("bowl", { bowl: index + 1 })}</b>${owner && html` <span class="muted">· ${owner}</span>`}`;
  // With a card chosen, the bowl's label is the button that puts it there (the whole bowl
  // answers a click); its cards and facts describe it.
  const details = [`${id}-cards`, `${id}-meter`, preview && `${id}-preview`].filter(Boolean).join(" ");
  const label = onClick
    ? html`<button type="button" class="bowl-label" id=${`${id}-label`} aria-describedby=${details}
        aria-keyshortcuts=${keyName || null} tabindex=${tabIndex} onFocus=${onFocus} data-focus=${`bowl-${index}`}>${heading}${
        target && html`<span class="sr-only"> ${w("may_play_here")}</span>`}<${Key} k=${keyName} /></button>`
    : html`<span class="bowl-label" id=${`${id}-label`}>${heading}</span>`;
  const body = html`
    ${label}
    <span class="bowl-cards" id=${`${id}-cards`}>
      ${empty && html`<span class="muted empty">${w("empty")}</span>`}
      ${bowl.cards.map((c) => html`<${Chip} card=${c} cards=${cards} key=${c} />`)}
      ${pending.map((c) => html`<${Chip} card=${c} cards=${cards} pending=${true} key=${c} />`)}
    </span>
    <span class="bowl-meter" id=${`${id}-meter`}>
      <span class="sum">${w("sum", { sum: facts.sum, serve_sum: facts.serve_sum })}</span>
      <span class="bar" aria-hidden="true"><span style=${`width:${Math.min(100, (facts.sum / facts.serve_sum) * 100)}%`}></span></span>
      <span>${w("ingredients", { count: facts.ingredients, all: facts.all_ingredients })} · ${
        facts.served ? w("served_now", { points: points(facts.points) }) : w("if_served", { points: points(facts.points) })}</span>
    </span>
    ${preview && html`<span class=${cx("bowl-preview", preview.served && "serves")} id=${`${id}-preview`}>${
      preview.served
        ? w("with_card_served", { card: cards.name(chosen), points: points(preview.points) })
        : w("with_card", { card: cards.name(chosen), sum: preview.sum, serve_sum: preview.serve_sum, points: points(preview.points) })}</span>`}`;
  return html`<div class=${cx("rr-bowl", onClick && "choosable", target && "target", facts.served && "serving")}
      role="group" aria-labelledby=${`${id}-label`} onClick=${onClick}>${body}</div>`;
}

/** A team named with its players ("Team A (Ana and Ben)"), or a seat (the view's sides
 * list their seats). */
function sideName(side, seats, seat) {
  if (side.team) {
    const members = side.seats.map((s) => seatName(seats, s, seat));
    return t("ramen_ramen.team.members", { team: msg("ramen_ramen.team", { team: side.team }), members });
  }
  return seatName(seats, side.seats[0], seat);
}

function ownerName(view, bowl, seats, seat) {
  if (bowl.team) return t("ramen_ramen.team", { team: bowl.team });
  if (bowl.owner !== null && bowl.owner !== undefined) return seatName(seats, bowl.owner, seat);
  return view.players > 1 ? w("communal") : null;
}

const NOTHING = [];

/** The legal list's plays and takes, as data. */
function splitLegal(legal) {
  const plays = [];
  const takes = [];
  for (const m of legal) {
    if (m.json && m.json.type === "play") plays.push(m);
    else if (m.json && m.json.type === "take") takes.push(m);
  }
  return { plays, takes };
}

const samePlacement = (a, b) => a.card === b.card && a.bowl === b.bowl;

/** Arrow keys within a group of buttons (the hand, the bowls, the Fridge): the group is one
 * Tab stop, its buttons reached with the arrows, Home and End. */
function roveWithin(e) {
  const keys = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: "first", End: "last" };
  const step = keys[e.key];
  if (step === undefined) return;
  const buttons = [...e.currentTarget.querySelectorAll("button[data-focus]")];
  const at = buttons.indexOf(document.activeElement);
  if (!buttons.length || at < 0) return;
  e.preventDefault();
  let next;
  if (step === "first") next = 0;
  else if (step === "last") next = buttons.length - 1;
  else next = (at + step + buttons.length) % buttons.length;
  buttons[next].focus();
}

/** Whether the keyboard is on this table — or nowhere, once the player has played here (the
 * button they pressed is gone): the table may then move it along with the turn, without
 * taking it from the log, a dialog or the header, nor from the page's start on arrival. */
function focusIsOurs(root, engaged) {
  const active = document.activeElement;
  if (active && active !== document.body) return root.contains(active);
  return engaged;
}

function Table({ frame, view, seat, legal, act, busy, hint, seats, readOnly, game }) {
  const cards = useCards(game);
  const phase = view.phase;
  const root = useRef(null);
  const engaged = useRef(false); // the player has played at this table (see focusIsOurs)
  // A new position (any new state from the table) drops a half-made play.
  const position = `${frame ? frame.version : 0}:${phase}`;
  const [chosen, setChosen] = useStateFor(position, null);
  const [placed, setPlaced] = useStateFor(position, NOTHING); // [{card, bowl}]
  // Which button of each group holds the group's Tab stop (a roving tabindex).
  const [stops, setStops] = useStateFor(position, {});
  const { plays, takes } = useMemo(() => splitLegal(legal), [legal]);
  const myTurn = !readOnly && legal.length > 0;
  const need = plays.length ? plays[0].json.cards.length : 0;
  const taking = myTurn && phase.startsWith("take");
  const playing = myTurn && phase === "play";

  const hinted = hint && hint.action && typeof hint.action === "object" ? hint.action : null;
  const hintCards = hinted && hinted.type === "play" ? hinted.cards.map((x) => x.card) : NOTHING;
  const hintTake = hinted && hinted.type === "take" ? hinted.card : null;

  // Bowls where the chosen card can go, given the cards already placed: the legal list says.
  const targets = useMemo(() => {
    const out = new Set();
    if (!chosen) return out;
    for (const m of plays) {
      const parts = m.json.cards;
      if (!placed.every((p) => parts.some((x) => samePlacement(x, p)))) continue;
      for (const x of parts) if (x.card === chosen) out.add(x.bowl);
    }
    return out;
  }, [chosen, placed, plays]);

  const hand = view.hand || [];
  const fridge = view.fridge || [];
  const placedCards = placed.map((p) => p.card);
  const canChoose = (c) => playing && !placedCards.includes(c); // every card of the deck is unique

  async function place(bowl) {
    if (!chosen || busy) return;
    engaged.current = true;
    const next = [...placed, { card: chosen, bowl }];
    setChosen(null);
    if (next.length < need) { setPlaced(next); return; }
    const match = plays.find((m) => m.json.cards.length === next.length
      && next.every((p) => m.json.cards.some((x) => samePlacement(x, p))));
    setPlaced(next);
    const answer = await act({ json: match ? match.json : { type: "play", cards: next } });
    if (answer.type === "error") setPlaced(NOTHING);
  }

  async function take(card) {
    if (busy) return;
    engaged.current = true;
    const match = takes.find((m) => m.json.card === card);
    await act({ json: match ? match.json : { type: "take", card } });
  }

  function choose(card) {
    if (busy || !canChoose(card)) return;
    engaged.current = true;
    setChosen(chosen === card ? null : card);
  }

  function takeBack() {
    setPlaced(NOTHING);
    setChosen(null);
  }

  // The keys of the table (see `help`): digits choose in the group to choose from now. The
  // listener is set once and calls the handler of the latest drawing (keys may come faster
  // than effects run).
  const onKey = useRef(null);
  onKey.current = (e) => {
    if (!myTurn) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target;
    if (target && (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) || target.isContentEditable)) return;
    if (document.querySelector(".modal, .settings-menu")) return; // a dialog or a menu has the keyboard
    const digit = /^[1-9]$/.test(e.key) ? Number(e.key) : null;
    if (digit !== null && playing && chosen) {
      if (digit <= (view.bowls || []).length) { e.preventDefault(); place(digit - 1); }
    } else if (digit !== null && playing) {
      const card = hand[digit - 1];
      if (card && canChoose(card)) { e.preventDefault(); choose(card); }
    } else if (digit !== null && taking) {
      const card = fridge[digit - 1];
      if (card) { e.preventDefault(); take(card); }
    } else if (e.key === "Escape" && chosen) {
      e.preventDefault();
      setChosen(null);
    } else if (e.key === "Backspace" && (chosen || placed.length) && !busy) {
      e.preventDefault();
      takeBack();
    }
  };
  useEffect(() => {
    const key = (e) => onKey.current && onKey.current(e);
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, []);

  // The focus follows the turn: to the bowls once a card is chosen, back to the hand for
  // the next card, to the Fridge when it is time to take.
  let focusWanted = null;
  // the first bowl (in the bowls' order) it may go into
  const firstBowl = targets.size ? Math.min(...targets) : 0;
  if (playing && chosen) focusWanted = `bowl-${firstBowl}`;
  else if (playing) {
    const first = hand.find((c) => canChoose(c));
    focusWanted = first ? `hand-${first}` : null;
  } else if (taking && fridge.length) focusWanted = `fridge-${fridge[0]}`;
  useEffect(() => {
    if (!focusWanted || !root.current || !focusIsOurs(root.current, engaged.current)) return;
    const active = document.activeElement;
    const group = focusWanted.split("-")[0];
    // already within the group to choose from: leave the keyboard where the player put it
    if (active && active.dataset && active.dataset.focus && active.dataset.focus.startsWith(`${group}-`)) return;
    const el = root.current.querySelector(`[data-focus="${focusWanted}"]`);
    if (el) el.focus({ preventScroll: false });
  }, [focusWanted, position]);

  /** The roving tabindex of a group: the button that holds its Tab stop. */
  function stop(group, key, first) {
    const held = stops[group];
    const holder = held !== undefined && held !== null ? held : first;
    return {
      tabIndex: key === holder ? 0 : -1,
      onFocus: () => { if (stops[group] !== key) setStops({ ...stops, [group]: key }); },
      focusKey: `${group}-${key}`,
    };
  }

  const sides = view.served || [];
  const others = (view.hand_sizes || []).map((n, s) => ({ seat: s, n })).filter((o) => o.seat !== view.seat);
  const second = phase === "take2";
  let prompt = null;
  if (playing) {
    if (chosen) prompt = w("click_bowl");
    else if (placed.length) prompt = w("choose_next");
    else prompt = w(need === 1 ? "choose_last" : "choose_card");
  } else if (taking) {
    prompt = w(second ? "take_second_prompt" : "take_prompt");
  }
  const firstHand = hand.find((c) => canChoose(c));

  return html`
    <div class=${cx("rr-table", `mode-${view.mode}`)} ref=${root}>
      <div class="rr-top">
        <div class="rr-pile">
          <${Backs} count=${view.deck_size ? 1 : 0} label=${w("deck_label", { count: view.deck_size })} />
          <span class="count" aria-hidden="true">${view.deck_size}</span><span class="muted" aria-hidden="true">${w("deck")}</span>
        </div>
        ${view.discard_count > 0 && html`<div class="rr-pile aside">
          <${Backs} count=${1} label=${w("set_aside_label", { count: view.discard_count })} className="dim" />
          <span class="count" aria-hidden="true">${view.discard_count}</span><span class="muted" aria-hidden="true">${w("set_aside")}</span></div>`}
        <div class=${cx("rr-fridge", taking && "active")} role="group" aria-label=${w("fridge_label")} onKeyDown=${roveWithin}>
          <span class="fridge-label" aria-hidden="true">${w("fridge")}</span>
          ${fridge.length === 0 && html`<span class="muted empty">${w("empty")}</span>`}
          ${fridge.map((c, i) => {
            const can = taking && takes.some((m) => m.json.card === c);
            return html`<${Card} card=${c} cards=${cards} playable=${can} selected=${hintTake === c} key=${c}
              onClick=${can ? () => take(c) : null} label=${can ? w("take_it", { card: cards.name(c) }) : cards.name(c)}
              keyName=${can && i < 9 ? String(i + 1) : null} ...${can ? stop("fridge", c, fridge[0]) : {}} />`;
          })}
        </div>
      </div>

      ${others.length > 0 && html`
        <ul class="rr-others">
          ${others.map((o) => html`
            <li class="rr-other" key=${o.seat}>
              <span class="who">${seatName(seats, o.seat, seat)}</span>
              <${Backs} count=${o.n} label=${w("hand_count", { count: o.n })} />
              ${view.last_pick && view.last_pick[o.seat] && view.last_pick[o.seat].length > 0 && html`
                <span class="took">${w("took", { cards: view.last_pick[o.seat].map(cards.name) })}</span>`}
            </li>`)}
        </ul>`}

      <div class="rr-bowls" role="group" aria-label=${w("bowls")} onKeyDown=${roveWithin}>
        ${(view.bowls || []).map((b, i) => {
          const clickable = playing && !!chosen;
          return html`
          <${Bowl} view=${view} bowl=${b} index=${i} cards=${cards} owner=${ownerName(view, b, seats, seat)} key=${i}
            pending=${placed.filter((p) => p.bowl === i).map((p) => p.card)} chosen=${chosen}
            target=${targets.has(i)} onClick=${clickable ? () => place(i) : null}
            keyName=${clickable ? String(i + 1) : null} ...${clickable ? stop("bowl", i, firstBowl) : {}} />`;
        })}
      </div>

      <div class="rr-served">
        ${sides.map((s) => html`
          <div class="served-side" key=${s.side}>
            <span class="who">${w("served_by", { who: sideName(s, seats, seat) })} <b>${s.count}</b></span>
            ${s.bowls ? html`<span class="served-open">${s.bowls.map((b, k) => html`
                <span class="served-bowl" key=${k}>${b.map((c) => html`<${Chip} card=${c} cards=${cards} key=${c} />`)}
                  <span class="pts">${t("ramen_ramen.points", { count: s.bowl_points[k] })}</span></span>`)}</span>`
              : html`<span class="stack" aria-hidden="true">${Array.from({ length: s.count }, () => html`<span class="face-down-bowl"></span>`)}</span>`}
            ${s.points !== null && s.points !== undefined && html`<span class="side-points">${w("score", { points: points(s.points) })}</span>`}
          </div>`)}
      </div>

      ${seat !== null && html`
        <div class=${cx("rr-hand", myTurn && "active")} role="group" aria-labelledby="rr-hand-label" onKeyDown=${roveWithin}>
          <div class="hand-label">
            <span id="rr-hand-label" class=${cx(!prompt && "muted")}>${prompt ? html`<b>${prompt}</b>` : w("your_hand")}</span>
            ${(placed.length > 0 || chosen) && !busy && html`<button type="button" class="undo" onClick=${takeBack}
                aria-keyshortcuts="Backspace">${w("take_back")}</button>`}
          </div>
          <div class="cards">
            ${hand.map((c, i) => {
              const can = canChoose(c);
              return html`<${Card} card=${c} cards=${cards} selected=${chosen === c || hintCards.includes(c)} key=${c}
                playable=${can} onClick=${can ? () => choose(c) : null} toggle=${true}
                keyName=${can && !chosen && i < 9 ? String(i + 1) : null} ...${can ? stop("hand", c, firstHand) : {}} />`;
            })}
          </div>
        </div>`}
    </div>`;
}

/** Stars as ★, ½ and ☆ (the verdict's number of stars, 0 to 5 in halves). */
function starGlyphs(stars) {
  const full = Math.floor(stars);
  const half = stars - full >= 0.5;
  return "★".repeat(full) + (half ? "½" : "") + "☆".repeat(Math.max(0, 5 - full - (half ? 1 : 0)));
}

function Result({ result, view, seats, mySeat, game }) {
  const cards = useCards(game);
  const d = result.details || {};
  // the sides of the details are the view's scoring sides, in the same order
  const name = (side, i) => {
    const team = view && view.served && view.served[i] ? view.served[i].team : null;
    if (!team) return seatName(seats, side.seats[0], mySeat);
    return t("ramen_ramen.team.members", {
      team: msg("ramen_ramen.team", { team }),
      members: side.seats.map((s) => seatName(seats, s, mySeat)),
    });
  };
  return html`
    <div class="rr-result">
      ${d.verdict && html`<div class="verdict-box"><span class="stars" role="img" aria-label=${w("stars", { count: d.verdict.stars })}>
        ${starGlyphs(d.verdict.stars)}</span></div>`}
      ${(d.sides || []).map((side, i) => html`
        <section class="side" key=${i} aria-labelledby=${`rr-side-${i}`}>
          <h3 id=${`rr-side-${i}`}>${w("side_total", {
            who: name(side, i), points: points(side.points),
            bowls: msg("ramen_ramen.bowls", { count: side.bowls.length }),
            cards: msg("ramen_ramen.cards", { count: side.cards }),
          })}</h3>
          <div class="served-open">${side.bowls.map((b, k) => html`
            <span class="served-bowl" key=${k}>${b.cards.map((c) => html`<${Chip} card=${c} cards=${cards} key=${c} />`)}
              <span class="pts">${w("bowl_score", { count: b.ingredients, points: points(b.points) })}</span></span>`)}</div>
        </section>`)}
      ${d.discards && html`<p class="muted">${w("set_aside_cards", { cards: d.discards.map(cards.name) })}</p>`}
    </div>`;
}

/** One example of the rules (rules/<lang>.md): a bowl's cards, drawn as on the table, with
 * what it scores and the rulebook's words about it. The example says its own facts (its
 * sum, ingredients and points: the rules files state them, a test checks them against the
 * game), so that the page computes no rule. */
export function Example({ example, game }) {
  const cards = useCards(game);
  const shown = example.cards || [];
  return html`
    <div class="rr-example">
      <span class="rr-bowl example-bowl">
        <span class="bowl-cards">${shown.map((c) => html`<${Chip} card=${c} cards=${cards} key=${c} />`)}</span>
        <span class="bowl-meter">
          ${example.sum !== undefined && html`<span class="sum">${w("example_sum", { sum: example.sum })}</span>`}
          <b>${w("bowl_score", { count: example.ingredients, points: points(example.points) })}</b>
        </span>
      </span>
      ${example.caption && html`<p class="caption">${example.caption}</p>`}
    </div>`;
}

export default {
  Table,
  Result,
  Example,
  get help() { return w("help"); },
};
