// Ramen (the tips game) in the browser. The table is laid out as the rulebook lays it out:
// the offer on one side of the preference row (the Shōyu pile at its left, a tip token on
// each slot) and the cards revealed this round on the other side, where they become the
// next round's offer; below, every seat's bowls, and my hand.
//
// Everything drawn comes from the seat's view: another seat's chosen card is never in it
// before the reveal (only that the seat has chosen), so the table cannot show it. Clicks are
// matched against the server's legal list; an attempt the list does not hold is sent as
// notation so the engine explains why it is not allowed.
//
// Choices (the rulebook says nothing about a screen):
// - The secret card takes two steps (pick it, then "Reveal", or click it again): the choice
//   cannot be taken back, so a stray click must not commit it.
// - My hand is sorted strongest first under the current preference row, since that order
//   decides who picks first; each preference card shows who leads for its tip now (the
//   lowest total of that ingredient in bowls that count), as the tips are decided at the end.
// - Every bowl shows five places, one per ingredient (C A S N Y), so the missing ones show.
// - After a refused attempt the picked card stays picked, for the next try.
// - The reveal flips the cards only on a page that saw them being chosen (not after a
//   reload, nor in the replay viewer); the animation setting turns it off like the rest.
import {
  html, useState, useEffect, useRef, useMemo, cx, seatName, plural, useStateFor,
} from "gametable/ui.js";

/** The five ingredient types, in the notation's order (C A S N Y: the order `swap` names them). */
export const TYPES = {
  C: { name: "Chāshū", gloss: "pork", colour: "#c8372d", ink: "#fff" },
  A: { name: "Ajitama", gloss: "egg", colour: "#2c6cb5", ink: "#fff" },
  S: { name: "Sūpu", gloss: "soup", colour: "#e5b10f", ink: "#3b2a00" },
  N: { name: "Nūdoru", gloss: "noodles", colour: "#7a48b0", ink: "#fff" },
  Y: { name: "Yasai", gloss: "vegetables", colour: "#2f9447", ink: "#fff" },
};
const LETTERS = ["C", "A", "S", "N", "Y"];

/** Achievements the engine reports (key → printed name, condition), as in state.ACHIEVEMENTS. */
export const ACHIEVEMENTS = {
  little_bowls: ["Little bowls", "finish with 4 or more valid ramen"],
  employee_of_the_month: ["Employee of the Month", "win all 5 tip tokens"],
  millionaire: ["Millionaire", "score 6 or more yen from 6/7/8 cards"],
  salty: ["Salty", "hold 4 or more Shōyu cards"],
  noodle: ["Noodle", "win the game"],
  analysis: ["Analysis", "use a 1 to take a 5"],
  paralysis: ["Paralysis", "reveal a 1 or a 5 that is cancelled"],
};

const ORDINAL = ["1st", "2nd", "3rd", "4th", "5th", "6th"];

/** "Chāshū 6" for "C6". */
export function cardName(card) {
  const t = TYPES[card[0]];
  return t ? `${t.name} ${card.slice(1)}` : card;
}
const typeName = (letter) => (TYPES[letter] ? TYPES[letter].name : letter);
const valueOf = (card) => Number(card.slice(1));

/** Card strength under a preference row (list of letters, leftmost strongest): 1–45. */
export function strength(card, pref) {
  return (4 - pref.indexOf(card[0])) * 9 + valueOf(card);
}

function joinWords(words) {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

// -- card art (shapes and text only) ---------------------------------------------------

function Emblem({ letter }) {
  const shapes = {
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
  return html`<svg class="tt-emblem" viewBox="0 0 40 40" aria-hidden="true">${shapes[letter] || ""}</svg>`;
}

/** The face of an ingredient card (C6 …). */
function Face({ card }) {
  const letter = card[0];
  const t = TYPES[letter] || { name: card, colour: "#888", ink: "#fff" };
  return html`
    <span class="tt-value">${card.slice(1)}</span>
    <span class="tt-disc"><${Emblem} letter=${letter} /></span>
    <span class="tt-type">${t.name}</span>
    <span class="tt-value tt-value-2" aria-hidden="true">${card.slice(1)}</span>`;
}

/**
 * An ingredient card: a button when `onClick` is given (a legal or attempted choice),
 * otherwise a picture. `size`: "" (normal), "small", "mini".
 */
export function Card({ card, size, onClick, label, selected, playable, hinted, dim, anim, style, extra }) {
  const t = TYPES[card[0]] || { colour: "#888", ink: "#fff", name: card, gloss: "" };
  const cls = cx("tt-card", size, selected && "selected", playable && "playable", hinted && "hinted",
    dim && "dim", anim);
  const css = `--type:${t.colour};--type-ink:${t.ink};${style || ""}`;
  const title = `${t.name} (${t.gloss}) ${card.slice(1)}`;
  const aria = label || cardName(card);
  if (onClick) {
    return html`<button type="button" class=${cls} style=${css} title=${title} aria-label=${aria}
      aria-pressed=${selected ? "true" : "false"} data-card=${card} onClick=${onClick}><${Face} card=${card} />${extra}</button>`;
  }
  return html`<span class=${cls} style=${css} title=${title} role="img" aria-label=${aria} data-card=${card}><${Face} card=${card} />${extra}</span>`;
}

/** A face-down ingredient card (a hand, a chosen card not yet revealed, Grunchie's pile). */
function Back({ size, label, extra, anim, style }) {
  return html`<span class=${cx("tt-card", "back", size, anim)} style=${style} role="img" aria-label=${label || "a face-down card"}>
    <svg class="tt-swirl" viewBox="0 0 40 40" aria-hidden="true">
      <circle cx="20" cy="20" r="12" fill="#fff8f0"/>
      <path d="M20 20 m-1.5 0 a1.5 1.5 0 1 1 3 0 a4 4 0 1 1 -7 0 a6.5 6.5 0 1 1 12 0 a9 9 0 1 1 -17 0" fill="none" stroke="#e4528a" stroke-width="1.8"/>
    </svg>${extra}</span>`;
}

/** A Shōyu (soy sauce) card: black, a bottle drawn in lines. */
function ShoyuCard({ size, label, placed, anim }) {
  return html`<span class=${cx("tt-card", "shoyu", size, placed && "placed", anim)} role="img" aria-label=${label || "a Shōyu card"} title="Shōyu (soy sauce)">
    <svg class="tt-emblem" viewBox="0 0 40 40" aria-hidden="true">
      <path d="M17 5 h6 v5 l3 4 v20 a2 2 0 0 1 -2 2 h-8 a2 2 0 0 1 -2 -2 v-20 l3 -4 z" fill="#3a2a22" stroke="#f1e3d3" stroke-width="1.6"/>
      <rect x="15.5" y="18" width="9" height="9" rx="1" fill="#d8382c"/>
    </svg>
    ${size !== "mini" && html`<span class="tt-type">Shōyu</span>`}</span>`;
}

function Coin({ yen, label }) {
  return html`<span class="tt-coin" role="img" aria-label=${label || `${yen}-yen tip`}><b>${yen}</b><small>¥</small></span>`;
}

function NarutoMark({ label }) {
  return html`<span class="tt-naruto" role="img" aria-label=${label} title=${label}>
    <svg viewBox="0 0 20 20" aria-hidden="true"><circle cx="10" cy="10" r="9" fill="#fff" stroke="#d9c9b6"/>
    <path d="M10 10 m-1 0 a1 1 0 1 1 2 0 a3 3 0 1 1 -5 0 a5 5 0 1 1 9 0" fill="none" stroke="#e4528a" stroke-width="1.6"/></svg></span>`;
}

// -- reading the legal list -------------------------------------------------------------

function parseAction(text) {
  // "take Y4>2" -> {kind: "take", card: "Y4", bowl: 2}; "swap C S" -> {kind: "swap", a, b}
  if (typeof text !== "string") return null;
  const [word, ...rest] = text.split(" ");
  if (word === "play" || word === "exchange") return { kind: word, card: rest[0] };
  if (word === "swap") return { kind: "swap", a: rest[0], b: rest[1] };
  if (word === "pass") return { kind: "pass" };
  if (word === "take" || word === "keep") {
    const [card, bowl] = rest[0].split(">");
    return { kind: word, card, bowl: Number(bowl) };
  }
  if (word === "shoyu") return { kind: "shoyu", bowls: rest[0] === "none" ? [] : rest.map(Number) };
  return null;
}

/** Per type: who leads for its tip now (lowest total in bowls that count), or null. */
function tipLeaders(view) {
  const counts = view.options ? view.options.shoyu_counts_for_validity !== false : true;
  const out = {};
  for (const letter of LETTERS) {
    let best = null;
    view.bowls.forEach((bowls, s) => {
      let total = 0;
      let high = 0;
      let has = false;
      bowls.forEach((b, i) => {
        const sh = (view.placed[s] && view.placed[s][i]) || 0;
        if (b.length + (counts ? sh : 0) < 3) return;
        for (const c of b) {
          if (c[0] === letter) { has = true; total += valueOf(c); high = Math.max(high, valueOf(c)); }
        }
      });
      if (!has) return;
      if (!best || total < best.total || (total === best.total && high > best.high)) best = { seat: s, total, high };
    });
    out[letter] = best;
  }
  return out;
}

// -- the preference row ------------------------------------------------------------------

function PreferenceRow({ view, nameOf, swapping, picked, onPick, hinted, leaders }) {
  const pref = view.preference;
  return html`
    <div class="tt-pref" aria-label="Preference row (leftmost ingredient strongest)">
      <span class="tt-row-label">Preference<br /><span class="tt-sub">◀ stronger · weaker ▶</span></span>
      <div class="tt-pref-shoyu">
        <${ShoyuCard} label=${`Shōyu pile: ${view.shoyu_supply} left`} />
        <span class="tt-count">×${view.shoyu_supply}</span>
        ${view.shoyu_naruto && html`<${NarutoMark} label="Naruto on Shōyu: +3 yen to the most Shōyu cards (a tie: nobody)" />`}
      </div>
      ${pref.map((p, slot) => {
        const t = TYPES[p.type];
        const lead = leaders[p.type];
        const body = html`
          <${Coin} yen=${p.tip} label=${`${p.tip}-yen tip on ${t.name}`} />
          <span class="tt-disc"><${Emblem} letter=${p.type} /></span>
          <span class="tt-pref-name">${t.name}</span>
          <span class="tt-pref-gloss">${t.gloss}</span>
          ${p.naruto && html`<${NarutoMark} label=${`Naruto on ${t.name}: +3 yen to the highest total of ${t.name} in valid ramen (a tie: nobody)`} />`}
          ${lead && html`<span class="tt-lead" title=${`the tip goes to the lowest total of ${t.name} in valid ramen: ${nameOf(lead.seat)} leads with ${lead.total}`}>
            ${nameOf(lead.seat, true)} ${lead.total}</span>`}`;
        const style = `--type:${t.colour};--type-ink:${t.ink}`;
        const label = `${t.name}: ${ORDINAL[slot]} in the preference row, ${p.tip}-yen tip${p.naruto ? ", Naruto" : ""}`;
        if (swapping) {
          return html`<button type="button" class=${cx("tt-pref-card", "playable", picked === p.type && "selected", hinted.has(p.type) && "hinted")}
            style=${style} aria-pressed=${picked === p.type ? "true" : "false"} aria-label=${`${label}${picked && picked !== p.type ? `: swap with ${typeName(picked)}` : ": swap"}`}
            data-type=${p.type} onClick=${() => onPick(p.type)}>${body}</button>`;
        }
        return html`<div class=${cx("tt-pref-card")} style=${style} role="group" aria-label=${label} data-type=${p.type} key=${p.type}>${body}</div>`;
      })}
    </div>`;
}

// -- the revealed cards (next round's offer) ---------------------------------------------

function RevealRow({ view, seat, nameOf, flip, exchanging, onExchange, hinted, chosenBy }) {
  const slots = view.committed.length + (view.grunchie ? 1 : 0);
  const revealed = view.revealed;
  const pref = view.preference.map((p) => p.type);
  let rankOf = {};
  if (revealed) {
    if (view.order && view.order.length) view.order.forEach((s, i) => { rankOf[s] = i; });
    else {
      const sorted = revealed.map((c, s) => [strength(c, pref), s]).sort((a, b) => b[0] - a[0]);
      sorted.forEach(([, s], i) => { rankOf[s] = i; });
    }
  }
  const done = new Set(view.phase === "take" ? view.order.slice(0, view.turn) : []);
  return html`
    <div class="tt-reveal" aria-label=${revealed ? "Revealed cards: next round's offer" : "Cards being chosen"}>
      ${Array.from({ length: slots }, (_, s) => {
        const grunchie = s >= view.players;
        const who = nameOf(s, true);
        let card;
        let note = null;
        if (revealed) {
          const c = revealed[s];
          const orig = view.revealed_original && view.revealed_original[s];
          const canTake = exchanging && s !== seat;
          const effect = view.phase === "exchange" && view.current === s ? "may exchange its 1"
            : view.phase === "swap" && view.current === s ? "may swap two" : null;
          const face = html`<${Card} card=${c} onClick=${canTake ? () => onExchange(c) : null}
              playable=${canTake} hinted=${hinted.has(c)}
              label=${canTake ? `${cardName(c)} (${who}): exchange your 1 for it` : `${who} revealed ${cardName(c)}`} />`;
          card = flip
            ? html`<span class="tt-flip" key=${`f${view.round}-${s}`}><span class="tt-flip-inner">
                <span class="tt-face front">${face}</span><span class="tt-face backside"><${Back} /></span></span></span>`
            : html`<span class="tt-slot-card" key=${`c${view.round}-${s}-${c}`}>${face}</span>`;
          if (orig && orig !== c) note = html`<span class="tt-note">was ${orig}</span>`;
          if (effect) note = html`<span class="tt-note effect">${effect}</span>`;
        } else if (view.phase === "choose") {
          if (s === seat && chosenBy) {
            card = html`<span class="tt-slot-card mine" key="mine"><${Card} card=${chosenBy} anim="tt-in" label=${`your secret card: ${cardName(chosenBy)}`} /></span>`;
            note = html`<span class="tt-note">only you see it</span>`;
          } else if (grunchie) {
            card = html`<${Back} label="Grunchie reveals a random face-down card" />`;
            note = html`<span class="tt-note">at random</span>`;
          } else if (view.committed[s]) {
            card = html`<span class="tt-slot-card" key=${`b${view.round}-${s}`}><${Back} anim="tt-in" label=${`${who} has chosen a card (face down)`} extra=${html`<span class="tt-check">✓</span>`} /></span>`;
            note = html`<span class="tt-note">has chosen</span>`;
          } else {
            card = html`<span class="tt-card empty" role="img" aria-label=${`${s === seat ? "you are" : `${who} is`} choosing`}>?</span>`;
            note = html`<span class="tt-note">choosing…</span>`;
          }
        } else {
          card = html`<span class="tt-card empty" role="img" aria-label="no card">—</span>`;
        }
        const rank = view.phase === "shoyu" || view.phase === "over" ? undefined : rankOf[s];
        return html`
          <div class=${cx("tt-slot", s === seat && "me", grunchie && "grunchie", view.current === s && "current", done.has(s) && "done")} data-slot=${s}>
            <span class="tt-slot-who">${who}</span>
            ${card}
            ${rank !== undefined && html`<span class="tt-rank" title="order of choice">${view.order && view.order.length ? "picks" : "now"} ${ORDINAL[rank]}</span>`}
            ${note}
          </div>`;
      })}
    </div>`;
}

// -- bowls and tableaux -------------------------------------------------------------------

function bowlState(cards, shoyu, shoyuCounts) {
  const n = cards.length + (shoyuCounts ? shoyu : 0);
  return { size: cards.length + shoyu, valid: n >= 3, missing: Math.max(0, 3 - n) };
}

function Bowl({ cards, index, shoyu, plannedShoyu, cap, over, shoyuCounts, onClick, target, hinted, label, controls, isNew, anim }) {
  const sh = shoyu + (plannedShoyu || 0);
  const st = bowlState(cards, sh, shoyuCounts);
  const bySlot = Object.fromEntries(cards.map((c) => [c[0], c]));
  const body = html`
    <span class="tt-bowl-num">${isNew ? "New bowl" : `Bowl ${index + 1}`}</span>
    ${!isNew && html`
      <span class="tt-bowl-cards">
        ${LETTERS.map((l) => (bySlot[l]
          ? html`<${Card} key=${bySlot[l]} card=${bySlot[l]} size="mini" anim=${anim} />`
          : html`<span class="tt-gap" style=${`--type:${TYPES[l].colour}`} title=${`no ${TYPES[l].name} yet`} aria-hidden="true">${l}</span>`))}
        ${Array.from({ length: sh }, (_, i) => html`<${ShoyuCard} key=${`sh${i}`} size="mini" placed=${i >= shoyu} label="a Shōyu card in this bowl" />`)}
      </span>
      <span class=${cx("tt-bowl-state", st.valid ? "valid" : over ? "invalid" : "")}>
        ${st.valid ? `ramen ✓ ${plural(st.size, "card")}`
          : over ? `not a ramen: −${cards.reduce((a, c) => a + valueOf(c), 0)}¥`
          : `${plural(st.missing, "more card")} to count`}
        ${cap > 0 && html` · Shōyu ${sh}/${cap}`}
      </span>`}
    ${isNew && html`<span class="tt-bowl-new">+</span>`}`;
  const cls = cx("tt-bowl", target && "target", hinted && "hinted", isNew && "new", st.valid && !isNew && "valid");
  if (onClick) {
    return html`<div class="tt-bowl-wrap"><button type="button" class=${cls} onClick=${onClick} aria-label=${label} data-bowl=${index + 1}>${body}</button>${controls}</div>`;
  }
  return html`<div class="tt-bowl-wrap"><div class=${cls} role="group" aria-label=${label} data-bowl=${index + 1}>${body}</div>${controls}</div>`;
}

function Tableau({ view, s, seat, nameOf, children, bowlsOverride }) {
  const bowls = view.bowls[s];
  const placed = view.placed[s] || [];
  const over = view.phase === "over";
  const shoyuCounts = !view.options || view.options.shoyu_counts_for_validity !== false;
  const committed = (view.phase === "choose" || view.phase === "shoyu") && view.committed[s];
  const orderIndex = view.order ? view.order.indexOf(s) : -1;
  const badges = [];
  if (view.analysis && view.analysis[s]) badges.push("analysis");
  if (view.paralysis && view.paralysis[s]) badges.push("paralysis");
  return html`
    <section class=${cx("tt-tableau", s === seat && "me", view.current === s && "current")} aria-label=${`${nameOf(s)}: bowls`} data-seat=${s}>
      <header>
        <b class="tt-who">${nameOf(s)}</b>
        ${committed && html`<span class="tt-tag ok" title=${view.phase === "choose" ? "has chosen a card" : "has placed their Shōyu (or has none to place)"}>✓ ${view.phase === "choose" ? "chosen" : "placed"}</span>`}
        ${view.current === s && html`<span class="tt-tag turn">${view.phase === "take" ? "taking" : view.phase === "exchange" ? "may exchange" : "may swap"}</span>`}
        ${orderIndex >= 0 && view.phase === "take" && view.current !== s && html`<span class="tt-tag">${ORDINAL[orderIndex]}</span>`}
        <span class="tt-hand-count" title="cards in hand" aria-label=${`${plural(view.hand_sizes[s], "card")} in hand`}>
          ${Array.from({ length: Math.min(view.hand_sizes[s], 9) }, () => html`<span class="tt-minback"></span>`)}
          <span>${view.hand_sizes[s]}</span></span>
        <span class="tt-shoyu-count" aria-label=${`${plural(view.shoyu[s], "Shōyu card")}`} title="Shōyu cards (one per 9 obtained)">
          <${ShoyuCard} size="mini" label="Shōyu" /> ×${view.shoyu[s]}</span>
        ${badges.map((b) => html`<span class="tt-tag achievement" title=${ACHIEVEMENTS[b][1]}>★ ${ACHIEVEMENTS[b][0]}</span>`)}
      </header>
      <div class="tt-bowls">
        ${bowlsOverride || (bowls.length === 0
          ? html`<span class="muted tt-nobowl">no bowl yet</span>`
          : bowls.map((b, i) => html`<${Bowl} key=${i} cards=${b} index=${i} shoyu=${placed[i] || 0} over=${over}
              shoyuCounts=${shoyuCounts} anim="tt-drop" label=${`${nameOf(s)}'s bowl ${i + 1}: ${b.map(cardName).join(", ")}`} />`))}
      </div>
      ${children}
    </section>`;
}

// -- the prompt: what happens now, in words --------------------------------------------

function Prompt({ view, seat, myTurn, nameOf, children, waitingFor }) {
  let text;
  const phase = view.phase;
  const cur = view.current;
  const mine = seat !== null && seat !== undefined;
  if (phase === "choose") {
    if (myTurn) text = html`<b>Choose the card you will reveal.</b> Everyone picks at once, in secret. The strongest revealed card picks first from the offer: the ingredient further left in the preference row wins, then the higher number. A 1 may be exchanged for another revealed card; a 5 may swap two ingredients in the row (two 1s or two 5s cancel).`;
    else if (mine && view.chosen) text = html`<b>You chose ${cardName(view.chosen)}.</b> Waiting for ${joinWords(waitingFor)} to choose; then all cards are revealed together.`;
    else text = html`Everyone is choosing a card in secret${waitingFor.length ? html` — waiting for ${joinWords(waitingFor)}` : ""}.`;
  } else if (phase === "exchange") {
    text = myTurn
      ? html`<b>Your 1 is the only one revealed:</b> you may exchange it for another revealed card (you then hold that card and its place in the order), or keep your 1.`
      : html`${nameOf(cur)} revealed the only 1 and may exchange it for another revealed card.`;
  } else if (phase === "swap") {
    text = myTurn
      ? html`<b>Your 5 is the only one revealed:</b> you may swap two ingredients of the preference row — click two of them. The tip tokens stay where they are.`
      : html`${nameOf(cur)} revealed the only 5 and may swap two ingredients of the preference row.`;
  } else if (phase === "take") {
    if (myTurn) {
      const own = view.revealed[seat];
      if (view.final_round && !view.took && !view.kept) text = html`<b>Final round:</b> take a card from the offer <i>and</i> place your own ${cardName(own)}, in either order. Click a card, then a bowl.`;
      else if (view.final_round && !view.kept) text = html`<b>Now place your own card ${cardName(own)}:</b> click it, then a bowl.`;
      else text = html`<b>Your pick:</b> click a card of the offer, then one of your bowls.`;
      text = html`${text} <span class="muted">A card goes into a bowl that lacks its ingredient; a new bowl only when every bowl already has it.</span>`;
    } else {
      text = html`${nameOf(cur)} picks from the offer (${ORDINAL[view.turn]} in the order of choice).`;
    }
  } else if (phase === "shoyu") {
    if (myTurn) text = html`<b>Place your Shōyu cards</b> in your bowls: at most 1 per 2 ingredients. A bowl needs 3 cards to be a ramen (Shōyu included); the largest ramen multiplies your score.`;
    else text = html`Players place their Shōyu cards${waitingFor.length ? html` — waiting for ${joinWords(waitingFor)}` : ""}.`;
  } else {
    text = html`<b>The game is over.</b> The scores are in the end screen.`;
  }
  return html`<div class=${cx("tt-prompt", myTurn && "yours")} aria-live="polite">
    <p>${text}</p>${children && html`<div class="tt-actions">${children}</div>`}</div>`;
}

// -- the table -----------------------------------------------------------------------------

function Table({ frame, view, seat, legal, act, busy, hint, seats, readOnly }) {
  const [plan, setPlan] = useState([]); // Shōyu per bowl (my placement being prepared)
  const seenChoose = useRef(new Set());
  const mine = seat !== null && seat !== undefined && view.hand !== null;
  const moves = useMemo(() => new Map(legal.map((m) => [m.text, m])), [legal]);
  const myTurn = !readOnly && legal.length > 0;
  const phase = view.phase;
  const pref = view.preference.map((p) => p.type);

  if (phase === "choose") seenChoose.current.add(view.round);
  const flip = !readOnly && view.revealed !== null && seenChoose.current.has(view.round);

  // A selection stays while others decide (they choose at the same time); it goes when my
  // part of the game moves on.
  const myPart = JSON.stringify([phase, view.round, view.took, view.kept, view.turn]);
  const [picked, setPicked] = useStateFor(myPart, null); // choose: a hand card; take: {card, kind}; swap: a type
  useEffect(() => {
    const key = (e) => { if (e.key === "Escape") setPicked(null); };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, []);
  useEffect(() => {
    if (phase === "shoyu" && seat !== null && seat !== undefined) setPlan(view.bowls[seat].map(() => 0));
  }, [phase, seat]);

  const nameOf = (s, short) => {
    if (s >= view.players) return "Grunchie";
    if (short && s === seat) return "You";
    return seatName(seats, s, seat);
  };

  // What the hint points at.
  const hinted = useMemo(() => {
    const out = { cards: new Set(), types: new Set(), bowls: new Set(), pass: false, shoyu: null };
    const h = hint && parseAction(hint.action);
    if (!h) return out;
    if (h.kind === "play" || h.kind === "exchange") out.cards.add(h.card);
    if (h.kind === "take" || h.kind === "keep") { out.cards.add(h.card); out.bowls.add(h.bowl); }
    if (h.kind === "swap") { out.types.add(h.a); out.types.add(h.b); }
    if (h.kind === "pass") out.pass = true;
    if (h.kind === "shoyu") { out.shoyu = h.bowls; h.bowls.forEach((b) => out.bowls.add(b)); }
    return out;
  }, [hint]);

  async function send(text) {
    if (busy) return null;
    const m = moves.get(text);
    // On an error the shell shows the engine's reason; the selection stays for a new try.
    return act(m ? { json: m.json } : { text });
  }

  // -- choose
  const hand = useMemo(() => (view.hand ? [...view.hand].sort((a, b) => strength(b, pref) - strength(a, pref)) : []),
    [view.hand, pref.join("")]);
  const choosing = myTurn && phase === "choose";
  const waitingFor = (phase === "choose" || phase === "shoyu")
    ? view.committed.map((c, s) => (c ? null : s === seat ? "you" : nameOf(s))).filter((x) => x !== null) : [];

  // -- take / keep
  const taking = myTurn && phase === "take";
  const ownCard = mine && view.revealed ? view.revealed[seat] : null;
  const sources = useMemo(() => {
    const out = new Map(); // card -> "take" | "keep"
    for (const m of legal) {
      const a = parseAction(m.text);
      if (a && (a.kind === "take" || a.kind === "keep")) out.set(a.card, a.kind);
    }
    return out;
  }, [legal]);
  const takeTargets = useMemo(() => {
    const out = new Set();
    if (!picked || typeof picked !== "object") return out;
    for (const m of legal) {
      const a = parseAction(m.text);
      if (a && a.kind === picked.kind && a.card === picked.card) out.add(a.bowl);
    }
    return out;
  }, [picked, legal]);

  // -- exchange / swap
  const exchanging = myTurn && phase === "exchange";
  const swapping = myTurn && phase === "swap";
  function pickType(letter) {
    if (picked === letter) { setPicked(null); return; }
    if (typeof picked !== "string" || !LETTERS.includes(picked)) { setPicked(letter); return; }
    const [a, b] = [picked, letter].sort((x, y) => LETTERS.indexOf(x) - LETTERS.indexOf(y));
    send(`swap ${a} ${b}`);
  }

  // -- Shōyu
  const placingShoyu = myTurn && phase === "shoyu";
  const myBowls = mine ? view.bowls[seat] : [];
  const planned = plan.reduce((a, b) => a + b, 0);
  function planText(p) {
    const out = [];
    p.forEach((k, i) => { for (let j = 0; j < k; j += 1) out.push(i + 1); });
    return out.length ? `shoyu ${out.join(" ")}` : "shoyu none";
  }
  function adjust(i, delta) {
    setPlan((p) => p.map((k, j) => (j === i ? Math.max(0, k + delta) : k)));
  }

  const shoyuCounts = !view.options || view.options.shoyu_counts_for_validity !== false;
  const leaders = useMemo(() => tipLeaders(view), [view]);

  // -- my area: my bowls (targets while taking, Shōyu controls at the end) and my hand
  let myBowlsDrawn = null;
  if (mine) {
    const placedMine = view.placed[seat] || [];
    const mySh = view.shoyu_placement; // my hidden placement, once made
    const shownPlan = placingShoyu ? plan : (mySh ? myBowls.map((_, i) => mySh.filter((b) => b === i).length) : null);
    const list = myBowls.map((b, i) => {
      const n = i + 1;
      const clickable = taking && picked && typeof picked === "object";
      const cap = phase === "shoyu" ? Math.floor(b.length / 2) : undefined;
      const controls = placingShoyu && cap > 0 ? html`
        <span class="tt-shoyu-ctl">
          <button type="button" aria-label=${`one Shōyu less in bowl ${n}`} disabled=${!plan[i]} onClick=${() => adjust(i, -1)}>−</button>
          <button type="button" aria-label=${`add a Shōyu to bowl ${n}`} class=${cx(hinted.shoyu && hinted.shoyu.includes(n) && "hinted")}
            disabled=${(plan[i] || 0) >= cap || planned >= view.shoyu[seat]} onClick=${() => adjust(i, 1)}>+ Shōyu</button>
        </span>` : null;
      return html`<${Bowl} key=${i} cards=${b} index=${i} shoyu=${placedMine[i] || 0} plannedShoyu=${shownPlan ? shownPlan[i] || 0 : 0}
        cap=${cap} over=${phase === "over"} shoyuCounts=${shoyuCounts} anim="tt-drop" controls=${controls}
        target=${clickable && takeTargets.has(n)} hinted=${hinted.bowls.has(n) && (taking || placingShoyu)}
        onClick=${clickable ? () => send(`${picked.kind} ${picked.card}>${n}`) : null}
        label=${`Your bowl ${n}: ${b.map(cardName).join(", ")}${clickable && takeTargets.has(n) ? " (you may put it here)" : ""}`} />`;
    });
    if (taking && picked && typeof picked === "object") {
      const n = myBowls.length + 1;
      list.push(html`<${Bowl} key="new" cards=${[]} index=${n - 1} shoyu=${0} isNew=${true} target=${takeTargets.has(n)}
        hinted=${hinted.bowls.has(n)} onClick=${() => send(`${picked.kind} ${picked.card}>${n}`)}
        label=${`A new bowl (${n})${takeTargets.has(n) ? " (you may put it here)" : ""}`} />`);
    }
    if (list.length === 0) list.push(html`<span class="muted tt-nobowl">no bowl yet — your first card starts one</span>`);
    myBowlsDrawn = list;
  }

  const actions = [];
  if (choosing && picked && typeof picked === "string" && view.hand.includes(picked)) {
    actions.push(html`<button type="button" class="primary" disabled=${busy} onClick=${() => send(`play ${picked}`)}>
      Reveal ${cardName(picked)} (face down until all have chosen)</button>`);
  }
  if (exchanging) actions.push(html`<button type="button" class=${cx(hinted.pass && "hinted")} disabled=${busy} onClick=${() => send("pass")}>Keep my 1 (no exchange)</button>`);
  if (swapping) {
    if (picked) actions.push(html`<span class="tt-picked">Swap ${typeName(picked)} with…</span>`);
    actions.push(html`<button type="button" class=${cx(hinted.pass && "hinted")} disabled=${busy} onClick=${() => send("pass")}>Don't swap</button>`);
  }
  if (taking && picked && typeof picked === "object") {
    actions.push(html`<span class="tt-picked">${cardName(picked.card)}: now click a bowl</span>
      <button type="button" onClick=${() => setPicked(null)}>Cancel</button>`);
  }
  if (placingShoyu) {
    actions.push(html`<span class="tt-picked">${planned} of ${plural(view.shoyu[seat], "Shōyu card")} placed</span>
      <button type="button" class="primary" disabled=${busy} onClick=${() => send(planText(plan))}>
        ${planned ? "Place my Shōyu" : "Place no Shōyu"}</button>`);
  }

  const others = Array.from({ length: view.players }, (_, s) => s).filter((s) => s !== seat);

  return html`
    <div class=${cx("tt-table", `phase-${phase}`, view.final_round && "final")} data-phase=${phase} data-round=${view.round}
         data-my-moves=${frame && frame.my_moves !== undefined ? frame.my_moves : null}>
      <${Prompt} view=${view} seat=${seat} myTurn=${myTurn} nameOf=${nameOf} waitingFor=${waitingFor}>
        ${actions.length ? actions : null}
      <//>

      <section class="tt-line" aria-label="The table">
        <div class="tt-round">
          <b>Round ${view.round} of ${view.rounds}${view.final_round ? " — final round" : ""}</b>
          <span>${view.unused_count ? `${view.unused_count} cards unused (never seen)` : "every card is in play"}</span>
        </div>
        <div class="tt-offer-row">
          <span class="tt-row-label">${phase === "choose" ? "Offer — you compete for these" : "Offer"}</span>
          <div class="tt-offer" aria-label="Offer">
            ${view.offer.length === 0 && html`<span class="tt-empty-row">taken</span>`}
            ${view.offer.map((c, i) => {
              const can = taking && sources.get(c) === "take";
              const attempt = taking && !view.took; // an offer card not in the list is still sent
              // The wrapper carries the dealing animation, so that it plays when the card
              // arrives, not each time the card turns into a button and back.
              return html`<span class="tt-deal" key=${c} style=${`--i:${i}`}><${Card} card=${c}
                onClick=${attempt ? () => setPicked(picked && picked.card === c ? null : { card: c, kind: "take" }) : null}
                playable=${can} selected=${picked && picked.card === c} hinted=${hinted.cards.has(c) && taking}
                label=${can ? `${cardName(c)}: take it` : cardName(c)} /></span>`;
            })}
          </div>
        </div>
        <${PreferenceRow} view=${view} nameOf=${nameOf} swapping=${swapping} picked=${swapping ? picked : null}
          onPick=${pickType} hinted=${hinted.types} leaders=${leaders} />
        ${(view.shoyu_naruto || view.preference.some((p) => p.naruto)) && html`
          <p class="tt-legend"><${NarutoMark} label="Naruto" /> Naruto: +3 yen at the end to the highest total of its ingredient in valid ramen (on Shōyu: the most Shōyu cards); a tie gives it to nobody.</p>`}
        <div class="tt-offer-row">
          <span class="tt-row-label">${phase === "choose" ? "Chosen cards — revealed together" : view.final_round ? "Revealed — each keeps their own" : "Revealed — next round's offer"}</span>
          <${RevealRow} view=${view} seat=${mine ? seat : null} nameOf=${nameOf} flip=${flip}
            exchanging=${exchanging} onExchange=${(c) => send(`exchange ${c}`)} hinted=${exchanging ? hinted.cards : new Set()}
            chosenBy=${view.chosen} />
        </div>
      </section>

      ${mine && html`
        <${Tableau} view=${view} s=${seat} seat=${seat} nameOf=${nameOf} bowlsOverride=${myBowlsDrawn}>
          <div class=${cx("tt-hand", choosing && "active")} aria-label="Your hand">
            <span class="tt-row-label">Your hand <span class="muted">(strongest first)</span></span>
            <div class="tt-hand-cards">
              ${hand.length === 0 && !(taking && ownCard && sources.get(ownCard) === "keep") && html`<span class="muted">empty</span>`}
              ${hand.map((c, i) => html`<span class="tt-deal" key=${c} style=${`--i:${i}`}><${Card} card=${c}
                onClick=${choosing ? () => (picked === c ? send(`play ${c}`) : setPicked(c)) : null}
                playable=${choosing && moves.has(`play ${c}`)} selected=${choosing && picked === c}
                hinted=${choosing && hinted.cards.has(c)} /></span>`)}
              ${taking && ownCard && sources.get(ownCard) === "keep" && html`
                <span class="tt-own">
                  <span class="tt-row-label">Your revealed card: place it</span>
                  <${Card} card=${ownCard} playable=${true} selected=${picked && picked.card === ownCard}
                    hinted=${hinted.cards.has(ownCard)} label=${`${cardName(ownCard)}: your own card, place it`}
                    onClick=${() => setPicked(picked && picked.card === ownCard ? null : { card: ownCard, kind: "keep" })} />
                </span>`}
            </div>
          </div>
        <//>`}
      <div class="tt-others">
        ${others.map((s) => html`<${Tableau} key=${s} view=${view} s=${s} seat=${seat} nameOf=${nameOf} />`)}
        ${view.grunchie && html`
          <section class="tt-tableau grunchie" aria-label="Grunchie, the dummy player">
            <header><b class="tt-who">Grunchie</b><span class="muted">the dummy: reveals a random card, removes the weakest offer card</span></header>
            <div class="tt-grunchie">
              <span class="tt-pile" aria-label=${`Grunchie has ${plural(view.grunchie_hand_size, "face-down card")}`}>
                ${view.grunchie_hand_size > 0 ? html`<${Back} size="small" />` : html`<span class="muted">none</span>`}<b>×${view.grunchie_hand_size}</b></span>
              <span class="tt-removed" aria-label="Removed by Grunchie">
                ${view.removed.length ? view.removed.map((c) => html`<${Card} key=${c} card=${c} size="mini" dim=${true} anim="tt-drop" label=${`removed: ${cardName(c)}`} />`) : html`<span class="muted">nothing removed yet</span>`}
              </span>
            </div>
          </section>`}
      </div>

    </div>`;
}

// -- the log in sentences ----------------------------------------------------------------

function describe(ev, ctx) {
  const view = ctx.view || { players: 99 };
  const who = (s) => (s >= view.players ? "Grunchie" : s === ctx.mySeat ? "You" : ctx.name(s));
  const whose = (s) => (s >= view.players ? "Grunchie's" : s === ctx.mySeat ? "your" : `${ctx.name(s)}'s`);
  switch (ev.event) {
    case "reveal":
      return `Cards revealed — ${ev.cards.map((c, s) => `${who(s)}: ${cardName(c)}`).join(", ")}.`;
    case "cancel": {
      const which = ev.value === 1 ? "1s" : "5s";
      return `Two or more ${which} were revealed (${joinWords(ev.slots.map(who))}): no ${ev.value} has any effect.`;
    }
    case "grunchie_ignores":
      return `Grunchie's ${ev.value} has no effect (Grunchie never uses a 1 or a 5).`;
    case "exchange":
      return `${who(ev.seat)} exchanged ${cardName(ev.gave)} for ${whose(ev.with)} ${cardName(ev.got)}.`;
    case "pass":
      return ev.effect === "exchange"
        ? `${who(ev.seat)} kept the 1 (no exchange).`
        : `${who(ev.seat)} did not swap any preference cards.`;
    case "swap":
      return `${who(ev.seat)} swapped ${typeName(ev.types[0])} and ${typeName(ev.types[1])}: the preference row is now ${ev.preference.map(typeName).join(", ")}.`;
    case "order":
      return `Order of choice: ${ev.slots.map(who).join(", ")}.`;
    case "take":
      return `${who(ev.seat)} took ${cardName(ev.card)} into bowl ${ev.bowl + 1}.`;
    case "keep":
      return `${who(ev.seat)} placed ${ev.seat === ctx.mySeat ? "your" : "their"} own ${cardName(ev.card)} in bowl ${ev.bowl + 1}.`;
    case "shoyu":
      return `${who(ev.seat)} gained a Shōyu card (for a 9).`;
    case "grunchie_removes":
      return `Grunchie removed ${cardName(ev.card)} from the game.`;
    case "place_shoyu": {
      const per = {};
      ev.bowls.forEach((b) => { per[b + 1] = (per[b + 1] || 0) + 1; });
      const parts = Object.entries(per).map(([b, k]) => `${k > 1 ? `${k} in ` : ""}bowl ${b}`);
      return `${who(ev.seat)} placed ${plural(ev.bowls.length, "Shōyu card")}: ${joinWords(parts)}.`;
    }
    default:
      return null;
  }
}

// -- the end: every step of the score ------------------------------------------------------

function Result({ result, view, seats, mySeat }) {
  const d = result.details || {};
  const players = d.players || [];
  const name = (s) => (view && s >= view.players ? "Grunchie" : seatName(seats, s, mySeat));
  const order = [...players].sort((a, b) => result.ranks[a.seat] - result.ranks[b.seat]);
  const tipHolders = players.filter((p) => result.winners.includes(p.seat) && p.tips.length);
  return html`
    <div class="tt-result">
      ${result.tiebreak && html`<p class="tt-tiebreak">Tied on yen: the <b>${result.tiebreak}</b> decided —
        ${joinWords(tipHolders.map((p) => `${name(p.seat)} holds the ${Math.min(...p.tips.map((t) => t.yen))}¥ token`))}
        (among tied players, the one holding the lowest-value tip token wins).</p>`}
      ${result.winners.length > 1 && html`<p class="tt-tiebreak">Tied on yen and no tip token settles it: a shared victory.</p>`}
      <div class="tt-result-players">
        ${order.map((p) => html`
          <section class=${cx("tt-score", result.winners.includes(p.seat) && "winner")} aria-label=${`${name(p.seat)}: ${p.total} yen`}>
            <h4>${name(p.seat)} <span class="tt-total">${p.total}¥</span>${result.winners.includes(p.seat) && html` <span class="tt-tag ok">winner</span>`}</h4>
            <div class="tt-score-bowls">
              ${p.bowls.map((b, i) => html`<span class=${cx("tt-score-bowl", b.valid ? "valid" : "invalid")} title=${b.valid ? "a valid ramen" : "not a ramen (fewer than 3 cards): its values are subtracted"}>
                ${b.cards.map((c) => html`<${Card} key=${c} card=${c} size="mini" />`)}
                ${Array.from({ length: b.shoyu }, (_, k) => html`<${ShoyuCard} key=${k} size="mini" />`)}
                <small>${b.valid ? "✓" : "✗"} ${i + 1}</small></span>`)}
            </div>
            <div class="tt-steps" role="list">
              <span role="listitem"><i>1</i><span>${p.valid} valid ramen × ${p.largest} cards in the largest</span><b>${p.ramen_yen}¥</b></span>
              <span role="listitem"><i>2</i><span>Tips: ${p.tips.length ? p.tips.map((t) => `${t.yen}¥ for ${typeName(t.type)}`).join(", ") : "none"}</span><b>+${p.tips.reduce((a, t) => a + t.yen, 0)}¥</b></span>
              ${p.narutos.length > 0 && html`<span role="listitem"><i>+</i><span>Narutos: ${p.narutos.map((k) => (k === "Shōyu" ? k : typeName(k))).join(", ")}</span><b>+${3 * p.narutos.length}¥</b></span>`}
              <span role="listitem"><i>3</i><span>6, 7 and 8 in valid ramen: ${p.bonus_cards.length ? p.bonus_cards.map(cardName).join(", ") : "none"}</span><b>+${p.bonus_cards.length}¥</b></span>
              <span role="listitem"><i>4</i><span>Outside valid ramen: ${p.penalty_cards.length ? p.penalty_cards.map(cardName).join(", ") : "none"}</span><b>−${p.penalty_cards.reduce((a, c) => a + valueOf(c), 0)}¥</b></span>
              <span role="listitem" class="tt-sum"><i></i><span>Total${p.shoyu ? ` (${plural(p.shoyu, "Shōyu card")} gained)` : ""}</span><b>${p.total}¥</b></span>
            </div>
            ${p.achievements.length > 0 && html`<p class="tt-achievements">${p.achievements.map((a) => html`
              <span class="tt-tag achievement" title=${ACHIEVEMENTS[a] ? ACHIEVEMENTS[a][1] : a}>★ ${ACHIEVEMENTS[a] ? ACHIEVEMENTS[a][0] : a}</span>`)}</p>`}
          </section>`)}
      </div>
      <table class="tt-tips">
        <caption>Tips: the lowest total of each ingredient in valid ramen (a tie: the highest card of it)</caption>
        <thead><tr><th>Ingredient</th><th>Tip</th>${players.map((p) => html`<th>${name(p.seat)}</th>`)}<th>Won by</th></tr></thead>
        <tbody>${(d.tips || []).map((row) => html`
          <tr><td><span class="tt-dot" style=${`--type:${TYPES[row.type].colour}`}></span>${typeName(row.type)}</td>
            <td>${row.yen}¥</td>
            ${row.totals.map((t, s) => html`<td class=${cx(row.winner === s && "won")}>${row.eligible[s] ? t : "–"}</td>`)}
            <td>${row.winner === null ? "nobody" : name(row.winner)}</td></tr>`)}</tbody>
      </table>
      ${(d.narutos || []).length > 0 && html`
        <table class="tt-tips">
          <caption>Narutos: +3 yen for the highest total (Shōyu: the most Shōyu cards); a tie gives nobody</caption>
          <thead><tr><th>Naruto</th>${players.map((p) => html`<th>${name(p.seat)}</th>`)}<th>Won by</th></tr></thead>
          <tbody>${d.narutos.map((row) => html`
            <tr><td>${row.kind === "Shōyu" ? "Shōyu" : typeName(row.kind)}</td>
              ${row.amounts.map((a, s) => html`<td class=${cx(row.winner === s && "won")}>${a}</td>`)}
              <td>${row.winner === null ? "nobody" : name(row.winner)}</td></tr>`)}</tbody>
        </table>`}
      ${d.removed_by_grunchie && d.removed_by_grunchie.length > 0 && html`
        <p class="muted">Removed by Grunchie: ${d.removed_by_grunchie.map(cardName).join(", ")}.</p>`}
      <p class="muted">Final preference row: ${(d.preference || []).map(typeName).join(", ")}.</p>
    </div>`;
}

export default {
  Table,
  describe,
  Result,
  help: "Click a card of your hand to choose it, then Reveal; when it is your pick, click an offer card, then a bowl.",
};
