// The generic table: works for every game from its view alone — dice, turn, legal actions as buttons.
// A game's own renderer (games/<id>.js) exports the same `render(root, ctx)` and may reuse the helpers below.
import {renderDice, setSelected} from "../dice.js";

const DICE_KEYS = ["throw", "roll", "dice", "last_throw", "last_roll", "current"];
const NOT_DICE = ["scores", "to_move", "winners", "players"];

/** True for an array that looks like dice faces. */
export function isDice(v) {
  return Array.isArray(v) && v.length > 0 && v.length <= 12 && v.every((x) => Number.isInteger(x) && x >= 1 && x <= 6);
}

/** The dice to show on the felt: the view's own dice field if it has one, else the last throw from the events. */
export function mainDice(ctx) {
  const v = ctx.view || {};
  for (const k of DICE_KEYS) if (isDice(v[k])) return {key: k, dice: v[k]};
  for (const [k, val] of Object.entries(v)) if (!NOT_DICE.includes(k) && /dice|throw|roll|wurf/i.test(k) && isDice(val)) return {key: k, dice: val};
  if (ctx.lastRoll) return {key: `seq${ctx.lastRollSeq}`, dice: ctx.lastRoll};
  return null;
}

export function el(tag, cls = "", text = "") {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== "") e.textContent = text;
  return e;
}

/** The legal actions as buttons; groups by seat when the player holds several seats that may act. */
export function actionButtons(ctx, entries, {primaryKinds = []} = {}) {
  // Many moves (stakes on every number …) become small chips so the table stays readable on a phone.
  const compact = entries.length > 12;
  const wrap = el("div", compact ? "choices" : "actions");
  for (const entry of entries) {
    const b = el("button", "btn" + (compact ? " choice" : "") + (primaryKinds.includes(entry.action.kind) ? " primary" : ""),
      entry.label);
    b.type = "button";
    b.dataset.kind = entry.action.kind;
    b.dataset.action = JSON.stringify(entry.action);
    if (ctx.mySeats.length > 1 && ctx.names[entry.seat]) b.title = ctx.names[entry.seat];
    b.disabled = ctx.pending;
    b.addEventListener("click", () => ctx.send(entry));
    wrap.appendChild(b);
  }
  return wrap;
}

function scalarFacts(view) {
  const out = [];
  for (const [k, v] of Object.entries(view || {})) {
    if (["game", "to_move", "scores", "player", "actors"].includes(k)) continue;
    if (["string", "number", "boolean"].includes(typeof v)) out.push([k, String(v)]);
  }
  return out;
}

function isSubMultiset(small, big) {
  const left = [...big];
  for (const d of small) { const i = left.indexOf(d); if (i < 0) return false; left.splice(i, 1); }
  return true;
}

function sameMultiset(a, b) {
  return a.length === b.length && isSubMultiset(a, b);
}

/** Actions that choose some of the shown dice (keep, set aside …): the player taps dice instead of reading a list. */
export function diceChoices(legal, dice) {
  return legal.filter((e) => Array.isArray(e.action.dice) && e.action.dice.every(Number.isInteger) &&
    isSubMultiset(e.action.dice, dice));
}

const picks = new Map();  // button id → {sig, set}: the dice tapped since this throw was shown

/** Dice the player taps, and one button that carries the legal move choosing exactly the tapped dice (keep, set
 * aside …). Shared by the generic table and the games' own tables. `choices`: the legal entries with `action.dice`
 * (none: the dice are shown, not tappable); `label`: the button's text while no move matches (null: the button keeps
 * its text and shows the move in its title). The taps survive redraws of the same throw. Only the dice the message
 * threw tumble (`ctx.thrown`). Returns the dice elements. */
export function pickDice(ctx, tray, dice, choices, btn, {label}) {
  const sig = `${ctx.msg.seq}|${dice.join(",")}`;
  let st = picks.get(btn.id);
  if (!st || st.sig !== sig) { st = {sig, set: new Set()}; picks.set(btn.id, st); }
  const picked = st.set;
  const canPick = choices.length > 0;
  const update = () => {
    const chosen = [...picked].map((i) => dice[i]);
    const match = choices.find((e) => sameMultiset(e.action.dice, chosen));
    btn.disabled = ctx.pending || !match;
    if (label !== null) btn.textContent = match ? match.label : label;
    else if (match) btn.title = match.label;
    if (match) btn.dataset.action = JSON.stringify(match.action); else delete btn.dataset.action;
    btn.onclick = match ? () => ctx.send(match) : null;
  };
  const els = renderDice(tray, dice, {thrown: ctx.thrown, clickable: canPick, onClick: (i, d) => {
    if (picked.has(i)) picked.delete(i); else picked.add(i);
    setSelected(d, picked.has(i));
    update();
  }});
  els.forEach((d, i) => { if (canPick) d.classList.add("selectable"); setSelected(d, picked.has(i)); });
  if (canPick) update();
  return els;
}

export function render(root, ctx) {
  root.replaceChildren();
  const md = mainDice(ctx);
  const tray = el("div", "tray");
  tray.id = "tray";
  root.appendChild(tray);
  const choices = md ? diceChoices(ctx.legal, md.dice) : [];
  let legal = ctx.legal;
  let pickRow = null;
  if (md && choices.length > 3) {
    // Many dice choices: tap the dice, one button carries the matching move (its label says what it does).
    legal = ctx.legal.filter((e) => !choices.includes(e));
    pickRow = el("div", "actions");
    const btn = el("button", "btn primary");
    btn.type = "button";
    btn.id = "dice-move";
    pickRow.appendChild(btn);
    pickDice(ctx, tray, md.dice, choices, btn, {label: ctx.t("pick_dice")});
  } else if (md) {
    renderDice(tray, md.dice, {thrown: ctx.thrown});
  } else {
    tray.remove();  // no dice to show: no empty space either
  }
  if (pickRow) root.appendChild(pickRow);
  const facts = scalarFacts(ctx.view);
  if (facts.length) {
    const dl = el("dl", "kv");
    dl.style.color = "inherit";
    for (const [k, v] of facts) { dl.append(el("dt", "", k), el("dd", "", v)); }
    const box = el("div", "turninfo");
    box.appendChild(dl);
    root.appendChild(box);
  }
  root.appendChild(actionButtons(ctx, legal));
}
