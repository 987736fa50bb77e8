// The lobby: start a table (game, players, rules, seats, clocks), invite friends, join an
// open table, watch a game, come back to my games, replay finished ones.
import { html, useState, useEffect, cx, SiteHead } from "gametable/ui.js";
import { t, number, list } from "gametable/i18n.js";
import { api, games as loadGames } from "gametable/api.js";
import { myGames, remember, myName, setMyName, inviteURL } from "gametable/store.js";
import { navigate } from "gametable/app.js";

// How often the lobby's lists are read again while it is open (and the tab is shown).
const REFRESH_MS = 3000;

/** A game's one-line description (web.lobby.blurb.<game>), or nothing for a game the
 * catalogs do not describe. */
function blurb(game) {
  const id = `web.lobby.blurb.${game.replaceAll("-", "_")}`;
  const text = t(id);
  return text === id ? "" : text;
}

const ACCENT = {
  "ramen-ramen": "#c8372d",
  "rummikub": "#1f5fa8",
  "ramen-fury": "#d9731a",
  "ramen-tips": "#2f8a57",
};

export function accent(game) {
  return ACCENT[game] || "#555";
}

/** A seat in the lobby's lists: its name, or "Player 2" for a seat nobody named (the
 * server's ``named``; its lists are not written in the reader's language, its frames are). */
function listedName(entry) {
  return entry.named === false ? t("web.seat.player", { number: entry.seat + 1 }) : entry.name;
}

/** "Learn to play": opens the game's guided first game (a private table with the lesson's
 * deal and a coach) and takes the player to it. Shown only for a game that has a lesson
 * (``lesson`` in the game's description). */
export function LearnButton({ game, className, describedBy }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  async function start() {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.lesson(game.name, myName() || null);
      const mine = answer.seats[0];
      // The learner opened this table: the page does not ask them for a name.
      remember({ table: answer.table.id, seat: mine.seat, token: mine.token, game: game.name, created: true });
      navigate(`/play/${encodeURIComponent(answer.table.id)}#seat=${mine.seat}&token=${encodeURIComponent(mine.token)}`);
    } catch (err) {
      setBusy(false);
      setError(err.message);
    }
  }
  return html`
    <button type="button" class=${cx("learn", className)} onClick=${start} disabled=${busy}
            aria-describedby=${describedBy}>${busy ? t("web.lobby.learn_busy") : t("web.lobby.learn")}</button>
    ${error && html`<p class="error" role="alert">${error}</p>`}`;
}

/** A bot's name in the reader's language, as the server names a bot's seat: the game's own
 * word for its bot (``<game>.bot.<name>``), else the core's for a bot every game has
 * (``server.bot.<name>``), else its code name. */
function botWord(game, name) {
  for (const id of [`${game.name.replaceAll("-", "_")}.bot.${name}`, `server.bot.${name}`]) {
    const word = t(id);
    if (word !== id) return word;
  }
  return name;
}

function botChoices(game, players) {
  const strong = game.hint_bots[String(players)];
  const out = [];
  const label = {
    random: t("web.lobby.bot.easy"),
    greedy: t("web.lobby.bot.medium", { bot: botWord(game, "greedy") }),
  };
  for (const bot of game.bots) {
    if (bot.name === strong.bot && Object.keys(strong.settings).length === 0) continue;
    out.push({ key: bot.name, bot: bot.name, settings: {}, label: label[bot.name] || t("web.lobby.bot.other", { bot: botWord(game, bot.name) }) });
  }
  const settings = Object.entries(strong.settings)
    .map(([k, v]) => t("web.lobby.bot.setting", { name: k, value: v }));
  const strongWord = botWord(game, strong.bot);
  out.push({
    key: "strong",
    bot: strong.bot,
    settings: strong.settings,
    label: settings.length
      ? t("web.lobby.bot.strong_settings", { bot: strongWord, settings: list(settings) })
      : t("web.lobby.bot.strong", { bot: strongWord }),
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
  // What the server sends: the option's label and help in the reader's language once the
  // games say them through their catalogs (its name until then).
  const label = spec.label || spec.name.replaceAll("_", " ");
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
          <option value="">${t("web.lobby.option.seat_random")}</option>
          ${Array.from({ length: players }, (_, i) => html`<option value=${i}>${t("web.seat.player", { number: i + 1 })}</option>`)}
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
             placeholder=${spec.nullable ? t("web.lobby.option.off") : ""}
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
      <h3>${t("web.lobby.new_table", { game: game.title })}</h3>
      <div class="row">
        <label for="new-players">${t("web.lobby.players_label")}</label>
          <select id="new-players" value=${players} onChange=${(e) => setPlayers(Number(e.target.value))}>
            ${Array.from({ length: game.players[1] - game.players[0] + 1 }, (_, i) => game.players[0] + i)
              .map((n) => html`<option value=${n}>${game.modes[n]
                ? t("web.lobby.players_mode", { number: n, mode: game.modes[n].split(/\s*[:：]/)[0] })
                : number(n)}</option>`)}
          </select>
        <label for="new-name">${t("web.lobby.your_name")}</label>
          <input id="new-name" value=${name} maxlength="64" placeholder=${t("web.lobby.your_name_placeholder")}
                 autocomplete="nickname" onInput=${(e) => setName(e.target.value)} />
      </div>
      ${game.modes[players] && html`<p class="muted mode">${game.modes[players]}</p>`}
      <fieldset>
        <legend>${t("web.lobby.seats")}</legend>
        ${seats.map((s, i) => html`
          <div class="seat-choice"><label for=${`seat-${i}`}>${t("web.seat.player", { number: i + 1 })}</label>
            <select id=${`seat-${i}`} value=${s}
                    onChange=${(e) => setSeats(seats.map((x, j) => (j === i ? e.target.value : x)))}>
              <option value="me">${t("web.lobby.seat.me")}</option>
              <option value="friend">${t("web.lobby.seat.friend")}</option>
              ${choices.map((c) => html`<option value=${`bot:${c.key}`}>${t("web.lobby.seat.bot", { level: c.label })}</option>`)}
            </select>
          </div>`)}
        ${humanSeats === 0 && html`<p class="muted">${t("web.lobby.nobody_me")}</p>`}
      </fieldset>
      ${game.options.length > 0 && html`
        <fieldset>
          <legend>${t("web.lobby.rules")}</legend>
          ${game.options.map((spec) => html`
            <${OptionField} spec=${spec} value=${options[spec.name]} players=${players}
              onChange=${(v) => setOptions({ ...options, [spec.name]: v })} />`)}
        </fieldset>`}
      <div class="field"><label for="new-games">${t("web.lobby.games_label")}</label>
        <select id="new-games" value=${games} onChange=${(e) => setGames(e.target.value)}>
          <option value="1">${t("web.lobby.games.one")}</option>
          <option value="match">${t("web.lobby.games.match")}</option>
          ${[2, 3, 4, 5].map((n) => html`<option value=${String(n)}>${t("web.lobby.games.count", { count: n })}</option>`)}
        </select>
      </div>
      <fieldset>
        <legend>${t("web.lobby.clock")}</legend>
        <div class="row">
          <label><input type="radio" name="clock" checked=${clock === "none"} onChange=${() => setClock("none")} /> ${t("web.lobby.clock.none")}</label>
          <label><input type="radio" name="clock" checked=${clock === "turn"} onChange=${() => setClock("turn")} /> ${t("web.lobby.clock.turn")}</label>
          <label><input type="radio" name="clock" checked=${clock === "bank"} onChange=${() => setClock("bank")} /> ${t("web.lobby.clock.bank")}</label>
        </div>
        ${clock === "turn" && html`<label>${t("web.lobby.clock.turn_seconds")} <input type="number" min="5" value=${turnSeconds} onInput=${(e) => setTurnSeconds(e.target.value)} /></label>`}
        ${clock === "bank" && html`<div class="row">
          <label>${t("web.lobby.clock.bank_minutes")} <input type="number" min="1" value=${bankMinutes} onInput=${(e) => setBankMinutes(e.target.value)} /></label>
          <label>${t("web.lobby.clock.increment")} <input type="number" min="0" value=${increment} onInput=${(e) => setIncrement(e.target.value)} /></label>
        </div>`}
        <p class="muted">${t("web.lobby.clock.note")}</p>
      </fieldset>
      <label class="check"><input type="checkbox" checked=${isPublic} onChange=${(e) => setPublic(e.target.checked)} /> ${t("web.lobby.public")}</label>
      ${error && html`<p class="error" role="alert">${error}</p>`}
      <button class="primary" type="submit" disabled=${busy}>${busy ? t("web.lobby.creating") : t("web.lobby.create")}</button>
    </form>`;
}

function Created({ created, seats, onClose }) {
  const tableId = created.table.id;
  const mine = created.seats.find((s) => seats[s.seat] === "me");
  const friends = created.seats.filter((s) => seats[s.seat] === "friend");
  const [copied, setCopied] = useState(null);
  useEffect(() => {
    for (const s of created.seats) {
      if (seats[s.seat] === "me") remember({ table: tableId, seat: s.seat, token: s.token, game: created.table.game, created: true });
    }
    if (friends.length === 0 && mine) navigate(`/play/${tableId}#seat=${mine.seat}&token=${mine.token}`);
  }, []);
  async function copy(url, seat) {
    try { await navigator.clipboard.writeText(url); setCopied(seat); } catch { setCopied(-1); }
  }
  return html`
    <section class="created">
      <h2>${t("web.lobby.created.title")}</h2>
      ${friends.length > 0 && html`
        <p>${t("web.lobby.created.send")}</p>
        <ul class="invites">
          ${friends.map((s) => {
            const url = inviteURL(tableId, s.seat, s.token);
            return html`<li>
              <span>${t("web.seat.player", { number: s.seat + 1 })}</span>
              <input readonly value=${url} aria-label=${t("web.lobby.created.link", { number: s.seat + 1 })} onFocus=${(e) => e.target.select()} />
              <button type="button" onClick=${() => copy(url, s.seat)}>${copied === s.seat ? t("web.lobby.created.copied") : t("web.lobby.created.copy")}</button>
            </li>`;
          })}
        </ul>
        <p class="muted">${t("web.lobby.created.starts")}</p>`}
      <div class="row">
        ${mine && html`<a class="button primary" href=${`/play/${tableId}#seat=${mine.seat}&token=${mine.token}`}>${t("web.lobby.created.go")}</a>`}
        ${!mine && html`<a class="button primary" href=${`/play/${tableId}`}>${t("web.lobby.watch")}</a>`}
        <button type="button" onClick=${onClose}>${t("web.lobby.created.back")}</button>
      </div>
    </section>`;
}

function TableList({ title, tables, action, empty }) {
  return html`
    <section class="list">
      <h2>${title}</h2>
      ${tables.length === 0 ? html`<p class="muted">${empty}</p>` : html`
        <ul>
          ${tables.map((table) => html`
            <li style=${`--accent:${accent(table.game)}`} key=${table.id}>
              <span class="dot" aria-hidden="true"></span>
              <span class="what">${t("web.lobby.list.table", {
                game: table.title, count: table.players, seats: list(table.seats.map(listedName)),
              })}</span>
              ${action(table)}
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
    document.title = "gametable";
    refresh();
    // The lists follow what happens on the server while the lobby is open.
    const timer = setInterval(() => { if (!document.hidden) refresh(); }, REFRESH_MS);
    const shown = () => { if (!document.hidden) refresh(); };
    document.addEventListener("visibilitychange", shown);
    return () => { clearInterval(timer); document.removeEventListener("visibilitychange", shown); };
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
    <${SiteHead} heading=${true} />
    <main class="lobby" id="main">
      ${error && html`<p class="error" role="alert">${error}</p>`}
      ${created ? html`<${Created} created=${created.created} seats=${created.seats} onClose=${() => { setCreated(null); setChosen(null); refresh(); }} />`
        : html`
        <section class="games">
          <h2>${t("web.lobby.start")}</h2>
          <div class="game-cards">
            ${games.map((g) => html`
              <div class=${cx("game-entry", chosen === g.name && "chosen")} style=${`--accent:${accent(g.name)}`} key=${g.name}>
                <button class="game-card" onClick=${() => setChosen(chosen === g.name ? null : g.name)}
                        aria-pressed=${chosen === g.name}>
                  <span class="title" id=${`game-title-${g.name}`}>${g.title}</span>
                  <span class="players">${g.players[0] === g.players[1]
                    ? t("web.lobby.players", { count: g.players[0] })
                    : t("web.lobby.players_range", { min: g.players[0], max: g.players[1] })}</span>
                  <span class="blurb">${blurb(g.name)}</span>
                </button>
                ${(g.rules || g.lesson) && html`
                  <div class="game-more">
                    ${g.rules && html`<a class="button" href=${`/rules/${encodeURIComponent(g.name)}`}
                        aria-describedby=${`game-title-${g.name}`}>${t("web.lobby.rules_link")}</a>`}
                    ${g.lesson && html`<${LearnButton} game=${g} describedBy=${`game-title-${g.name}`} />`}
                  </div>`}
              </div>`)}
          </div>
          ${chosen && byName[chosen] && html`<${NewTable} key=${chosen} game=${byName[chosen]}
              onCreated=${(c, seats) => setCreated({ created: c, seats })} />`}
        </section>`}
      <div class="lists">
        <${TableList} title=${t("web.lobby.mine")} tables=${mine.map((m) => m.info)} empty=${t("web.lobby.mine.empty")}
          action=${(table) => {
            const m = mine.find((x) => x.table === table.id);
            return table.status === "finished"
              ? html`<a class="button" href=${`/replay/${table.id}`}>${t("web.lobby.replay")}</a>`
              : html`<a class="button primary" href=${`/play/${table.id}#seat=${m.seat}&token=${m.token}`}>${t("web.lobby.resume")}</a>`;
          }} />
        <${TableList} title=${t("web.lobby.open")} tables=${open} empty=${t("web.lobby.open.empty")}
          action=${(table) => html`<span class="row"><button onClick=${() => join(table)}>${t("web.lobby.join")}</button>
            <a class="button" href=${`/play/${table.id}`}>${t("web.lobby.watch")}</a></span>`} />
        <${TableList} title=${t("web.lobby.playing")} tables=${playing} empty=${t("web.lobby.playing.empty")}
          action=${(table) => html`<a class="button" href=${`/play/${table.id}`}>${t("web.lobby.watch")}</a>`} />
        <${TableList} title=${t("web.lobby.finished")} tables=${finished} empty=${t("web.lobby.finished.empty")}
          action=${(table) => html`<a class="button" href=${`/replay/${table.id}`}>${t("web.lobby.replay")}</a>`} />
      </div>
    </main>`;
}
