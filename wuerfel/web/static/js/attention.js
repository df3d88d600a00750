// "Du bist am Zug" outside the page (protocol 6): the favicon gets a red dot while it is your move, and an optional
// short tone sounds when it becomes your move. The tone is made with WebAudio (no downloaded sound file); whether it
// sounds is a setting of this browser (localStorage), off until the player switches it on.

const SOUND_KEY = "wuerfel.sound";
const plain = document.querySelector("link[rel='icon']");
const plainHref = plain ? plain.getAttribute("href") : "/static/favicon.svg";
let dotHref = null;
let audio = null;
export const attention = {tones: 0, mine: false};
window.wuerfelAttention = attention;  // for tests: how many tones were played, and whether the favicon says "you"

/** The site's die drawn on a canvas, with a red dot in the corner: the tab strip says it is your move. */
function dotIcon() {
  if (dotHref) return dotHref;
  const c = document.createElement("canvas");
  c.width = c.height = 32;
  const g = c.getContext("2d");
  g.fillStyle = "#3b6e4f";
  g.beginPath();
  if (g.roundRect) g.roundRect(2, 2, 28, 28, 6); else g.rect(2, 2, 28, 28);
  g.fill();
  g.fillStyle = "#fff";
  for (const [x, y] of [[10, 10], [16, 16], [22, 22]]) { g.beginPath(); g.arc(x, y, 3, 0, 2 * Math.PI); g.fill(); }
  g.fillStyle = "#d62828";
  g.strokeStyle = "#fff";
  g.lineWidth = 2;
  g.beginPath();
  g.arc(24, 8, 7, 0, 2 * Math.PI);
  g.fill();
  g.stroke();
  dotHref = c.toDataURL("image/png");
  return dotHref;
}

function setIcon(href) {
  let link = document.querySelector("link[rel='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  if (link.getAttribute("href") === href) return;
  link.setAttribute("href", href);
  link.setAttribute("type", href.startsWith("data:") ? "image/png" : "image/svg+xml");
}

export function soundOn() {
  try { return localStorage.getItem(SOUND_KEY) === "on"; } catch { return false; }
}

export function setSound(on) {
  try { localStorage.setItem(SOUND_KEY, on ? "on" : "off"); } catch { /* private mode: the setting lasts the page */ }
  if (on) ensureAudio();
}

function ensureAudio() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  if (!Ctx) return null;
  if (!audio) audio = new Ctx();
  if (audio.state === "suspended") audio.resume().catch(() => {});
  return audio;
}

/** A short two-note chime (about a quarter of a second), quiet enough not to startle. */
export function tone() {
  attention.tones += 1;
  const ctx = ensureAudio();
  if (!ctx) return;
  const now = ctx.currentTime;
  for (const [freq, at] of [[660, 0], [880, 0.12]]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "sine";
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, now + at);
    gain.gain.exponentialRampToValueAtTime(0.2, now + at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.12);
    osc.connect(gain).connect(ctx.destination);
    osc.start(now + at);
    osc.stop(now + at + 0.13);
  }
}

/** Say whether it is this player's move now; the tone sounds only when it *becomes* his move (and is wanted). */
export function yourMove(mine) {
  setIcon(mine ? dotIcon() : plainHref);
  document.body.dataset.favicon = mine ? "move" : "idle";
  if (mine && !attention.mine && soundOn()) tone();
  attention.mine = mine;
}

/** Wire a "Ton" checkbox to the stored setting. */
export function initSoundToggle(box) {
  if (!box) return;
  box.checked = soundOn();
  box.addEventListener("change", () => setSound(box.checked));
}
