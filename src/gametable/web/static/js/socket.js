// One table's WebSocket: hello, state frames, decisions with acknowledgements, reconnection.
import { lang, t } from "gametable/i18n.js";

export class TableSocket {
  constructor(tableId, { token = null, name = null, onFrame, onStatus }) {
    this.tableId = tableId;
    this.token = token;
    this.name = name;
    this.onFrame = onFrame;
    this.onStatus = onStatus || (() => {});
    this.nextId = 1;
    this.waiting = new Map();
    this.closed = false;
    this.retry = 0;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`);
    this.ws = ws;
    this.onStatus("connecting");
    ws.onopen = () => {
      this.retry = 0;
      const hello = { type: "hello", lang: lang() };
      if (this.token) hello.token = this.token;
      if (this.name) hello.name = this.name;
      ws.send(JSON.stringify(hello));
      this.onStatus("open");
    };
    ws.onmessage = (event) => {
      let frame;
      try { frame = JSON.parse(event.data); } catch { return; }
      if (frame.ref !== undefined && frame.ref !== null && this.waiting.has(frame.ref)) {
        const { resolve } = this.waiting.get(frame.ref);
        this.waiting.delete(frame.ref);
        resolve(frame);
      }
      this.onFrame(frame);
    };
    ws.onclose = (event) => {
      for (const { resolve } of this.waiting.values()) {
        resolve({ type: "error", code: "disconnected", message: t("web.socket.lost") });
      }
      this.waiting.clear();
      if (this.closed) return;
      if (event.code === 4401 || event.code === 4404) {
        this.onStatus("refused");
        return;
      }
      this.onStatus("reconnecting");
      const delay = Math.min(8000, 300 * 2 ** this.retry++);
      setTimeout(() => { if (!this.closed) this.connect(); }, delay);
    };
  }

  /** Send a message and resolve with the server's answer to it (ack, error, hint …). */
  request(message) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
        resolve({ type: "error", code: "disconnected", message: t("web.socket.not_connected") });
        return;
      }
      this.waiting.set(id, { resolve });
      this.ws.send(JSON.stringify({ ...message, id }));
    });
  }

  close() {
    this.closed = true;
    if (this.ws) this.ws.close();
  }
}
