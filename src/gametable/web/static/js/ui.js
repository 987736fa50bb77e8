// Shared UI toolkit for the shell and the games' tables: htm bound to Preact, hooks, and a
// few small components. Games import it as "gametable/ui.js".
import { h, render, Fragment, createContext } from "preact";
import {
  useState, useEffect, useRef, useMemo, useCallback, useContext, useLayoutEffect,
} from "preact/hooks";
import htm from "htm";

export const html = htm.bind(h);
export {
  h, render, Fragment, createContext,
  useState, useEffect, useRef, useMemo, useCallback, useContext, useLayoutEffect,
};

/** Join class names, skipping falsy ones. */
export function cx(...names) {
  return names.filter(Boolean).join(" ");
}

/** A seat's display name from the table's seat list. */
export function seatName(seats, seat, mySeat) {
  if (seat === null || seat === undefined) return "—";
  const entry = seats && seats[seat];
  const base = entry ? entry.name : `Seat ${seat}`;
  return seat === mySeat ? `${base} (you)` : base;
}

/** "1 point" / "3 points". */
export function plural(n, word, many) {
  return `${n} ${n === 1 || n === -1 ? word : many || word + "s"}`;
}

/** Seconds as m:ss. */
export function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** The time (ms), refreshed four times a second while ``active``: for running clocks. */
export function useNow(active) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

/**
 * State that starts over when ``key`` changes (a new position, say): ``[value, set]`` as
 * from useState, but the value read in the render that brings a new key is already
 * ``initial``, so a choice made in the last position is never drawn with the new one (a
 * reset in an effect comes after that render has been shown).
 */
export function useStateFor(key, initial) {
  const [box, setBox] = useState(() => ({ key, value: initial }));
  const value = box.key === key ? box.value : initial;
  const set = useCallback((next) => setBox((b) => {
    const current = b.key === key ? b.value : initial;
    return { key, value: typeof next === "function" ? next(current) : next };
  }), [key]);
  return [value, set];
}

/** A modal dialog that traps nothing fancy: a titled panel over a dimmed page. */
export function Modal({ title, onClose, children, wide }) {
  const ref = useRef(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.contains(document.activeElement)) el.focus();
    const key = (e) => { if (e.key === "Escape" && onClose) onClose(); };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, []);
  return html`
    <div class="modal-back" onClick=${(e) => { if (e.target === e.currentTarget && onClose) onClose(); }}>
      <div class=${cx("modal", wide && "wide")} role="dialog" aria-modal="true" aria-label=${title} tabindex="-1" ref=${ref}>
        <div class="modal-head">
          <h2>${title}</h2>
          ${onClose && html`<button class="icon" aria-label="Close" onClick=${onClose}>×</button>`}
        </div>
        <div class="modal-body">${children}</div>
      </div>
    </div>`;
}

/** Messages that fade after a while (errors from the server, notices). */
export function Toasts({ items, onDismiss }) {
  return html`
    <div class="toasts" role="status" aria-live="polite">
      ${items.map((t) => html`
        <div class=${cx("toast", t.kind)} key=${t.id} onClick=${() => onDismiss(t.id)}>${t.text}</div>`)}
    </div>`;
}

/** The user's preferences (kept in localStorage). */
const SETTINGS_KEY = "gametable.settings";
export function loadSettings() {
  try {
    return { animations: true, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") };
  } catch {
    return { animations: true };
  }
}
export function saveSettings(settings) {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  document.documentElement.classList.toggle("no-anim", !settings.animations);
}
document.documentElement.classList.toggle("no-anim", !loadSettings().animations);

/** Download a JSON value as a file. */
export function downloadJSON(name, data) {
  const blob = new Blob([JSON.stringify(data, null, 1)], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
}
