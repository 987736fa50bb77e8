// Optional sounds, made in the page with the Web Audio API (no audio files): a soft chime
// when it becomes your turn, a short click for a move, a little tune at the end. Off by
// default; the table's settings menu turns them on (remembered with the other settings).
import { loadSettings } from "gametable/ui.js";

let context = null;

function audio() {
  if (!context) {
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    context = new Context();
  }
  // A context made before the player touched the page starts suspended: resume it (it
  // works once the page has had a click or a key).
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

/** One note: frequency (Hz), start (s from now), length (s), loudness (0..1), wave. */
function note(ctx, frequency, start, length, loudness = 0.15, type = "sine") {
  const t0 = ctx.currentTime + start;
  const osc = ctx.createOscillator();
  const gain = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(frequency, t0);
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(loudness, t0 + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + length);
  osc.connect(gain).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + length + 0.05);
}

const SOUNDS = {
  // your turn: two rising notes
  turn: (ctx) => { note(ctx, 660, 0, 0.18); note(ctx, 880, 0.12, 0.28); },
  // a move on the table: one short, soft click
  move: (ctx) => { note(ctx, 420, 0, 0.08, 0.08, "triangle"); },
  // the end of the game: a little arpeggio
  end: (ctx) => { [523, 659, 784, 1047].forEach((f, i) => note(ctx, f, i * 0.13, 0.35, 0.12)); },
};

/** Play a sound ("turn", "move", "end") if the player turned sounds on. */
export function playSound(kind, settings = loadSettings()) {
  if (!settings.sounds || !SOUNDS[kind]) return false;
  const ctx = audio();
  if (!ctx) return false;
  SOUNDS[kind](ctx);
  return true;
}
