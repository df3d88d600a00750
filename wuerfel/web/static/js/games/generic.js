// The generic table: draws any game from its table components alone (docs/protocol.md "components": dice, sheet,
// tracks, counter, chips, stake board, seats, message — already translated by the server), with the legal moves as
// buttons. It knows no game: no rule, no name of a hand, no layout of a board lives here.
// A game's own renderer (games/<id>.js) exports the same `render(root, ctx)` and may reuse the helpers below.
import {renderDice, setSelected} from "../dice.js";

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
export function pickDice(ctx, tray, dice, choices, btn, {label, faces = null, kept = []}) {
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
  const els = renderDice(tray, dice, {thrown: ctx.thrown, clickable: canPick, faces, onClick: (i, d) => {
    if (picked.has(i)) picked.delete(i); else picked.add(i);
    setSelected(d, picked.has(i));
    update();
  }});
  els.forEach((d, i) => {
    if (canPick) d.classList.add("selectable");
    if (kept.includes(i)) d.classList.add("kept");
    setSelected(d, picked.has(i));
  });
  if (canPick) update();
  return els;
}

/** A value of a parameterised action field: `{min, max}` (docs/protocol.md "legal"). */
function isAmount(v) {
  return v && typeof v === "object" && !Array.isArray(v) && Number.isInteger(v.min) && Number.isInteger(v.max);
}

/** A move with an amount: a number field within its bounds and the move's button, which sends the chosen amount. */
export function amountMove(ctx, entry, index) {
  const [field] = Object.entries(entry.action).find(([, v]) => isAmount(v));
  const {min, max} = entry.action[field];
  const row = el("div", "actions cmp-amount");
  const input = el("input", "cmp-amount-input");
  input.type = "number";
  input.min = String(min);
  input.max = String(max);
  input.step = "1";
  input.inputMode = "numeric";
  input.value = String(min);
  input.id = `amount-${index}`;
  input.setAttribute("aria-label", ctx.t("option_range", {min: ctx.fmt(min), max: ctx.fmt(max)}));
  const b = el("button", "btn", entry.label);
  b.type = "button";
  b.dataset.kind = entry.action.kind;
  b.dataset.action = JSON.stringify(entry.action);
  b.disabled = ctx.pending;
  b.addEventListener("click", () => {
    const v = Number(input.value);
    if (!(Number.isInteger(v) && v >= min && v <= max)) {
      ctx.showNotice(ctx.t("option_range", {min: ctx.fmt(min), max: ctx.fmt(max)}));
      return;
    }
    ctx.send({seat: entry.seat, action: {...entry.action, [field]: v}, label: entry.label});
  });
  row.append(input, b);
  return row;
}

const cellText = (ctx, v) => (v === null || v === undefined ? "" : ctx.fmt(v));

function seatLabel(ctx, seat) {
  return ctx.names[seat] || String(seat + 1);
}

function box(c, i, tag = "div") {
  const b = el(tag, `cmp cmp-${c.kind}`);
  b.id = `cmp-${i}`;
  b.dataset.kind = c.kind;
  return b;
}

function heading(ctx, c, seat = null) {
  const parts = [];
  if (seat !== null && seat !== undefined) parts.push(seatLabel(ctx, seat));
  if (c.label) parts.push(c.label);
  return parts.length ? el("div", "cmp-label", parts.join(" · ")) : null;
}

function drawSeats(ctx, c, i) {
  const b = box(c, i);
  const h = heading(ctx, c);
  if (h) b.appendChild(h);
  if (c.lower_is_better) b.appendChild(el("div", "cmp-label", ctx.t("lower_is_better")));
  const ul = el("ul", "cmp-seat-list");
  for (const s of c.seats) {
    const li = el("li", "cmp-seat");
    li.dataset.seat = String(s.seat);
    li.classList.toggle("active", !!s.active);
    li.classList.toggle("finished", !!s.finished);
    li.classList.toggle("me", ctx.mySeats.includes(s.seat));
    li.appendChild(el("span", "who", seatLabel(ctx, s.seat)));
    if (s.role) li.appendChild(el("span", "role badge", s.role));
    if (s.note) li.appendChild(el("span", "note", s.note));
    li.appendChild(el("b", "num", s.score === null || s.score === undefined ? "" : ctx.fmt(s.score)));
    ul.appendChild(li);
  }
  b.appendChild(ul);
  return b;
}

function drawDice(ctx, c, i, pick) {
  const b = box(c, i);
  const h = heading(ctx, c, c.seat);
  if (h) b.appendChild(h);
  const tray = el("div", "tray");
  tray.id = `tray-${i}`;
  const faces = c.face === "poker" ? ctx.t("poker_faces").split("|") : null;
  // Only dice the server just threw tumble: the component says these fell, the message's events say a throw came.
  const thrown = c.thrown ? ctx.thrown : null;
  if (pick) {
    pickDice({...ctx, thrown}, tray, c.values, pick.choices, pick.button, {label: ctx.t("pick_dice"), faces,
      kept: c.kept});
  } else {
    const els = renderDice(tray, c.values, {thrown, faces, slot: tray.id});
    els.forEach((d, k) => { if (c.kept.includes(k)) d.classList.add("kept"); });
  }
  for (let k = 0; k < (c.hidden || 0); k++) {
    const cup = el("div", "die cup");
    cup.setAttribute("role", "img");
    cup.setAttribute("aria-label", ctx.t("hidden"));
    tray.appendChild(cup);
  }
  b.appendChild(tray);
  return b;
}

function drawSheet(ctx, c, i) {
  const b = box(c, i);
  const h = heading(ctx, c);
  if (h) b.appendChild(h);
  const wrap = el("div", "sheet-wrap");
  const table = el("table", "sheet");
  const head = el("tr");
  head.appendChild(el("th", "", ""));
  c.columns.forEach((col, k) => {
    const seat = c.column_seats[k];
    const who = seat !== null && seat !== undefined ? seatLabel(ctx, seat) : "";
    const th = el("th", "", [who, col || ""].filter((x) => x).join(" "));
    if (seat !== null && seat !== undefined && ctx.mySeats.includes(seat)) th.classList.add("me");
    head.appendChild(th);
  });
  table.appendChild(head);
  for (const r of c.rows) {
    const tr = el("tr", r.total ? "sum" : "");
    tr.appendChild(el("td", "box", r.label || ""));
    r.cells.forEach((v, k) => {
      const empty = v === null || v === undefined;
      const opt = empty && r.options && r.options.length ? r.options[k] : null;
      // An open box shows what the dice would score there (the game computes it), as a suggestion.
      if (opt !== null && opt !== undefined) tr.appendChild(el("td", "cand" + (opt === 0 ? " zero" : ""), cellText(ctx, opt)));
      else tr.appendChild(el("td", empty ? "" : "filled", cellText(ctx, v)));
    });
    table.appendChild(tr);
  }
  wrap.appendChild(table);
  b.appendChild(wrap);
  return b;
}

function drawTrack(ctx, c, i) {
  const b = box(c, i);
  const h = heading(ctx, c, c.seat);
  if (h) b.appendChild(h);
  const row = el("div", "cmp-track-row");
  c.numbers.forEach((n, k) => {
    const m = c.marks[k] || 0;
    const cell = el("span", "cmp-num" + (m ? " marked" : "") + (c.position === k ? " next" : ""), String(n));
    cell.dataset.marks = String(m);
    if (m > 1) cell.appendChild(el("sup", "", `×${m}`));
    row.appendChild(cell);
  });
  b.appendChild(row);
  return b;
}

function drawCounter(ctx, c, i) {
  const b = box(c, i);
  const big = el("div", "big", c.target === null || c.target === undefined ? ctx.fmt(c.value)
    : `${ctx.fmt(c.value)} / ${ctx.fmt(c.target)}`);
  b.append(big, el("div", "lbl", c.label || ""));
  return b;
}

function drawChips(ctx, c, i) {
  const b = box(c, i);
  const h = heading(ctx, c);
  if (h) b.appendChild(h);
  const ul = el("ul", "cmp-seat-list");
  c.seats.forEach((n, s) => {
    const li = el("li", "cmp-seat" + (ctx.mySeats.includes(s) ? " me" : ""));
    li.dataset.seat = String(s);
    li.append(el("span", "who", seatLabel(ctx, s)), el("b", "num", ctx.fmt(n)));
    ul.appendChild(li);
  });
  if (c.pot !== null && c.pot !== undefined) {
    const li = el("li", "cmp-seat pot");
    li.append(el("span", "who", ctx.t("pot")), el("b", "num", ctx.fmt(c.pot)));
    ul.appendChild(li);
  }
  b.appendChild(ul);
  return b;
}

/** The rows of groups of a stake board: its `layout`, else every group side by side in the order they appear. */
export function boardRows(c) {
  const groups = [];
  for (const f of c.fields) if (!groups.includes(f.group)) groups.push(f.group);
  const rows = c.layout && c.layout.length ? c.layout.map((r) => [...r]) : [groups];
  const placed = new Set(rows.flat());
  const rest = groups.filter((g) => !placed.has(g));
  if (rest.length) rows.push(rest);  // a group the layout forgot is still drawn
  return rows;
}

/** A stake board from its component: `field(f)` makes the element of one field (a game's own table may make them
 * tappable); the default shows the number or label and the chips lying on it. */
export function drawStakeBoard(ctx, c, i, field = null) {
  const b = box(c, i);
  const h = heading(ctx, c);
  if (h) b.appendChild(h);
  const make = field || ((f) => stakeField(ctx, f, "div"));
  for (const row of boardRows(c)) {
    const r = el("div", "cmp-board-row");
    for (const g of row) {
      const col = el("div", "cmp-board-group");
      col.dataset.group = g;
      for (const f of c.fields.filter((x) => x.group === g)) col.appendChild(make(f));
      r.appendChild(col);
    }
    b.appendChild(r);
  }
  return b;
}

/** One field of a stake board: its number (or label), the chips lying on it by owner, the reader's sealed stakes. */
export function stakeField(ctx, f, tag = "div") {
  const e = el(tag, "cmp-field" + (f.hit ? " hit" : ""));
  if (f.number !== null && f.number !== undefined) e.dataset.number = String(f.number);
  e.appendChild(el("span", "cmp-field-num", f.label || (f.number !== null && f.number !== undefined ? String(f.number) : "")));
  const chips = el("span", "cmp-field-chips");
  f.stakes.forEach((a, s) => {
    if (!a) return;
    const chip = el("span", "cmp-chip" + (ctx.mySeats.includes(s) ? " me" : ""), `${seatLabel(ctx, s)} ${ctx.fmt(a)}`);
    chip.dataset.seat = String(s);
    chips.appendChild(chip);
  });
  if (f.own) chips.appendChild(el("span", "cmp-chip sealed", ctx.t("my_stake", {n: ctx.fmt(f.own)})));
  e.appendChild(chips);
  return e;
}

function drawMessage(ctx, c, i) {
  const b = box(c, i, "p");
  b.textContent = c.text || "";
  return b;
}

/** What the game plays to ("Ziel: 10.000 Punkte · Runde 3 von 5"): first on the felt, so a newcomer sees the aim. */
function drawGoal(ctx, c, i) {
  const b = box(c, i, "p");
  b.appendChild(el("strong", "cmp-goal-text", c.text || ""));
  if (c.progress) b.appendChild(el("span", "cmp-goal-progress", c.progress));
  return b;
}

/** The game's goal line for a game's own table (Zehntausend, Würfelspiel …), drawn as the generic table draws it:
 * null when the game states none. */
export function goalLine(ctx) {
  const cs = (ctx.msg && ctx.msg.components) || [];
  const i = cs.findIndex((c) => c.kind === "goal");
  return i < 0 ? null : drawGoal(ctx, cs[i], i);
}

const DRAW = {seats: drawSeats, sheet: drawSheet, track: drawTrack, counter: drawCounter, chips: drawChips,
  stakes: drawStakeBoard, message: drawMessage, goal: drawGoal};

/** The dice component whose dice the player chooses by tapping (keep, set aside …): the first one whose dice the
 * legal moves choose from, when there are more such moves than buttons read well. */
function pickable(ctx, comps) {
  for (const c of comps) {
    if (c.kind !== "dice" || !c.values.length) continue;
    const choices = diceChoices(ctx.legal, c.values);
    if (choices.length > 3) return {component: c, choices};
  }
  return null;
}

/** Draw every component in the order the game lists them; unknown kinds are skipped (a newer server). */
export function renderComponents(root, ctx, comps, pick = null) {
  comps.forEach((c, i) => {
    if (c.kind === "dice") root.appendChild(drawDice(ctx, c, i, pick && pick.component === c ? pick : null));
    else if (DRAW[c.kind]) root.appendChild(DRAW[c.kind](ctx, c, i));
  });
}

export function render(root, ctx) {
  root.replaceChildren();
  root.classList.add("generic-table");
  const comps = (ctx.msg && ctx.msg.components) || [];
  const pick = pickable(ctx, comps);
  let legal = ctx.legal;
  let pickRow = null;
  if (pick) {
    // Many dice choices: tap the dice, one button carries the matching move (its label says what it does).
    legal = ctx.legal.filter((e) => !pick.choices.includes(e));
    pickRow = el("div", "actions");
    const btn = el("button", "btn primary");
    btn.type = "button";
    btn.id = "dice-move";
    pickRow.appendChild(btn);
    pick.button = btn;
  }
  if (!comps.some((c) => c.kind === "dice") && ctx.lastRoll) {
    // A game that shows no dice of its own still shows the last throw of the move list.
    const tray = el("div", "tray");
    tray.id = "tray";
    renderDice(tray, ctx.lastRoll, {thrown: ctx.thrown});
    root.appendChild(tray);
  }
  renderComponents(root, ctx, comps, pick);
  if (pickRow) root.appendChild(pickRow);
  const plain = legal.filter((e) => !Object.values(e.action).some(isAmount));
  legal.filter((e) => !plain.includes(e)).forEach((e, k) => root.appendChild(amountMove(ctx, e, k)));
  root.appendChild(actionButtons(ctx, plain));
}
