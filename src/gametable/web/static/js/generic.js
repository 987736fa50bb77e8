// The table of a game that brings no drawing of its own: its view as readable text and its
// legal moves as buttons. Every registered game is playable in the browser this way.
import { html, useState } from "gametable/ui.js";

function Value({ value }) {
  if (value === null || value === undefined) return html`<span class="muted">—</span>`;
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object" || v === null)) return html`<span>${value.join(" ")}</span>`;
    return html`<ol class="generic-list">${value.map((v) => html`<li><${Value} value=${v} /></li>`)}</ol>`;
  }
  if (typeof value === "object") {
    return html`<dl class="generic-dl">${Object.entries(value).map(([k, v]) => html`
      <dt>${k.replaceAll("_", " ")}</dt><dd><${Value} value=${v} /></dd>`)}</dl>`;
  }
  return html`<span>${String(value)}</span>`;
}

function Table({ view, legal, act, busy, readOnly }) {
  const [text, setText] = useState("");
  return html`
    <div class="generic-table">
      <p class="muted">This game has no table drawing yet: here is what you may see, and your moves.</p>
      <${Value} value=${view} />
      ${!readOnly && legal.length > 0 && html`
        <div class="generic-moves">
          ${legal.map((m) => html`<button disabled=${busy} onClick=${() => act({ json: m.json })}>${m.text}</button>`)}
        </div>
        <form onSubmit=${(e) => { e.preventDefault(); if (text.trim()) act({ text: text.trim() }); }}>
          <input aria-label="Type a move" value=${text} onInput=${(e) => setText(e.target.value)} placeholder="or type a move" />
          <button type="submit" disabled=${busy}>Play</button>
        </form>`}
    </div>`;
}

export default { Table, Result: null, help: "Click a move, or type it." };
