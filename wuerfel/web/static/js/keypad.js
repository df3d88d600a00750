// Scorekeeper entry: big face buttons to tap in the dice that fell at a real table; one tap for a void throw.
import {makeDie, faceLabels} from "./dice.js";

let entered = [];
let lastKey = "";

function pips(btn, f) {
  const labels = faceLabels();
  if (labels) {
    const l = document.createElement("span");
    l.className = "flabel";
    l.textContent = labels[f - 1];
    btn.appendChild(l);
    btn.setAttribute("aria-label", labels[f - 1]);
    return;
  }
  for (let i = 1; i <= 9; i++) { const p = document.createElement("span"); p.className = `pip p${i}`; btn.appendChild(p); }
}

export function renderKeypad(root, manual, {onFaces, onSpecial, t, pending}) {
  const key = JSON.stringify(manual);
  if (key !== lastKey) { entered = []; lastKey = key; }
  root.replaceChildren();
  const head = document.createElement("div");
  head.className = "sub";
  head.style.textAlign = "center";
  head.textContent = t("tap_faces", {n: manual.dice});
  root.appendChild(head);
  const entry = document.createElement("div");
  entry.className = "entry";
  entry.id = "entry";
  for (let i = 0; i < manual.dice; i++) {
    if (i < entered.length) entry.appendChild(makeDie(entered[i]));
    else { const s = document.createElement("span"); s.className = "slot"; entry.appendChild(s); }
  }
  root.appendChild(entry);
  const pad = document.createElement("div");
  pad.className = "keypad";
  for (let f = 1; f <= 6; f++) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "face-btn";
    b.dataset.face = String(f);
    b.setAttribute("aria-label", String(f));
    pips(b, f);
    b.disabled = pending || manual.dice <= 0;
    b.addEventListener("click", () => {
      if (entered.length >= manual.dice) return;
      entered.push(f);
      if (entered.length === manual.dice) {
        const text = entered.join(" ");
        onFaces(text);
        entered = [];
        lastKey = "";  // a refused entry starts over; an accepted one brings a new manual prompt anyway
      }
      renderKeypad(root, manual, {onFaces, onSpecial, t, pending: entered.length === 0 ? true : pending});
    });
    pad.appendChild(b);
  }
  root.appendChild(pad);
  const row = document.createElement("div");
  row.className = "actions";
  const back = document.createElement("button");
  back.type = "button";
  back.className = "btn ghost undo-face";
  back.textContent = t("undo_face");
  back.disabled = entered.length === 0;
  back.addEventListener("click", () => { entered.pop(); renderKeypad(root, manual, {onFaces, onSpecial, t, pending}); });
  row.appendChild(back);
  for (const sp of manual.special || []) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "btn special";
    b.textContent = sp.label;
    b.dataset.outcome = JSON.stringify(sp.outcome);
    b.disabled = pending;
    b.addEventListener("click", () => { entered = []; onSpecial(sp.outcome); });
    row.appendChild(b);
  }
  root.appendChild(row);
}
