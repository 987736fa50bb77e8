// Shared UI toolkit for the shell and the games' tables: htm bound to Preact, hooks, and a
// few small components. Games import it as "gametable/ui.js". Every word it shows comes
// from the catalogs (gametable/i18n.js's t).
import { h, render, Fragment, createContext } from "preact";
import {
  useState, useEffect, useRef, useMemo, useCallback, useContext, useLayoutEffect,
} from "preact/hooks";
import htm from "htm";
import { t, number, lang, languages, setLang } from "gametable/i18n.js";

export const html = htm.bind(h);
export {
  h, render, Fragment, createContext,
  useState, useEffect, useRef, useMemo, useCallback, useContext, useLayoutEffect,
};

/** Join class names, skipping falsy ones. */
export function cx(...names) {
  return names.filter(Boolean).join(" ");
}

/**
 * A seat's name as people read it: the name the server gives it, as it comes — the
 * player's name, a bot's, or, for a human seat nobody has named (``named: false``),
 * "Player 2" already in the reader's language (the frames are written in it).
 */
export function seatLabel(entry) {
  return entry ? entry.name : "";
}

/** A seat's display name from the table's seat list ("Ana (you)" for the reader's own). */
export function seatName(seats, seat, mySeat) {
  if (seat === null || seat === undefined) return "—";
  const entry = seats && seats[seat];
  const base = entry ? seatLabel(entry) : t("web.seat.player", { number: seat + 1 });
  return seat === mySeat ? t("web.seat.you", { name: base }) : base;
}

/** English only ("1 point" / "3 points"): kept for the games' tables until they say their
 * words through their catalogs. The shell uses plural messages: t(id, {count}). */
export function plural(n, word, many) {
  return `${n} ${n === 1 || n === -1 ? word : many || word + "s"}`;
}

/** Seconds as m:ss, with the language's digits. */
export function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "";
  const s = Math.max(0, Math.ceil(seconds));
  return `${number(Math.floor(s / 60))}:${number(s % 60, { minimumIntegerDigits: 2 })}`;
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

// -- messages (toasts) and dialogs -------------------------------------------------------
// Toasts live in one store: shown at the top of the page, or — while a dialog is open —
// inside the topmost dialog, under its content, so that a message never covers a dialog.

const toastStore = { items: [], modals: [], listeners: new Set() };

function emitToasts() {
  for (const fn of toastStore.listeners) fn();
}

function useToastStore() {
  const [, force] = useState(0);
  useEffect(() => {
    const fn = () => force((x) => x + 1);
    toastStore.listeners.add(fn);
    return () => toastStore.listeners.delete(fn);
  }, []);
  return toastStore;
}

/** Show a message for a while: ``kind`` "error" (7 s), "coach" (a lesson's kind word on
 * a move it does not want: 7 s, not an error's red) or "notice" (4 s). */
export function showToast(text, kind = "error", { silent = false } = {}) {
  const id = Math.random();
  // ``silent``: shown, not read out (the page says it to screen readers elsewhere).
  toastStore.items = [...toastStore.items, { id, text, kind, silent }];
  emitToasts();
  setTimeout(() => dismissToast(id), kind === "notice" ? 4000 : 7000);
  return id;
}

export function dismissToast(id) {
  toastStore.items = toastStore.items.filter((x) => x.id !== id);
  emitToasts();
}

function ToastList({ items }) {
  return items.map((x) => html`
    <div class=${cx("toast", x.kind)} key=${x.id} aria-hidden=${x.silent ? "true" : undefined}
         onClick=${() => dismissToast(x.id)}>${x.text}</div>`);
}

/** The page's messages (drawn inside the open dialog instead while there is one). */
export function Toasts() {
  const store = useToastStore();
  const hidden = store.modals.length > 0;
  return html`
    <div class="toasts" role="status" aria-live="polite">
      ${!hidden && html`<${ToastList} items=${store.items} />`}
    </div>`;
}

let modalIds = 0;

/** A modal dialog: a titled panel over a dimmed page; Escape or × closes it. */
export function Modal({ title, onClose, children, wide, className }) {
  const ref = useRef(null);
  const [id] = useState(() => ++modalIds);
  // Where the focus was when the dialog opened, taken as it is first drawn (its content
  // may take the focus before the effect below runs).
  const [before] = useState(() => document.activeElement);
  const store = useToastStore();
  useEffect(() => {
    const el = ref.current;
    if (el && !el.contains(document.activeElement)) el.focus();
    const key = (e) => { if (e.key === "Escape" && onClose) onClose(); };
    window.addEventListener("keydown", key);
    toastStore.modals = [...toastStore.modals, id];
    emitToasts();
    return () => {
      window.removeEventListener("keydown", key);
      toastStore.modals = toastStore.modals.filter((m) => m !== id);
      emitToasts();
      // Focus goes back where it was when the dialog opened.
      if (before && before.isConnected && typeof before.focus === "function") before.focus();
    };
  }, []);
  const top = store.modals[store.modals.length - 1] === id;
  const titleId = `modal-title-${id}`;
  return html`
    <div class="modal-back" onClick=${(e) => { if (e.target === e.currentTarget && onClose) onClose(); }}>
      <div class=${cx("modal", wide && "wide", className)} role="dialog" aria-modal="true" aria-labelledby=${titleId}
           tabindex="-1" ref=${ref}>
        <div class="modal-head">
          <h2 id=${titleId}>${title}</h2>
          ${onClose && html`<button class="icon" aria-label=${t("web.dialog.close")} onClick=${onClose}>×</button>`}
        </div>
        <div class="modal-body">${children}</div>
        ${top && store.items.length > 0 && html`
          <div class="modal-toasts" role="status"><${ToastList} items=${store.items} /></div>`}
      </div>
    </div>`;
}

// -- settings --------------------------------------------------------------------------

/** The user's preferences (kept in localStorage): animations on, sounds off by default. */
const SETTINGS_KEY = "gametable.settings";
const DEFAULTS = { animations: true, sounds: false };
export function loadSettings() {
  try {
    return { ...DEFAULTS, ...JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") };
  } catch {
    return { ...DEFAULTS };
  }
}
export function saveSettings(settings) {
  localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  document.documentElement.classList.toggle("no-anim", !settings.animations);
}
document.documentElement.classList.toggle("no-anim", !loadSettings().animations);

/** A language's name in that language ("Français", "日本語"), from the browser's locale data. */
export function languageName(code) {
  try {
    const name = new Intl.DisplayNames([code], { type: "language" }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

/** The language of the page: choosing one draws the page anew in it and remembers it. */
export function LanguagePicker({ id = "language" }) {
  return html`
    <label class="language" for=${id}>
      <span>${t("web.settings.language")}</span>
      <select id=${id} value=${lang()} onChange=${(e) => setLang(e.target.value)}>
        ${languages().map((code) => html`<option value=${code} lang=${code}>${languageName(code)}</option>`)}
      </select>
    </label>`;
}

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

/** The site's header (lobby, replay picker): the name, the replay link, the language.
 * ``heading``: the site's name is the page's level-one heading (the lobby). */
export function SiteHead({ heading = false }) {
  const brand = html`<a class="brand" href="/"><span class="bowl" aria-hidden="true"></span>gametable</a>`;
  return html`
    <header class="site-head">
      ${heading ? html`<h1 class="brand-heading">${brand}</h1>` : brand}
      <nav aria-label=${t("web.nav.label")}>
        <a href="/replay">${t("web.nav.replay")}</a>
        <${LanguagePicker} id="site-language" />
      </nav>
    </header>`;
}
