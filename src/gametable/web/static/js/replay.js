// The replay viewer: step through a finished game (from the server) or a record file, as
// any seat or as a spectator; every hand is open once the game is over.
import { html, useState, useEffect, useMemo, cx, seatName, SiteHead } from "gametable/ui.js";
import { t, number } from "gametable/i18n.js";
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
      if (file.size > 4 * 1024 * 1024) throw new Error(t("web.replay.too_large", { size: number(4) }));
      let data;
      try { data = JSON.parse(await file.text()); } catch { throw new Error(t("web.replay.not_json")); }
      onLoaded(await api.replayRecord(data));
    } catch (err) {
      setError(err.message);
    }
  }
  useEffect(() => { document.title = t("web.replay.pick_title"); }, []);
  return html`
    <${SiteHead} />
    <main class="replay-pick" id="main">
      <h1>${t("web.replay.pick_title")}</h1>
      <p>${t("web.replay.pick_text", { command: "gametable play --record" })}</p>
      <label class="file-label" for="record-file">${t("web.replay.file")}</label>
      <input id="record-file" type="file" accept=".json,application/json" onChange=${pick} />
      ${error && html`<p class="error" role="alert">${error}</p>`}
    </main>`;
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
  useEffect(() => {
    if (data) document.title = t("web.replay.doc_title", { game: data.game.title });
  }, [data]);

  if (error) {
    return html`<main class="page-error" id="main"><h1>${t("web.replay.cannot")}</h1><p>${error}</p>
      <a class="button" href="/replay">${t("web.replay.open_file")}</a> <a class="button" href="/">${t("web.table.lobby")}</a></main>`;
  }
  if (!data) return tableId ? html`<main id="main"><p class="boot" role="status">${t("web.replay.loading")}</p></main>` : html`<${Picker} onLoaded=${setData} />`;
  if (!module) return html`<main id="main"><p class="boot" role="status">${t("web.app.loading")}</p></main>`;
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
        <a class="back" href="/"><span aria-hidden="true">← </span>${t("web.table.lobby")}</a>
        <h1>${t("web.replay.title", { game: data.game.title })}</h1>
        <p class="status">${t(step === last && data.over ? "web.replay.position_end" : "web.replay.position", { step, last })}${!data.over ? ` ${t("web.replay.unfinished")}` : ""}</p>
        <div class="tools">
          <label for="replay-seat">${t("web.replay.see_as")}</label>
          <select id="replay-seat" value=${seat === null ? "" : String(seat)} aria-label=${t("web.replay.see_as_label")}
                  onChange=${(e) => setSeat(e.target.value === "" ? null : Number(e.target.value))}>
            <option value="">${t("web.replay.spectator")}</option>
            ${data.names.map((n, s) => html`<option value=${s}>${n}</option>`)}
          </select>
        </div>
      </header>
      <section class="replay-area" aria-label=${t("web.replay.controls")}>
      <div class="replay-controls" role="toolbar" aria-label=${t("web.replay.controls")}>
        <button onClick=${() => setStep(0)} disabled=${step === 0} aria-label=${t("web.replay.first")}>|◀</button>
        <button onClick=${() => setStep(Math.max(0, step - 1))} disabled=${step === 0} aria-label=${t("web.replay.back")}>◀</button>
        <input type="range" min="0" max=${last} value=${step} aria-label=${t("web.replay.jump")}
               aria-valuetext=${t("web.replay.position", { step, last })}
               onInput=${(e) => setStep(Number(e.target.value))} />
        <button onClick=${() => setStep(Math.min(last, step + 1))} disabled=${step === last} aria-label=${t("web.replay.forward")}>▶</button>
        <button onClick=${() => setStep(last)} disabled=${step === last} aria-label=${t("web.replay.last")}>▶|</button>
        <span class="next-move">${next ? t("web.replay.next", { name: seatName(seats, next.seat), move: next.text }) : t("web.replay.no_more")}</span>
      </div>
      </section>
      <main class="board" id="main" aria-label=${t("web.table.board", { game: data.game.title })}>
        <${Table} key=${`${viewIndex}`} frame=${frame} view=${view} seat=${seat} legal=${[]} act=${async () => ({})}
          busy=${false} hint=${null} seats=${seats} toast=${() => {}} settings=${{ animations: false }} readOnly=${true}
          preview=${async () => ({ type: "error", code: "read-only" })} game=${data.game} />
      </main>
      <section class="log replay-moves" aria-labelledby="replay-log-title">
        <h2 id="replay-log-title">${t("web.table.log")}</h2>
        <ol>
          ${log.map((e) => html`
            <li key=${e.index} class=${cx(e.index < current.history_length ? "past" : "future",
                                           e.index === current.history_length - 1 && "active")}>
              <button onClick=${() => setStep(stepAfter(e.index))}>${e.text}</button></li>`)}
        </ol>
      </section>
      ${step === last && data.over && html`
        <section class="replay-result" aria-labelledby="replay-result-title">
          <h2 id="replay-result-title">${t("web.replay.result")}</h2>
          ${(data.result_text || []).map((line) => html`<p>${line}</p>`)}
          ${module.Result && html`<${module.Result} result=${data.result} view=${view} seats=${seats} mySeat=${seat} />`}
        </section>`}
    </div>`;
}
