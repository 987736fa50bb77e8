// Ramen! Ramen! in the browser: click a card, then a bowl (twice), then a Fridge card.
// Draws the seat's view only; decisions are matched against the server's legal list, and an
// attempt the list does not hold is sent as typed notation so the engine explains it.
import { html, useMemo, cx, seatName, plural, useStateFor } from "gametable/ui.js";

export const INGREDIENTS = {
  A: { name: "Ajitama", what: "egg", colour: "#f2b705" },
  C: { name: "Chashu", what: "pork", colour: "#d2555a" },
  K: { name: "Kamaboko", what: "fish cake", colour: "#e07bb0" },
  M: { name: "Menma", what: "bamboo shoot", colour: "#8a9a2b" },
  G: { name: "Negi", what: "green onion", colour: "#3fa34d" },
  N: { name: "Nori", what: "seaweed", colour: "#2d5d4a" },
  S: { name: "Shiitake", what: "mushroom", colour: "#8b5a3c" },
};
const POINTS = [0, 0, 1, 2, 3, 5, 7, 10];

function cardName(card) {
  const ing = INGREDIENTS[card[0]];
  return ing ? `${ing.name} ${card.slice(1)}` : card;
}

/** The ingredient's emblem: simple shapes, no images. */
function Emblem({ letter }) {
  const c = INGREDIENTS[letter] ? INGREDIENTS[letter].colour : "#888";
  const shapes = {
    A: html`<ellipse cx="20" cy="21" rx="11" ry="14" fill="#fff" stroke=${c} stroke-width="2.5"/><circle cx="20" cy="23" r="6.5" fill=${c}/>`,
    C: html`<circle cx="20" cy="20" r="14" fill=${c}/><path d="M20 20 m-8 0 a8 8 0 1 0 8 -8 a5 5 0 1 1 -5 5" fill="none" stroke="#fff" stroke-width="2.5"/>`,
    K: html`<circle cx="20" cy="20" r="14" fill="#fff" stroke=${c} stroke-width="2.5"/><path d="M12 20 q4 -7 8 0 t8 0" fill="none" stroke=${c} stroke-width="3"/>`,
    M: html`<rect x="10" y="7" width="7" height="26" rx="3" fill=${c}/><rect x="22" y="9" width="7" height="24" rx="3" fill=${c} opacity=".75"/>`,
    G: html`<circle cx="14" cy="16" r="6" fill="none" stroke=${c} stroke-width="3"/><circle cx="26" cy="18" r="6" fill="none" stroke=${c} stroke-width="3"/><circle cx="19" cy="27" r="6" fill="none" stroke=${c} stroke-width="3"/>`,
    N: html`<rect x="9" y="7" width="22" height="26" rx="2" fill=${c}/><path d="M13 12h14M13 17h14M13 22h14M13 27h14" stroke="#5f8f7b" stroke-width="1.5"/>`,
    S: html`<path d="M7 21 a13 11 0 0 1 26 0 z" fill=${c}/><rect x="16" y="21" width="8" height="11" rx="3" fill="#e8d6c0"/>`,
  };
  return html`<svg class="emblem" viewBox="0 0 40 40" aria-hidden="true">${shapes[letter] || ""}</svg>`;
}

export function Card({ card, selected, playable, onClick, small, label, pending }) {
  if (!card) {
    return html`<span class=${cx("rr-card", "back", small && "small")} aria-label="a face-down card"></span>`;
  }
  const letter = card[0];
  const ing = INGREDIENTS[letter] || { name: card, colour: "#888", what: "" };
  const content = html`
    <span class="value">${card.slice(1)}</span>
    <${Emblem} letter=${letter} />
    <span class="ing" style=${`--len:${ing.name.length}`}>${ing.name}</span>`;
  const style = `--ing:${ing.colour}`;
  if (!onClick) {
    return html`<span class=${cx("rr-card", small && "small", pending && "pending")} style=${style}
      title=${`${ing.name} (${ing.what}) ${card.slice(1)}`} aria-label=${label || cardName(card)}>${content}</span>`;
  }
  return html`<button type="button" class=${cx("rr-card", small && "small", selected && "selected", playable && "playable")}
      style=${style} aria-pressed=${!!selected} aria-label=${label || cardName(card)}
      title=${`${ing.name} (${ing.what}) ${card.slice(1)}`} onClick=${onClick}>${content}</button>`;
}

function bowlScore(cards) {
  return POINTS[new Set(cards.map((c) => c[0])).size];
}

function Bowl({ bowl, index, pending, target, onClick, owner }) {
  const cards = [...bowl.cards, ...pending];
  const sum = cards.reduce((s, c) => s + Number(c.slice(1)), 0);
  const kinds = new Set(cards.map((c) => c[0])).size;
  const body = html`
    <div class="bowl-label"><b>Bowl ${index + 1}</b>${owner && html` <span class="muted">· ${owner}</span>`}</div>
    <div class="bowl-cards">
      ${cards.length === 0 && html`<span class="muted empty">empty</span>`}
      ${bowl.cards.map((c) => html`<${Card} card=${c} small=${true} />`)}
      ${pending.map((c) => html`<${Card} card=${c} small=${true} pending=${true} />`)}
    </div>
    <div class="bowl-meter" aria-label=${`sum ${sum} of 14, ${kinds} ingredients`}>
      <span class="sum">sum ${sum}/14</span>
      <span class="bar" aria-hidden="true"><span style=${`width:${Math.min(100, (sum / 14) * 100)}%`}></span></span>
      <span>${kinds} ingr. · ${plural(bowlScore(cards), "pt")}</span>
    </div>`;
  if (onClick) {
    return html`<button type="button" class=${cx("rr-bowl", target && "target")} onClick=${onClick}
        aria-label=${`Bowl ${index + 1}${target ? " (you may play here)" : ""}`}>${body}</button>`;
  }
  return html`<div class=${cx("rr-bowl")}>${body}</div>`;
}

/** "Your", "Ana's", "Team A's (Ana, Ben)". */
function sideLabel(view, side, seats, seat) {
  if (view.players === 4) {
    const members = [0, 1, 2, 3].filter((s) => s % 2 === side.side).map((s) => seatName(seats, s, seat));
    return `${side.name}'s (${members.join(", ")})`;
  }
  if (side.side === seat) return "Your";
  return `${seatName(seats, side.side, seat)}'s`;
}

function parsePlay(text) {
  // "K3>1 M4>2" -> [["K3", 1], ["M4", 2]]
  return text.split(" ").map((p) => { const [c, b] = p.split(">"); return [c, Number(b)]; });
}

const NOTHING = [];

function Table({ frame, view, seat, legal, act, busy, hint, seats, readOnly }) {
  const phase = view.phase;
  // A new position (any new state from the table) drops a half-made play. The log's length
  // cannot tell: it holds the last turns only, so it may be as long after a move as before.
  const position = `${frame ? frame.version : 0}:${phase}`;
  const [chosen, setChosen] = useStateFor(position, null);
  const [placed, setPlaced] = useStateFor(position, NOTHING); // [[card, bowlIndex]]
  const plays = useMemo(() => legal.filter((m) => !m.text.startsWith("take")), [legal]);
  const takes = useMemo(() => legal.filter((m) => m.text.startsWith("take")), [legal]);
  const myTurn = !readOnly && legal.length > 0;
  const need = plays.length ? parsePlay(plays[0].text).length : 0;

  const hintParts = hint && typeof hint.action === "string" && !hint.action.startsWith("take")
    ? parsePlay(hint.action) : [];
  const hintTake = hint && typeof hint.action === "string" && hint.action.startsWith("take")
    ? hint.action.slice(5) : null;

  // Bowls where the chosen card can go, given the placements already made.
  const targets = useMemo(() => {
    if (!chosen) return new Set();
    const out = new Set();
    for (const m of plays) {
      const parts = parsePlay(m.text);
      const fits = placed.every(([pc, pb]) => parts.some(([c, b]) => c === pc && b === pb));
      if (!fits) continue;
      for (const [c, b] of parts) if (c === chosen) out.add(b - 1);
    }
    return out;
  }, [chosen, placed, plays]);

  async function place(bowlIndex) {
    if (!chosen || busy) return;
    const next = [...placed, [chosen, bowlIndex + 1]];
    setChosen(null);
    if (next.length < need) { setPlaced(next); return; }
    const text = next.map(([c, b]) => `${c}>${b}`).join(" ");
    const match = plays.find((m) => {
      const parts = parsePlay(m.text);
      return parts.length === next.length && next.every(([c, b]) => parts.some(([pc, pb]) => pc === c && pb === b));
    });
    setPlaced(next);
    const answer = await act(match ? { json: match.json } : { text });
    if (answer.type === "error") setPlaced([]);
  }

  async function take(card) {
    if (busy) return;
    const match = takes.find((m) => m.text === `take ${card}`);
    await act(match ? { json: match.json } : { text: `take ${card}` });
  }

  const hand = view.hand || [];
  const placedCards = placed.map(([c]) => c);
  const sides = view.served || [];
  const others = (view.hand_sizes || []).map((n, s) => ({ seat: s, n })).filter((o) => o.seat !== view.seat);

  return html`
    <div class=${cx("rr-table", `mode-${view.mode}`)}>
      <div class="rr-top">
        <div class="rr-pile" aria-label=${`deck: ${view.deck_size} cards`}>
          <span class="rr-card back"></span><span class="count">${view.deck_size}</span><span class="muted">deck</span>
        </div>
        ${view.players === 1 && html`<div class="rr-pile" aria-label=${`${view.discard_count} cards set aside unseen`}>
          <span class="rr-card back dim"></span><span class="count">${view.discard_count}</span><span class="muted">set aside</span></div>`}
        <div class="rr-fridge" aria-label="The Fridge">
          <span class="fridge-label">Fridge</span>
          ${(view.fridge || []).map((c) => {
            const can = myTurn && phase.startsWith("take") && takes.some((m) => m.text === `take ${c}`);
            return html`<${Card} card=${c} playable=${can} selected=${hintTake === c}
              onClick=${can ? () => take(c) : null} label=${`${cardName(c)}${can ? ": take it" : ""}`} />`;
          })}
        </div>
      </div>

      ${others.length > 0 && html`
        <div class="rr-others">
          ${others.map((o) => html`
            <div class="rr-other">
              <span class="who">${seatName(seats, o.seat, seat)}</span>
              <span class="backs">${Array.from({ length: o.n }, () => html`<${Card} small=${true} />`)}</span>
              ${view.last_pick && view.last_pick[o.seat] && view.last_pick[o.seat].length > 0 && html`
                <span class="muted took">took ${view.last_pick[o.seat].map(cardName).join(", ")}</span>`}
            </div>`)}
        </div>`}

      <div class="rr-bowls">
        ${(view.bowls || []).map((b, i) => html`
          <${Bowl} bowl=${b} index=${i} owner=${b.owner !== null && b.owner !== undefined ? seatName(seats, b.owner, seat) : null}
            pending=${placed.filter(([, pb]) => pb === i + 1).map(([c]) => c)}
            target=${targets.has(i)} onClick=${myTurn && phase === "play" && chosen ? () => place(i) : null} />`)}
      </div>

      <div class="rr-served">
        ${sides.map((s) => html`
          <div class="served-side">
            <span class="who">${sideLabel(view, s, seats, seat)} served bowls: <b>${s.count}</b></span>
            ${s.bowls ? html`<span class="served-open">${s.bowls.map((b) => html`
                <span class="served-bowl">${b.map((c) => html`<${Card} card=${c} small=${true} />`)}
                  <span class="pts">${plural(bowlScore(b), "pt")}</span></span>`)}</span>`
              : html`<span class="stack">${Array.from({ length: s.count }, () => html`<span class="face-down-bowl" title="served face down"></span>`)}</span>`}
          </div>`)}
      </div>

      ${seat !== null && html`
        <div class=${cx("rr-hand", myTurn && "active")} aria-label="Your hand">
          <div class="hand-label">
            ${myTurn && phase === "play" && html`<b>${chosen ? "Now click a bowl for it" : placed.length ? "Choose your next card" : `Choose ${need === 1 ? "your card" : "a card"} to play`}</b>`}
            ${myTurn && phase.startsWith("take") && html`<b>Take a card from the Fridge</b>`}
            ${!myTurn && html`<span class="muted">Your hand</span>`}
            ${placed.length > 0 && !busy && html`<button type="button" class="undo" onClick=${() => { setPlaced([]); setChosen(null); }}>Take back</button>`}
          </div>
          <div class="cards">
            ${hand.map((c) => {
              const used = placedCards.includes(c); // every card of the deck is unique
              const can = myTurn && phase === "play" && !used;
              return html`<${Card} card=${c} selected=${chosen === c || hintParts.some(([hc]) => hc === c)}
                playable=${can} onClick=${can ? () => setChosen(chosen === c ? null : c) : null} />`;
            })}
          </div>
        </div>`}
    </div>`;
}

function describe(ev, ctx) {
  const who = (s) => ctx.name(s);
  switch (ev.event) {
    case "play": return `${who(ev.seat)} put ${cardName(ev.card)} in bowl ${ev.place + 1}.`;
    case "take": return `${who(ev.seat)} took ${cardName(ev.card)} from the Fridge.`;
    case "refill": return `The Fridge was refilled with ${cardName(ev.card)}.`;
    case "draw": return ev.card ? `You drew ${cardName(ev.card)}.` : `${who(ev.seat)} drew a card.`;
    case "serve": {
      const to = ctx.view && ctx.view.players === 4 ? `Team ${"AB"[ev.side]}` : who(ev.side);
      const what = ev.points !== null && ev.points !== undefined ? ` (${plural(ev.points, "point")})` : " face down";
      return `Bowl ${ev.place + 1} was served to ${to}${what}.`;
    }
    default: return null;
  }
}

function Result({ result, seats, mySeat }) {
  const d = result.details || {};
  const sideName = (side) => (side.seats.length === 1
    ? seatName(seats, side.seats[0], mySeat)
    : `${side.name} (${side.seats.map((s) => seatName(seats, s, mySeat)).join(", ")})`);
  return html`
    <div class="rr-result">
      ${d.verdict && html`<div class="verdict-box"><span class="stars" aria-label=${`${d.verdict.stars} stars`}>
        ${"★".repeat(d.verdict.stars)}${"☆".repeat(Math.max(0, 5 - d.verdict.stars))}</span>
        <q>${d.verdict.quote}</q></div>`}
      ${(d.sides || []).map((side) => html`
        <div class="side">
          <h4>${sideName(side)}: ${plural(side.points, "point")} · ${plural(side.bowls.length, "bowl")} · ${plural(side.cards, "card")}</h4>
          <div class="served-open">${side.bowls.map((b) => html`
            <span class="served-bowl">${b.cards.map((c) => html`<${Card} card=${c} small=${true} />`)}
              <span class="pts">${b.ingredients} ingr. → ${plural(b.points, "pt")}</span></span>`)}</div>
        </div>`)}
      ${d.discards && html`<p class="muted">Set aside unseen: ${d.discards.map(cardName).join(", ")}</p>`}
    </div>`;
}

export default {
  Table,
  describe,
  Result,
  help: "Click a card in your hand, then a bowl; do it twice; then click a Fridge card to take it.",
};
