// Ramen! Ramen! in the browser: click a card, then a bowl (twice), then a Fridge card.
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
// A click becomes a decision as data: when the legal list holds it, that entry is sent;
// otherwise the decision is sent all the same, so that the engine explains why it is not
// allowed (the answer arrives in words) and nothing changes.
import { html, useMemo, cx, seatName, useStateFor } from "gametable/ui.js";
import { t } from "gametable/i18n.js";

/** The table's own words: messages ``ramen_ramen.web.<key>`` of the game's catalog. */
const w = (key, params) => t(`ramen_ramen.web.${key}`, params);
/** A message of the game's catalog as a parameter of another. */
const msg = (id, params = {}) => ({ id, params });
const points = (n) => msg("ramen_ramen.points", { count: n });

/** How each ingredient looks (presentation only: the rules know nothing of colours). */
const LOOK = {
  ajitama: "#f2b705",
  chashu: "#d2555a",
  kamaboko: "#e07bb0",
  menma: "#8a9a2b",
  negi: "#3fa34d",
  nori: "#2d5d4a",
  shiitake: "#8b5a3c",
};

/** The ingredient's emblem: simple shapes, no images. */
function Emblem({ ingredient }) {
  const c = LOOK[ingredient] || "#888";
  const shapes = {
    ajitama: html`<ellipse cx="20" cy="21" rx="11" ry="14" fill="#fff" stroke=${c} stroke-width="2.5"/><circle cx="20" cy="23" r="6.5" fill=${c}/>`,
    chashu: html`<circle cx="20" cy="20" r="14" fill=${c}/><path d="M20 20 m-8 0 a8 8 0 1 0 8 -8 a5 5 0 1 1 -5 5" fill="none" stroke="#fff" stroke-width="2.5"/>`,
    kamaboko: html`<circle cx="20" cy="20" r="14" fill="#fff" stroke=${c} stroke-width="2.5"/><path d="M12 20 q4 -7 8 0 t8 0" fill="none" stroke=${c} stroke-width="3"/>`,
    menma: html`<rect x="10" y="7" width="7" height="26" rx="3" fill=${c}/><rect x="22" y="9" width="7" height="24" rx="3" fill=${c} opacity=".75"/>`,
    negi: html`<circle cx="14" cy="16" r="6" fill="none" stroke=${c} stroke-width="3"/><circle cx="26" cy="18" r="6" fill="none" stroke=${c} stroke-width="3"/><circle cx="19" cy="27" r="6" fill="none" stroke=${c} stroke-width="3"/>`,
    nori: html`<rect x="9" y="7" width="22" height="26" rx="2" fill=${c}/><path d="M13 12h14M13 17h14M13 22h14M13 27h14" stroke="#5f8f7b" stroke-width="1.5"/>`,
    shiitake: html`<path d="M7 21 a13 11 0 0 1 26 0 z" fill=${c}/><rect x="16" y="21" width="8" height="11" rx="3" fill="#e8d6c0"/>`,
  };
  return html`<svg class="emblem" viewBox="0 0 40 40" aria-hidden="true">${shapes[ingredient] || ""}</svg>`;
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

export function Card({ card, cards, selected, playable, onClick, small, label, pending }) {
  if (!card) {
    return html`<span class=${cx("rr-card", "back", small && "small")} aria-label=${w("face_down_card")}></span>`;
  }
  const info = cards.info(card);
  const ing = cards.ingredient(card);
  const content = html`
    <span class="value">${info.value}</span>
    <${Emblem} ingredient=${info.ingredient} />
    <span class="ing" style=${`--len:${ing.name.length}`}>${ing.name}</span>`;
  const style = `--ing:${LOOK[info.ingredient] || "#888"}`;
  const title = w("card_title", { card: info.name, what: ing.what });
  if (!onClick) {
    return html`<span class=${cx("rr-card", small && "small", pending && "pending")} style=${style}
      title=${title} aria-label=${label || info.name}>${content}</span>`;
  }
  return html`<button type="button" class=${cx("rr-card", small && "small", selected && "selected", playable && "playable")}
      style=${style} aria-pressed=${!!selected} aria-label=${label || info.name}
      title=${title} onClick=${onClick}>${content}</button>`;
}

/** What a bowl shows: the view's facts, or — with a card of the hand chosen or placed into
 * it — the facts the view gives for that card in that bowl. */
function bowlFacts(view, bowl, index, card) {
  const facts = card && view.if_played && view.if_played[card] ? view.if_played[card][index] : null;
  if (facts) return { ...facts, serve_sum: bowl.serve_sum, all_ingredients: bowl.all_ingredients };
  return { ...bowl, served: false };
}

function Bowl({ view, bowl, index, pending, chosen, target, onClick, owner, cards }) {
  const shown = pending.length === 1 ? pending[0] : null;
  const facts = bowlFacts(view, bowl, index, shown);
  const preview = chosen && target && !shown ? bowlFacts(view, bowl, index, chosen) : null;
  const empty = bowl.cards.length === 0 && pending.length === 0;
  const body = html`
    <div class="bowl-label"><b>${w("bowl", { bowl: index + 1 })}</b>${owner && html` <span class="muted">· ${owner}</span>`}</div>
    <div class="bowl-cards">
      ${empty && html`<span class="muted empty">${w("empty")}</span>`}
      ${bowl.cards.map((c) => html`<${Card} card=${c} cards=${cards} small=${true} />`)}
      ${pending.map((c) => html`<${Card} card=${c} cards=${cards} small=${true} pending=${true} />`)}
    </div>
    <div class="bowl-meter" aria-label=${w("meter_label", { sum: facts.sum, serve_sum: facts.serve_sum, ingredients: facts.ingredients })}>
      <span class="sum">${w("sum", { sum: facts.sum, serve_sum: facts.serve_sum })}</span>
      <span class="bar" aria-hidden="true"><span style=${`width:${Math.min(100, (facts.sum / facts.serve_sum) * 100)}%`}></span></span>
      <span>${w("ingredients", { count: facts.ingredients, all: facts.all_ingredients })} · ${
        facts.served ? w("served_now", { points: points(facts.points) }) : w("if_served", { points: points(facts.points) })}</span>
    </div>
    ${preview && html`<div class=${cx("bowl-preview", preview.served && "serves")}>${
      preview.served
        ? w("with_card_served", { card: cards.name(chosen), points: points(preview.points) })
        : w("with_card", { card: cards.name(chosen), sum: preview.sum, serve_sum: preview.serve_sum, points: points(preview.points) })}</div>`}`;
  if (onClick) {
    const label = target ? w("bowl_target", { bowl: index + 1 }) : w("bowl", { bowl: index + 1 });
    return html`<button type="button" class=${cx("rr-bowl", target && "target", facts.served && "serving")} onClick=${onClick}
        aria-label=${label}>${body}</button>`;
  }
  return html`<div class=${cx("rr-bowl", facts.served && "serving")}>${body}</div>`;
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

function Table({ frame, view, seat, legal, act, busy, hint, seats, readOnly, game }) {
  const cards = useCards(game);
  const phase = view.phase;
  // A new position (any new state from the table) drops a half-made play.
  const position = `${frame ? frame.version : 0}:${phase}`;
  const [chosen, setChosen] = useStateFor(position, null);
  const [placed, setPlaced] = useStateFor(position, NOTHING); // [{card, bowl}]
  const { plays, takes } = useMemo(() => splitLegal(legal), [legal]);
  const myTurn = !readOnly && legal.length > 0;
  const need = plays.length ? plays[0].json.cards.length : 0;

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

  async function place(bowl) {
    if (!chosen || busy) return;
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
    const match = takes.find((m) => m.json.card === card);
    await act({ json: match ? match.json : { type: "take", card } });
  }

  const hand = view.hand || [];
  const placedCards = placed.map((p) => p.card);
  const sides = view.served || [];
  const others = (view.hand_sizes || []).map((n, s) => ({ seat: s, n })).filter((o) => o.seat !== view.seat);
  const second = phase === "take2";
  let prompt = null;
  if (myTurn && phase === "play") {
    if (chosen) prompt = w("click_bowl");
    else if (placed.length) prompt = w("choose_next");
    else prompt = w(need === 1 ? "choose_last" : "choose_card");
  } else if (myTurn && phase.startsWith("take")) {
    prompt = w(second ? "take_second_prompt" : "take_prompt");
  }

  return html`
    <div class=${cx("rr-table", `mode-${view.mode}`)}>
      <div class="rr-top">
        <div class="rr-pile" aria-label=${w("deck_label", { count: view.deck_size })}>
          <span class="rr-card back"></span><span class="count">${view.deck_size}</span><span class="muted">${w("deck")}</span>
        </div>
        ${view.players === 1 && html`<div class="rr-pile" aria-label=${w("set_aside_label", { count: view.discard_count })}>
          <span class="rr-card back dim"></span><span class="count">${view.discard_count}</span><span class="muted">${w("set_aside")}</span></div>`}
        <div class="rr-fridge" aria-label=${w("fridge_label")}>
          <span class="fridge-label">${w("fridge")}</span>
          ${(view.fridge || []).map((c) => {
            const can = myTurn && phase.startsWith("take") && takes.some((m) => m.json.card === c);
            return html`<${Card} card=${c} cards=${cards} playable=${can} selected=${hintTake === c}
              onClick=${can ? () => take(c) : null} label=${can ? w("take_it", { card: cards.name(c) }) : cards.name(c)} />`;
          })}
        </div>
      </div>

      ${others.length > 0 && html`
        <div class="rr-others">
          ${others.map((o) => html`
            <div class="rr-other">
              <span class="who">${seatName(seats, o.seat, seat)}</span>
              <span class="backs">${Array.from({ length: o.n }, () => html`<${Card} cards=${cards} small=${true} />`)}</span>
              ${view.last_pick && view.last_pick[o.seat] && view.last_pick[o.seat].length > 0 && html`
                <span class="muted took">${w("took", { cards: view.last_pick[o.seat].map(cards.name) })}</span>`}
            </div>`)}
        </div>`}

      <div class="rr-bowls">
        ${(view.bowls || []).map((b, i) => html`
          <${Bowl} view=${view} bowl=${b} index=${i} cards=${cards} owner=${ownerName(view, b, seats, seat)}
            pending=${placed.filter((p) => p.bowl === i).map((p) => p.card)} chosen=${chosen}
            target=${targets.has(i)} onClick=${myTurn && phase === "play" && chosen ? () => place(i) : null} />`)}
      </div>

      <div class="rr-served">
        ${sides.map((s) => html`
          <div class="served-side">
            <span class="who">${w("served_by", { who: sideName(s, seats, seat) })} <b>${s.count}</b></span>
            ${s.bowls ? html`<span class="served-open">${s.bowls.map((b, k) => html`
                <span class="served-bowl">${b.map((c) => html`<${Card} card=${c} cards=${cards} small=${true} />`)}
                  <span class="pts">${t("ramen_ramen.points", { count: s.bowl_points[k] })}</span></span>`)}</span>`
              : html`<span class="stack">${Array.from({ length: s.count }, () => html`<span class="face-down-bowl" title=${w("face_down")}></span>`)}</span>`}
            ${s.points !== null && s.points !== undefined && html`<span class="side-points">${w("score", { points: points(s.points) })}</span>`}
          </div>`)}
      </div>

      ${seat !== null && html`
        <div class=${cx("rr-hand", myTurn && "active")} aria-label=${w("your_hand")}>
          <div class="hand-label">
            ${prompt && html`<b>${prompt}</b>`}
            ${!myTurn && html`<span class="muted">${w("your_hand")}</span>`}
            ${placed.length > 0 && !busy && html`<button type="button" class="undo" onClick=${() => { setPlaced(NOTHING); setChosen(null); }}>${w("take_back")}</button>`}
          </div>
          <div class="cards">
            ${hand.map((c) => {
              const used = placedCards.includes(c); // every card of the deck is unique
              const can = myTurn && phase === "play" && !used;
              return html`<${Card} card=${c} cards=${cards} selected=${chosen === c || hintCards.includes(c)}
                playable=${can} onClick=${can ? () => setChosen(chosen === c ? null : c) : null} />`;
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
      ${d.verdict && html`<div class="verdict-box"><span class="stars" aria-label=${w("stars", { count: d.verdict.stars })}>
        ${starGlyphs(d.verdict.stars)}</span></div>`}
      ${(d.sides || []).map((side, i) => html`
        <div class="side">
          <h4>${w("side_total", {
            who: name(side, i), points: points(side.points),
            bowls: msg("ramen_ramen.bowls", { count: side.bowls.length }),
            cards: msg("ramen_ramen.cards", { count: side.cards }),
          })}</h4>
          <div class="served-open">${side.bowls.map((b) => html`
            <span class="served-bowl">${b.cards.map((c) => html`<${Card} card=${c} cards=${cards} small=${true} />`)}
              <span class="pts">${w("bowl_score", { count: b.ingredients, points: points(b.points) })}</span></span>`)}</div>
        </div>`)}
      ${d.discards && html`<p class="muted">${w("set_aside_cards", { cards: d.discards.map(cards.name) })}</p>`}
    </div>`;
}

export default {
  Table,
  Result,
  get help() { return w("help"); },
};
