// The table page: one game in progress (or over) at /play/<table>#seat=<n>&token=<token>.
// The shell draws what every game shares (seats, whose turn, clocks, the log, hints, the
// list of legal moves, the end screen) and hands the table itself to the game's module,
// loaded from /static/games/<game>/table.js (see docs/web.md).
import {
  html, useState, useEffect, useRef, useMemo, useCallback, cx, seatName, clockText, useNow,
  Modal, Toasts, loadSettings, saveSettings, downloadJSON,
} from "gametable/ui.js";
import { api } from "gametable/api.js";
import { TableSocket } from "gametable/socket.js";
import { remember, myGames, myName } from "gametable/store.js";
import { loadGameModule } from "gametable/games.js";
import { accent } from "gametable/lobby.js";
import { MovesPanel } from "gametable/moves.js";

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
    <ul class="seats" aria-label="Seats">
      ${frame.seats.map((s) => {
        const turn = frame.to_act.includes(s.seat);
        const c = clocks && clocks.seats[s.seat];
        let left = null;
        if (c && c.remaining !== null) left = c.running ? c.remaining - (now - receivedAt) / 1000 : c.remaining;
        return html`
          <li class=${cx("seat", turn && "turn", s.seat === mySeat && "me", !s.connected && "away")}
              data-seat=${s.seat}>
            <span class="presence" title=${s.connected ? "connected" : "away"}></span>
            <span class="name">${seatName(frame.seats, s.seat, mySeat)}</span>
            ${s.kind === "bot" && html`<span class="tag">bot</span>`}
            ${s.replaced && html`<span class="tag warn" title="a bot plays until they come back">bot standing in</span>`}
            ${s.timed_out && html`<span class="tag warn">out of time</span>`}
            ${left !== null && html`<span class=${cx("clock", c.running && "running", left < 10 && "low")}
                aria-label=${`${s.name}'s clock`}>${clockText(left)}</span>`}
          </li>`;
      })}
    </ul>`;
}

/** The whole story of the game in words (the server tells it from the game's events, as
 * this seat knows it), grouped by turn, newest at the bottom; the table's own events (who
 * joined, left, ran out of time) above it. */
export function Log({ log, events = [], title = "What happened", upTo = null }) {
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
    <section class="log" aria-label=${title}>
      <h3>${title}</h3>
      ${events.length > 0 && html`<ul class="table-events">
        ${events.map((e, i) => html`<li key=${i}>${e.text}</li>`)}</ul>`}
      <ol ref=${ref} class="turns">
        ${turns.map((t, i) => html`
          <li key=${`${t.turn}-${i}`} class=${cx("turn", i === turns.length - 1 && "latest")}>
            <ol class="lines">${t.lines.map((e) => html`<li key=${e.index} data-seat=${e.seat ?? ""}>${e.text}</li>`)}</ol>
          </li>`)}
      </ol>
    </section>`;
}

function statusLine(frame, mySeat) {
  if (frame.status === "open") {
    const waiting = frame.seats.filter((s) => s.kind === "human" && !s.claimed).map((s) => s.name);
    return `Waiting for players to join (${waiting.join(", ")}).`;
  }
  if (frame.status === "finished" && frame.seats.length === 1) {
    return `Game over — ${frame.result.scores[0]} points.`;
  }
  if (frame.status === "finished") {
    const winners = frame.result.winners.map((s) => seatName(frame.seats, s, mySeat));
    return winners.length > 1 ? `Game over — shared win: ${winners.join(" and ")}.` : `Game over — ${winners[0]} won.`;
  }
  if (mySeat !== null && frame.to_act.includes(mySeat)) {
    if (frame.legal) return frame.to_act.length > 1 ? "Your choice (everyone chooses at once)." : "Your turn.";
    return "Your turn — a bot is deciding for you.";
  }
  const names = frame.to_act.map((s) => seatName(frame.seats, s, mySeat));
  return `Waiting for ${names.join(", ")}…`;
}

/** A match's standings: each game's scores, the running totals, games won and ranks. */
function MatchStandings({ match, seats, mySeat }) {
  return html`
    <table class="scores match-standings" aria-label="Match standings">
      <caption>Match after game ${match.scores.length} of ${match.games}${match.over ? " — the match is over" : ""}
        ${match.tiebreak && html` · decided by ${match.tiebreak}`}</caption>
      <thead><tr><th>Seat</th>${match.scores.map((_, i) => html`<th>Game ${i + 1}</th>`)}
        <th>Total</th><th>Games won</th><th>Rank</th></tr></thead>
      <tbody>${match.totals.map((total, s) => html`
        <tr class=${cx(match.over && match.ranks[s] === 1 && "winner")}>
          <td>${seatName(seats, s, mySeat)}</td>
          ${match.scores.map((g) => html`<td>${g[s]}</td>`)}
          <td><b>${total}</b></td><td>${match.games_won[s]}</td><td>${match.ranks[s]}</td></tr>`)}</tbody>
    </table>`;
}

function nextGameLink(match, mySeat, token) {
  if (!match || !match.next) return null;
  const mine = mySeat !== null && token ? `#seat=${mySeat}&token=${encodeURIComponent(token)}` : "";
  return `/play/${encodeURIComponent(match.next)}${mine}`;
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
    <${Modal} title="Game over" onClose=${onClose} wide=${true}>
      ${(frame.result_text || []).map((line, i) => html`<p class=${cx(i === 0 && "verdict")}>${line}</p>`)}
      <table class="scores">
        <thead><tr><th>Seat</th><th>Score</th><th>Rank</th></tr></thead>
        <tbody>${result.scores.map((score, s) => html`
          <tr class=${cx(result.winners.includes(s) && "winner")}><td>${seatName(frame.seats, s, mySeat)}</td>
            <td>${score}</td><td>${result.ranks[s]}</td></tr>`)}</tbody>
      </table>
      ${frame.match && html`<${MatchStandings} match=${frame.match} seats=${frame.seats} mySeat=${mySeat} />`}
      ${Result && html`<${Result} result=${result} view=${frame.view} seats=${frame.seats} mySeat=${mySeat} />`}
      <div class="row end-actions">
        ${next && html`<a class="button primary" href=${next}>Next game of the match →</a>`}
        ${frame.match && !frame.match.over && !next && html`<span class="muted">Dealing the next game…</span>`}
        <button class=${next ? "" : "primary"} onClick=${download}>Download the record</button>
        <a class="button" href=${`/replay/${tableId}`}>Replay this game</a>
        <a class="button" href="/">Lobby</a>
      </div>
    <//>`;
}

export function TablePage({ tableId }) {
  const [{ token, seat: hashSeat }] = useState(() => credentials(tableId));
  const [frame, setFrame] = useState(null);
  const [receivedAt, setReceivedAt] = useState(Date.now());
  const [welcome, setWelcome] = useState(null);
  const [module, setModule] = useState(null);
  const [connection, setConnection] = useState("connecting");
  const [toasts, setToasts] = useState([]);
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
  const [fatal, setFatal] = useState(null);
  // What the server says of its services while one of them does not answer (null: all do).
  const [service, setService] = useState(null);
  const [settings, setSettings] = useState(loadSettings());
  const socket = useRef(null);
  const now = useNow(frame && frame.clocks && frame.status === "playing");

  const toast = useCallback((text, kind = "error") => {
    const id = Math.random();
    setToasts((t) => [...t, { id, text, kind }]);
    setTimeout(() => setToasts((t) => t.filter((x) => x.id !== id)), kind === "error" ? 7000 : 4000);
  }, []);

  useEffect(() => {
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
  }, [tableId]);

  useEffect(() => {
    if (!welcome) return;
    document.title = `${welcome.game.title} — gametable`;
    loadGameModule(welcome.game.name).then(setModule).catch((e) => setFatal(`cannot load the table: ${e.message}`));
  }, [welcome && welcome.game.name]);

  const mySeat = welcome ? welcome.seat : hashSeat;

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
    if (answer.type === "error") toast(answer.message);
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

  useEffect(() => {
    const key = (e) => {
      if (e.target && ["INPUT", "SELECT", "TEXTAREA"].includes(e.target.tagName)) return;
      if (e.key === "m" && frame && frame.legal) { e.preventDefault(); setShowMoves(true); }
      if (e.key === "h" && frame && frame.legal) { e.preventDefault(); askHint(); }
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [frame]);

  // Asks the rules what a decision being put together would do (Game.preview): the table
  // shows the answer's facts and words instead of computing any rule itself.
  const preview = useCallback((draft) => socket.current.request({ type: "preview", draft }), []);

  if (fatal) {
    return html`<div class="page-error"><h2>Cannot open this table</h2><p>${fatal}</p><a class="button" href="/">Lobby</a></div>`;
  }
  if (!frame || !welcome || !module) {
    return html`<p class="boot">${connection === "reconnecting" ? "Reconnecting…" : "Opening the table…"}</p>`;
  }
  const Table = module.Table;
  const myTurn = frame.legal && frame.legal.length > 0;
  return html`
    <div class=${cx("table-page", `game-${welcome.game.name}`, myTurn && "my-turn")}
         data-version=${frame.version} data-status=${frame.status}
         style=${`--accent:${accent(welcome.game.name)}`}>
      <header class="table-head">
        <a class="back" href="/" aria-label="Lobby">← Lobby</a>
        <h1>${welcome.game.title}</h1>
        <p class=${cx("status", myTurn && "yours")} role="status" aria-live="polite">${statusLine(frame, mySeat)}</p>
        ${frame.match && html`<p class="match-line" aria-label="Match">Game ${frame.match.number} of ${frame.match.games}
          · totals ${frame.match.totals.map((t, s) => `${seatName(frame.seats, s, mySeat)} ${t}`).join(", ")}</p>`}
        <div class="tools">
          ${mySeat === null && html`<span class="tag">spectator</span>`}
          ${connection !== "open" && html`<span class="tag warn">${connection}…</span>`}
          ${myTurn && html`<button onClick=${askHint} disabled=${hint && hint.pending} title="h">Hint</button>`}
          ${myTurn && html`<button onClick=${() => setShowMoves(true)} title="m">All moves</button>`}
          <button class="icon" title="How to play here" aria-label="How to play"
            onClick=${() => setShowHelp(true)}>?</button>
          <button class="icon" title="Settings" aria-label="Settings"
            onClick=${() => { const next = { ...settings, animations: !settings.animations }; saveSettings(next); setSettings(next); }}>
            ${settings.animations ? "✦" : "✧"}</button>
          ${frame.status === "finished" && html`<button onClick=${() => setShowEnd(true)}>Scores</button>`}
        </div>
      </header>
      ${(service || connection === "reconnecting") && html`<p class="service-banner" role="status">
          ${connection === "reconnecting" ? "The connection to the server was lost; reconnecting…" : service.message}
          ${waiting && connection !== "reconnecting" && " Reconnecting…"}</p>`}
      <${Seats} frame=${frame} mySeat=${mySeat} receivedAt=${receivedAt} now=${now} />
      <main class="board">
        <${Table} key=${mySeat} frame=${frame} view=${frame.view} seat=${mySeat} legal=${frame.legal || []}
          act=${act} busy=${busy} hint=${hint && hint.action !== undefined ? hint : null}
          seats=${frame.seats} toast=${toast} settings=${settings} readOnly=${false}
          preview=${preview} game=${welcome.game} />
      </main>
      <${Log} log=${frame.log || []} events=${(frame.events || []).filter((e) => e.kind !== "created").slice(-6)} />
      ${showMoves && frame.legal && html`<${MovesPanel} legal=${frame.legal} hint=${hint}
          onPick=${async (m) => { setShowMoves(false); await act(m); }} onClose=${() => setShowMoves(false)} />`}
      ${frame.status === "finished" && showEnd && html`<${EndScreen} frame=${frame} module=${module}
          mySeat=${mySeat} tableId=${tableId} token=${token} onClose=${() => setShowEnd(false)} />`}
      ${showHelp && html`<${Modal} title=${`How to play ${welcome.game.title} here`} onClose=${() => setShowHelp(false)}>
          <p>${module.help}</p>
          <ul class="keys">
            <li><kbd>m</kbd> every legal move as a list (arrows and Enter to play one)</li>
            <li><kbd>h</kbd> a hint from the game's strongest bot</li>
            <li><kbd>Tab</kbd> / <kbd>Enter</kbd> reach and press every card, bowl and button</li>
          </ul>
          <p class="muted">The ✦ button turns the animations off or on. An illegal attempt is explained and changes nothing.</p>
        <//>`}
      <${Toasts} items=${toasts} onDismiss=${(id) => setToasts((t) => t.filter((x) => x.id !== id))} />
    </div>`;
}
