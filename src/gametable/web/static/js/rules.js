// The rules of a game in the reader's language, as the server gives them (GET
// /api/games/<game>/rules: sections of HTML written from the game's own Markdown, and
// examples the game's table module draws with its own cards): the rules page
// (/rules/<game>, #<section>, ?table=<id> to show that table's variants first) and the
// table's rules dialog (opened at the section for the decision on screen).
import { Component } from "preact";
import { html, h, useState, useEffect, useRef, cx, Modal, SiteHead } from "gametable/ui.js";
import { t, lang } from "gametable/i18n.js";
import { rules as loadRules, games as loadGames } from "gametable/api.js";
import { loadGameModule } from "gametable/games.js";
import { accent, LearnButton } from "gametable/lobby.js";

/** The rules' HTML with its headings ``by`` levels deeper (the rules' own "###" under a
 * section's title that is an h3 in the dialog), and each table in a box that scrolls
 * sideways on a narrow screen. The HTML is the server's, from the game's trusted Markdown
 * (raw HTML is off there). */
function prepare(text, by) {
  let out = text
    .replace(/<table>/g, '<div class="rules-table"><table>')
    .replace(/<\/table>/g, "</table></div>");
  if (by > 0) {
    out = out.replace(/<(\/?)h([1-6])(?=[\s>])/g, (_, slash, n) => `<${slash}h${Math.min(6, Number(n) + by)}`);
  }
  return out;
}

/** A game's example the game cannot draw (no ``Example`` in its module, or it failed):
 * its caption when it has one, else a plain "Example" box. */
function PlainExample({ example }) {
  const caption = example && typeof example === "object" && typeof example.caption === "string"
    ? example.caption : null;
  return html`
    <div class="rules-example-plain">
      <span class="rules-example-tag">${t("web.rules.example")}</span>
      ${caption && html`<p>${caption}</p>`}
    </div>`;
}

/** Draws the game's example, or the plain box if drawing it throws: an example never
 * breaks the rules around it. */
class ExampleBoundary extends Component {
  constructor(props) {
    super(props);
    this.state = { failed: false };
  }

  componentDidCatch() {
    this.setState({ failed: true });
  }

  render({ Example, example, game }, { failed }) {
    if (failed || !Example) return html`<${PlainExample} example=${example} />`;
    return html`<${Example} example=${example} game=${game} />`;
  }
}

/** One text block: the server's HTML, its tables made reachable by keyboard when they
 * scroll (a box that scrolls is focusable and named, only when it does scroll). */
function TextBlock({ text, by }) {
  const ref = useRef(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const mark = () => {
      for (const box of el.querySelectorAll(".rules-table")) {
        if (box.scrollWidth > box.clientWidth + 1) {
          box.setAttribute("tabindex", "0");
          box.setAttribute("role", "region");
          box.setAttribute("aria-label", t("web.rules.table_scroll"));
        } else {
          box.removeAttribute("tabindex");
          box.removeAttribute("role");
          box.removeAttribute("aria-label");
        }
      }
    };
    mark();
    window.addEventListener("resize", mark);
    return () => window.removeEventListener("resize", mark);
  }, [text]);
  return html`<div class="rules-text" ref=${ref} dangerouslySetInnerHTML=${{ __html: prepare(text, by) }} />`;
}

/** The sections, each with its title (an h2 on the page, an h3 in the dialog). */
function Sections({ data, module, game, level }) {
  return data.sections.map((section) => html`
    <section class="rules-section" id=${`rules-${section.id}`} key=${section.id} data-section=${section.id}>
      ${h(`h${level}`, { class: "rules-title", tabindex: "-1" }, section.title)}
      ${section.blocks.map((block, i) => (block.kind === "example"
        ? html`<figure class="rules-example" key=${i}>
            <${ExampleBoundary} Example=${module && module.Example} example=${block.example} game=${game} /></figure>`
        : html`<${TextBlock} key=${i} text=${block.html || ""} by=${level - 2} />`))}
    </section>`);
}

/** The variants a table plays with (the server says each option in words). */
function Variants({ variants, level }) {
  return html`
    <section class="rules-variants">
      ${h(`h${level}`, null, t("web.rules.variants"))}
      ${variants.length === 0 ? html`<p>${t("web.rules.variants_none")}</p>` : html`
        <dl>
          ${variants.map((v) => html`
            <div class=${cx("variant", !v.default && "changed")} key=${v.name}>
              <dt>${v.label}</dt>
              <dd><b>${v.value}</b>${!v.default && html` <span class="tag">${t("web.rules.variant_changed")}</span>`}
                ${v.help && html`<span class="muted"> ${v.help}</span>`}</dd>
            </div>`)}
        </dl>`}
    </section>`;
}

/** The table of contents: a link per section (to the rules page; within the page or the
 * dialog it scrolls there). */
function Contents({ data, href, current, onJump, id, level }) {
  return html`
    <nav class="rules-toc" aria-labelledby=${id}>
      ${h(`h${level}`, { class: "rules-toc-title", id }, t("web.rules.contents"))}
      <ol>
        ${data.sections.map((s) => html`
          <li key=${s.id}><a href=${href(s.id)} aria-current=${current === s.id ? "location" : undefined}
              onClick=${(e) => { if (!e.ctrlKey && !e.metaKey && !e.shiftKey) { e.preventDefault(); onJump(s.id, true); } }}>
            ${s.title}</a></li>`)}
      </ol>
    </nav>`;
}

/** The section ``id`` in ``root``: scrolled to and, with ``focus``, given the keyboard
 * focus (its title: what the reader chose to go to, or the dialog opened at). */
function showSection(root, id, focus = true) {
  if (!root || !id) return false;
  const section = [...root.querySelectorAll(".rules-section")].find((el) => el.dataset.section === id);
  if (!section) return false;
  section.scrollIntoView({ block: "start" });
  const title = section.querySelector(".rules-title");
  if (title && focus) title.focus({ preventScroll: true });
  return true;
}

/** A link inside the rules' text to another section ("#scoring") scrolls there. */
function followLinks(onJump, data) {
  return (e) => {
    const a = e.target.closest && e.target.closest(".rules-text a[href^='#']");
    if (!a) return;
    const id = decodeURIComponent(a.getAttribute("href").slice(1));
    if (data.sections.some((s) => s.id === id)) {
      e.preventDefault();
      onJump(id, true);
    }
  };
}

/** The whole rules: the table's variants, a note when they are not in the reader's
 * language, the contents and the sections. */
function RulesBook({ data, module, game, level, href, current, onJump, tocId }) {
  const fallback = data.lang !== lang();
  return html`
    ${data.variants && html`<${Variants} variants=${data.variants} level=${level} />`}
    ${fallback && html`<p class="rules-fallback" role="note">${t("web.rules.fallback")}</p>`}
    <div class="rules-layout">
      <${Contents} data=${data} href=${href} current=${current} onJump=${onJump} id=${tocId} level=${level} />
      <article class="rules-body" lang=${data.lang} onClick=${followLinks(onJump, data)}>
        <${Sections} data=${data} module=${module} game=${game} level=${level} />
      </article>
    </div>`;
}

/** The game's rules, its description and its table module (for the examples). */
function useRules(gameName, table) {
  const [state, setState] = useState({ data: null, game: null, module: null, error: null });
  useEffect(() => {
    let live = true;
    Promise.all([
      loadRules(gameName, table),
      loadGames().then((list) => list.find((g) => g.name === gameName) || null).catch(() => null),
      loadGameModule(gameName).catch(() => null),
    ]).then(([data, game, module]) => { if (live) setState({ data, game, module, error: null }); })
      .catch((error) => { if (live) setState((s) => ({ ...s, error })); });
    return () => { live = false; };
  }, [gameName, table]);
  return state;
}

function rulesHref(game, table, id) {
  return `/rules/${encodeURIComponent(game)}${table ? `?table=${encodeURIComponent(table)}` : ""}${id ? `#${encodeURIComponent(id)}` : ""}`;
}

/** The rules page: /rules/<game>[?table=<id>][#<section>]. */
export function RulesPage({ game: gameName }) {
  const [table] = useState(() => new URLSearchParams(location.search).get("table"));
  const { data, game, module, error } = useRules(gameName, table);
  const [current, setCurrent] = useState(() => decodeURIComponent(location.hash.slice(1)) || null);
  const root = useRef(null);
  const title = game ? game.title : gameName;

  useEffect(() => {
    document.title = t("web.rules.doc_title", { game: title });
  }, [title]);

  // The section in the address: shown once the rules are there, and again when the
  // reader goes back and forth between sections.
  useEffect(() => {
    if (!data) return undefined;
    const fromHash = () => {
      const id = decodeURIComponent(location.hash.slice(1));
      setCurrent(id || null);
      if (id) showSection(root.current, id, false);
    };
    fromHash();
    window.addEventListener("popstate", fromHash);
    return () => window.removeEventListener("popstate", fromHash);
  }, [data]);

  function jump(id) {
    if (location.hash !== `#${encodeURIComponent(id)}`) history.pushState(null, "", `#${encodeURIComponent(id)}`);
    setCurrent(id);
    showSection(root.current, id);
  }

  let body;
  if (error) {
    body = html`<p class="rules-missing">${t("web.rules.missing", { game: title })}</p>`;
  } else if (!data) {
    body = html`<p class="boot" role="status">${t("web.rules.loading")}</p>`;
  } else {
    body = html`<${RulesBook} data=${data} module=${module} game=${game} level=${2}
      href=${(id) => `#${encodeURIComponent(id)}`} current=${current} onJump=${jump} tocId="rules-contents" />`;
  }
  return html`
    <${SiteHead} />
    <main class="rules-page" id="main" ref=${root} style=${`--accent:${accent(gameName)}`}>
      <p class="rules-back">
        ${table
          ? html`<a href=${`/play/${encodeURIComponent(table)}`}><span aria-hidden="true">← </span>${t("web.rules.back_table")}</a>`
          : html`<a href="/"><span aria-hidden="true">← </span>${t("web.table.lobby")}</a>`}
      </p>
      <header class="rules-head">
        <h1>${t("web.rules.title", { game: title })}</h1>
        ${game && game.lesson && html`<${LearnButton} game=${game} className="primary" />`}
      </header>
      ${body}
    </main>`;
}

/** The rules in a dialog over the table, opened at ``section`` (the decision on screen):
 * the table stays as it is underneath (its connection, a move half made). */
export function RulesDialog({ game, table, section, onClose }) {
  const { data, module, error } = useRules(game.name, table);
  const [current, setCurrent] = useState(section);
  const root = useRef(null);
  useEffect(() => {
    if (!data) return;
    const known = data.sections.some((s) => s.id === section) ? section : null;
    setCurrent(known);
    if (known) showSection(root.current, known);
  }, [data]);
  function jump(id) {
    setCurrent(id);
    showSection(root.current, id);
  }
  return html`
    <${Modal} title=${t("web.rules.title", { game: game.title })} onClose=${onClose} wide=${true} className="rules-dialog">
      <div class="rules-in-dialog" ref=${root} style=${`--accent:${accent(game.name)}`}>
        ${error && html`<p class="rules-missing">${t("web.rules.missing", { game: game.title })}</p>`}
        ${!error && !data && html`<p class="boot" role="status">${t("web.rules.loading")}</p>`}
        ${data && html`
          <p class="rules-page-link"><a href=${rulesHref(game.name, table, current)} target="_blank" rel="noopener">
            ${t("web.rules.open_page")}</a></p>
          <${RulesBook} data=${data} module=${module} game=${game} level=${3}
            href=${(id) => rulesHref(game.name, table, id)} current=${current} onJump=${jump} tocId="rules-dialog-contents" />`}
      </div>
    <//>`;
}

/** The title of the section ``id`` of a game's rules (for the help's "what applies now"),
 * or null while they load or when there is none. */
export function useSectionTitle(gameName, table, id, enabled) {
  const [title, setTitle] = useState(null);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    loadRules(gameName, table).then((data) => {
      const found = data.sections.find((s) => s.id === id);
      if (live) setTitle(found ? found.title : null);
    }).catch(() => { if (live) setTitle(null); });
    return () => { live = false; };
  }, [gameName, table, id, enabled]);
  return title;
}
