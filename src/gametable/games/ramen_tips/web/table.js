// Ramen (the tips game) in the browser. The table holds the rulebook's pieces: the offer and
// the cards revealed this round (which become the next round's offer), side by side, above
// the preference row (the Shōyu pile at its left, a tip token on each slot); below, my hand
// and my bowls, then every other seat's bowls.
//
// The table draws the seat's view, knows no rule and writes no sentence of its own: its
// words are messages of the game's catalog (`ramen_tips.web.*`, the prompts and rules the
// terminal says too), rendered by the shell's i18n.t; the cards' and ingredients' names,
// the achievements and the rules it explains come from the game's components
// (`game.components`); what the rules make of the table comes from the view: each card's
// strength (`strength`), the order of choice as it stands (`ranking`), each bowl's facts
// (`bowl_facts`: a ramen or not, what it lacks, its Shōyu room, its face value), who leads
// for each tip now, each seat's yen if the game ended now (`yen`), and what each legal
// placement would make of mine (`placements`). A Shōyu placement being put together is
// shown as the rules preview it (`preview`). Which card goes where comes from the legal
// list, whose decisions are data (`{type: "take", card: "Y4", bowl: 1}`, bowls from 0).
//
// Another seat's chosen card is never in the view before the reveal (only that the seat has
// chosen), so the table cannot show it. A click becomes a decision as data: the legal
// list's entry when it holds it, else the decision all the same, so that the engine explains
// why it is not allowed (the answer arrives in words) and nothing changes.
//
// Choices (the rulebook says nothing about a screen):
// - The secret card takes two steps (pick it, then "Reveal", or click it again): the choice
//   cannot be taken back, so a stray click must not commit it.
// - My hand is sorted strongest first (by the view's strengths), since that order decides
//   who picks first; each preference card shows who leads for its tip now.
// - Every bowl shows five places, one per ingredient, so the missing ones show.
// - The offer and the cards chosen share a row, and my hand comes before my bowls, so that
//   my hand is in view without scrolling on a laptop's screen (1280×800). On a phone a card
//   shows its value and emblem (its name is its button's, its picture's), and names wrap
//   rather than being cut.
// - After a refused attempt the picked card stays picked, for the next try.
// - The reveal flips the cards only on a page that saw them being chosen (not after a
//   reload, nor in the replay viewer); the animation setting turns it off like the rest.
import { html, useState, useEffect, useRef, useMemo, cx, seatName, useStateFor } from "gametable/ui.js";
import { t } from "gametable/i18n.js";

/** The table's own words: messages ``ramen_tips.web.<key>`` of the game's catalog. */
const w = (key, params) => t(`ramen_tips.web.${key}`, params);

// -- the components (from the server), and how they look ------------------------------------

// The game's description as the table last received it: the shell gives it to the Table, and
// the end screen's Result (drawn on the same page) names the same cards.
let knownGame = null;

function parts() {
  return (knownGame && knownGame.components) || { cards: {}, ingredients: {}, achievements: {}, rules: {} };
}

/** A card's attributes and name (``{ingredient, value, name}``), by its id. */
function cardOf(id) {
  return parts().cards[id] || { ingredient: "", value: "", name: id };
}

/** An ingredient's name, gloss and colour, by its id. */
function ingredientOf(id) {
  return parts().ingredients[id] || { name: id, gloss: "", colour: "" };
}

const cardName = (id) => cardOf(id).name;
const ingredientName = (id) => ingredientOf(id).name;
/** Every ingredient's id, in the components' order (a bowl's five places). */
const ingredients = () => Object.keys(parts().ingredients);
/** A rule the table explains, in words (components.rules). */
const rule = (key) => (parts().rules || {})[key] || "";

/** The cards' colours on screen, by the colour the components give each ingredient: each ink
 * reads at 5:1 or more on its colour (WCAG AA). */
const PAINT = {
  red: { colour: "#c8372d", ink: "#fff" },
  blue: { colour: "#2c6cb5", ink: "#fff" },
  yellow: { colour: "#e5b10f", ink: "#3b2a00" },
  purple: { colour: "#7a48b0", ink: "#fff" },
  green: { colour: "#247a3a", ink: "#fff" },
};
const paint = (ingredient) => PAINT[ingredientOf(ingredient).colour] || { colour: "#888", ink: "#fff" };

/** Each ingredient's emblem, by its id: simple shapes, no images. */
const EMBLEMS = {
  C: html`<circle cx="20" cy="20" r="13" fill="#f4c8b3" stroke="#6d2418" stroke-width="3"/>
      <path d="M20 20 m-6 0 a6 6 0 1 0 6 -6 a3.5 3.5 0 1 1 -3.5 3.5" fill="none" stroke="#c77b62" stroke-width="2.4"/>`,
  A: html`<ellipse cx="20" cy="21" rx="11" ry="13.5" fill="#fffdf5" stroke="#a98c5a" stroke-width="1.5"/>
      <circle cx="20" cy="23" r="6.5" fill="#f39c12"/><circle cx="20" cy="23" r="3.2" fill="#e67e22"/>`,
  S: html`<path d="M7 19 h26 a13 12 0 0 1 -26 0 z" fill="#f6e3a1" stroke="#8a6a00" stroke-width="2"/>
      <path d="M14 8 q-2 3 0 6 M20 6 q-2 3 0 6 M26 8 q-2 3 0 6" fill="none" stroke="#b58a00" stroke-width="1.8" stroke-linecap="round"/>`,
  N: html`<path d="M8 12 q3 -4 6 0 t6 0 t6 0 t6 0 M8 20 q3 -4 6 0 t6 0 t6 0 t6 0 M8 28 q3 -4 6 0 t6 0 t6 0 t6 0"
      fill="none" stroke="#f5e6b8" stroke-width="3" stroke-linecap="round"/>`,
  Y: html`<path d="M20 34 C6 26 8 10 20 6 C32 10 34 26 20 34 z" fill="#9be07a" stroke="#1f6b31" stroke-width="2"/>
      <path d="M20 33 V10 M20 18 l-5 -4 M20 24 l6 -5" fill="none" stroke="#1f6b31" stroke-width="1.6" stroke-linecap="round"/>`,
};

function Emblem({ ingredient }) {
  return html`<svg class="tt-emblem" viewBox="0 0 40 40" aria-hidden="true">${EMBLEMS[ingredient] || ""}</svg>`;
}

/** A signed amount of yen ("+2¥", "−3¥", "±0¥"). */
function change(yen) {
  if (yen > 0) return w("gain", { yen });
  if (yen < 0) return w("loss", { yen: -yen });
  return w("no_change");
}

// -- card art (shapes and text only) ---------------------------------------------------

/**
 * The face of an ingredient card: its emblem, its ingredient's name, its value (drawn in the
 * top corner). The words come in the order of the card's name ("Sūpu 6"), so that the name a
 * button gives it holds what the card shows (a phone shows the value alone).
 */
function Face({ card }) {
  const info = cardOf(card);
  return html`
    <span class="tt-disc"><${Emblem} ingredient=${info.ingredient} /></span>
    <span class="tt-type">${ingredientName(info.ingredient)}</span>${" "}<span class="tt-value">${info.value}</span>`;
}

/**
 * An ingredient card: a button when `onClick` is given (a legal or attempted choice),
 * otherwise a picture. `size`: "" (normal), "small", "mini".
 */
export function Card({ card, size, onClick, label, selected, playable, hinted, dim, anim, style, extra }) {
  const info = cardOf(card);
  const look = paint(info.ingredient);
  const cls = cx("tt-card", size, selected && "selected", playable && "playable", hinted && "hinted",
    dim && "dim", anim);
  const css = `--type:${look.colour};--type-ink:${look.ink};${style || ""}`;
  const title = w("card_title", { card: info.name, gloss: ingredientOf(info.ingredient).gloss });
  const aria = label || info.name;
  if (onClick) {
    return html`<button type="button" class=${cls} style=${css} title=${title} aria-label=${aria}
      aria-pressed=${selected ? "true" : "false"} data-card=${card} onClick=${onClick}><${Face} card=${card} />${extra}</button>`;
  }
  return html`<span class=${cls} style=${css} title=${title} role="img" aria-label=${aria} data-card=${card}><${Face} card=${card} />${extra}</span>`;
}

/** A face-down ingredient card (a hand, a chosen card not yet revealed, Grunchie's pile). */
function Back({ size, label, extra, anim, style }) {
  return html`<span class=${cx("tt-card", "back", size, anim)} style=${style} role="img" aria-label=${label || w("face_down")}>
    <svg class="tt-swirl" viewBox="0 0 40 40" aria-hidden="true">
      <circle cx="20" cy="20" r="12" fill="#fff8f0"/>
      <path d="M20 20 m-1.5 0 a1.5 1.5 0 1 1 3 0 a4 4 0 1 1 -7 0 a6.5 6.5 0 1 1 12 0 a9 9 0 1 1 -17 0" fill="none" stroke="#e4528a" stroke-width="1.8"/>
    </svg>${extra}</span>`;
}

/** A Shōyu (soy sauce) card: black, a bottle drawn in lines. */
function ShoyuCard({ size, label, placed, anim }) {
  const name = parts().shoyu ? parts().shoyu.name : "";
  return html`<span class=${cx("tt-card", "shoyu", size, placed && "placed", anim)} role="img" aria-label=${label || name}
    title=${parts().shoyu ? parts().shoyu.about : ""}>
    <svg class="tt-emblem" viewBox="0 0 40 40" aria-hidden="true">
      <path d="M17 5 h6 v5 l3 4 v20 a2 2 0 0 1 -2 2 h-8 a2 2 0 0 1 -2 -2 v-20 l3 -4 z" fill="#3a2a22" stroke="#f1e3d3" stroke-width="1.6"/>
      <rect x="15.5" y="18" width="9" height="9" rx="1" fill="#d8382c"/>
    </svg>
    ${size !== "mini" && html`<span class="tt-type">${name}</span>`}</span>`;
}

/** A tip token; ``hidden``: inside a control that says it in its own name. */
function Coin({ yen, label, hidden }) {
  if (hidden) return html`<span class="tt-coin" aria-hidden="true"><b>${yen}</b><small>¥</small></span>`;
  return html`<span class="tt-coin" role="img" aria-label=${label || w("tip", { yen })}><b>${yen}</b><small>¥</small></span>`;
}

/** A Naruto token; ``hidden``: inside a control that says it in its own name. */
function NarutoMark({ label, hidden }) {
  const swirl = html`<svg viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="9" fill="#fff" stroke="#d9c9b6"/>
    <path d="M10 10 m-1 0 a1 1 0 1 1 2 0 a3 3 0 1 1 -5 0 a5 5 0 1 1 9 0" fill="none" stroke="#e4528a" stroke-width="1.6"/></svg>`;
  if (hidden) return html`<span class="tt-naruto" aria-hidden="true" title=${label}>${swirl}</span>`;
  return html`<span class="tt-naruto" role="img" aria-label=${label} title=${label}>${swirl}</span>`;
}

// -- decisions as data -----------------------------------------------------------------------

/** A decision's identity, to find it in the legal list. */
function key(d) {
  return JSON.stringify([d.type, d.card ?? null, d.bowl ?? null, d.ingredients ?? null, d.bowls ?? null]);
}

/** The legal list read once: each entry by its decision, and what each card may do. */
function readLegal(legal) {
  const byKey = new Map();
  const targets = new Map(); // "take:Y4" -> Set of bowls (from 0)
  const sources = new Map(); // card -> "take" | "keep"
  let pass = null;
  for (const m of legal) {
    const d = m.json || {};
    byKey.set(key(d), m);
    if (d.type === "take" || d.type === "keep") {
      sources.set(d.card, d.type);
      const k = `${d.type}:${d.card}`;
      if (!targets.has(k)) targets.set(k, new Set());
      targets.get(k).add(d.bowl);
    }
    if (d.type === "pass") pass = m;
  }
  return { byKey, targets, sources, pass };
}

// -- the preference row ------------------------------------------------------------------

function PreferenceRow({ view, nameOf, swapping, picked, onPick, hinted }) {
  return html`
    <div class="tt-pref" role="group" aria-label=${w("preference_row")}>
      <div class="tt-pref-head">
        <span class="tt-row-label">${w("preference")}<br /><span class="tt-sub">${w("stronger_weaker")}</span></span>
        <div class="tt-pref-shoyu">
          <${ShoyuCard} label=${w("shoyu_pile", { count: view.shoyu_supply })} />
          <span class="tt-count">×${view.shoyu_supply}</span>
          ${view.shoyu_naruto && html`<${NarutoMark} label=${parts().naruto.about_shoyu} />`}
        </div>
      </div>
      <div class="tt-pref-cards">
      ${view.preference.map((p, slot) => {
        const info = ingredientOf(p.type);
        const look = paint(p.type);
        // In a button (a 5's swap), what the card shows is said by the button's name, so
        // its pieces are hidden from assistive technologies there.
        const hide = swapping ? "true" : null;
        const lead = p.tip_leader !== null && p.tip_leader !== undefined
          ? html`<span class="tt-lead" aria-hidden=${hide} title=${w("tip_leader_title", { ingredient: info.name, seat: nameOf(p.tip_leader), total: p.tip_total })}>
              ${w("tip_leader", { seat: nameOf(p.tip_leader, true), total: p.tip_total })}</span>`
          : null;
        const body = html`
          <${Coin} yen=${p.tip} label=${w("tip_on", { yen: p.tip, ingredient: info.name })} hidden=${swapping} />
          <span class="tt-disc"><${Emblem} ingredient=${p.type} /></span>
          <span class="tt-pref-name" aria-hidden=${hide}>${info.name}</span>
          <span class="tt-pref-gloss" aria-hidden=${hide}>${info.gloss}</span>
          ${p.naruto && html`<${NarutoMark} label=${`${info.name}: ${parts().naruto.about}`} hidden=${swapping} />`}
          ${lead}`;
        const style = `--type:${look.colour};--type-ink:${look.ink}`;
        const label = w(p.naruto ? "pref_card_naruto" : "pref_card", { ingredient: info.name, place: slot + 1, yen: p.tip });
        if (swapping) {
          const with_ = picked && picked !== p.type;
          return html`<button type="button" class=${cx("tt-pref-card", "playable", picked === p.type && "selected", hinted.has(p.type) && "hinted")}
            style=${style} aria-pressed=${picked === p.type ? "true" : "false"} data-type=${p.type} key=${p.type} onClick=${() => onPick(p.type)}>
            <span class="sr-only">${with_ ? w("swap_with_this", { label, other: ingredientName(picked) }) : w("swap_this", { label })}</span>${body}</button>`;
        }
        return html`<div class="tt-pref-card" style=${style} role="group" aria-label=${label} data-type=${p.type} key=${p.type}>${body}</div>`;
      })}
      </div>
    </div>`;
}

// -- the revealed cards (next round's offer) ---------------------------------------------

function RevealRow({ view, seat, nameOf, flip, exchanging, onExchange, hinted, chosenBy }) {
  const slots = view.committed.length + (view.grunchie ? 1 : 0);
  const revealed = view.revealed;
  const ranking = view.ranking || (view.order && view.order.length ? view.order : null);
  const rankOf = {};
  if (revealed && ranking) ranking.forEach((s, i) => { rankOf[s] = i; });
  const settled = view.order && view.order.length > 0;
  const done = new Set(view.phase === "take" ? view.order.slice(0, view.turn) : []);
  return html`
    <div class="tt-reveal" role="group" aria-label=${revealed ? w("revealed_row") : w("choosing_row")}>
      ${Array.from({ length: slots }, (_, s) => {
        const grunchie = s >= view.players;
        const who = nameOf(s, true);
        let card;
        let note = null;
        if (revealed) {
          const c = revealed[s];
          const orig = view.revealed_original && view.revealed_original[s];
          const canTake = exchanging && s !== seat;
          const effect = view.phase === "exchange" && view.current === s ? w("may_exchange")
            : view.phase === "swap" && view.current === s ? w("may_swap") : null;
          const face = html`<${Card} card=${c} onClick=${canTake ? () => onExchange(c) : null}
              playable=${canTake} hinted=${hinted.has(c)}
              label=${canTake ? w("exchange_for", { card: cardName(c), seat: who }) : w("revealed_by", { card: cardName(c), seat: who })} />`;
          card = flip
            ? html`<span class="tt-flip" key=${`f${view.round}-${s}`}><span class="tt-flip-inner">
                <span class="tt-face front">${face}</span><span class="tt-face backside"><${Back} /></span></span></span>`
            : html`<span class="tt-slot-card" key=${`c${view.round}-${s}-${c}`}>${face}</span>`;
          if (orig && orig !== c) note = html`<span class="tt-note">${w("was", { card: cardName(orig) })}</span>`;
          if (effect) note = html`<span class="tt-note effect">${effect}</span>`;
        } else if (view.phase === "choose") {
          if (s === seat && chosenBy) {
            card = html`<span class="tt-slot-card mine" key="mine"><${Card} card=${chosenBy} anim="tt-in" label=${w("your_secret_card", { card: cardName(chosenBy) })} /></span>`;
            note = html`<span class="tt-note">${w("only_you_see_it")}</span>`;
          } else if (grunchie) {
            card = html`<${Back} label=${w("grunchie_reveals")} />`;
            note = html`<span class="tt-note">${w("at_random")}</span>`;
          } else if (view.committed[s]) {
            card = html`<span class="tt-slot-card" key=${`b${view.round}-${s}`}><${Back} anim="tt-in" label=${w("has_chosen_face_down", { seat: who })} extra=${html`<span class="tt-check">✓</span>`} /></span>`;
            note = html`<span class="tt-note">${w("has_chosen")}</span>`;
          } else {
            card = html`<span class="tt-card empty" role="img" aria-label=${s === seat ? w("you_are_choosing") : w("is_choosing", { seat: who })}>?</span>`;
            note = html`<span class="tt-note">${w("choosing")}</span>`;
          }
        } else {
          card = html`<span class="tt-card empty" role="img" aria-label=${w("no_card")}>—</span>`;
        }
        const rank = rankOf[s];
        const place = { place: rank + 1, count: slots };
        return html`
          <div class=${cx("tt-slot", s === seat && "me", grunchie && "grunchie", view.current === s && "current", done.has(s) && "done")} data-slot=${s}>
            <span class="tt-slot-who">${who}</span>
            ${card}
            ${rank !== undefined && html`<span class="tt-rank" title=${rule("strength")}>${settled ? w("picks", place) : w("picks_now", place)}</span>`}
            ${note}
          </div>`;
      })}
    </div>`;
}

// -- bowls and tableaux -------------------------------------------------------------------

function bowlNote(facts, over) {
  if (facts.valid) return w("bowl_ramen", { count: facts.cards });
  if (over) return w("bowl_not_ramen", { yen: facts.face_value });
  return w("bowl_missing", { count: facts.missing });
}

function Bowl({ cards, index, facts, plannedShoyu, over, onClick, target, gain, hinted, label, controls, isNew, anim }) {
  const shown = facts || { cards: cards.length, shoyu: 0, valid: false, missing: 0, shoyu_capacity: 0, face_value: 0 };
  const bySlot = Object.fromEntries(cards.map((c) => [cardOf(c).ingredient, c]));
  const shoyu = shown.shoyu;
  const body = html`
    <span class="tt-bowl-num">${isNew ? w("new_bowl", { number: index + 1 }) : w("bowl", { number: index + 1 })}</span>
    ${!isNew && html`
      <span class="tt-bowl-cards">
        ${ingredients().map((l) => (bySlot[l]
          ? html`<${Card} key=${bySlot[l]} card=${bySlot[l]} size="mini" anim=${anim} />`
          : html`<span class="tt-gap" style=${`--type:${paint(l).colour}`} title=${w("no_ingredient_yet", { ingredient: ingredientName(l) })}
              aria-hidden="true"><${Emblem} ingredient=${l} /></span>`))}
        ${Array.from({ length: shoyu }, (_, i) => html`<${ShoyuCard} key=${`sh${i}`} size="mini" placed=${i >= shoyu - (plannedShoyu || 0)} label=${w("shoyu_in_bowl")} />`)}
      </span>
      <span class=${cx("tt-bowl-state", shown.valid ? "valid" : over ? "invalid" : "")}>
        ${bowlNote(shown, over)}
        ${shown.shoyu_capacity > 0 && (over || plannedShoyu !== undefined) && html` · ${w("bowl_shoyu", { placed: shoyu, most: shown.shoyu_capacity })}`}
      </span>`}
    ${isNew && html`<span class="tt-bowl-new">+</span>`}
    ${gain !== undefined && html`<span class="tt-bowl-gain">${change(gain)}</span>`}`;
  const cls = cx("tt-bowl", target && "target", hinted && "hinted", isNew && "new", shown.valid && !isNew && "valid");
  if (onClick) {
    // Its name is a sentence that says what the bowl shows (its cards by name), so what it
    // shows is hidden from assistive technologies (and the name holds no word it does not).
    return html`<div class="tt-bowl-wrap"><button type="button" class=${cls} onClick=${onClick} data-bowl=${index}>
      <span class="sr-only">${label}</span><span class="tt-bowl-face" aria-hidden="true">${body}</span></button>${controls}</div>`;
  }
  return html`<div class="tt-bowl-wrap"><div class=${cls} role="group" aria-label=${label} data-bowl=${index}>${body}</div>${controls}</div>`;
}

function Tableau({ view, s, seat, nameOf, children, bowlsOverride }) {
  const bowls = view.bowls[s];
  const facts = view.bowl_facts[s] || [];
  const over = view.phase === "over";
  const committed = (view.phase === "choose" || view.phase === "shoyu") && view.committed[s];
  const orderIndex = view.order ? view.order.indexOf(s) : -1;
  const badges = [];
  if (view.analysis && view.analysis[s]) badges.push("analysis");
  if (view.paralysis && view.paralysis[s]) badges.push("paralysis");
  const achievements = parts().achievements || {};
  return html`
    <section class=${cx("tt-tableau", s === seat && "me", view.current === s && "current")} aria-label=${w("bowls_of", { seat: nameOf(s) })} data-seat=${s}>
      <header>
        <b class="tt-who">${nameOf(s)}</b>
        ${committed && html`<span class="tt-tag ok" title=${view.phase === "choose" ? w("has_chosen") : w("has_placed")}>✓ ${view.phase === "choose" ? w("chosen_tag") : w("placed_tag")}</span>`}
        ${view.current === s && html`<span class="tt-tag turn">${view.phase === "take" ? w("taking") : view.phase === "exchange" ? w("may_exchange") : w("may_swap")}</span>`}
        ${orderIndex >= 0 && view.phase === "take" && view.current !== s && html`<span class="tt-tag">${w("picks", { place: orderIndex + 1, count: view.order.length })}</span>`}
        <span class="tt-hand-count" title=${w("cards_in_hand", { count: view.hand_sizes[s] })} aria-label=${w("cards_in_hand", { count: view.hand_sizes[s] })}>
          ${Array.from({ length: Math.min(view.hand_sizes[s], view.rounds) }, () => html`<span class="tt-minback"></span>`)}
          <span>${view.hand_sizes[s]}</span></span>
        <span class="tt-shoyu-count" aria-label=${w("shoyu_cards", { count: view.shoyu[s] })} title=${parts().shoyu ? parts().shoyu.about : ""}>
          <${ShoyuCard} size="mini" /> ×${view.shoyu[s]}</span>
        <span class="tt-yen" title=${w("yen_now_title")}>${w("yen_now", { yen: view.yen[s].total })}</span>
        ${badges.map((b) => html`<span class="tt-tag achievement" title=${achievements[b] ? achievements[b].means : ""}>★ ${achievements[b] ? achievements[b].name : ""}</span>`)}
      </header>
      ${children}
      <div class="tt-bowls">
        ${bowlsOverride || (bowls.length === 0
          ? html`<span class="muted tt-nobowl">${w("no_bowl_yet")}</span>`
          : bowls.map((b, i) => html`<${Bowl} key=${i} cards=${b} index=${i} facts=${facts[i]} over=${over}
              anim="tt-drop" label=${w("bowl_of", { seat: nameOf(s), number: i + 1, cards: b.map(cardName) })} />`))}
      </div>
    </section>`;
}

// -- the prompt: what happens now, in words --------------------------------------------

function Prompt({ view, seat, myTurn, nameOf, children, waitingFor }) {
  let text;
  const phase = view.phase;
  const cur = view.current;
  const mine = seat !== null && seat !== undefined;
  const waiting = waitingFor.length ? w("waiting_for", { names: waitingFor }) : "";
  if (phase === "choose") {
    if (myTurn) text = html`<b>${t("ramen_tips.prompt.choose.you")}</b> ${rule("strength")} ${rule("effects")}`;
    else if (mine && view.chosen) text = html`<b>${t("ramen_tips.prompt.chosen", { card: cardName(view.chosen) })}</b> ${waiting}`;
    else text = html`${t("ramen_tips.prompt.choose")} ${waiting}`;
  } else if (phase === "exchange") {
    text = myTurn
      ? html`<b>${t("ramen_tips.prompt.exchange.you")}</b> ${w("exchange_explained")}`
      : t("ramen_tips.prompt.exchange", { seat: nameOf(cur) });
  } else if (phase === "swap") {
    text = myTurn
      ? html`<b>${t("ramen_tips.prompt.swap.you")}</b> ${w("swap_explained")}`
      : t("ramen_tips.prompt.swap", { seat: nameOf(cur) });
  } else if (phase === "take") {
    if (myTurn) {
      const own = cardName(view.revealed[seat]);
      const now = view.final_round && !view.took && !view.kept ? t("ramen_tips.prompt.take_and_keep.you", { card: own })
        : view.final_round && !view.kept ? t("ramen_tips.prompt.keep.you", { card: own })
        : t("ramen_tips.prompt.take.you");
      text = html`<b>${now}</b> ${w("click_card_then_bowl")} <span class="muted">${rule("placement")}</span>`;
    } else {
      text = t("ramen_tips.prompt.take", { seat: nameOf(cur), place: view.turn + 1 });
    }
  } else if (phase === "shoyu") {
    if (myTurn) text = html`<b>${t("ramen_tips.prompt.shoyu.you")}</b> ${rule("shoyu")}`;
    else text = html`${t("ramen_tips.prompt.shoyu")} ${waiting}`;
  } else {
    text = html`<b>${t("ramen_tips.prompt.over")}</b> ${w("scores_in_end_screen")}`;
  }
  return html`<div class=${cx("tt-prompt", myTurn && "yours")} aria-live="polite">
    <p>${text}</p>${children && html`<div class="tt-actions">${children}</div>`}</div>`;
}

// -- the table -----------------------------------------------------------------------------

function Table({ frame, view, seat, legal, act, busy, hint, seats, readOnly, preview, game }) {
  if (game) knownGame = game;
  const [plan, setPlan] = useState([]); // Shōyu per bowl (my placement being prepared)
  const [planned, setPlanned] = useState(null); // the rules' preview of that placement
  const seenChoose = useRef(new Set());
  const mine = seat !== null && seat !== undefined && view.hand !== null;
  const L = useMemo(() => readLegal(legal), [legal]);
  const myTurn = !readOnly && legal.length > 0;
  const phase = view.phase;

  if (phase === "choose") seenChoose.current.add(view.round);
  const flip = !readOnly && view.revealed !== null && seenChoose.current.has(view.round);

  // A selection stays while others decide (they choose at the same time); it goes when my
  // part of the game moves on.
  const myPart = JSON.stringify([phase, view.round, view.took, view.kept, view.turn]);
  const [picked, setPicked] = useStateFor(myPart, null); // choose: a hand card; take: {card, kind}; swap: an ingredient
  useEffect(() => {
    const onKey = (e) => { if (e.key === "Escape") setPicked(null); };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  useEffect(() => {
    if (phase === "shoyu" && mine) setPlan(view.bowls[seat].map(() => 0));
  }, [phase, seat]);

  const nameOf = (s, short) => {
    if (s >= view.players) return parts().grunchie ? parts().grunchie.name : "";
    if (short && s === seat) return w("you");
    return seatName(seats, s, seat);
  };

  // What the hint points at (the hint's decision is data).
  const hinted = useMemo(() => {
    const out = { cards: new Set(), types: new Set(), bowls: new Set(), pass: false, shoyu: null };
    const h = hint && hint.action;
    if (!h || typeof h !== "object") return out;
    if (h.card) out.cards.add(h.card);
    if (h.bowl !== undefined) out.bowls.add(h.bowl);
    if (h.type === "swap") h.ingredients.forEach((i) => out.types.add(i));
    if (h.type === "pass") out.pass = true;
    if (h.type === "place_shoyu") { out.shoyu = h.bowls; h.bowls.forEach((b) => out.bowls.add(b)); }
    return out;
  }, [hint]);

  async function send(decision) {
    if (busy) return null;
    const m = L.byKey.get(key(decision));
    // On an error the shell shows the engine's reason; the selection stays for a new try.
    return act({ json: m ? m.json : decision });
  }

  // -- choose
  const strength = view.strength || {};
  const hand = useMemo(() => (view.hand ? [...view.hand].sort((a, b) => (strength[b] || 0) - (strength[a] || 0)) : []),
    [view.hand, JSON.stringify(strength)]);
  const choosing = myTurn && phase === "choose";
  const waitingFor = (phase === "choose" || phase === "shoyu")
    ? view.committed.map((c, s) => (c ? null : s === seat ? w("you") : nameOf(s))).filter((x) => x !== null) : [];

  // -- take / keep
  const taking = myTurn && phase === "take";
  const ownCard = mine && view.revealed ? view.revealed[seat] : null;
  const pickedTargets = picked && typeof picked === "object" ? L.targets.get(`${picked.kind}:${picked.card}`) || new Set() : new Set();
  const gains = useMemo(() => {
    const out = new Map();
    for (const p of view.placements || []) out.set(`${p.type}:${p.card}:${p.bowl}`, p.change);
    return out;
  }, [view.placements]);
  const gainFor = (bowl) => (picked && typeof picked === "object" ? gains.get(`${picked.kind}:${picked.card}:${bowl}`) : undefined);

  // -- exchange / swap
  const exchanging = myTurn && phase === "exchange";
  const swapping = myTurn && phase === "swap";
  function pickType(ingredient) {
    if (picked === ingredient) { setPicked(null); return; }
    if (typeof picked !== "string" || !(picked in parts().ingredients)) { setPicked(ingredient); return; }
    send({ type: "swap", ingredients: [picked, ingredient] });
  }

  // -- Shōyu: the plan, each change previewed by the rules, sent as one decision
  const placingShoyu = myTurn && phase === "shoyu";
  const myBowls = mine ? view.bowls[seat] : [];
  const planBowls = (p) => p.flatMap((k, i) => Array.from({ length: k }, () => i));
  const plannedCount = plan.reduce((a, b) => a + b, 0);
  useEffect(() => {
    if (!placingShoyu || !preview) { setPlanned(null); return undefined; }
    let live = true;
    preview({ type: "place_shoyu", bowls: planBowls(plan) }).then((answer) => {
      if (live && answer && answer.type === "preview") setPlanned(answer);
    });
    return () => { live = false; };
  }, [placingShoyu, JSON.stringify(plan)]);
  /** Whether one more Shōyu in bowl ``i`` is a legal placement (the legal list says). */
  function canAdd(i) {
    const next = plan.map((k, j) => (j === i ? k + 1 : k));
    return L.byKey.has(key({ type: "place_shoyu", bowls: planBowls(next) }));
  }
  function adjust(i, delta) {
    setPlan((p) => p.map((k, j) => (j === i ? Math.max(0, k + delta) : k)));
  }

  // -- my area: my bowls (targets while taking, Shōyu controls at the end) and my hand
  let myBowlsDrawn = null;
  if (mine) {
    const facts = view.bowl_facts[seat] || [];
    const list = myBowls.map((b, i) => {
      const clickable = taking && picked && typeof picked === "object";
      let shownFacts = facts[i];
      let plannedHere;
      if (placingShoyu) {
        plannedHere = plan[i] || 0;
        if (planned && planned.facts && planned.facts.bowls && planned.facts.bowls[i]) shownFacts = planned.facts.bowls[i];
      }
      const controls = placingShoyu && (facts[i] || {}).shoyu_capacity > 0 ? html`
        <span class="tt-shoyu-ctl">
          <button type="button" aria-label=${w("shoyu_less", { number: i + 1 })} disabled=${!plan[i]} onClick=${() => adjust(i, -1)}>−</button>
          <button type="button" aria-label=${w("shoyu_more", { number: i + 1 })} class=${cx(hinted.shoyu && hinted.shoyu.includes(i) && "hinted")}
            disabled=${!canAdd(i)} onClick=${() => adjust(i, 1)}>${w("add_shoyu")}</button>
        </span>` : null;
      const target = clickable && pickedTargets.has(i);
      return html`<${Bowl} key=${i} cards=${b} index=${i} facts=${shownFacts} plannedShoyu=${plannedHere}
        over=${phase === "over"} anim="tt-drop" controls=${controls}
        target=${target} gain=${target ? gainFor(i) : undefined} hinted=${hinted.bowls.has(i) && (taking || placingShoyu)}
        onClick=${clickable ? () => send({ type: picked.kind, card: picked.card, bowl: i }) : null}
        label=${target ? w("your_bowl_target", { number: i + 1, cards: b.map(cardName) }) : w("your_bowl", { number: i + 1, cards: b.map(cardName) })} />`;
    });
    if (taking && picked && typeof picked === "object") {
      const n = myBowls.length;
      const target = pickedTargets.has(n);
      list.push(html`<${Bowl} key="new" cards=${[]} index=${n} isNew=${true} target=${target} gain=${target ? gainFor(n) : undefined}
        hinted=${hinted.bowls.has(n)} onClick=${() => send({ type: picked.kind, card: picked.card, bowl: n })}
        label=${target ? w("new_bowl_target", { number: n + 1 }) : w("new_bowl", { number: n + 1 })} />`);
    }
    if (list.length === 0) list.push(html`<span class="muted tt-nobowl">${w("first_card_starts_a_bowl")}</span>`);
    myBowlsDrawn = list;
  }

  const actions = [];
  if (choosing && picked && typeof picked === "string" && view.hand.includes(picked)) {
    actions.push(html`<button type="button" class="primary" disabled=${busy} onClick=${() => send({ type: "choose", card: picked })}>
      ${w("reveal_button", { card: cardName(picked) })}</button>`);
  }
  if ((exchanging || swapping) && picked && swapping) actions.push(html`<span class="tt-picked">${w("swap_picked", { ingredient: ingredientName(picked) })}</span>`);
  if ((exchanging || swapping) && L.pass) {
    actions.push(html`<button type="button" class=${cx(hinted.pass && "hinted")} disabled=${busy} onClick=${() => send(L.pass.json)}>${L.pass.text}</button>`);
  }
  if (taking && picked && typeof picked === "object") {
    actions.push(html`<span class="tt-picked">${w("now_click_a_bowl", { card: cardName(picked.card) })}</span>
      <button type="button" onClick=${() => setPicked(null)}>${w("cancel")}</button>`);
  }
  if (placingShoyu) {
    actions.push(html`<span class="tt-picked">${w("shoyu_planned", { count: view.shoyu[seat], placed: plannedCount })}</span>
      ${planned && planned.facts && html`<span class="tt-preview" aria-live="polite">${w("would_score", { yen: planned.facts.yen })} (${change(planned.facts.change)})</span>`}
      <button type="button" class="primary" disabled=${busy} onClick=${() => send({ type: "place_shoyu", bowls: planBowls(plan) })}>
        ${plannedCount ? w("place_my_shoyu") : w("place_no_shoyu")}</button>`);
  }

  const others = Array.from({ length: view.players }, (_, s) => s).filter((s) => s !== seat);
  const hasNaruto = view.shoyu_naruto || view.preference.some((p) => p.naruto);

  return html`
    <div class=${cx("tt-table", `phase-${phase}`, view.final_round && "final")} data-phase=${phase} data-round=${view.round}
         data-my-moves=${frame && frame.my_moves !== undefined ? frame.my_moves : null}>
      <${Prompt} view=${view} seat=${seat} myTurn=${myTurn} nameOf=${nameOf} waitingFor=${waitingFor}>
        ${actions.length ? actions : null}
      <//>

      <section class="tt-line" aria-label=${w("the_table")}>
        <div class="tt-round">
          <b>${view.final_round ? w("round_final", { round: view.round, rounds: view.rounds }) : w("round", { round: view.round, rounds: view.rounds })}</b>
          <span>${view.unused_count ? w("unused", { count: view.unused_count }) : w("every_card_in_play")}</span>
        </div>
        <div class="tt-pair">
        <div class="tt-offer-row">
          <span class="tt-row-label">${phase === "choose" ? w("offer_compete") : w("offer")}</span>
          <div class="tt-offer" role="group" aria-label=${w("offer")}>
            ${view.offer.length === 0 && html`<span class="tt-empty-row">${w("taken")}</span>`}
            ${view.offer.map((c, i) => {
              const can = taking && L.sources.get(c) === "take";
              const attempt = taking && !view.took; // an offer card not in the list is still sent
              // The wrapper carries the dealing animation, so that it plays when the card
              // arrives, not each time the card turns into a button and back.
              return html`<span class="tt-deal" key=${c} style=${`--i:${i}`}><${Card} card=${c}
                onClick=${attempt ? () => setPicked(picked && picked.card === c ? null : { card: c, kind: "take" }) : null}
                playable=${can} selected=${picked && picked.card === c} hinted=${hinted.cards.has(c) && taking}
                label=${can ? w("take_it", { card: cardName(c) }) : cardName(c)} /></span>`;
            })}
          </div>
        </div>
        <div class="tt-offer-row tt-chosen-row">
          <span class="tt-row-label">${phase === "choose" ? w("chosen_row") : view.final_round ? w("revealed_final_row") : w("revealed_next_offer")}</span>
          <${RevealRow} view=${view} seat=${mine ? seat : null} nameOf=${nameOf} flip=${flip}
            exchanging=${exchanging} onExchange=${(c) => send({ type: "exchange", card: c })} hinted=${exchanging ? hinted.cards : new Set()}
            chosenBy=${view.chosen} />
        </div>
        </div>
        <${PreferenceRow} view=${view} nameOf=${nameOf} swapping=${swapping} picked=${swapping ? picked : null}
          onPick=${pickType} hinted=${hinted.types} />
        ${hasNaruto && html`<p class="tt-legend"><${NarutoMark} label=${parts().naruto.name} /> ${parts().naruto.about} ${view.shoyu_naruto ? parts().naruto.about_shoyu : ""}</p>`}
      </section>

      ${mine && html`
        <${Tableau} view=${view} s=${seat} seat=${seat} nameOf=${nameOf} bowlsOverride=${myBowlsDrawn}>
          <div class=${cx("tt-hand", choosing && "active")} role="group" aria-label=${w("your_hand")}>
            <span class="tt-row-label">${w("your_hand")} <span class="muted">${w("strongest_first")}</span></span>
            <div class="tt-hand-cards">
              ${hand.length === 0 && !(taking && ownCard && L.sources.get(ownCard) === "keep") && html`<span class="muted">${w("empty")}</span>`}
              ${hand.map((c, i) => html`<span class="tt-deal" key=${c} style=${`--i:${i}`}><${Card} card=${c}
                onClick=${choosing ? () => (picked === c ? send({ type: "choose", card: c }) : setPicked(c)) : null}
                playable=${choosing && L.byKey.has(key({ type: "choose", card: c }))} selected=${choosing && picked === c}
                hinted=${choosing && hinted.cards.has(c)} /></span>`)}
              ${taking && ownCard && L.sources.get(ownCard) === "keep" && html`
                <span class="tt-own">
                  <span class="tt-row-label">${w("your_revealed_card")}</span>
                  <${Card} card=${ownCard} playable=${true} selected=${picked && picked.card === ownCard}
                    hinted=${hinted.cards.has(ownCard)} label=${w("your_own_card", { card: cardName(ownCard) })}
                    onClick=${() => setPicked(picked && picked.card === ownCard ? null : { card: ownCard, kind: "keep" })} />
                </span>`}
            </div>
          </div>
        <//>`}
      <div class="tt-others">
        ${others.map((s) => html`<${Tableau} key=${s} view=${view} s=${s} seat=${seat} nameOf=${nameOf} />`)}
        ${view.grunchie && html`
          <section class="tt-tableau grunchie" aria-label=${parts().grunchie.name}>
            <header><b class="tt-who">${parts().grunchie.name}</b><span class="muted">${parts().grunchie.about}</span></header>
            <div class="tt-grunchie">
              <span class="tt-pile" aria-label=${w("grunchie_pile", { count: view.grunchie_hand_size })}>
                ${view.grunchie_hand_size > 0 ? html`<${Back} size="small" />` : html`<span class="muted">${w("none")}</span>`}<b>×${view.grunchie_hand_size}</b></span>
              <span class="tt-removed" aria-label=${w("removed_by_grunchie_label")}>
                ${view.removed.length ? view.removed.map((c) => html`<${Card} key=${c} card=${c} size="mini" dim=${true} anim="tt-drop" label=${w("removed", { card: cardName(c) })} />`) : html`<span class="muted">${w("nothing_removed")}</span>`}
              </span>
            </div>
          </section>`}
      </div>

    </div>`;
}

// -- the end: every step of the score ------------------------------------------------------

/** A table's box, which scrolls sideways when the table is wider than the screen: focusable
 * and named then (as the rules' tables are), so that a keyboard scrolls it too. */
function ScrollBox({ children }) {
  const ref = useRef(null);
  useEffect(() => {
    const box = ref.current;
    if (!box) return undefined;
    const mark = () => {
      if (box.scrollWidth > box.clientWidth + 1) {
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "group");
        box.setAttribute("aria-label", t("web.rules.table_scroll"));
      } else {
        box.removeAttribute("tabindex");
        box.removeAttribute("role");
        box.removeAttribute("aria-label");
      }
    };
    mark();
    const watch = new ResizeObserver(mark);
    watch.observe(box);
    return () => watch.disconnect();
  }, []);
  return html`<div class="tt-scroll" ref=${ref}>${children}</div>`;
}

function Result({ result, view, seats, mySeat }) {
  const d = result.details || {};
  const players = d.players || [];
  const yen = (view && view.yen) || [];
  const name = (s) => (view && s >= view.players ? parts().grunchie.name : seatName(seats, s, mySeat));
  const order = [...players].sort((a, b) => result.ranks[a.seat] - result.ranks[b.seat]);
  const achievements = parts().achievements || {};
  const cards = (list) => (list.length ? list.map(cardName) : [w("none")]);
  const naruto = (kind) => (kind in parts().ingredients ? ingredientName(kind) : parts().shoyu.name);
  return html`
    <div class="tt-result">
      <div class="tt-result-players">
        ${order.map((p) => {
          const y = yen[p.seat] || {};
          return html`
          <section class=${cx("tt-score", result.winners.includes(p.seat) && "winner")} aria-label=${w("score_of", { seat: name(p.seat), yen: p.total })}>
            <h3>${name(p.seat)} <span class="tt-total">${w("yen", { yen: p.total })}</span>${result.winners.includes(p.seat) && html` <span class="tt-tag ok">${w("winner")}</span>`}</h3>
            <div class="tt-score-bowls">
              ${p.bowls.map((b, i) => html`<span class=${cx("tt-score-bowl", b.valid ? "valid" : "invalid")} title=${b.valid ? w("a_ramen") : w("not_a_ramen")}>
                ${b.cards.map((c) => html`<${Card} key=${c} card=${c} size="mini" />`)}
                ${Array.from({ length: b.shoyu }, (_, k) => html`<${ShoyuCard} key=${k} size="mini" />`)}
                <small>${b.valid ? "✓" : "✗"} ${i + 1}</small></span>`)}
            </div>
            <div class="tt-steps" role="list">
              <span role="listitem"><i>1</i><span>${w("step_ramen", { count: p.valid, largest: p.largest })}</span><b>${w("yen", { yen: p.ramen_yen })}</b></span>
              <span role="listitem"><i>2</i><span>${w("step_tips", { tips: p.tips.length ? p.tips.map((x) => w("tip_for", { yen: x.yen, ingredient: ingredientName(x.type) })) : [w("none")] })}</span><b>${change(y.tips || 0)}</b></span>
              ${p.narutos.length > 0 && html`<span role="listitem"><i>+</i><span>${w("step_narutos", { narutos: p.narutos.map(naruto) })}</span><b>${change(y.narutos || 0)}</b></span>`}
              <span role="listitem"><i>3</i><span>${w("step_bonus", { cards: cards(p.bonus_cards) })}</span><b>${change(y.bonus || 0)}</b></span>
              <span role="listitem"><i>4</i><span>${w("step_penalty", { cards: cards(p.penalty_cards) })}</span><b>${change(-(y.penalty || 0))}</b></span>
              <span role="listitem" class="tt-sum"><i></i><span>${p.shoyu ? w("step_total_shoyu", { count: p.shoyu }) : w("step_total")}</span><b>${w("yen", { yen: p.total })}</b></span>
            </div>
            ${p.achievements.length > 0 && html`<p class="tt-achievements">${p.achievements.map((a) => html`
              <span class="tt-tag achievement" title=${achievements[a] ? achievements[a].means : ""}>★ ${achievements[a] ? achievements[a].name : ""}</span>`)}</p>`}
          </section>`;
        })}
      </div>
      <${ScrollBox}><table class="tt-tips">
        <caption>${parts().tips ? parts().tips.about : ""}</caption>
        <thead><tr><th>${w("col_ingredient")}</th><th>${w("col_tip")}</th>${players.map((p) => html`<th>${name(p.seat)}</th>`)}<th>${w("col_won_by")}</th></tr></thead>
        <tbody>${(d.tips || []).map((row) => html`
          <tr><td><span class="tt-dot" style=${`--type:${paint(row.type).colour}`}></span>${ingredientName(row.type)}</td>
            <td>${w("yen", { yen: row.yen })}</td>
            ${row.totals.map((x, s) => html`<td class=${cx(row.winner === s && "won")}>${row.eligible[s] ? x : "–"}</td>`)}
            <td>${row.winner === null ? w("nobody") : name(row.winner)}</td></tr>`)}</tbody>
      </table><//>
      ${(d.narutos || []).length > 0 && html`
        <${ScrollBox}><table class="tt-tips">
          <caption>${w("narutos_title")}: ${parts().naruto.about} ${parts().naruto.about_shoyu}</caption>
          <thead><tr><th>${w("col_naruto")}</th>${players.map((p) => html`<th>${name(p.seat)}</th>`)}<th>${w("col_won_by")}</th></tr></thead>
          <tbody>${d.narutos.map((row) => html`
            <tr><td>${naruto(row.kind)}</td>
              ${row.amounts.map((a, s) => html`<td class=${cx(row.winner === s && "won")}>${a}</td>`)}
              <td>${row.winner === null ? w("nobody") : name(row.winner)}</td></tr>`)}</tbody>
        </table><//>`}
      ${d.removed_by_grunchie && d.removed_by_grunchie.length > 0 && html`
        <p class="muted">${w("removed_by_grunchie", { cards: d.removed_by_grunchie.map(cardName) })}</p>`}
      <p class="muted">${w("final_row", { row: (d.preference || []).map(ingredientName) })}</p>
    </div>`;
}

// -- the rules' examples -------------------------------------------------------------------

/** A labelled line of an example: its label, then what it shows. */
function ExampleLine({ label, sub, children }) {
  return html`
    <div class="tt-ex-line">
      <span class="tt-ex-label">${label}${sub && html` <span class="tt-sub">${sub}</span>`}</span>
      <div class="tt-ex-items">${children}</div>
    </div>`;
}

/** A preference row of an example (ingredient ids, the strongest first): the preference
 * cards in their order. */
function ExampleRow({ row }) {
  return html`
    <div class="tt-ex-row">
      ${row.map((type, i) => html`
        <span class="tt-pref-card tt-ex-pref" key=${type} data-type=${type} role="img"
              style=${`--type:${paint(type).colour};--type-ink:${paint(type).ink}`}
              aria-label=${w("example_place", { ingredient: ingredientName(type), place: i + 1 })}>
          <span class="tt-disc"><${Emblem} ingredient=${type} /></span>
          <span class="tt-pref-name">${ingredientName(type)}</span>
        </span>`)}
    </div>`;
}

/** A bowl of an example: its five places (the missing ingredients show), then its Shōyu
 * cards — what it counts as is the caption's to say (the browser computes no rule). */
function ExampleBowl({ cards, shoyu, index }) {
  const bySlot = Object.fromEntries(cards.map((c) => [cardOf(c).ingredient, c]));
  return html`
    <div class="tt-bowl tt-ex-bowl" role="group" aria-label=${w("bowl", { number: index + 1 })} data-bowl=${index}>
      <span class="tt-bowl-num" aria-hidden="true">${w("bowl", { number: index + 1 })}</span>
      <span class="tt-bowl-cards">
        ${ingredients().map((l) => (bySlot[l]
          ? html`<${Card} key=${bySlot[l]} card=${bySlot[l]} size="mini" />`
          : html`<span class="tt-gap" key=${l} style=${`--type:${paint(l).colour}`} aria-hidden="true"><${Emblem} ingredient=${l} /></span>`))}
        ${Array.from({ length: shoyu || 0 }, (_, i) => html`<${ShoyuCard} key=${`sh${i}`} size="mini" label=${w("shoyu_in_bowl")} />`)}
      </span>
    </div>`;
}

function ExampleBowls({ bowls, shoyu }) {
  const held = Array.isArray(shoyu) ? shoyu : [];
  return html`<div class="tt-bowls">${bowls.map((b, i) => html`
    <${ExampleBowl} key=${i} cards=${Array.isArray(b) ? b : []} shoyu=${held[i] || 0} index=${i} />`)}</div>`;
}

const listOf = (x) => (Array.isArray(x) ? x : null);

/** One player of an example: their number, their yen and tips (the example says them), the
 * cards that count and their bowls. */
function ExamplePlayer({ player, number }) {
  const p = player && typeof player === "object" ? player : {};
  const tips = listOf(p.tips);
  const cards = listOf(p.cards);
  const bowls = listOf(p.bowls);
  return html`
    <div class="tt-ex-player" data-player=${number}>
      <div class="tt-ex-who">
        <b>${w("example_player", { number })}</b>
        ${typeof p.yen === "number" && html`<span class="tt-ex-yen">${w("yen", { yen: p.yen })}</span>`}
        ${tips && tips.map((yen, i) => html`<${Coin} key=${i} yen=${yen} />`)}
        ${cards && (cards.length
          ? cards.map((c) => html`<${Card} key=${c} card=${c} />`)
          : html`<span class="muted">${w("none")}</span>`)}
      </div>
      ${bowls && html`<${ExampleBowls} bowls=${bowls} shoyu=${p.shoyu} />`}
    </div>`;
}

/** One example of the rules (a ```example block of ``rules/<language>.md``), drawn with the
 * table's own cards: what the example gives — the preference row (``row``), cards the
 * strongest first (``cards``), the offer (``offer``), the cards revealed (``revealed``), the
 * row after a swap (``after``), bowls with their Shōyu (``bowls``, ``shoyu``), players with
 * their yen, tips, cards and bowls (``players``) — then its caption, in the rules' language.
 * Every number shown is the example's: the browser computes no rule. */
export function Example({ example, game }) {
  if (game) knownGame = game;
  const e = example && typeof example === "object" ? example : {};
  const cards = (list) => list.map((c) => html`<${Card} key=${c} card=${c} />`);
  const row = listOf(e.row);
  const after = listOf(e.after);
  const players = listOf(e.players);
  return html`
    <div class="tt-example">
      ${row && html`<${ExampleLine} label=${w("preference")} sub=${w("stronger_weaker")}><${ExampleRow} row=${row} /><//>`}
      ${listOf(e.cards) && html`<${ExampleLine} label=${w("example_strongest")}>${cards(e.cards)}<//>`}
      ${listOf(e.offer) && html`<${ExampleLine} label=${w("offer")}>${cards(e.offer)}<//>`}
      ${listOf(e.revealed) && html`<${ExampleLine} label=${w("example_revealed")}>${cards(e.revealed)}<//>`}
      ${after && html`<${ExampleLine} label=${w("example_after")} sub=${w("stronger_weaker")}><${ExampleRow} row=${after} /><//>`}
      ${listOf(e.bowls) && html`<${ExampleBowls} bowls=${e.bowls} shoyu=${e.shoyu} />`}
      ${players && html`<div class=${cx("tt-ex-players", !players.some((p) => p && listOf(p.bowls)) && "compact")}>
        ${players.map((p, i) => html`<${ExamplePlayer} key=${i} player=${p} number=${i + 1} />`)}</div>`}
      ${typeof e.caption === "string" && e.caption && html`<p class="tt-ex-caption">${e.caption}</p>`}
    </div>`;
}

export default {
  Table,
  Result,
  Example,
  get help() { return w("help"); },
};
