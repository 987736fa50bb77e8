// The table page: one game in progress (or over) at /play/<table>#seat=<n>&token=<token>.
// The shell draws what every game shares (seats, whose turn, clocks, the log, hints, the
// list of legal moves, the end screen) and hands the table itself to the game's module,
// loaded from /static/games/<game>/table.js (see docs/web.md).
import {
  html, useState, useEffect, useRef, useCallback, cx, seatName, clockText, useNow,
  Modal, Toasts, showToast, loadSettings, saveSettings, downloadJSON, LanguagePicker,
} from "gametable/ui.js";
import { t, number, list } from "gametable/i18n.js";
import { playSound } from "gametable/sound.js";
import { api } from "gametable/api.js";
import { TableSocket } from "gametable/socket.js";
import { remember, myGames, myName, setMyName } from "gametable/store.js";
import { loadGameModule } from "gametable/games.js";
import { accent } from "gametable/lobby.js";
import { MovesPanel } from "gametable/moves.js";
import { RulesDialog, useSectionTitle } from "gametable/rules.js";

function credentials(tableId) {
  const params = new URLSearchParams(location.hash.slice(1));
  const token = params.get("token");
  if (token) return { token, seat: Number(params.get("seat")) };
  const saved = myGames().find((g) => g.table === tableId);
  return saved ? { token: saved.token, seat: saved.seat } : { token: null, seat: null };
}

function Seats({ frame, mySeat, receivedAt, now }) {
  const clocks = frame.clocks;
  return html`
    <section class="seats-area" aria-label=${t("web.table.seats")}>
    <ul class="seats">
      ${frame.seats.map((s) => {
        const turn = frame.to_act.includes(s.seat);
        const c = clocks && clocks.seats[s.seat];
        let left = null;
        if (c && c.remaining !== null) left = c.running ? c.remaining - (now - receivedAt) / 1000 : c.remaining;
        const name = seatName(frame.seats, s.seat, mySeat);
        return html`
          <li class=${cx("seat", turn && "turn", s.seat === mySeat && "me", !s.connected && "away")}
              data-seat=${s.seat} key=${s.seat}>
            <span class="presence" role="img"
                  aria-label=${s.connected ? t("web.table.seat.connected") : t("web.table.seat.away")}
                  title=${s.connected ? t("web.table.seat.connected") : t("web.table.seat.away")}></span>
            <span class="name">${name}</span>
            ${turn && html`<span class="sr-only">${t("web.table.seat.to_act")}</span>`}
            ${s.kind === "bot" && html`<span class="tag">${t("web.table.seat.bot")}</span>`}
            ${s.replaced && html`<span class="tag warn" title=${t("web.table.seat.replaced_title")}>${t("web.table.seat.replaced")}</span>`}
            ${s.timed_out && html`<span class="tag warn">${t("web.table.seat.timed_out")}</span>`}
            ${left !== null && html`<span class=${cx("clock", c.running && "running", left < 10 && "low")}
                role="timer" aria-label=${t("web.table.seat.clock", { name, time: clockText(left) })}>${clockText(left)}</span>`}
          </li>`;
      })}
    </ul>
    </section>`;
}

/** The whole story of the game in words (the server tells it from the game's events, as
 * this seat knows it), grouped by turn, newest at the bottom; the table's own events (who
 * joined, left, ran out of time) above it. The list scrolls, and takes the keyboard focus
 * (key l) so that it can be read and scrolled without a pointer. */
export function Log({ log, events = [], title = t("web.table.log"), upTo = null }) {
  const ref = useRef(null);
  const shown = upTo === null ? log : log.filter((e) => e.index < upTo);
  const turns = [];
  for (const entry of shown) {
    const last = turns[turns.length - 1];
    if (last && last.turn === entry.turn) last.lines.push(entry);
    else turns.push({ turn: entry.turn, lines: [entry] });
  }
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [shown.length]);
  return html`
    <section class="log" aria-labelledby="log-title">
      <h2 id="log-title">${title}</h2>
      ${events.length > 0 && html`<ul class="table-events">
        ${events.map((e, i) => html`<li key=${i}>${e.text}</li>`)}</ul>`}
      <ol ref=${ref} class="turns" id="story" tabindex="0" aria-labelledby="log-title">
        ${turns.map((turn, i) => html`
          <li key=${`${turn.turn}-${i}`} class=${cx("turn", i === turns.length - 1 && "latest")}>
            <ol class="lines">${turn.lines.map((e) => html`<li key=${e.index} data-seat=${e.seat ?? ""}>${e.text}</li>`)}</ol>
          </li>`)}
      </ol>
    </section>`;
}

/** Whose turn it is, or how the game stands, in one sentence. */
export function statusLine(frame, mySeat) {
  const names = (seats) => list(seats.map((s) => seatName(frame.seats, s, mySeat)));
  if (frame.status === "open") {
    const waiting = frame.seats.filter((s) => s.kind === "human" && !s.claimed).map((s) => s.seat);
    return t("web.table.status.open", { names: names(waiting) });
  }
  if (frame.status === "finished" && frame.seats.length === 1) {
    const score = frame.result.scores[0];
    return t("web.table.status.over_solo", { count: score });
  }
  if (frame.status === "finished") {
    const winners = frame.result.winners;
    return winners.length > 1
      ? t("web.table.status.over_shared", { names: names(winners) })
      : t("web.table.status.over_won", { name: names(winners) });
  }
  if (mySeat !== null && frame.to_act.includes(mySeat)) {
    if (frame.legal) return frame.to_act.length > 1 ? t("web.table.status.your_choice") : t("web.table.status.your_turn");
    return t("web.table.status.your_turn_bot");
  }
  return t("web.table.status.waiting", { names: names(frame.to_act) });
}

/** A match's standings: each game's scores, the running totals, games won and ranks. */
function MatchStandings({ match, seats, mySeat }) {
  return html`
    <table class="scores match-standings" aria-label=${t("web.table.match.standings")}>
      <caption>${match.over
        ? t("web.table.match.caption_over", { number: match.scores.length, games: match.games })
        : t("web.table.match.caption", { number: match.scores.length, games: match.games })}
        ${match.tiebreak && html` · ${t("web.table.match.tiebreak", { tiebreak: match.tiebreak })}`}</caption>
      <thead><tr><th scope="col">${t("web.table.score.player")}</th>${match.scores.map((_, i) => html`<th scope="col">${t("web.table.match.game", { number: i + 1 })}</th>`)}
        <th scope="col">${t("web.table.match.total")}</th><th scope="col">${t("web.table.match.won")}</th><th scope="col">${t("web.table.score.rank")}</th></tr></thead>
      <tbody>${match.totals.map((total, s) => html`
        <tr class=${cx(match.over && match.ranks[s] === 1 && "winner")}>
          <th scope="row">${seatName(seats, s, mySeat)}</th>
          ${match.scores.map((g) => html`<td>${number(g[s])}</td>`)}
          <td><b>${number(total)}</b></td><td>${number(match.games_won[s])}</td><td>${number(match.ranks[s])}</td></tr>`)}</tbody>
    </table>`;
}

function nextGameLink(match, mySeat, token) {
  if (!match || !match.next) return null;
  const mine = mySeat !== null && token ? `#seat=${mySeat}&token=${encodeURIComponent(token)}` : "";
  return `/play/${encodeURIComponent(match.next)}${mine}`;
}

/** The lesson's coach (frame.lesson, for the learner of a guided first game): what the last
 * move showed and what to do now, read first (before the players and the table) and read
 * out politely when it changes; a move the lesson does not want is answered here, kindly. */
function Coach({ lesson, status, refusal }) {
  let progress;
  if (status === "finished") progress = t("web.coach.done");
  else if (lesson.step < lesson.steps) progress = t("web.coach.step", { number: lesson.step + 1, total: lesson.steps });
  else progress = t("web.coach.free");
  return html`
    <section class="coach-area" aria-labelledby="coach-title">
      <div class="coach">
        <div class="coach-head">
          <span class="coach-kicker">${t("web.coach.kicker")}</span>
          <h2 id="coach-title">${lesson.title}</h2>
          <span class="coach-step">${progress}</span>
        </div>
        <div class="coach-lines" aria-live="polite">
          ${lesson.lines.map((line, i) => html`<p key=${`${i}:${line}`}>${line}</p>`)}
          ${refusal && html`<p class="coach-note" key="refusal">${refusal}</p>`}
        </div>
      </div>
    </section>`;
}

function EndScreen({ frame, module, mySeat, tableId, token, onClose }) {
  const result = frame.result;
  const Result = module.Result;
  const next = nextGameLink(frame.match, mySeat, token);
  async function download() {
    const record = await api.record(tableId);
    downloadJSON(`${record.game}-${tableId}.json`, record);
  }
  return html`
    <${Modal} title=${t("web.table.end.title")} onClose=${onClose} wide=${true}>
      ${frame.lesson && frame.lesson.lines.length > 0 && html`
        <div class="coach-end">
          <h3>${frame.lesson.title}</h3>
          ${frame.lesson.lines.map((line) => html`<p>${line}</p>`)}
        </div>`}
      ${(frame.result_text || []).map((line, i) => html`<p class=${cx(i === 0 && "verdict")}>${line}</p>`)}
      <table class="scores">
        <thead><tr><th scope="col">${t("web.table.score.player")}</th><th scope="col">${t("web.table.score.score")}</th><th scope="col">${t("web.table.score.rank")}</th></tr></thead>
        <tbody>${result.scores.map((score, s) => html`
          <tr class=${cx(result.winners.includes(s) && "winner")}><th scope="row">${seatName(frame.seats, s, mySeat)}</th>
            <td>${number(score)}</td><td>${number(result.ranks[s])}</td></tr>`)}</tbody>
      </table>
      ${frame.match && html`<${MatchStandings} match=${frame.match} seats=${frame.seats} mySeat=${mySeat} />`}
      ${Result && html`<${Result} result=${result} view=${frame.view} seats=${frame.seats} mySeat=${mySeat} />`}
      <div class="row end-actions">
        ${next && html`<a class="button primary" href=${next}>${t("web.table.end.next_game")}</a>`}
        ${frame.match && !frame.match.over && !next && html`<span class="muted">${t("web.table.end.dealing")}</span>`}
        <button class=${next ? "" : "primary"} onClick=${download}>${t("web.table.end.download")}</button>
        <a class="button" href=${`/replay/${tableId}`}>${t("web.table.end.replay")}</a>
        <a class="button" href="/">${t("web.table.lobby")}</a>
      </div>
    <//>`;
}

/** The table's settings: the language, animations and sounds (each remembered). */
function SettingsMenu({ settings, onChange }) {
  const [open, setOpen] = useState(false);
  const box = useRef(null);
  useEffect(() => {
    if (!open) return undefined;
    const outside = (e) => { if (box.current && !box.current.contains(e.target)) setOpen(false); };
    const key = (e) => {
      if (e.key === "Escape") {
        setOpen(false);
        const button = box.current && box.current.querySelector("button");
        if (button) button.focus();
      }
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", key);
    return () => { document.removeEventListener("pointerdown", outside); document.removeEventListener("keydown", key); };
  }, [open]);
  useEffect(() => {
    // key s opens the menu (see the help)
    const opener = () => setOpen(true);
    window.addEventListener("gametable:settings", opener);
    return () => window.removeEventListener("gametable:settings", opener);
  }, []);
  useEffect(() => {
    if (open && box.current) {
      // On a narrow screen the menu stays on it (it hangs left from the button).
      const menu = box.current.querySelector(".settings-menu");
      const left = menu ? menu.getBoundingClientRect().left : 8;
      if (menu && left < 8) menu.style.transform = `translateX(${8 - left}px)`;
      const first = box.current.querySelector(".settings-menu select, .settings-menu input");
      if (first) first.focus();
    }
  }, [open]);
  const set = (key, value) => onChange({ ...settings, [key]: value });
  return html`
    <div class="settings" ref=${box}>
      <button class="icon" aria-label=${t("web.settings.title")} title=${t("web.settings.title")}
              aria-expanded=${open} aria-controls="settings-menu" onClick=${() => setOpen(!open)}>
        <span aria-hidden="true">${settings.animations ? "✦" : "✧"}</span></button>
      ${open && html`
        <div class="settings-menu" id="settings-menu" role="group" aria-label=${t("web.settings.title")}>
          <${LanguagePicker} id="table-language" />
          <label class="check"><input type="checkbox" checked=${settings.animations}
              onChange=${(e) => set("animations", e.target.checked)} /> ${t("web.settings.animations")}</label>
          <label class="check"><input type="checkbox" checked=${settings.sounds}
              onChange=${(e) => set("sounds", e.target.checked)} /> ${t("web.settings.sounds")}</label>
        </div>`}
    </div>`;
}

/** A guest opening an invite link says what the others will call them before sitting. */
function NamePrompt({ seat, tableId, onDone }) {
  const [name, setName] = useState("");
  function submit(e) {
    e.preventDefault();
    const clean = name.trim();
    if (!clean) return;
    setMyName(clean);
    onDone(clean);
  }
  return html`
    <main class="name-page" id="main">
      <${Modal} title=${t("web.name.title")}>
        <form class="name-form" onSubmit=${submit}>
          <p>${t("web.name.why", { seat: t("web.seat.player", { number: seat + 1 }) })}</p>
          <label for="guest-name">${t("web.name.label")}</label>
          <input id="guest-name" value=${name} maxlength="64" required autocomplete="nickname"
                 onInput=${(e) => setName(e.target.value)} ref=${(el) => el && !name && el.focus()} />
          <div class="row">
            <button class="primary" type="submit" disabled=${!name.trim()}>${t("web.name.take")}</button>
            <a class="button" href=${`/play/${encodeURIComponent(tableId)}`}>${t("web.name.watch")}</a>
          </div>
        </form>
      <//>
    </main>`;
}

/** Is this seat a human's that nobody has named? (The server says: ``named``.) */
function nameless(entry) {
  return !!entry && entry.kind === "human" && entry.named === false;
}

/** What a screen reader hears as the game goes on: the others' moves and the table's news
 * since the last position (the reader's own moves are not repeated), then whose turn it is. */
function announce(frame, previous, mySeat) {
  const log = frame.log || [];
  const events = (frame.events || []).filter((e) => e.kind !== "created");
  const mark = {
    index: log.length ? log[log.length - 1].index : -1,
    at: events.length ? events[events.length - 1].at : 0,
    turn: `${frame.status}:${frame.to_act.join(",")}`,
  };
  if (!previous) return { mark, lines: [statusLine(frame, mySeat)], moves: 0 };
  const parts = [];
  for (const e of events) if (e.at > previous.at) parts.push(e.text);
  let moves = 0;
  for (const e of log) {
    if (e.index <= previous.index) continue;
    moves += 1;
    if (mySeat === null || e.seat !== mySeat) parts.push(e.text);
  }
  if (parts.length || mark.turn !== previous.turn) parts.push(statusLine(frame, mySeat));
  return { mark, lines: parts, moves };
}

const SHORTCUT_KEYS = ["m", "h", "?", "s", "l", "r"];
let newsIds = 0;

export function TablePage({ tableId }) {
  const [{ token, seat: hashSeat }] = useState(() => credentials(tableId));
  // A guest with an invite link (or a seat taken from the lobby) and no name is asked for
  // one before taking the seat; whoever opened the table chose to stay nameless or not.
  const [gate, setGate] = useState(() => {
    const opened = myGames().some((g) => g.table === tableId && g.seat === hashSeat && g.created);
    return token && !myName() && !opened ? "checking" : "open";
  });
  const [frame, setFrame] = useState(null);
  const [receivedAt, setReceivedAt] = useState(Date.now());
  const [welcome, setWelcome] = useState(null);
  const [module, setModule] = useState(null);
  const [connection, setConnection] = useState("connecting");
  // The version a move was sent from while its answer is awaited: the page is busy only
  // while it still shows that position. The server sends the new position before its
  // acknowledgement, so a click on the new position must not wait for the old answer.
  const [sentFrom, setSentFrom] = useState(null);
  const [hint, setHint] = useState(null);
  // The version shown now: a hint worked out for an older one (the player moved on while it
  // was being worked out) is not shown.
  const shownVersion = useRef(null);
  const [showMoves, setShowMoves] = useState(false);
  const [showEnd, setShowEnd] = useState(true);
  const [showHelp, setShowHelp] = useState(false);
  // The rules dialog, open at the section it was opened at (null: closed).
  const [rulesAt, setRulesAt] = useState(null);
  // A move the lesson did not want: why, until the learner's next move (their count of
  // moves when it was refused). Not the position's version: in a step where everyone
  // chooses at once, the others' moves come just after, and the reason must stay.
  const [refusal, setRefusal] = useState(null);
  const [fatal, setFatal] = useState(null);
  // What the server says of its services while one of them does not answer (null: all do).
  const [service, setService] = useState(null);
  const [settings, setSettings] = useState(loadSettings());
  // The screen reader's news (a polite live log: each new line is read once, in order) and
  // where it was last brought to.
  const [news, setNews] = useState([]);
  const heard = useRef(null);
  const socket = useRef(null);
  const now = useNow(frame && frame.clocks && frame.status === "playing");

  const toast = useCallback((text, kind = "error") => showToast(text, kind), []);

  useEffect(() => {
    if (gate !== "checking") return;
    api.table(tableId)
      .then((summary) => setGate(nameless(summary.seats[hashSeat]) ? "ask" : "open"))
      .catch(() => setGate("open"));
  }, [gate]);

  useEffect(() => {
    if (gate !== "open") return undefined;
    const s = new TableSocket(tableId, {
      token,
      name: myName() || null,
      onStatus: setConnection,
      onFrame: (f) => {
        if (f.type === "state") {
          setFrame(f);
          shownVersion.current = f.version;
          setReceivedAt(Date.now());
          setHint((h) => (h && h.version === f.version ? h : null));
        } else if (f.type === "service") {
          setService(f.ok ? null : f);
        } else if (f.type === "welcome") {
          setWelcome(f);
          if (token && f.seat !== null) remember({ table: tableId, seat: f.seat, token, game: f.table.game });
        } else if (f.type === "error" && (f.code === "bad-token" || f.code === "no-table")) {
          setFatal(f.message);
        }
      },
    });
    socket.current = s;
    return () => s.close();
  }, [tableId, gate]);

  useEffect(() => {
    if (!welcome) return;
    document.title = t("web.table.doc_title", { game: welcome.game.title });
    loadGameModule(welcome.game.name).then(setModule)
      .catch((e) => setFatal(t("web.table.cannot_load", { error: e.message })));
  }, [welcome && welcome.game.name]);

  const mySeat = welcome ? welcome.seat : hashSeat;

  // The news for screen readers, and the sounds (when turned on), as each position comes.
  useEffect(() => {
    if (!frame || !welcome) return;
    const before = heard.current;
    const { mark, lines, moves } = announce(frame, before, mySeat);
    heard.current = mark;
    if (lines.length) {
      setNews((old) => [...old, ...lines.map((text) => ({ id: ++newsIds, text }))].slice(-12));
    }
    if (!before) return;
    const mine = mySeat !== null && frame.status === "playing" && frame.to_act.includes(mySeat);
    const wasMine = before.turn.startsWith("playing:") && before.turn.slice(8).split(",").includes(String(mySeat));
    if (frame.status === "finished" && !before.turn.startsWith("finished")) playSound("end", settings);
    else if (mine && !wasMine) playSound("turn", settings);
    else if (moves > 0) playSound("move", settings);
  }, [frame, welcome]);

  // Moves wait while the server cannot store them (its database is being restarted).
  const waiting = !!service && !service.moves;
  const busy = !!frame && (sentFrom === frame.version || waiting);
  const act = useCallback(async (decision) => {
    if (waiting) {
      toast(service.message, "notice");
      return { type: "error", code: "unavailable" };
    }
    if (!frame || busy) return { type: "error", code: "busy" };
    const from = frame.version;
    setSentFrom(from);
    const message = { type: "act", seq: frame.my_moves };
    if (decision.json !== undefined) message.action = decision.json;
    else message.text = decision.text;
    const answer = await socket.current.request(message);
    setSentFrom((v) => (v === from ? null : v));
    if (answer.type === "error" && answer.code === "lesson") {
      // Not an error: the coach explains, in the panel (read out there) and, for a reader
      // scrolled away from it, in a message at the top of the screen.
      setRefusal({ moves: frame.my_moves, text: answer.message });
      const panel = document.querySelector(".coach");
      const box = panel && panel.getBoundingClientRect();
      if (!box || box.bottom < 0 || box.top > window.innerHeight) showToast(answer.message, "coach", { silent: true });
    } else if (answer.type === "error") {
      toast(answer.message);
    }
    return answer;
  }, [frame, busy, waiting]);

  async function askHint() {
    setHint({ pending: true });
    const answer = await socket.current.request({ type: "hint" });
    if (answer.type === "hint" && answer.version !== shownVersion.current) {
      setHint(null);
    } else if (answer.type === "hint") {
      setHint(answer);
      toast(answer.text, "notice");
    } else {
      setHint(null);
      toast(answer.message);
    }
  }

  function changeSettings(next) {
    saveSettings(next);
    setSettings(next);
  }

  // The keys read the position drawn last (set as each render runs), not the one an effect
  // saw: an effect runs after the paint, so a key pressed as soon as "your turn" shows
  // would otherwise meet the previous position, with no legal moves.
  const drawn = useRef(null);
  drawn.current = { frame, askHint };
  useEffect(() => {
    const key = (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || !SHORTCUT_KEYS.includes(e.key)) return;
      if (e.target && (["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName) || e.target.isContentEditable)) return;
      if (document.querySelector(".modal")) return; // a dialog has the keyboard
      const { frame: now, askHint: ask } = drawn.current;
      const canPlay = now && now.legal && now.legal.length > 0;
      if (e.key === "m" && canPlay) { e.preventDefault(); setShowMoves(true); }
      if (e.key === "h" && canPlay) { e.preventDefault(); ask(); }
      if (e.key === "?") { e.preventDefault(); setShowHelp(true); }
      if (e.key === "r" && now) { e.preventDefault(); setRulesAt(now.rules_section || ""); }
      if (e.key === "s") { e.preventDefault(); window.dispatchEvent(new Event("gametable:settings")); }
      if (e.key === "l") {
        const story = document.getElementById("story");
        if (story) { e.preventDefault(); story.focus(); }
      }
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, []);

  // Asks the rules what a decision being put together would do (Game.preview): the table
  // shows the answer's facts and words instead of computing any rule itself.
  const preview = useCallback((draft) => socket.current.request({ type: "preview", draft }), []);

  // The help names the rules' section for the decision on screen.
  const hasRules = !!welcome && welcome.game.rules !== false;
  const sectionTitle = useSectionTitle(welcome && welcome.game.name, tableId,
    frame && frame.rules_section, showHelp && hasRules && !!(frame && frame.rules_section));

  if (gate === "ask") {
    return html`<${NamePrompt} seat=${hashSeat} tableId=${tableId} onDone=${() => setGate("open")} />`;
  }
  if (fatal) {
    return html`<main class="page-error" id="main"><h1>${t("web.table.cannot_open")}</h1><p>${fatal}</p>
      <a class="button" href="/">${t("web.table.lobby")}</a></main>`;
  }
  if (!frame || !welcome || !module) {
    return html`<main id="main"><p class="boot" role="status">${connection === "reconnecting" ? t("web.table.reconnecting") : t("web.table.opening")}</p></main>`;
  }
  const Table = module.Table;
  const myTurn = frame.legal && frame.legal.length > 0;
  const connectionWords = {
    connecting: t("web.table.connection.connecting"),
    reconnecting: t("web.table.connection.reconnecting"),
    refused: t("web.table.connection.refused"),
  };
  return html`
    <div class=${cx("table-page", `game-${welcome.game.name}`, myTurn && "my-turn", frame.lesson && "has-coach")}
         data-version=${frame.version} data-status=${frame.status}
         style=${`--accent:${accent(welcome.game.name)}`}>
      <header class="table-head">
        <a class="back" href="/"><span aria-hidden="true">← </span>${t("web.table.lobby")}</a>
        <h1>${welcome.game.title}</h1>
        <p class=${cx("status", myTurn && "yours")}>${statusLine(frame, mySeat)}</p>
        ${frame.match && html`<div class="match-line" role="group" aria-label=${t("web.table.match.label")}>${t("web.table.match.line", {
          number: frame.match.number, games: frame.match.games,
          totals: list(frame.match.totals.map((points, s) => t("web.table.match.total_of", { name: seatName(frame.seats, s, mySeat), points }))),
        })}</div>`}
        <div class="tools">
          ${mySeat === null && html`<span class="tag">${t("web.table.spectator")}</span>`}
          ${connection !== "open" && html`<span class="tag warn">${connectionWords[connection] || connection}</span>`}
          ${myTurn && html`<button onClick=${askHint} disabled=${hint && hint.pending} aria-keyshortcuts="h" title=${t("web.table.key_title", { key: "h" })}>${t("web.table.hint")}</button>`}
          ${myTurn && html`<button onClick=${() => setShowMoves(true)} aria-keyshortcuts="m" title=${t("web.table.key_title", { key: "m" })}>${t("web.table.all_moves")}</button>`}
          <button class="icon" title=${t("web.table.help_title")} aria-label=${t("web.table.help")} aria-keyshortcuts="?"
            onClick=${() => setShowHelp(true)}>?</button>
          <${SettingsMenu} settings=${settings} onChange=${changeSettings} />
          ${frame.status === "finished" && html`<button onClick=${() => setShowEnd(true)}>${t("web.table.scores")}</button>`}
        </div>
      </header>
      ${(service || connection === "reconnecting") && html`<section class="service-area" aria-label=${t("web.table.service_label")}>
        <p class="service-banner" role="status">
          ${connection === "reconnecting" ? t("web.table.connection.lost") : service.message}
          ${waiting && connection !== "reconnecting" && ` ${t("web.table.connection.retrying")}`}</p></section>`}
      ${frame.lesson && html`<${Coach} lesson=${frame.lesson} status=${frame.status}
          refusal=${refusal && refusal.moves === frame.my_moves ? refusal.text : null} />`}
      <${Seats} frame=${frame} mySeat=${mySeat} receivedAt=${receivedAt} now=${now} />
      <main class="board" id="main" aria-label=${t("web.table.board", { game: welcome.game.title })}>
        <${Table} key=${mySeat} frame=${frame} view=${frame.view} seat=${mySeat} legal=${frame.legal || []}
          act=${act} busy=${busy} hint=${hint && hint.action !== undefined ? hint : null}
          seats=${frame.seats} toast=${toast} settings=${settings} readOnly=${false}
          preview=${preview} game=${welcome.game} />
      </main>
      <${Log} log=${frame.log || []} events=${(frame.events || []).filter((e) => e.kind !== "created").slice(-6)} />
      <div class="sr-only" role="log" aria-live="polite" aria-relevant="additions" id="news"
           aria-label=${t("web.table.news")}>${news.map((line) => html`<p key=${line.id}>${line.text}</p>`)}</div>
      ${showMoves && frame.legal && html`<${MovesPanel} legal=${frame.legal} hint=${hint}
          onPick=${async (m) => { setShowMoves(false); await act(m); }} onClose=${() => setShowMoves(false)} />`}
      ${frame.status === "finished" && showEnd && html`<${EndScreen} frame=${frame} module=${module}
          mySeat=${mySeat} tableId=${tableId} token=${token} onClose=${() => setShowEnd(false)} />`}
      ${showHelp && html`<${Modal} title=${t("web.help.title", { game: welcome.game.title })} onClose=${() => setShowHelp(false)}>
          ${module.help && html`<p>${module.help}</p>`}
          <div class="help-rules">
            <h3>${t("web.help.rules")}</h3>
            ${hasRules ? html`
              ${sectionTitle && html`<p>${t("web.help.rules_now", { section: sectionTitle })}</p>`}
              <div class="row">
                <button class="primary" onClick=${() => { setShowHelp(false); setRulesAt(frame.rules_section || ""); }}
                  aria-keyshortcuts="r">${t("web.help.rules_open")}</button>
              </div>`
              : html`<p class="muted">${t("web.rules.missing", { game: welcome.game.title })}</p>`}
          </div>
          <h3>${t("web.help.keys")}</h3>
          <ul class="keys">
            <li><kbd>m</kbd> ${t("web.help.key.moves")}</li>
            <li><kbd>h</kbd> ${t("web.help.key.hint")}</li>
            <li><kbd>l</kbd> ${t("web.help.key.log")}</li>
            <li><kbd>s</kbd> ${t("web.help.key.settings")}</li>
            <li><kbd>r</kbd> ${t("web.help.key.rules")}</li>
            <li><kbd>?</kbd> ${t("web.help.key.help")}</li>
            <li><kbd>${t("web.help.kbd.tab")}</kbd> / <kbd>${t("web.help.kbd.enter")}</kbd> ${t("web.help.key.tab")}</li>
            <li><kbd>${t("web.help.kbd.escape")}</kbd> ${t("web.help.key.escape")}</li>
          </ul>
          <p class="muted">${t("web.help.note")}</p>
        <//>`}
      ${rulesAt !== null && html`<${RulesDialog} game=${welcome.game} table=${tableId} section=${rulesAt}
          onClose=${() => setRulesAt(null)} />`}
      <${Toasts} />
    </div>`;
}
