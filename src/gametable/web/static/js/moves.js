// Every legal decision as a list: reachable with the keyboard (arrows, Enter) and the
// pointer, in every game — the fallback to each game's own direct controls.
import { html, useState, useEffect, useLayoutEffect, useRef, Modal, cx } from "gametable/ui.js";
import { t } from "gametable/i18n.js";

export function MovesPanel({ legal, onPick, onClose, hint }) {
  const [filter, setFilter] = useState("");
  const [index, setIndex] = useState(0);
  const list = useRef(null);
  const input = useRef(null);
  // Focused before the list is painted: a key pressed as soon as it shows goes to the list.
  useLayoutEffect(() => { if (input.current) input.current.focus(); }, []);
  const shown = legal.filter((m) => m.text.toLowerCase().includes(filter.toLowerCase()));
  useEffect(() => { setIndex(0); }, [filter]);
  useEffect(() => {
    const el = list.current && list.current.children[index];
    if (el) el.scrollIntoView({ block: "nearest" });
  }, [index]);
  function key(e) {
    if (e.key === "ArrowDown") { e.preventDefault(); setIndex(Math.min(shown.length - 1, index + 1)); }
    if (e.key === "ArrowUp") { e.preventDefault(); setIndex(Math.max(0, index - 1)); }
    if (e.key === "Home" && !filter) { e.preventDefault(); setIndex(0); }
    if (e.key === "End" && !filter) { e.preventDefault(); setIndex(shown.length - 1); }
    if (e.key === "Enter" && shown[index]) { e.preventDefault(); onPick(shown[index]); }
  }
  // The move the hint suggests (the same decision: its JSON).
  const hinted = hint && hint.action !== undefined ? JSON.stringify(hint.action) : null;
  // The filter keeps the keyboard; the list follows it (aria-activedescendant): the
  // options are the buttons themselves, so nothing interactive is nested in an option.
  return html`
    <${Modal} title=${t("web.moves.title")} onClose=${onClose}>
      <input class="filter" placeholder=${t("web.moves.filter_placeholder")} value=${filter} ref=${input}
             aria-label=${t("web.moves.filter")} aria-controls="legal-moves"
             aria-activedescendant=${shown[index] ? `move-${index}` : undefined}
             onInput=${(e) => setFilter(e.target.value)} onKeyDown=${key} />
      <ol class="moves" id="legal-moves" ref=${list} role="listbox" aria-label=${t("web.moves.list")}>
        ${shown.map((m, i) => html`
          <li role="none" class=${cx(i === index && "active", hinted !== null && hinted === JSON.stringify(m.json) && "hinted")}>
            <button role="option" id=${`move-${i}`} aria-selected=${i === index} tabindex="-1"
                    onClick=${() => onPick(m)} data-hint=${t("web.moves.hinted")}>${m.text}</button>
          </li>`)}
      </ol>
      <p class="muted">${t("web.moves.count", { shown: shown.length, count: legal.length })}</p>
    <//>`;
}
