// Every legal decision as a list: reachable with the keyboard (arrows, Enter) and the
// pointer, in every game — the fallback to each game's own direct controls.
import { html, useState, useEffect, useRef, Modal, cx } from "gametable/ui.js";

export function MovesPanel({ legal, onPick, onClose, hint }) {
  const [filter, setFilter] = useState("");
  const [index, setIndex] = useState(0);
  const list = useRef(null);
  const input = useRef(null);
  useEffect(() => { if (input.current) input.current.focus(); }, []);
  const shown = legal.filter((m) => m.text.toLowerCase().includes(filter.toLowerCase()));
  useEffect(() => { setIndex(0); }, [filter]);
  useEffect(() => {
    const el = list.current && list.current.children[index];
    if (el) el.scrollIntoView({ block: "nearest" });
  }, [index]);
  function key(e) {
    if (e.key === "ArrowDown") { e.preventDefault(); setIndex(Math.min(shown.length - 1, index + 1)); }
    if (e.key === "ArrowUp") { e.preventDefault(); setIndex(Math.max(0, index - 1)); }
    if (e.key === "Enter" && shown[index]) { e.preventDefault(); onPick(shown[index]); }
  }
  const hinted = hint && hint.text;
  return html`
    <${Modal} title="Your legal moves" onClose=${onClose}>
      <input class="filter" placeholder="Filter (type part of a move)" value=${filter} ref=${input}
             aria-label="Filter moves" onInput=${(e) => setFilter(e.target.value)} onKeyDown=${key} />
      <ol class="moves" ref=${list} role="listbox" aria-label="Legal moves">
        ${shown.map((m, i) => html`
          <li role="option" aria-selected=${i === index} class=${cx(i === index && "active", hinted === m.text && "hinted")}>
            <button onClick=${() => onPick(m)} onFocus=${() => setIndex(i)}>${m.text}</button>
          </li>`)}
      </ol>
      <p class="muted">${shown.length} of ${legal.length} moves · ↑↓ to choose, Enter to play</p>
    <//>`;
}
