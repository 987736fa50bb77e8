// Ramen Fury in the browser: three bowls per player, the Pantry, two actions a turn, spoons,
// Nori and Chili free plays into any bowl, and the pending choices (a card to discard, a
// revealed Nori/Chili, the end of a turn with a free play left) asked in a banner with the
// choices as buttons.
//
// The table draws the seat's view only. A click becomes a decision in the game's notation
// (`prep Ch>2`, `place Cl>1.2` …): when the server's legal list holds it, its JSON is sent;
// otherwise the notation is sent as typed text, so the engine explains why it is not allowed
// and nothing changes.
//
// How clicks map to decisions (choices the rules leave to the interface):
// - a hand card, then a bowl: Prep onto one of your bowls (1 action); a Nori or Chili, then
//   any bowl: the free play (`place`). A Nori/Chili clicked onto your own bowl is placed
//   free, never prepped (a Prep of it would spend an action for the same result); that
//   Prep stays reachable in the shell's "All moves" list.
// - a Pantry card or the deck: Draw; "Restock the Pantry"; Eat / Empty under each of your
//   bowls (Eat is offered on every bowl with cards, and explains why when it cannot be).
// - "Use a spoon", then the bowl to take the top card from, then one of your bowls.
// - After a Restock that revealed a Nori and a Chili, the banner asks which one first.
// - Each bowl shows its points "if eaten" and why (the Flavor's rule, Nori, Chili), from
//   the server's breakdown; `explainBase` words the reason (tests check it against the
//   engine on every possible bowl).
// - The view's log holds turns, not events: `describe` turns one turn into its sentences.
import {
  html, useEffect, useMemo, useRef, cx, seatName, plural, useStateFor,
} from "gametable/ui.js";

// -- cards --------------------------------------------------------------------------------

/** Every card kind: its name, its category and what it does for scoring. */
export const CARDS = {
  Bf: { name: "Beef Flavor", short: "Beef", cat: "flavor", rule: "1·2·3·4 protein kinds: 2·5·9·14" },
  Ck: { name: "Chicken Flavor", short: "Chicken", cat: "flavor", rule: "two alike: 6 · three alike: 10" },
  Sh: { name: "Shrimp Flavor", short: "Shrimp", cat: "flavor", rule: "4 per protein + veg pair" },
  Sy: { name: "Soy Sauce Flavor", short: "Soy Sauce", cat: "flavor", rule: "1·2·3·4 veg kinds: 2·5·9·14" },
  Fy: { name: "Fury Flavor", short: "Fury", cat: "flavor", rule: "each Chili +2, the rest 0" },
  Ch: { name: "Chashu", short: "Chashu", cat: "protein", rule: "protein" },
  Eg: { name: "Eggs", short: "Eggs", cat: "protein", rule: "protein" },
  Na: { name: "Naruto", short: "Naruto", cat: "protein", rule: "protein" },
  Co: { name: "Corn", short: "Corn", cat: "veg", rule: "vegetable" },
  Mu: { name: "Mushrooms", short: "Mushrooms", cat: "veg", rule: "vegetable" },
  Sc: { name: "Scallions", short: "Scallions", cat: "veg", rule: "vegetable" },
  To: { name: "Tofu", short: "Tofu", cat: "tofu", rule: "protein and vegetable" },
  No: { name: "Nori Garnish", short: "Nori", cat: "nori", rule: "+1 · free into any bowl" },
  Cl: { name: "Chili Peppers", short: "Chili", cat: "chili", rule: "−1 (+2 in Fury) · free into any bowl" },
};
const FLAVORS = ["Bf", "Ck", "Sh", "Sy", "Fy"];
const PROTEINS = ["Ch", "Eg", "Na", "To"];
const VEGETABLES = ["Co", "Mu", "Sc", "To"];
const REGULARS = ["Ch", "Eg", "Na", "Co", "Mu", "Sc", "To"];
const SPECIALS = ["No", "Cl"];
const TYPES_TABLE = [0, 2, 5, 9, 14];
const BOWL_CAP = 5;
const BANDS = { flavor: "Flavor", protein: "Protein", veg: "Veggie", tofu: "Prot·Veg", nori: "Free play", chili: "Free play" };
const ACTION_EVENTS = new Set(["prep", "draw", "spoon", "restock", "eat", "empty"]);

export function cardName(code) {
  return CARDS[code] ? CARDS[code].name : String(code);
}

/** The card's picture: simple shapes in the ingredient's colours, no images. */
function Emblem({ code }) {
  const shapes = {
    Bf: html`<path d="M7 22c0-9 9-14 18-12 7 2 9 9 6 15-3 6-12 8-18 5-4-2-6-4-6-8z" fill="#9c3b22"/>
      <path d="M12 21c3-5 9-7 14-5" stroke="#f3d7c4" stroke-width="2.5" fill="none" stroke-linecap="round"/>`,
    Ck: html`<ellipse cx="17" cy="17" rx="10" ry="9" fill="#d98b3a"/><rect x="22" y="21" width="5" height="12" rx="2" transform="rotate(-40 24 27)" fill="#f4e6cf"/>
      <circle cx="31" cy="31" r="3" fill="#f4e6cf"/><circle cx="28" cy="33" r="3" fill="#f4e6cf"/>`,
    Sh: html`<path d="M29 11a12 12 0 1 0 2 16" fill="none" stroke="#ef7f5a" stroke-width="7" stroke-linecap="round"/>
      <path d="M13 16l4 3M12 22l5 1M14 28l4-2" stroke="#fff" stroke-width="1.6"/><path d="M31 27l5 3-5 2" fill="#ef7f5a"/>`,
    Sy: html`<rect x="14" y="12" width="12" height="22" rx="4" fill="#4a2a1a"/><rect x="17" y="5" width="6" height="8" rx="1.5" fill="#c0392b"/>
      <rect x="15.5" y="19" width="9" height="7" rx="1" fill="#f3e3c3"/>`,
    Fy: html`<path d="M20 5c2 7 10 10 10 19a10 10 0 0 1-20 0c0-5 3-8 5-10 0 4 2 6 4 6-1-6 0-11 1-15z" fill="#e0341e"/>
      <path d="M20 20c1 4 5 5 5 9a5 5 0 0 1-10 0c0-3 2-4 3-5 0 2 1 3 2 3 0-3 0-5 0-7z" fill="#ffc23a"/>`,
    Ch: html`<circle cx="20" cy="20" r="14" fill="#c9574f"/><circle cx="20" cy="20" r="11" fill="#f2b8a6"/>
      <path d="M20 20m-6 0a6 6 0 1 0 6-6a3.5 3.5 0 1 1-3.5 3.5" fill="none" stroke="#b24a3c" stroke-width="2.2"/>`,
    Eg: html`<ellipse cx="20" cy="21" rx="11" ry="14" fill="#fff" stroke="#d9a441" stroke-width="2"/><circle cx="20" cy="23" r="6.5" fill="#f2a900"/>`,
    Na: html`<circle cx="20" cy="20" r="14" fill="#fff" stroke="#e4b5c6" stroke-width="2"/>
      <path d="M20 20m-2 0a2 2 0 1 1 4 0a5 5 0 1 1-8 0a8 8 0 1 1 13 3" fill="none" stroke="#e0538f" stroke-width="2.4"/>`,
    Co: html`<ellipse cx="20" cy="18" rx="7" ry="13" fill="#f5c518"/>
      <path d="M15 10h10M14 15h12M14 20h12M15 25h10M20 6v24" stroke="#d79e00" stroke-width="1.2"/>
      <path d="M12 34c1-8 4-10 8-7M28 34c-1-8-4-10-8-7" fill="#5aa04a"/>`,
    Mu: html`<path d="M6 21a14 11 0 0 1 28 0z" fill="#8b5a3c"/><circle cx="15" cy="15" r="2" fill="#c49a7a"/><circle cx="24" cy="13" r="1.6" fill="#c49a7a"/>
      <rect x="16" y="21" width="8" height="12" rx="3" fill="#ead9c2"/>`,
    Sc: html`<circle cx="13" cy="15" r="6" fill="none" stroke="#3a9a3f" stroke-width="3"/><circle cx="27" cy="16" r="6" fill="none" stroke="#63b94e" stroke-width="3"/>
      <circle cx="19" cy="27" r="6" fill="none" stroke="#3a9a3f" stroke-width="3"/>`,
    To: html`<path d="M8 15l12-6 12 6-12 6z" fill="#fffaf0" stroke="#c9b99a" stroke-width="1.5"/><path d="M8 15v12l12 6V21z" fill="#f1e7d2" stroke="#c9b99a" stroke-width="1.5"/>
      <path d="M32 15v12l-12 6V21z" fill="#e4d6b9" stroke="#c9b99a" stroke-width="1.5"/>`,
    No: html`<rect x="9" y="6" width="22" height="28" rx="2" fill="#1f3b2d"/><path d="M13 11h14M13 17h14M13 23h14M13 29h14" stroke="#4f7a60" stroke-width="1.5"/>`,
    Cl: html`<path d="M12 14c6-2 14 1 17 8 2 6-2 12-6 10-3-1-2-6-5-9-2-3-8-4-6-9z" fill="#d7261e"/>
      <path d="M12 14c-2-3 0-7 4-7" stroke="#3a8a3a" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  };
  return html`<svg class="rf-emblem" viewBox="0 0 40 40" aria-hidden="true">${shapes[code] || ""}</svg>`;
}

/** A face-up card (hand, Pantry): a button when it can be chosen. */
export function Card({ code, onClick, playable, selected, hinted, revealed, label, small, toggle }) {
  const info = CARDS[code] || { name: code, short: code, cat: "special", rule: "" };
  const body = html`
    <span class="rf-card-band">${BANDS[info.cat]}</span>
    <${Emblem} code=${code} />
    <span class="rf-card-name">${info.short}</span>
    ${!small && html`<span class="rf-card-rule">${info.rule}</span>`}`;
  const classes = cx("rf-card", `cat-${info.cat}`, small && "small", playable && "playable",
    selected && "selected", hinted && "hinted", revealed && "revealed");
  const title = `${info.name} — ${info.rule}`;
  if (!onClick) {
    return html`<span class=${classes} data-card=${code} title=${title} aria-label=${label || info.name}>${body}</span>`;
  }
  return html`<button type="button" class=${classes} data-card=${code} title=${title}
      aria-pressed=${toggle ? (selected ? "true" : "false") : undefined} aria-label=${label || info.name} onClick=${onClick}>${body}</button>`;
}

function CardBack({ label, small }) {
  return html`<span class=${cx("rf-back", small && "small")} aria-label=${label || "a face-down card"}></span>`;
}

function Spoon({ used }) {
  return html`<svg class=${cx("rf-spoon", used && "used")} viewBox="0 0 40 16" aria-hidden="true">
    <ellipse cx="9" cy="8" rx="8" ry="6" fill="currentColor"/><rect x="15" y="6.5" width="24" height="3" rx="1.5" fill="currentColor"/></svg>`;
}

// -- scoring explanations -------------------------------------------------------------------

function count(cards, codes) {
  return cards.filter((c) => codes.includes(c)).length;
}

/** What the Flavor card scores in this bowl: the reason in words ("Soy Sauce: 2 vegetable
 *  kinds") and its points. The table shows the server's points; the tests check that this
 *  reasoning gives the same number for every possible bowl. */
export function explainBase(cards) {
  const flavor = cards.find((c) => FLAVORS.includes(c));
  const regs = cards.filter((c) => REGULARS.includes(c));
  if (!flavor) return { text: "no Flavor", base: 0 };
  if (flavor === "Sy" || flavor === "Bf") {
    const kinds = new Set(regs.filter((c) => (flavor === "Sy" ? VEGETABLES : PROTEINS).includes(c))).size;
    const what = flavor === "Sy" ? "Soy Sauce" : "Beef";
    return { text: `${what}: ${plural(kinds, flavor === "Sy" ? "vegetable kind" : "protein kind")}`, base: TYPES_TABLE[kinds] };
  }
  if (flavor === "Sh") {
    const p = count(regs, ["Ch", "Eg", "Na"]);
    const v = count(regs, ["Co", "Mu", "Sc"]);
    const t = count(regs, ["To"]);
    const pairs = Math.min(p + t, v + t, Math.floor((p + v + t) / 2));
    return { text: `Shrimp: ${plural(pairs, "protein + veg pair")}`, base: 4 * pairs };
  }
  if (flavor === "Ck") {
    const counts = {};
    for (const c of regs) counts[c] = (counts[c] || 0) + 1;
    const best = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
    if (!best || best[1] < 2) return { text: "Chicken: no two alike", base: 0 };
    const many = { 2: "two", 3: "three", 4: "four" }[best[1]];
    return { text: `Chicken: ${many} ${CARDS[best[0]].short}`, base: best[1] >= 3 ? 10 : 6 };
  }
  return { text: "Fury: other ingredients", base: 0 };
}

/** "Soy Sauce: 2 vegetable kinds 5 · Nori +1 · Chili −1". */
function breakdownText(cards, parts) {
  const bits = [];
  if (parts.flavor) bits.push(`${explainBase(cards).text} → ${parts.base}`);
  if (parts.nori) bits.push(`Nori ${signed(parts.nori)}`);
  if (parts.chili) bits.push(`Chili ${signed(parts.chili)}`);
  return bits.join(" · ");
}

function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function pts(n) {
  return `${n < 0 ? "−" + -n : n} pt${n === 1 || n === -1 ? "" : "s"}`;
}

// -- the legal decisions, read from their notation --------------------------------------------

function addTo(map, key, value) {
  if (!map.has(key)) map.set(key, new Set());
  map.get(key).add(value);
}

/** The server's legal list, indexed by what a click can mean. */
function readLegal(legal) {
  const L = {
    prep: new Map(), draw: new Set(), spoon: [], restock: false, eat: new Set(), empty: new Set(),
    place: new Map(), discard: new Set(), use: new Map(), skip: false, end: false, byText: new Map(),
  };
  for (const m of legal) {
    L.byText.set(m.text, m);
    const [verb, arg = ""] = m.text.split(" ");
    const [left, right] = arg.split(">");
    if (verb === "prep") addTo(L.prep, left, Number(right));
    else if (verb === "draw") L.draw.add(left);
    else if (verb === "spoon") L.spoon.push({ src: left, to: Number(right) });
    else if (verb === "restock") L.restock = true;
    else if (verb === "eat") L.eat.add(Number(left));
    else if (verb === "empty") L.empty.add(Number(left));
    else if (verb === "place") addTo(L.place, left, right);
    else if (verb === "discard") L.discard.add(left);
    else if (verb === "use") addTo(L.use, left, right);
    else if (verb === "skip") L.skip = true;
    else if (verb === "end") L.end = true;
  }
  return L;
}

/** A hint's decision read the same way: which card, bowl or button to light up. */
function readHint(hint) {
  if (!hint || typeof hint.action !== "string") return {};
  const [verb, arg = ""] = hint.action.split(" ");
  const [left, right] = arg.split(">");
  const out = { verb };
  if (verb === "prep") Object.assign(out, { card: left, hand: left, bowl: `?.${right}` });
  else if (verb === "draw") out.draw = left;
  else if (verb === "spoon") Object.assign(out, { src: left, bowl: `?.${right}` });
  else if (verb === "eat" || verb === "empty") out.own = Number(left);
  else if (verb === "place") Object.assign(out, { card: left, hand: left, bowl: right });
  else if (verb === "use") Object.assign(out, { card: left, bowl: right });
  else if (verb === "discard") out.hand = left;
  return out;
}

// -- the log ---------------------------------------------------------------------------------

function bowlWords(ref, actor, ctx) {
  const [s, b] = String(ref).split(".").map(Number);
  if (ctx.mySeat !== null && ctx.mySeat !== undefined && s === ctx.mySeat) return `your bowl ${b}`;
  if (s === actor) return `their bowl ${b}`;
  return `${ctx.name(s)}'s bowl ${b}`;
}

/** One event as a phrase after its actor's name, or a whole sentence (`alone`). */
function phrase(ev, ctx) {
  const c = (code) => cardName(code);
  switch (ev.event) {
    case "prep": return `prepped ${c(ev.card)} onto ${bowlWords(ev.bowl, ev.seat, ctx)}`;
    case "draw":
      if (ev.from === "pantry") return `drew ${c(ev.card)} from the Pantry`;
      return ev.card ? `drew ${c(ev.card)} from the deck` : "drew a card from the deck";
    case "discard": return `discarded ${c(ev.card)} (hand limit 5)`;
    case "restock": return `restocked the Pantry: ${ev.cards.map((x) => (x ? c(x) : "an empty slot")).join(", ")}`;
    case "use": return `placed the revealed ${c(ev.card)} into ${bowlWords(ev.bowl, ev.seat, ctx)} (free)`;
    case "place": return `placed ${c(ev.card)} into ${bowlWords(ev.bowl, ev.seat, ctx)} (free)`;
    case "skip": return "left the revealed card in the Pantry";
    case "spoon": return `spooned ${c(ev.card)} from ${bowlWords(ev.from, ev.seat, ctx)} onto ${bowlWords(ev.to, ev.seat, ctx)}`;
    case "eat": return `ate ${bowlWords(ev.bowl, ev.seat, ctx)} for ${pts(ev.points)}`;
    case "empty": return `emptied ${bowlWords(ev.bowl, ev.seat, ctx)}${ev.cards && ev.cards.length ? ` (${ev.cards.map(c).join(", ")})` : ""}`;
    case "end": return "ended the turn";
    case "forfeit": return `had no legal action left and forfeited ${plural(ev.actions, "action")}`;
    default: return null;
  }
}

function sentence(ev, ctx) {
  if (ev.event === "refill") return `The Pantry was refilled with ${cardName(ev.card)}.`;
  if (ev.event === "final_round") {
    const why = String(ev.reason).replace(/seat (\d+)/g, (_, s) => ctx.name(Number(s)));
    return `Final round: ${why}; ${plural(ev.turns_left, "more turn")} after this one.`;
  }
  const what = phrase(ev, ctx);
  if (what === null) return null;
  return `${ctx.name(ev.seat)} ${what}.`;
}

/** The view's log holds turns (lists of events): one entry per turn, in plain sentences. */
function describe(entry, ctx) {
  if (!Array.isArray(entry)) return sentence(entry, ctx);
  const texts = entry.map((ev) => sentence(ev, ctx)).filter(Boolean);
  return texts.length ? texts.join(" ") : null;
}

// -- pieces of the table ----------------------------------------------------------------------

function BowlCards({ cards, highlightTop }) {
  return html`
    <ol class="rf-stack" aria-label=${cards.length ? `cards: ${cards.map(cardName).join(", ")}` : "no cards"}>
      ${cards.map((code, i) => {
        const info = CARDS[code] || { short: code, cat: "special" };
        const top = i === cards.length - 1;
        return html`<li key=${`${i}-${code}`} class=${cx("rf-chip", `cat-${info.cat}`, top && highlightTop && "top")}
            data-card=${code} title=${`${info.name}${top ? " (top card)" : ""}`}>
          <${Emblem} code=${code} /><span>${info.short}</span></li>`;
      })}
      ${Array.from({ length: BOWL_CAP - cards.length }, (_, i) => html`<li key=${`slot-${i}`} class="rf-slot" aria-hidden="true"></li>`)}
    </ol>`;
}

function ScoreLine({ bowl }) {
  const cards = bowl.cards;
  const parts = bowl.breakdown;
  if (bowl.eaten) {
    return html`<div class="rf-score eaten"><b><span class="rf-eaten-mark">Eaten</span> ${pts(bowl.points)}</b>
      <span title=${breakdownText(cards, parts)}>${breakdownText(cards, parts)}</span></div>`;
  }
  if (!cards.length) return html`<div class="rf-score muted"><span>empty</span></div>`;
  if (!bowl.flavor) {
    return html`<div class="rf-score muted"><span>needs a Flavor to be eaten</span></div>`;
  }
  if (!bowl.eatable) {
    return html`<div class="rf-score muted"><span>${CARDS[bowl.flavor].short}: add an ingredient to eat it</span></div>`;
  }
  return html`<div class="rf-score"><b>${pts(bowl.points)} if eaten</b><span title=${breakdownText(cards, parts)}>${breakdownText(cards, parts)}</span></div>`;
}

function Bowl({ bowl, index, owner, mine, big, target, hinted, onPick, pickLabel, actions, spoonTop }) {
  const label = `${owner} bowl ${index + 1}`;
  const flavor = bowl.flavor ? CARDS[bowl.flavor].short : null;
  const head = html`
    <div class="rf-bowl-head" title=${`${bowl.cards.length} of ${BOWL_CAP} cards`}>
      <b>Bowl ${index + 1}</b>
      ${flavor && html`<span class=${cx("rf-flavor", `fl-${bowl.flavor}`)}>${flavor}</span>`}
    </div>`;
  const inner = html`
    ${head}
    <${BowlCards} cards=${bowl.cards} highlightTop=${spoonTop} />
    <${ScoreLine} bowl=${bowl} />`;
  return html`
    <div class=${cx("rf-bowl", big && "big", mine && "mine", bowl.eaten && "is-eaten", target && "target", hinted && "hinted")}
         data-bowl=${bowl.bowl} data-flavor=${bowl.flavor ? "yes" : "no"} data-points=${bowl.points === null ? "" : bowl.points}>
      ${onPick
        ? html`<button type="button" class=${cx("rf-bowl-body", target && "target")} onClick=${onPick}
              aria-label=${`${label}${pickLabel ? `: ${pickLabel}` : ""}`}>${inner}</button>`
        : html`<div class="rf-bowl-body" aria-label=${label}>${inner}</div>`}
      ${actions}
    </div>`;
}

function TurnStrip({ view, seat, seats, legal }) {
  const current = view.current;
  const log = view.log || [];
  const turn = log.length ? log[log.length - 1] : [];
  const done = turn.filter((e) => e.seat === current && ACTION_EVENTS.has(e.event));
  const forfeit = turn.find((e) => e.event === "forfeit");
  const frees = turn.filter((e) => e.seat === current && (e.event === "place" || e.event === "use"));
  const who = current === seat ? "Your turn" : `${seatName(seats, current, seat)}'s turn`;
  const ctx = { mySeat: seat, name: (s) => seatName(seats, s, seat) };
  const steps = [0, 1].map((i) => {
    const ev = done[i];
    if (ev) return { state: "done", text: phrase(ev, ctx) };
    if (forfeit) return { state: "lost", text: "forfeited (no legal action)" };
    const now = i === done.length && view.phase !== "over";
    let text = "to do";
    if (now && view.phase === "discard") text = "waiting: discard a card";
    else if (now && view.phase === "reveal") text = "waiting: the revealed card";
    else if (now && current === seat && legal.length) text = "choose an action";
    return { state: now ? "now" : "todo", text };
  });
  if (view.phase === "over") {
    return html`<div class="rf-strip over" aria-label="Turn"><b>The game is over.</b></div>`;
  }
  return html`
    <div class=${cx("rf-strip", current === seat && "mine")} aria-label="This turn">
      <b class="rf-who">${who}</b>
      <ol class="rf-steps">
        ${steps.map((s, i) => html`<li class=${cx("rf-step", s.state)} aria-label=${`Action ${i + 1}: ${s.text}`}>
          <span class="n">${s.state === "done" ? "✓" : i + 1}</span><span>${s.text}</span></li>`)}
      </ol>
      ${frees.length > 0 && html`<span class="rf-frees">Free: ${frees.map((e) => phrase(e, ctx)).join("; ")}</span>`}
      ${view.final_round && html`<span class="rf-final" role="note">Final round · ${plural(view.final_turns_left, "more turn")} after this one</span>`}
    </div>`;
}

function PlayerInfo({ view, s, seats, seat }) {
  const spoons = view.spoons[s];
  const eaten = view.bowls[s].filter((b) => b.eaten).length;
  return html`
    <div class="rf-info">
      <span class="rf-spoons" aria-label=${`${plural(spoons, "spoon")} left`} title=${`${plural(spoons, "spoon")} left`}>
        ${[0, 1].map((i) => html`<${Spoon} used=${i >= spoons} />`)}</span>
      <span class="rf-eatenpts" aria-label=${`${pts(view.points[s])} eaten`}>
        <b>${pts(view.points[s])}</b> · ${eaten}/3 eaten</span>
    </div>`;
}

// -- the table ---------------------------------------------------------------------------------

function Table({ frame, view, seat, legal, act, busy, hint, seats, readOnly }) {
  const L = useMemo(() => readLegal(readOnly ? [] : legal), [legal, readOnly]);
  const myTurn = !readOnly && seat !== null && legal.length > 0;
  const phase = view.phase;
  const H = useMemo(() => readHint(hint), [hint]);
  const players = view.players;
  const version = frame ? frame.version : 0;
  // a selection belongs to its position: any new state from the table drops it
  const position = `${version}:${phase}:${view.actions_left}`;
  const [sel, setSel] = useStateFor(position, null); // {kind: "card", card} | {kind: "spoon", src} | {kind: "reveal", card}
  useEffect(() => {
    if (!sel) return undefined;
    const key = (e) => { if (e.key === "Escape") setSel(null); };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [sel]);
  // A pending choice takes the keyboard focus (and scrolls into view) when it appears;
  // the prompt, not a button in it, so that no key press answers it by accident.
  const promptRef = useRef(null);
  const asking = !readOnly && seat !== null && legal.length > 0 && ["discard", "reveal", "free"].includes(phase);
  useEffect(() => {
    const el = promptRef.current;
    if (!asking || !el) return;
    const active = document.activeElement;
    if (active && active.closest && active.closest(".modal")) return;
    el.focus(); // the prompt itself: read out, and Tab goes on to its choices
  }, [asking, phase, version]);

  // In the reveal phase with a single revealed kind, that card is the one to place.
  const revealedKinds = [...new Set((view.revealed || []).map((slot) => view.pantry[slot]).filter(Boolean))];
  const revealCard = phase === "reveal" ? (sel && sel.kind === "reveal" ? sel.card : revealedKinds.length === 1 ? revealedKinds[0] : null) : null;

  async function send(text) {
    if (busy) return;
    const move = L.byText.get(text);
    setSel(null);
    await act(move ? { json: move.json } : { text });
  }

  // What clicking bowl `ref` ("s.b") would do now, and whether it is a legal target.
  function bowlChoice(ref) {
    if (!myTurn) return null;
    const [s, b] = ref.split(".").map(Number);
    const own = s === seat;
    if (phase === "reveal") {
      if (!revealCard) return null;
      const ok = L.use.has(revealCard) && L.use.get(revealCard).has(ref);
      return { text: `use ${revealCard}>${ref}`, ok, label: ok ? `place the revealed ${CARDS[revealCard].short} here (free)` : "" };
    }
    if (!sel) return null;
    if (sel.kind === "card") {
      const card = sel.card;
      if (SPECIALS.includes(card)) {
        const ok = L.place.has(card) && L.place.get(card).has(ref);
        if (ok || !own || !(L.prep.get(card) || new Set()).has(b)) {
          return { text: `place ${card}>${ref}`, ok, label: ok ? `place ${CARDS[card].short} here (free)` : "" };
        }
      }
      const ok = own && L.prep.has(card) && L.prep.get(card).has(b);
      return { text: `prep ${card}>${own ? b : ref}`, ok, label: ok ? `prep ${CARDS[card].short} here (1 action)` : "" };
    }
    if (sel.kind === "spoon") {
      if (!sel.src) {
        const ok = L.spoon.some((m) => m.src === ref);
        return { src: ref, ok, label: ok ? "spoon its top card" : "" };
      }
      const ok = own && L.spoon.some((m) => m.src === sel.src && m.to === b);
      return { text: `spoon ${sel.src}>${own ? b : ref}`, ok, label: ok ? "put the spooned card here" : "" };
    }
    return null;
  }

  function pickBowl(ref) {
    const choice = bowlChoice(ref);
    if (!choice) return;
    if (choice.src !== undefined) { setSel({ kind: "spoon", src: choice.src }); return; }
    send(choice.text);
  }

  const hand = view.hand || [];
  const inAction = myTurn && phase === "action";
  const others = [];
  for (let i = 1; i <= players; i++) {
    const s = seat === null ? i - 1 : (seat + i) % players;
    if (s !== seat) others.push(s);
  }

  function renderBowl(s, b, big) {
    const bowl = view.bowls[s][b];
    const ref = bowl.bowl;
    const choice = bowlChoice(ref);
    const mine = s === seat;
    const owner = mine ? "Your" : `${seatName(seats, s, seat)}'s`;
    const hinted = H.bowl === ref || (H.bowl && H.bowl.startsWith("?.") && mine && H.bowl === `?.${b + 1}`)
      || (H.src === ref) || (mine && H.own === b + 1);
    const spoonTop = sel && sel.kind === "spoon" && !sel.src && L.spoon.some((m) => m.src === ref);
    let actions = null;
    if (mine && inAction && bowl.cards.length && !bowl.eaten) {
      const canEat = L.eat.has(b + 1);
      const canEmpty = L.empty.has(b + 1);
      actions = html`<div class="rf-bowl-actions">
        <button type="button" class=${cx("rf-eat", canEat && "legal", H.verb === "eat" && H.own === b + 1 && "hinted")}
          onClick=${() => send(`eat ${b + 1}`)} title=${canEat ? "Eat this bowl: it scores at the end (1 action)" : "A bowl needs exactly one Flavor and one other card to be eaten"}
          aria-label=${`Eat your bowl ${b + 1}${canEat ? ` for ${pts(bowl.points)}` : ""}`}>Eat${canEat ? html` <b>${pts(bowl.points)}</b>` : ""}</button>
        <button type="button" class=${cx("rf-empty", canEmpty && "legal", H.verb === "empty" && H.own === b + 1 && "hinted")}
          onClick=${() => send(`empty ${b + 1}`)} title="Discard every card of this bowl (1 action)"
          aria-label=${`Empty your bowl ${b + 1}`}>Empty</button>
      </div>`;
    }
    return html`<${Bowl} key=${ref} bowl=${bowl} index=${b} owner=${owner} mine=${mine} big=${big}
      target=${choice && choice.ok} hinted=${hinted} spoonTop=${spoonTop}
      onPick=${choice ? () => pickBowl(ref) : null} pickLabel=${choice && choice.label} actions=${actions} />`;
  }

  // -- the prompt: what is asked of me now ------------------------------------------------------
  let prompt = null;
  if (myTurn && phase === "discard") {
    prompt = html`
      <div class="rf-prompt" role="group" aria-label="Discard a card" tabindex="-1" ref=${promptRef}>
        <p><b>Your hand holds ${hand.length} cards — the limit is 5.</b> Choose a card to discard.</p>
        <div class="rf-choices">
          ${[...new Set(hand)].map((c) => html`<button type="button" class=${cx("rf-choice", H.hand === c && "hinted")}
              onClick=${() => send(`discard ${c}`)} aria-label=${`Discard ${cardName(c)}`}>
              <${Card} code=${c} small=${true} label=${cardName(c)} /><span>Discard</span></button>`)}
        </div>
      </div>`;
  } else if (myTurn && phase === "reveal") {
    const names = revealedKinds.map((c) => CARDS[c].name).join(" and ");
    prompt = html`
      <div class="rf-prompt" role="group" aria-label="A Nori or Chili was revealed" tabindex="-1" ref=${promptRef}>
        <p><b>The Pantry just revealed ${names}.</b> You may place ${revealedKinds.length > 1 ? "one of them" : "it"} into any bowl with room — yours or another player's — for free, or leave it in the Pantry.</p>
        <div class="rf-choices">
          ${revealedKinds.length > 1 && revealedKinds.map((c) => html`
            <button type="button" class=${cx("rf-choice", revealCard === c && "selected", H.card === c && "hinted")}
              aria-pressed=${revealCard === c ? "true" : "false"} onClick=${() => setSel({ kind: "reveal", card: c })}>
              Use the ${CARDS[c].short}</button>`)}
          ${revealCard && html`<span class="rf-instr">Now click a highlighted bowl for the ${CARDS[revealCard].short}.</span>`}
          ${L.skip && html`<button type="button" class=${cx("rf-skip", H.verb === "skip" && "hinted")} onClick=${() => send("skip")}>Leave it in the Pantry</button>`}
        </div>
      </div>`;
  } else if (myTurn && phase === "free") {
    prompt = html`
      <div class="rf-prompt calm" role="group" aria-label="Free plays" tabindex="-1" ref=${promptRef}>
        <p><b>Both actions done.</b> You may still play a Nori or Chili from your hand into any bowl (free) — or end your turn.</p>
        <div class="rf-choices">
          <button type="button" class=${cx("primary", "rf-end", H.verb === "end" && "hinted")} onClick=${() => send("end")}>End my turn</button>
        </div>
      </div>`;
  }

  // -- the instruction line under my bowls --------------------------------------------------------
  let instr = null;
  if (myTurn && phase === "action") {
    if (sel && sel.kind === "card") {
      const info = CARDS[sel.card];
      instr = SPECIALS.includes(sel.card)
        ? `${info.short}: click any highlighted bowl to place it — free, no action used.`
        : `${info.short}: click one of your highlighted bowls to prep it (1 action).`;
    } else if (sel && sel.kind === "spoon") {
      instr = sel.src ? "Now click one of your bowls to put the spooned card on." : "Spoon: click a highlighted bowl to take its top card.";
    } else {
      instr = `${plural(view.actions_left, "action")} left. Draw: click a Pantry card or the deck. Prep: click a card here, then your bowl. Or spoon, restock, eat or empty.`;
    }
  } else if (myTurn && phase === "free" && sel && sel.kind === "card") {
    instr = `${CARDS[sel.card].short}: click any highlighted bowl to place it — free.`;
  }

  const canSelectCard = (c) => myTurn && (phase === "action" || phase === "free")
    && ((phase === "action" && L.prep.has(c)) || L.place.has(c));
  const spoonLegal = inAction && L.spoon.length > 0;
  const deckHinted = H.draw === "deck";

  return html`
    <div class=${cx("rf-table", `players-${players}`, myTurn && "my-turn")}
         onKeyDown=${(e) => { if (e.key === "Escape" && sel) { e.stopPropagation(); setSel(null); } }}>
      <${TurnStrip} view=${view} seat=${seat} seats=${seats} legal=${readOnly ? [] : legal} />
      ${prompt}

      <div class="rf-others">
        ${others.map((s) => html`
          <section class=${cx("rf-opp", view.current === s && phase !== "over" && "turn")} aria-label=${`${seatName(seats, s, seat)}'s place`} data-seat=${s}>
            <header>
              <b class="rf-name">${seatName(seats, s, seat)}</b>
              <${PlayerInfo} view=${view} s=${s} seats=${seats} seat=${seat} />
              <span class="rf-opp-hand" aria-label=${`${seatName(seats, s, seat)}'s hand: ${plural(view.hand_sizes[s], "card")}`}>
                <span class="rf-backs" aria-hidden="true">${Array.from({ length: view.hand_sizes[s] }, (_, i) => html`<${CardBack} key=${i} small=${true} />`)}</span>
                <span class="muted">${plural(view.hand_sizes[s], "card")}</span>
                ${view.known_hands[s].length > 0 && html`<span class="rf-known" title="taken from the Pantry, so everyone knows">incl.
                  ${view.known_hands[s].map((c, i) => html`<span key=${`${c}${i}`} class=${cx("rf-chip", "known", `cat-${CARDS[c].cat}`)} data-card=${c}
                    aria-label=${`${cardName(c)} (known)`}><${Emblem} code=${c} /><span>${CARDS[c].short}</span></span>`)}</span>`}
              </span>
            </header>
            <div class="rf-bowls">${[0, 1, 2].map((b) => renderBowl(s, b, false))}</div>
          </section>`)}
      </div>

      <section class="rf-centre" aria-label="Deck and Pantry">
        <div class="rf-deck">
          ${inAction && view.deck_size > 0
            ? html`<button type="button" class=${cx("rf-deckbtn", L.draw.has("deck") && "playable", deckHinted && "hinted")}
                onClick=${() => send("draw deck")} aria-label=${`Draw the top card of the deck (${view.deck_size} left)`}>
                <${CardBack} label="deck" /><span class="rf-deck-n">${view.deck_size}</span></button>`
            : html`<div class="rf-deckbtn" aria-label=${`Deck: ${plural(view.deck_size, "card")}`}>
                ${view.deck_size > 0 ? html`<${CardBack} label="deck" />` : html`<span class="rf-back empty"></span>`}<span class="rf-deck-n">${view.deck_size}</span></div>`}
          <span class="rf-caption">deck</span>
        </div>
        <div class="rf-pantry" aria-label="The Pantry">
          <span class="rf-pantry-label">Pantry</span>
          ${view.pantry.map((c, slot) => {
            if (!c) return html`<span class="rf-card empty" key=${`e${slot}`} aria-label="an empty Pantry slot"></span>`;
            const revealed = (view.revealed || []).includes(slot);
            if (myTurn && phase === "reveal" && revealed) {
              return html`<${Card} key=${`${slot}-${c}`} code=${c} revealed=${true} playable=${true} selected=${revealCard === c} toggle=${true}
                hinted=${H.verb === "use" && H.card === c}
                label=${`${cardName(c)}, just revealed: place it`} onClick=${() => setSel({ kind: "reveal", card: c })} />`;
            }
            const can = inAction && L.draw.has(c);
            return html`<${Card} key=${`${slot}-${c}`} code=${c} revealed=${revealed} playable=${can} hinted=${H.draw === c}
              label=${`${cardName(c)}${can ? ": draw it" : ""}`} onClick=${inAction ? () => send(`draw ${c}`) : null} />`;
          })}
        </div>
        <div class="rf-centre-tools">
          ${inAction && html`<button type="button" class=${cx("rf-restock", L.restock && "legal", H.verb === "restock" && "hinted")}
              disabled=${!L.restock} onClick=${() => send("restock")} title="Discard the 4 Pantry cards and reveal 4 new ones (1 action)">Restock the Pantry</button>`}
          <span class="rf-discard" title=${Object.entries(view.discard).map(([c, n]) => `${n}× ${cardName(c)}`).join(", ")}>
            Discard pile: ${plural(Object.values(view.discard).reduce((a, b) => a + b, 0), "card")}</span>
        </div>
      </section>

      ${seat !== null && html`
        <section class=${cx("rf-mine", view.current === seat && phase !== "over" && "turn")} aria-label="Your place">
          <header>
            <b class="rf-name">Your bowls</b>
            <${PlayerInfo} view=${view} s=${seat} seats=${seats} seat=${seat} />
            ${inAction && view.spoons[seat] > 0 && html`
              <button type="button" class=${cx("rf-spoonbtn", spoonLegal && "legal", sel && sel.kind === "spoon" && "selected", H.verb === "spoon" && "hinted")}
                aria-pressed=${sel && sel.kind === "spoon" ? "true" : "false"} disabled=${!spoonLegal}
                title="Spend a spoon: move the top card of any bowl onto one of yours (1 action)"
                onClick=${() => setSel(sel && sel.kind === "spoon" ? null : { kind: "spoon", src: null })}>
                <${Spoon} /> Use a spoon</button>`}
          </header>
          <div class="rf-bowls big">${[0, 1, 2].map((b) => renderBowl(seat, b, true))}</div>
          <div class=${cx("rf-hand", myTurn && "active")} aria-label="Your hand">
            <span class="rf-hand-label">Your hand <span class=${hand.length > 5 ? "rf-over" : "muted"}>(${hand.length > 5 ? `${hand.length} cards — limit 5` : `${hand.length} of 5 at most`})</span></span>
            ${instr && html`<p class="rf-instr" role="status">${instr}
              ${sel && html` <button type="button" class="rf-cancel" onClick=${() => setSel(null)}>Cancel</button>`}</p>`}
            <div class="rf-cards">
              ${hand.map((c, i) => {
                const can = canSelectCard(c);
                const discard = myTurn && phase === "discard";
                const chosen = sel && sel.kind === "card" && sel.card === c && hand.indexOf(c) === i;
                const onClick = discard ? () => send(`discard ${c}`)
                  : can ? () => setSel(chosen ? null : { kind: "card", card: c }) : null;
                return html`<${Card} key=${`${c}-${i}`} code=${c} playable=${can || discard} selected=${chosen} toggle=${!discard}
                  hinted=${H.hand === c && hand.indexOf(c) === i} onClick=${onClick}
                  label=${`${cardName(c)}${discard ? ": discard it" : ""}`} />`;
              })}
              ${hand.length === 0 && html`<span class="muted">empty</span>`}
            </div>
          </div>
        </section>`}

      <details class="rf-help">
        <summary>How bowls score</summary>
        <ul>
          <li>Only <b>eaten</b> bowls score. A bowl holds 5 cards and one Flavor; eat it once it has a Flavor and one other card.</li>
          <li><b>Soy Sauce</b>: different vegetables (Corn, Mushrooms, Scallions, Tofu) — 1·2·3·4 kinds score 2·5·9·14.</li>
          <li><b>Beef</b>: different proteins (Chashu, Eggs, Naruto, Tofu) — 2·5·9·14 the same way.</li>
          <li><b>Shrimp</b>: 4 per protein + vegetable pair (Tofu counts on one side).</li>
          <li><b>Chicken</b>: 6 for two alike, 10 for three alike.</li>
          <li><b>Fury</b>: each Chili +2; other ingredients score nothing.</li>
          <li><b>Nori</b> +1${view.options && view.options.nori_in_fury === false ? " (not in Fury bowls)" : ""}, <b>Chili</b> −1 (but +2 in Fury). Both go free from your hand into <i>any</i> bowl.</li>
          <li>Ties: the most cards eaten${view.options && view.options.tiebreak_count === "non_flavor" ? " (not counting Flavors)" : ""} wins.</li>
        </ul>
      </details>
    </div>`;
}

// -- the end -----------------------------------------------------------------------------------

function Result({ result, seats, mySeat }) {
  const d = result.details || {};
  const rows = [...(d.seats || [])].sort((a, b) => result.ranks[a.seat] - result.ranks[b.seat]);
  const counted = d.tiebreak_count === "non_flavor" ? "cards eaten, Flavors not counted" : "cards eaten, Flavors included";
  return html`
    <div class="rf-result">
      <p class="rf-tiebreak">${result.tiebreak
        ? html`Tied on points: <b>${result.tiebreak}</b> decided (${counted}).`
        : html`Ties are broken by the most ${counted}.`}</p>
      ${rows.map((entry) => html`
        <section class=${cx("rf-result-seat", result.winners.includes(entry.seat) && "winner")} data-seat=${entry.seat}>
          <h4>${result.ranks[entry.seat]}. ${seatName(seats, entry.seat, mySeat)} — ${pts(entry.points)}
            <span class="muted"> · ${plural(entry.cards_eaten, "card")} eaten</span></h4>
          <div class="rf-result-bowls">
            ${entry.bowls.map((b, i) => html`
              <div class=${cx("rf-result-bowl", !b.eaten && "uneaten")}>
                <div class="rf-result-head"><b>Bowl ${i + 1}</b>
                  ${b.eaten ? html`<b class="rf-result-pts">${pts(b.points)}</b>` : html`<span class="muted">not eaten: scores nothing</span>`}</div>
                <div class="rf-result-cards">${b.cards.map((c) => html`<span class=${cx("rf-chip", `cat-${CARDS[c] ? CARDS[c].cat : ""}`)} data-card=${c}><${Emblem} code=${c} /><span>${CARDS[c] ? CARDS[c].short : c}</span></span>`)}
                  ${b.cards.length === 0 && html`<span class="muted">no cards</span>`}</div>
                ${b.eaten && html`<div class="rf-result-why">${breakdownText(b.cards, b.breakdown) || "no Flavor points"} = <b>${pts(b.points)}</b></div>`}
              </div>`)}
          </div>
        </section>`)}
    </div>`;
}

export default {
  Table,
  describe,
  Result,
  help: "Two actions a turn: click a Pantry card or the deck to draw, a hand card then your bowl to prep, "
    + "“Use a spoon” then two bowls, or a bowl's Eat/Empty. Nori and Chili go free into any bowl.",
};
