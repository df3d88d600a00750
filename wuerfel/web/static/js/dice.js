// Dice as CSS 3D cubes. The server chooses the faces; the browser only turns each cube so that face ends up in front.
// Opposite faces sum to 7: 1 front, 6 back, 3 right, 4 left, 2 top, 5 bottom (see .die .fN in wuerfel.css).

const FACE_ROT = {1: [0, 0], 6: [0, 180], 3: [0, -90], 4: [0, 90], 2: [-90, 0], 5: [90, 0]};
export const reducedMotion = () => window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Face labels for dice that are not pips (poker dice: 9 10 B D K A), set by a game's template; else null. */
export function faceLabels() {
  const f = window.DICE_FACES;
  return Array.isArray(f) && f.length === 6 ? f : null;
}

function face(n) {
  const f = document.createElement("div");
  f.className = `face f${n}`;
  const labels = faceLabels();
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
export function makeDie(value, {clickable = false, title = ""} = {}) {
  const el = document.createElement(clickable ? "button" : "div");
  el.className = "die";
  if (clickable) el.type = "button";
  if (title) el.title = title;
  el.dataset.face = String(value);
  if (Number.isInteger(value) && value >= 1 && value <= 6) {
    const cube = document.createElement("div");
    cube.className = "cube";
    for (const n of [1, 2, 3, 4, 5, 6]) cube.appendChild(face(n));
    el.appendChild(cube);
    el.setAttribute("aria-label", faceLabels() ? faceLabels()[value - 1] : String(value));
    turn(el, value, false);
  } else {
    const lab = document.createElement("span");
    lab.className = "label";
    lab.textContent = String(value);
    el.appendChild(lab);
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
  el.setAttribute("aria-label", faceLabels() ? faceLabels()[value - 1] : String(value));
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

/** Render `values` into `container`, animating when the dice changed since the last call (a new throw). */
export function renderDice(container, values, {animate = true, clickable = false, onClick = null, key = ""} = {}) {
  const sig = key + "|" + values.join(",");
  const changed = container.dataset.sig !== sig;
  container.dataset.sig = sig;
  container.replaceChildren();
  const els = values.map((v, i) => {
    const d = makeDie(v, {clickable});
    d.dataset.index = String(i);
    if (clickable && onClick) d.addEventListener("click", () => onClick(i, d));
    container.appendChild(d);
    return d;
  });
  if (changed && animate && !reducedMotion()) {
    // Start from a random-looking orientation, then turn to the chosen face on the next frame.
    els.forEach((d, i) => {
      const cube = d.querySelector(".cube");
      if (!cube) return;
      cube.style.transition = "none";
      cube.style.transform = `rotateX(${90 * ((i * 7) % 5)}deg) rotateY(${90 * ((i * 3) % 4)}deg)`;
    });
    requestAnimationFrame(() => requestAnimationFrame(() => els.forEach((d, i) => {
      const cube = d.querySelector(".cube");
      if (cube) cube.style.transition = "";
      turn(d, values[i], true);
    })));
  }
  return els;
}
