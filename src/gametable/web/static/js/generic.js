// The table of a game that brings no drawing of its own: its view as readable text and its
// legal moves as buttons. Every registered game is playable in the browser this way.
import { html, useState } from "gametable/ui.js";
import { t } from "gametable/i18n.js";

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

// What the page tells elsewhere in words ("What happened" tells the history).
const TOLD_ELSEWHERE = new Set(["history", "log"]);

function Table({ view, legal, act, busy, readOnly }) {
  const [text, setText] = useState("");
  const shown = view && typeof view === "object" && !Array.isArray(view)
    ? Object.fromEntries(Object.entries(view).filter(([k]) => !TOLD_ELSEWHERE.has(k)))
    : view;
  return html`
    <div class="generic-table">
      <p class="muted">${t("web.generic.intro")}</p>
      <${Value} value=${shown} />
      ${!readOnly && legal.length > 0 && html`
        <div class="generic-moves">
          ${legal.map((m) => html`<button disabled=${busy} onClick=${() => act({ json: m.json })}>${m.text}</button>`)}
        </div>
        <form onSubmit=${(e) => { e.preventDefault(); if (text.trim()) act({ text: text.trim() }); }}>
          <input aria-label=${t("web.generic.type")} value=${text} onInput=${(e) => setText(e.target.value)} placeholder=${t("web.generic.type_placeholder")} />
          <button type="submit" disabled=${busy}>${t("web.generic.play")}</button>
        </form>`}
    </div>`;
}

export default {
  Table,
  Result: null,
  get help() { return t("web.generic.help"); },
};
