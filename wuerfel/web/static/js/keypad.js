// Scorekeeper entry (real dice): whatever a chance node asks for can be tapped in — the faces that fell (pips or
// poker letters, any number of dice, beside the dice that stand), one of a list of choices (the lot: who begins), a
// special outcome (a void throw, a cup left covered), or as a last resort the outcome typed as text.
// Faces are only sent after "Enter": the record is append-only, so a mistyped throw must be caught before it is sent.
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

function faceText(faces) {
  const labels = faceLabels();
  return faces.map((f) => (labels ? labels[f - 1] : String(f))).join(" ");
}

function button(text, cls, onClick, disabled) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = text;
  b.disabled = disabled;
  b.addEventListener("click", onClick);
  return b;
}

/** What the person at the table is asked: whose throw, how many dice (or "what fell" for a choice). */
export function keypadPrompt(manual, names, t) {
  const who = manual.thrower !== null && manual.thrower !== undefined ? names[manual.thrower] : null;
  if (manual.dice > 0) return who ? t("sk_tap_faces_of", {n: manual.dice, name: who}) : t("tap_faces", {n: manual.dice});
  return t("sk_tap_choice");
}

export function renderKeypad(root, manual, opts) {
  const {onFaces, onSpecial, t, pending} = opts;
  const names = opts.names || [];
  const key = JSON.stringify(manual);
  if (key !== lastKey) { entered = []; lastKey = key; }
  const again = (focus) => {
    renderKeypad(root, manual, opts);
    if (focus) { const b = root.querySelector(focus); if (b && !b.disabled) b.focus(); }
  };
  root.replaceChildren();
  const head = document.createElement("div");
  head.className = "sub sk-prompt";
  head.id = "sk-prompt";
  head.textContent = keypadPrompt(manual, names, t);
  root.appendChild(head);

  const kept = manual.kept || [];
  if (manual.dice > 0) {
    // The dice that stand (kept before this rethrow) lead the row, then one slot per die to enter: the whole hand.
    const entry = document.createElement("div");
    entry.className = "entry";
    entry.id = "entry";
    entry.setAttribute("aria-live", "polite");
    if (kept.length) {
      const k = document.createElement("span");
      k.className = "sk-kept";
      k.id = "sk-kept";
      const lab = document.createElement("span");
      lab.className = "sk-kept-label";
      lab.textContent = t("sk_standing");
      k.appendChild(lab);
      for (const f of kept) { const d = makeDie(f); d.classList.add("kept"); k.appendChild(d); }
      entry.appendChild(k);
    }
    for (let i = 0; i < manual.dice; i++) {
      if (i < entered.length) entry.appendChild(makeDie(entered[i]));
      else { const s = document.createElement("span"); s.className = "slot"; entry.appendChild(s); }
    }
    root.appendChild(entry);
    const full = entered.length >= manual.dice;
    const pad = document.createElement("div");
    pad.className = "keypad";
    for (let f = 1; f <= 6; f++) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "face-btn";
      b.dataset.face = String(f);
      b.setAttribute("aria-label", faceLabels() ? faceLabels()[f - 1] : String(f));
      pips(b, f);
      b.disabled = pending || full;
      b.addEventListener("click", () => {
        if (entered.length >= manual.dice) return;
        entered.push(f);
        again(entered.length >= manual.dice ? ".sk-confirm" : `.face-btn[data-face="${f}"]`);
      });
      pad.appendChild(b);
    }
    root.appendChild(pad);
    const row = document.createElement("div");
    row.className = "actions";
    row.appendChild(button(t("undo_face"), "btn ghost undo-face", () => { entered.pop(); again(".undo-face"); },
      pending || entered.length === 0));
    // Nothing leaves the phone before this tap: the throw can be checked and corrected first.
    const ok = button(full ? t("sk_confirm", {dice: faceText([...kept, ...entered])}) : t("sk_confirm_wait"),
      "btn primary sk-confirm", () => {
        if (entered.length !== manual.dice) return;
        const text = entered.join(" ");
        entered = [];
        lastKey = "";  // a refused entry starts over; an accepted one brings a new prompt anyway
        onFaces(text);
      }, pending || !full);
    row.appendChild(ok);
    for (const sp of manual.special || []) row.appendChild(special(sp));
    root.appendChild(row);
    return;
  }

  const row = document.createElement("div");
  row.className = "actions sk-choices";
  if (manual.choices && manual.choices.length) {
    for (const c of manual.choices) {
      const b = button(c.label, "btn choice", () => { entered = []; onSpecial(c.outcome); }, pending);
      b.dataset.outcome = JSON.stringify(c.outcome);
      row.appendChild(b);
    }
  } else {
    // A node with neither dice nor a short list: the game's own words, as the terminal would take them.
    const inp = document.createElement("input");
    inp.type = "text";
    inp.className = "sk-text";
    inp.setAttribute("aria-label", t("sk_tap_choice"));
    const go = button(t("sk_send"), "btn primary sk-send", () => { if (inp.value.trim()) onFaces(inp.value.trim()); }, pending);
    inp.addEventListener("keydown", (ev) => { if (ev.key === "Enter") go.click(); });
    row.append(inp, go);
  }
  for (const sp of manual.special || []) row.appendChild(special(sp));
  root.appendChild(row);

  function special(sp) {
    const b = button(sp.label, "btn special", () => { entered = []; onSpecial(sp.outcome); }, pending);
    b.dataset.outcome = JSON.stringify(sp.outcome);
    return b;
  }
}
