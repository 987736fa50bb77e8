// The lobby: start a table (game, players, rules, seats, clocks), invite friends, join an
// open table, watch a game, come back to my games, replay finished ones.
import { html, useState, useEffect, cx, plural } from "gametable/ui.js";
import { api, games as loadGames } from "gametable/api.js";
import { myGames, remember, myName, setMyName, inviteURL } from "gametable/store.js";
import { navigate } from "gametable/app.js";

const BLURB = {
  "ramen-ramen": "Serve bowls with the most different ingredients. Solo against the critics, or 2–4 players.",
  "rummikub": "Lay runs and groups of numbered tiles; rework the table; empty your rack first.",
  "ramen-fury": "Fill three bowls with flavour and ingredients, then eat the best ones.",
  "ramen-tips": "Everyone picks a card in secret, then all reveal: build valid ramen, earn tips.",
};

const ACCENT = {
  "ramen-ramen": "#c8372d",
  "rummikub": "#1f5fa8",
  "ramen-fury": "#d9731a",
  "ramen-tips": "#2f8a57",
};

export function accent(game) {
  return ACCENT[game] || "#555";
}

function botChoices(game, players) {
  const strong = game.hint_bots[String(players)];
  const out = [];
  const label = { random: "Easy — random moves", greedy: "Medium — greedy" };
  for (const bot of game.bots) {
    if (bot.name === strong.bot && Object.keys(strong.settings).length === 0) continue;
    out.push({ key: bot.name, bot: bot.name, settings: {}, label: label[bot.name] || `${bot.name}` });
  }
  const settingsText = Object.entries(strong.settings).map(([k, v]) => `${k} ${v}`).join(", ");
  out.push({
    key: "strong",
    bot: strong.bot,
    settings: strong.settings,
    label: `Strong — ${strong.bot}${settingsText ? ` (${settingsText})` : ""}`,
  });
  return out;
}

function defaultSeats(players, prev) {
  const seats = [];
  for (let i = 0; i < players; i++) {
    seats.push(prev && prev[i] ? prev[i] : i === 0 ? "me" : "bot:strong");
  }
  return seats;
}

function OptionField({ spec, value, onChange, players }) {
  const id = `opt-${spec.name}`;
  const label = spec.name.replaceAll("_", " ");
  if (spec.type === "bool") {
    return html`
      <label class="option check" for=${id}>
        <input id=${id} type="checkbox" checked=${!!value} onChange=${(e) => onChange(e.target.checked)} />
        <span><b>${label}</b> <span class="muted">${spec.help}</span></span>
      </label>`;
  }
  if (spec.seat) {
    return html`
      <label class="option" for=${id}><b>${label}</b> <span class="muted">${spec.help}</span>
        <select id=${id} value=${value === null ? "" : String(value)}
                onChange=${(e) => onChange(e.target.value === "" ? null : Number(e.target.value))}>
          <option value="">drawn at random</option>
          ${Array.from({ length: players }, (_, i) => html`<option value=${i}>seat ${i}</option>`)}
        </select>
      </label>`;
  }
  if (spec.choices && spec.choices.length) {
    return html`
      <label class="option" for=${id}><b>${label}</b> <span class="muted">${spec.help}</span>
        <select id=${id} value=${String(value)} onChange=${(e) => onChange(e.target.value)}>
          ${spec.choices.map((c) => html`<option value=${String(c)}>${String(c).replaceAll("_", " ")}</option>`)}
        </select>
      </label>`;
  }
  return html`
    <label class="option" for=${id}><b>${label}</b> <span class="muted">${spec.help}</span>
      <input id=${id} type="number" min="0" value=${value === null ? "" : value}
             placeholder=${spec.nullable ? "off" : ""}
             onInput=${(e) => onChange(e.target.value === "" ? null : Number(e.target.value))} />
    </label>`;
}

function NewTable({ game, onCreated }) {
  const [players, setPlayers] = useState(Math.max(game.players[0], Math.min(2, game.players[1])));
  const [seats, setSeats] = useState(defaultSeats(players));
  const [options, setOptions] = useState(() =>
    Object.fromEntries(game.options.map((o) => [o.name, o.default])));
  const [clock, setClock] = useState("none");
  const [turnSeconds, setTurnSeconds] = useState(60);
  const [bankMinutes, setBankMinutes] = useState(10);
  const [increment, setIncrement] = useState(10);
  const [isPublic, setPublic] = useState(true);
  const [games, setGames] = useState("1");
  const [name, setName] = useState(myName());
  const [error, setError] = useState(null);
  const [busy, setBusy] = useState(false);
  const choices = botChoices(game, players);

  useEffect(() => { setSeats((s) => defaultSeats(players, s)); }, [players]);

  async function create(e) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    setMyName(name);
    const seatSpecs = seats.map((s) => {
      if (s === "me") return { kind: "human", name: name || null };
      if (s === "friend") return { kind: "human" };
      const choice = choices.find((c) => `bot:${c.key}` === s) || choices[choices.length - 1];
      return { kind: "bot", bot: choice.bot, settings: choice.settings };
    });
    const spec = {
      game: game.name,
      players,
      options,
      seats: seatSpecs,
      public: isPublic,
      ...(games === "match" ? { match: true } : games !== "1" ? { games: Number(games) } : {}),
      clocks:
        clock === "turn" ? { turn_seconds: Number(turnSeconds) }
          : clock === "bank" ? { bank_seconds: Number(bankMinutes) * 60, increment_seconds: Number(increment) }
            : {},
    };
    try {
      const created = await api.create(spec);
      onCreated(created, seats);
    } catch (err) {
      setError(err.message);
    } finally {
      setBusy(false);
    }
  }

  const humanSeats = seats.filter((s) => s === "me").length;
  return html`
    <form class="new-table" onSubmit=${create} style=${`--accent:${accent(game.name)}`}>
      <h3>New table: ${game.title}</h3>
      <div class="row">
        <label>Players
          <select value=${players} onChange=${(e) => setPlayers(Number(e.target.value))} aria-label="Players">
            ${Array.from({ length: game.players[1] - game.players[0] + 1 }, (_, i) => game.players[0] + i)
              .map((n) => html`<option value=${n}>${n}${game.modes[n] ? ` — ${game.modes[n].split(":")[0]}` : ""}</option>`)}
          </select>
        </label>
        <label>Your name
          <input value=${name} maxlength="64" placeholder="for the leaderboard (optional)"
                 onInput=${(e) => setName(e.target.value)} />
        </label>
      </div>
      ${game.modes[players] && html`<p class="muted mode">${game.modes[players]}</p>`}
      <fieldset>
        <legend>Seats</legend>
        ${seats.map((s, i) => html`
          <label class="seat-choice">Seat ${i}
            <select value=${s} aria-label=${`Seat ${i}`}
                    onChange=${(e) => setSeats(seats.map((x, j) => (j === i ? e.target.value : x)))}>
              <option value="me">Me</option>
              <option value="friend">A friend (invite link)</option>
              ${choices.map((c) => html`<option value=${`bot:${c.key}`}>Bot: ${c.label}</option>`)}
            </select>
          </label>`)}
        ${humanSeats === 0 && html`<p class="muted">Nobody is "Me": you will watch, and the invite links open the seats.</p>`}
      </fieldset>
      ${game.options.length > 0 && html`
        <fieldset>
          <legend>Rules</legend>
          ${game.options.map((spec) => html`
            <${OptionField} spec=${spec} value=${options[spec.name]} players=${players}
              onChange=${(v) => setOptions({ ...options, [spec.name]: v })} />`)}
        </fieldset>`}
      <label>Games
        <select value=${games} aria-label="Games" onChange=${(e) => setGames(e.target.value)}>
          <option value="1">One game</option>
          <option value="match">A match, as long as the rules say</option>
          ${[2, 3, 4, 5].map((n) => html`<option value=${String(n)}>A match of ${n} games (running totals)</option>`)}
        </select>
      </label>
      <fieldset>
        <legend>Clock</legend>
        <div class="row">
          <label><input type="radio" name="clock" checked=${clock === "none"} onChange=${() => setClock("none")} /> No clock</label>
          <label><input type="radio" name="clock" checked=${clock === "turn"} onChange=${() => setClock("turn")} /> Per turn</label>
          <label><input type="radio" name="clock" checked=${clock === "bank"} onChange=${() => setClock("bank")} /> Time bank</label>
        </div>
        ${clock === "turn" && html`<label>Seconds per turn <input type="number" min="5" value=${turnSeconds} onInput=${(e) => setTurnSeconds(e.target.value)} /></label>`}
        ${clock === "bank" && html`<div class="row">
          <label>Minutes each <input type="number" min="1" value=${bankMinutes} onInput=${(e) => setBankMinutes(e.target.value)} /></label>
          <label>+ seconds per turn <input type="number" min="0" value=${increment} onInput=${(e) => setIncrement(e.target.value)} /></label>
        </div>`}
        <p class="muted">When time runs out the game's own timeout rule applies (Rummikub: the turn is undone and 3 tiles drawn), else a bot plays that turn.</p>
      </fieldset>
      <label class="check"><input type="checkbox" checked=${isPublic} onChange=${(e) => setPublic(e.target.checked)} /> List this table in the lobby (anyone may take a friend's seat)</label>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <button class="primary" type="submit" disabled=${busy}>${busy ? "Creating…" : "Create table"}</button>
    </form>`;
}

function Created({ created, seats, onClose }) {
  const tableId = created.table.id;
  const mine = created.seats.find((s) => seats[s.seat] === "me");
  const friends = created.seats.filter((s) => seats[s.seat] === "friend");
  const [copied, setCopied] = useState(null);
  useEffect(() => {
    for (const s of created.seats) {
      if (seats[s.seat] === "me") remember({ table: tableId, seat: s.seat, token: s.token, game: created.table.game });
    }
    if (friends.length === 0 && mine) navigate(`/play/${tableId}#seat=${mine.seat}&token=${mine.token}`);
  }, []);
  async function copy(url, seat) {
    try { await navigator.clipboard.writeText(url); setCopied(seat); } catch { setCopied(-1); }
  }
  return html`
    <section class="created">
      <h3>Table ready</h3>
      ${friends.length > 0 && html`
        <p>Send each friend their own link: it opens their seat (anyone with the link can take it).</p>
        <ul class="invites">
          ${friends.map((s) => {
            const url = inviteURL(tableId, s.seat, s.token);
            return html`<li>
              <span>Seat ${s.seat}</span>
              <input readonly value=${url} aria-label=${`Invite link for seat ${s.seat}`} onFocus=${(e) => e.target.select()} />
              <button type="button" onClick=${() => copy(url, s.seat)}>${copied === s.seat ? "Copied" : "Copy"}</button>
            </li>`;
          })}
        </ul>
        <p class="muted">The game starts when everyone has opened their link.</p>`}
      <div class="row">
        ${mine && html`<a class="button primary" href=${`/play/${tableId}#seat=${mine.seat}&token=${mine.token}`}>Go to my seat</a>`}
        ${!mine && html`<a class="button primary" href=${`/play/${tableId}`}>Watch</a>`}
        <button type="button" onClick=${onClose}>Back to the lobby</button>
      </div>
    </section>`;
}

function TableList({ title, tables, action, empty }) {
  return html`
    <section class="list">
      <h3>${title}</h3>
      ${tables.length === 0 ? html`<p class="muted">${empty}</p>` : html`
        <ul>
          ${tables.map((t) => html`
            <li style=${`--accent:${accent(t.game)}`}>
              <span class="dot"></span>
              <span class="what"><b>${t.title}</b> · ${plural(t.players, "player")}
                <span class="muted"> · ${t.seats.map((s) => s.name).join(", ")}</span></span>
              ${action(t)}
            </li>`)}
        </ul>`}
    </section>`;
}

export function Lobby() {
  const [games, setGames] = useState([]);
  const [chosen, setChosen] = useState(null);
  const [created, setCreated] = useState(null);
  const [open, setOpen] = useState([]);
  const [playing, setPlaying] = useState([]);
  const [finished, setFinished] = useState([]);
  const [mine, setMine] = useState([]);
  const [error, setError] = useState(null);

  async function refresh() {
    try {
      const [o, p, f] = await Promise.all([api.tables("open"), api.tables("playing"), api.tables("finished")]);
      setOpen(o); setPlaying(p); setFinished(f.slice(0, 15));
      const known = new Map([...o, ...p, ...f].map((t) => [t.id, t]));
      setMine(myGames().map((g) => ({ ...g, info: known.get(g.table) })).filter((g) => g.info));
    } catch (err) {
      setError(err.message);
    }
  }

  useEffect(() => {
    const order = ["ramen-ramen", "rummikub", "ramen-fury", "ramen-tips"];
    const rank = (g) => (order.includes(g.name) ? order.indexOf(g.name) : order.length);
    loadGames().then((list) => setGames([...list].sort((a, b) => rank(a) - rank(b))))
      .catch((e) => setError(e.message));
    refresh();
    const timer = setInterval(refresh, 5000);
    return () => clearInterval(timer);
  }, []);

  async function join(t) {
    try {
      const answer = await api.join(t.id, myName() || null);
      remember({ table: t.id, seat: answer.seat, token: answer.token, game: t.game });
      navigate(`/play/${t.id}#seat=${answer.seat}&token=${answer.token}`);
    } catch (err) {
      setError(err.message);
    }
  }

  const byName = Object.fromEntries(games.map((g) => [g.name, g]));
  return html`
    <div class="lobby">
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${created ? html`<${Created} created=${created.created} seats=${created.seats} onClose=${() => { setCreated(null); setChosen(null); refresh(); }} />`
        : html`
        <section class="games">
          <h2>Start a game</h2>
          <div class="game-cards">
            ${games.map((g) => html`
              <button class=${cx("game-card", chosen === g.name && "chosen")} style=${`--accent:${accent(g.name)}`}
                      onClick=${() => setChosen(chosen === g.name ? null : g.name)} aria-pressed=${chosen === g.name}>
                <span class="title">${g.title}</span>
                <span class="players">${g.players[0] === g.players[1] ? g.players[0] : `${g.players[0]}–${g.players[1]}`} players</span>
                <span class="blurb">${BLURB[g.name] || ""}</span>
              </button>`)}
          </div>
          ${chosen && byName[chosen] && html`<${NewTable} key=${chosen} game=${byName[chosen]}
              onCreated=${(c, seats) => setCreated({ created: c, seats })} />`}
        </section>`}
      <div class="lists">
        <${TableList} title="My games" tables=${mine.map((m) => m.info)} empty="Games you join or start appear here."
          action=${(t) => {
            const m = mine.find((x) => x.table === t.id);
            return t.status === "finished"
              ? html`<a class="button" href=${`/replay/${t.id}`}>Replay</a>`
              : html`<a class="button primary" href=${`/play/${t.id}#seat=${m.seat}&token=${m.token}`}>Resume</a>`;
          }} />
        <${TableList} title="Open tables" tables=${open} empty="No table is waiting for players."
          action=${(t) => html`<span class="row"><button onClick=${() => join(t)}>Join</button>
            <a class="button" href=${`/play/${t.id}`}>Watch</a></span>`} />
        <${TableList} title="Games in progress" tables=${playing} empty="No game is being played."
          action=${(t) => html`<a class="button" href=${`/play/${t.id}`}>Watch</a>`} />
        <${TableList} title="Finished games" tables=${finished} empty="No finished game yet."
          action=${(t) => html`<a class="button" href=${`/replay/${t.id}`}>Replay</a>`} />
      </div>
    </div>`;
}
