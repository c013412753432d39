// @ts-check
// The table's sounds: the viewer's turn, a tile played, a chicken foot (a double played: a new
// foot) and a round's end. Off unless the person turns them on (remembered in this browser);
// tones made in code, with WebAudio, never before the person has touched the page.

/**
 * @typedef {import("./types/protocol").Snapshot} View
 * @typedef {import("./types/protocol").EventFrame["event"]} Event
 * @typedef {"turn" | "play" | "foot" | "round-end"} Cue
 */

const KEY = "chickenfoot.sound";

/** @type {Record<Cue, [number, number][]>} each note: its pitch (Hz) and its start (s) */
const NOTES = {
  turn: [
    [660, 0],
    [880, 0.12],
  ],
  play: [[330, 0]],
  foot: [
    [523, 0],
    [659, 0.09],
    [784, 0.18],
  ],
  "round-end": [
    [784, 0],
    [659, 0.15],
    [523, 0.3],
    [392, 0.45],
  ],
};

export const soundOn = () => localStorage.getItem(KEY) === "on";

/** @param {boolean} on */
export function setSound(on) {
  localStorage.setItem(KEY, on ? "on" : "off");
  if (on) unlock();
}

/**
 * What is heard for `event`, which took the table from `before` to `after`.
 * @param {Event} event
 * @param {View} before
 * @param {View} after
 * @returns {Cue[]}
 */
export function cuesOf(event, before, after) {
  /** @type {Cue[]} */
  const cues = [];
  if (event.kind === "round-end") cues.push("round-end");
  if (event.kind === "action" && event.placed) {
    const foot = after.public?.foot;
    cues.push(foot && foot.id === event.placed.id ? "foot" : "play");
  }
  const mine = (/** @type {View} */ view) => !view.end && (view.legal?.length ?? 0) > 0;
  if (mine(after) && !mine(before)) cues.push("turn");
  return cues;
}

/** @type {AudioContext | null} */
let context = null;

// A page may make no sound before a gesture of its person: the context is made on one.
function unlock() {
  context ??= new AudioContext();
  if (context.state === "suspended") context.resume();
}

export function listen() {
  const gesture = () => {
    if (soundOn()) unlock();
  };
  document.addEventListener("pointerdown", gesture, { capture: true });
  document.addEventListener("keydown", gesture, { capture: true });
}

/** @param {Cue[]} cues */
export function play(cues) {
  if (!cues.length || !soundOn() || !context) return;
  let at = context.currentTime + 0.02;
  for (const cue of cues) {
    for (const [pitch, start] of NOTES[cue]) tone(context, pitch, at + start);
    at += NOTES[cue][NOTES[cue].length - 1][1] + 0.2;
    document.dispatchEvent(new CustomEvent("chickenfoot:cue", { detail: cue }));
  }
}

/**
 * @param {AudioContext} audio
 * @param {number} pitch
 * @param {number} at
 */
function tone(audio, pitch, at) {
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.type = "triangle";
  osc.frequency.value = pitch;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.2, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.16);
  osc.connect(gain).connect(audio.destination);
  osc.start(at);
  osc.stop(at + 0.18);
}
