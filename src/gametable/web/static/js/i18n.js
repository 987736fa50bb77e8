// Words in the reader's language: the same catalogs as the server and the terminal
// (gettext .po files, served as JSON by /api/messages/<lang>), rendered the same way as
// gametable.core.words.render: a message id and named parameters, "{name}" placeholders,
// a plural form chosen by a "count" parameter with the language's gettext rule. The page
// writes no sentence of its own: t("web.lobby.start") and the like.

const LANG_KEY = "gametable.lang";

let catalog = { lang: "en", available: ["en"], plural: { count: 2, expression: "(n != 1)" }, messages: {} };
let pluralIndex = (n) => (n !== 1 ? 1 : 0);
const listeners = new Set();

/** The reader's language: the one chosen in the page (remembered), else the browser's. */
export function chosenLang() {
  const saved = localStorage.getItem(LANG_KEY);
  if (saved) return saved;
  return (navigator.languages && navigator.languages[0]) || navigator.language || "en";
}

/** Load the catalog of ``lang`` (the server answers with the nearest language it has). */
export async function loadLang(lang = chosenLang()) {
  const response = await fetch(`/api/messages/${encodeURIComponent(lang)}`);
  if (!response.ok) throw new Error(`cannot load the messages (${response.status})`);
  catalog = await response.json();
  pluralIndex = compilePlural(catalog.plural.expression);
  document.documentElement.lang = catalog.lang;
  for (const fn of listeners) fn(catalog.lang);
  return catalog.lang;
}

/** Choose a language in the page: remembered for the next visits. */
export async function setLang(lang) {
  localStorage.setItem(LANG_KEY, lang);
  return loadLang(lang);
}

/** The language shown now, and the languages there are catalogs for. */
export function lang() { return catalog.lang; }
export function languages() { return catalog.available; }

/** Be told when the language changes (returns a function that stops it). */
export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** A message in words: ``id`` and its parameters (strings, numbers, lists, nested
 * messages as {msg: {id, params}}, or message objects {id, params}). */
export function t(id, params = {}) {
  const entry = catalog.messages[id];
  if (entry === undefined) return id;
  let template = entry;
  if (Array.isArray(entry)) {
    const n = params.count;
    template = typeof n === "number" ? entry[Math.min(Math.max(pluralIndex(n), 0), entry.length - 1)] : entry[0];
  }
  return template.replace(/\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name) => {
    if (whole === "{{") return "{";
    if (whole === "}}") return "}";
    return name in params ? param(params[name]) : whole;
  });
}

function param(value) {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return list(value.map(param));
  if (typeof value === "number") return number(value);
  if (typeof value === "object") {
    const msg = value.msg || value;
    if (typeof msg.id === "string") return t(msg.id, msg.params || {});
  }
  return String(value);
}

/** A number as the language writes it. */
export function number(n, options) {
  return new Intl.NumberFormat(catalog.lang, options).format(n);
}

/** Items joined as the language joins a list ("a, b and c"). */
export function list(items) {
  return new Intl.ListFormat(catalog.lang, { style: "long", type: "conjunction" }).format(items);
}

/** A date and time as the language writes them. */
export function dateTime(ms, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(catalog.lang, options).format(new Date(ms));
}

// -- gettext plural rules: a C expression of n, read without eval ------------------------

function compilePlural(expression) {
  const tokens = expression.match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%<>?:()!]/g) || [];
  let at = 0;
  const peek = () => tokens[at];
  const next = () => tokens[at++];
  function primary() {
    const tok = next();
    if (tok === "(") { const v = ternary(); next(); return v; }
    if (tok === "!") { const v = primary(); return (n) => (v(n) ? 0 : 1); }
    if (tok === "-") { const v = primary(); return (n) => -v(n); }
    if (tok === "n") return (n) => n;
    const k = Number(tok);
    return () => k;
  }
  const levels = [["*", "/", "%"], ["+", "-"], ["<", ">", "<=", ">="], ["==", "!="], ["&&"], ["||"]];
  const ops = {
    "*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b,
    "+": (a, b) => a + b, "-": (a, b) => a - b,
    "<": (a, b) => +(a < b), ">": (a, b) => +(a > b), "<=": (a, b) => +(a <= b), ">=": (a, b) => +(a >= b),
    "==": (a, b) => +(a === b), "!=": (a, b) => +(a !== b),
    "&&": (a, b) => +(a && b), "||": (a, b) => +(a || b),
  };
  function binary(level) {
    if (level < 0) return primary();
    let left = binary(level - 1);
    while (levels[level].includes(peek())) {
      const op = ops[next()];
      const right = binary(level - 1);
      const l = left;
      left = (n) => op(l(n), right(n));
    }
    return left;
  }
  function ternary() {
    const cond = binary(levels.length - 1);
    if (peek() !== "?") return cond;
    next();
    const yes = ternary();
    next();
    const no = ternary();
    return (n) => (cond(n) ? yes(n) : no(n));
  }
  const fn = ternary();
  return (n) => Number(fn(n));
}
