// The replay viewer: step through a finished game (from the server) or a record file, as
// any seat or as a spectator; every hand is open once the game is over.
import { html, useState, useEffect, useMemo, cx, seatName } from "gametable/ui.js";
import { Log } from "gametable/table.js";
import { api } from "gametable/api.js";
import { loadGameModule } from "gametable/games.js";
import { accent } from "gametable/lobby.js";

function Picker({ onLoaded }) {
  const [error, setError] = useState(null);
  async function pick(e) {
    const file = e.target.files && e.target.files[0];
    if (!file) return;
    setError(null);
    try {
      if (file.size > 4 * 1024 * 1024) throw new Error("this file is larger than a record can be (4 MiB)");
      let data;
      try { data = JSON.parse(await file.text()); } catch { throw new Error("this file is not a JSON record"); }
      onLoaded(await api.replayRecord(data));
    } catch (err) {
      setError(err.message);
    }
  }
  return html`
    <section class="replay-pick">
      <h2>Replay a record</h2>
      <p>Open a record saved by <code>gametable play --record</code>, by the simulator, or downloaded from a finished game.</p>
      <input type="file" accept=".json,application/json" aria-label="Record file" onChange=${pick} />
      ${error && html`<p class="error" role="alert">${error}</p>`}
    </section>`;
}

export function ReplayPage({ tableId }) {
  const [data, setData] = useState(null);
  const [module, setModule] = useState(null);
  const [step, setStep] = useState(0);
  const [seat, setSeat] = useState(null);
  const [error, setError] = useState(null);

  useEffect(() => {
    if (tableId) api.replay(tableId).then(setData).catch((e) => setError(e.message));
  }, [tableId]);
  useEffect(() => {
    if (!data) return;
    loadGameModule(data.game.name).then(setModule).catch((e) => setError(e.message));
    setStep(0);
    setSeat(data.over ? 0 : null);
  }, [data]);
  useEffect(() => {
    const key = (e) => {
      if (!data) return;
      if (e.key === "ArrowRight") setStep((s) => Math.min(data.steps.length - 1, s + 1));
      if (e.key === "ArrowLeft") setStep((s) => Math.max(0, s - 1));
      if (e.key === "Home") setStep(0);
      if (e.key === "End") setStep(data.steps.length - 1);
    };
    window.addEventListener("keydown", key);
    return () => window.removeEventListener("keydown", key);
  }, [data]);

  const seats = useMemo(() => data && data.names.map((name, s) => ({ seat: s, name, kind: "human", connected: true })), [data]);

  if (error) return html`<div class="page-error"><h2>Cannot replay</h2><p>${error}</p><a class="button" href="/replay">Open a file</a> <a class="button" href="/">Lobby</a></div>`;
  if (!data) return tableId ? html`<p class="boot">Loading the game…</p>` : html`<${Picker} onLoaded=${setData} />`;
  if (!module) return html`<p class="boot">Loading…</p>`;
  const last = data.steps.length - 1;
  const current = data.steps[step];
  const viewIndex = seat === null ? data.players : seat;
  const view = current.views[viewIndex];
  const next = current.move;
  const Table = module.Table;
  const log = data.logs[viewIndex] || [];
  const frame = {
    version: step, status: step === last && data.over ? "finished" : "playing",
    to_act: current.to_act, seats, view, result: data.result, events: [],
    log: log.filter((e) => e.index < current.history_length),
  };
  // The position right after the event at ``index`` of the story (for a click on it).
  const stepAfter = (index) => {
    const found = data.steps.findIndex((s) => s.history_length > index);
    return found < 0 ? last : found;
  };
  return html`
    <div class=${cx("table-page replay", `game-${data.game.name}`)} style=${`--accent:${accent(data.game.name)}`}>
      <header class="table-head">
        <a class="back" href="/">← Lobby</a>
        <h1>${data.game.title} — replay</h1>
        <p class="status">Position ${step} of ${last}${step === last && data.over ? " — the end" : ""}${!data.over ? " (unfinished game)" : ""}</p>
        <div class="tools">
          <label>See as
            <select value=${seat === null ? "" : String(seat)} aria-label="See the game as"
                    onChange=${(e) => setSeat(e.target.value === "" ? null : Number(e.target.value))}>
              <option value="">spectator</option>
              ${data.names.map((n, s) => html`<option value=${s}>${n}</option>`)}
            </select>
          </label>
        </div>
      </header>
      <div class="replay-controls" role="toolbar" aria-label="Replay controls">
        <button onClick=${() => setStep(0)} disabled=${step === 0} aria-label="First position">|◀</button>
        <button onClick=${() => setStep(Math.max(0, step - 1))} disabled=${step === 0} aria-label="Back one move">◀</button>
        <input type="range" min="0" max=${last} value=${step} aria-label="Jump to a move"
               onInput=${(e) => setStep(Number(e.target.value))} />
        <button onClick=${() => setStep(Math.min(last, step + 1))} disabled=${step === last} aria-label="Forward one move">▶</button>
        <button onClick=${() => setStep(last)} disabled=${step === last} aria-label="Last position">▶|</button>
        <span class="next-move">${next ? html`Next, ${seatName(seats, next.seat)}: <b>${next.text}</b>` : "No more moves."}</span>
      </div>
      <main class="board">
        <${Table} key=${`${viewIndex}`} frame=${frame} view=${view} seat=${seat} legal=${[]} act=${async () => ({})}
          busy=${false} hint=${null} seats=${seats} toast=${() => {}} settings=${{ animations: false }} readOnly=${true}
          preview=${async () => ({ type: "error", code: "read-only" })} game=${data.game} />
      </main>
      <section class="log replay-moves" aria-label="What happened">
        <h3>What happened</h3>
        <ol>
          ${log.map((e) => html`
            <li key=${e.index} class=${cx(e.index < current.history_length ? "past" : "future",
                                           e.index === current.history_length - 1 && "active")}>
              <button onClick=${() => setStep(stepAfter(e.index))}>${e.text}</button></li>`)}
        </ol>
      </section>
      ${step === last && data.over && html`
        <section class="replay-result">
          <h3>Result</h3>
          ${(data.result_text || []).map((line) => html`<p>${line}</p>`)}
          ${module.Result && html`<${module.Result} result=${data.result} view=${view} seats=${seats} mySeat=${seat} />`}
        </section>`}
    </div>`;
}
