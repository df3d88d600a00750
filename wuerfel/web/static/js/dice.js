// Dice as CSS 3D cubes. The server chooses the faces; the browser only turns each cube so that face ends up in front.
// Opposite faces sum to 7: 1 front, 6 back, 3 right, 4 left, 2 top, 5 bottom (see .die .fN in wuerfel.css).

import {t} from "./i18n.js";

const FACE_ROT = {1: [0, 0], 6: [0, 180], 3: [0, -90], 4: [0, 90], 2: [-90, 0], 5: [90, 0]};
export const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Face labels for dice that are not pips (poker dice: 9 10 B D K A): `own` when a caller gives them (the generic
 * table, from a dice component's `face`), else those a game's template set; else null (pips). */
export function faceLabels(own = null) {
  const f = own || window.DICE_FACES;
  return Array.isArray(f) && f.length === 6 ? f : null;
}

/** What a screen reader says for a die: its face (the letter of a poker die) — the state is aria-pressed. */
function dieLabel(value, own = null) {
  const labels = faceLabels(own);
  return t("die_face", {face: labels ? labels[value - 1] : String(value)});
}

function face(n, own = null) {
  const f = document.createElement("div");
  f.className = `face f${n}`;
  const labels = faceLabels(own);
  if (labels) {
    const l = document.createElement("span");
    l.className = "flabel" + (n === 6 ? " ace" : "");
    l.textContent = labels[n - 1];
    f.appendChild(l);
    return f;
  }
  for (let i = 1; i <= 9; i++) {
    const p = document.createElement("span");
    p.className = `pip p${i}`;
    f.appendChild(p);
  }
  return f;
}

/** A die element showing `value` (1–6; anything else is shown as a plain label). `clickable` makes it a button. */
export function makeDie(value, {clickable = false, title = "", faces = null} = {}) {
  const el = document.createElement(clickable ? "button" : "div");
  el.className = "die";
  el.faces = faces;
  if (clickable) { el.type = "button"; el.setAttribute("aria-pressed", "false"); } else el.setAttribute("role", "img");
  if (title) el.title = title;
  el.dataset.face = String(value);
  if (Number.isInteger(value) && value >= 1 && value <= 6) {
    const cube = document.createElement("div");
    cube.className = "cube";
    for (const n of [1, 2, 3, 4, 5, 6]) cube.appendChild(face(n, faces));
    el.appendChild(cube);
    el.setAttribute("aria-label", dieLabel(value, faces));
    turn(el, value, false);
  } else {
    const lab = document.createElement("span");
    lab.className = "label";
    lab.textContent = String(value);
    el.appendChild(lab);
    el.setAttribute("aria-label", String(value));
  }
  return el;
}

let spinCounter = 0;

/** Turn a die's cube to show `value`; with `animate` it tumbles a few times first and lands on that face. */
export function turn(el, value, animate = true) {
  const cube = el.querySelector(".cube");
  if (!cube) return;
  const [x, y] = FACE_ROT[value] || [0, 0];
  el.dataset.face = String(value);
  el.setAttribute("aria-label", dieLabel(value, el.faces));
  if (!animate || reducedMotion()) {
    cube.style.transition = "none";
    cube.style.transform = `rotateX(${x}deg) rotateY(${y}deg)`;
    void cube.offsetWidth;  // commit the jump before transitions are allowed again
    cube.style.transition = "";
    el.dataset.spins = "0";
    return;
  }
  // Full turns are added on top of the target so the cube visibly tumbles; alternate the sign so every throw moves.
  spinCounter += 1;
  const k = (spinCounter % 2 ? 1 : -1) * (2 + (spinCounter % 3));
  cube.style.transform = `rotateX(${x + 360 * k}deg) rotateY(${y - 360 * k}deg) rotateZ(${(spinCounter % 2) * 360}deg)`;
  el.classList.remove("thrown");
  void el.offsetWidth;
  el.classList.add("thrown");
}

/** The positions of `values` that show the dice of `thrown` (a multiset of faces): the views sort kept and new dice
 * together, so a thrown face is matched to one die showing it (which of equal faces tumbles cannot be told apart). */
export function thrownPositions(values, thrown) {
  const out = new Array(values.length).fill(false);
  for (const f of thrown || []) {
    for (let i = values.length - 1; i >= 0; i--) {
      if (!out[i] && values[i] === f) { out[i] = true; break; }
    }
  }
  return out;
}

const animated = new Map();  // "slot|throw id" → when its tumble started: a redraw of the same throw never starts anew
const TUMBLE_MS = 900;

/** Render `values` into `container`. A die tumbles only when the server threw it: `thrown` is the throw that arrived
 * with the current message (`ctx.thrown`: {id, dice}, null when the message threw nothing), and only the dice of that
 * throw tumble, once per `slot`: a redraw of the same message while they tumble carries the tumble on where it is,
 * a later one shows them at rest. Dice that were kept, set aside or left lying are never animated; deciding from the
 * message's events, not from what changed on screen, is what keeps a stake or a set-aside from making old dice
 * tumble again. */
export function renderDice(container, values, {thrown = null, slot = "", clickable = false, onClick = null,
  faces = null} = {}) {
  container.replaceChildren();
  const els = values.map((v, i) => {
    const d = makeDie(v, {clickable, faces});
    d.dataset.index = String(i);
    if (clickable && onClick) d.addEventListener("click", () => onClick(i, d));
    container.appendChild(d);
    return d;
  });
  if (!thrown) return els;
  const once = `${slot || container.id || "tray"}|${thrown.id}`;
  const now = performance.now();
  if (!animated.has(once)) animated.set(once, now);
  if (animated.size > 200) animated.delete(animated.keys().next().value);
  const elapsed = now - animated.get(once);
  if (elapsed >= TUMBLE_MS) return els;
  const mask = thrownPositions(values, thrown.dice);
  const moving = els.filter((_, i) => mask[i]);
  moving.forEach((d) => { d.dataset.thrown = "1"; });
  if (reducedMotion() || !moving.length) return els;
  // Start from a random-looking orientation, then turn to the chosen face on the next frame (a redraw joins in the
  // middle: negative delays put the new cubes where the replaced ones were).
  moving.forEach((d, i) => {
    const cube = d.querySelector(".cube");
    if (!cube) return;
    cube.style.transition = "none";
    cube.style.transform = `rotateX(${90 * ((i * 7) % 5)}deg) rotateY(${90 * ((i * 3) % 4)}deg)`;
  });
  requestAnimationFrame(() => requestAnimationFrame(() => moving.forEach((d) => {
    const cube = d.querySelector(".cube");
    if (!cube) return;
    cube.style.transition = "";
    if (elapsed > 0) { cube.style.transitionDelay = `${-elapsed}ms`; cube.style.animationDelay = `${-elapsed}ms`; }
    turn(d, +d.dataset.face, true);
  })));
  return els;
}

/** Mark a tappable die chosen or not, for the eye (raised, outlined) and for a screen reader (aria-pressed). */
export function setSelected(d, on) {
  d.classList.toggle("selected", on);
  if (d.tagName === "BUTTON") d.setAttribute("aria-pressed", on ? "true" : "false");
}
