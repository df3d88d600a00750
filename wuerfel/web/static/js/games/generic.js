// The generic table: draws any game from its table components alone (docs/protocol.md "components": dice, sheet,
// tracks, counter, chips, stake board, seats, message, menu — already translated by the server), with the legal moves as
// buttons. It knows no game: no rule, no name of a hand, no layout of a board lives here.
// A game's own renderer (games/<id>.js) exports the same `render(root, ctx)` and may reuse the helpers below.
import {renderDice, setSelected} from "../dice.js";
import {drawMenu, menuEntries} from "./menu.js";
import {sheetTable} from "./sheet.js";

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
  // At the end every seat has finished: dimming them all (or only the winner, whose last turn came first) said the
  // opposite of the standings, which dim the losers and star the winners (issue 24, B4). So the seats do the same.
  const res = ctx.msg && ctx.msg.finished ? ctx.msg.result || {} : null;
  for (const s of c.seats) {
    const li = el("li", "cmp-seat");
    li.dataset.seat = String(s.seat);
    li.classList.toggle("active", !!s.active);
    li.classList.toggle("finished", !res && !!s.finished);
    if (res) {
      li.classList.toggle("won", (res.winners || ctx.msg.winners || []).includes(s.seat));
      li.classList.toggle("lost", (res.losers || []).includes(s.seat));
    }
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
    // Where every choice keeps dice, the prompt says the tapped dice stay ("die du wählst" did not, web U7).
    const keeps = pick.choices.every((e) => e.action.kind === "keep");
    pickDice({...ctx, thrown}, tray, c.values, pick.choices, pick.button, {label: ctx.t(keeps ? "keep_dice" : "pick_dice"),
      faces, kept: c.kept});
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
  b.appendChild(sheetTable(ctx, c));
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
    // Alone under its heading the pot is its number ("POTT" over "Pott 0" said the word twice).
    if (c.seats.length || !h) li.append(el("span", "who", ctx.t("pot")));
    li.append(el("b", "num", ctx.fmt(c.pot)));
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
  stakes: drawStakeBoard, message: drawMessage, goal: drawGoal, menu: drawMenu};

// --- stakes by tapping (issue 24, web U3) ---------------------------------------------------------------------------
// A move that puts an amount on one of several targets — a stake on a field of the board (Zehnerspiel, Rock and
// Roll), a number named with a stake (Craps) — is one parameterised legal entry per target: {kind, <target>: 7,
// <amount>: {min, max}}. Rather than a wall of "amount + button" rows, the player chooses the chips once and taps the
// target: a field of the game's stake board when its fields are the targets, else a row of the targets' values.

const chosen = new Map();  // group key → the chips the player chose (kept across redraws)

/** The field of an action that holds an amount ({min, max}), or null. */
function amountKey(action) {
  const f = Object.entries(action).find(([, v]) => isAmount(v));
  return f ? f[0] : null;
}

/** The legal moves grouped as stakes on targets: entries of one seat and kind whose action has one amount field and
 * exactly one other field, an integer (the target). Returns [{key, kind, target, amount, entries}]. */
export function stakeGroups(entries) {
  const groups = new Map();
  for (const e of entries) {
    const amount = amountKey(e.action);
    if (!amount) continue;
    const others = Object.keys(e.action).filter((k) => k !== "kind" && k !== amount);
    if (others.length !== 1 || !Number.isInteger(e.action[others[0]])) continue;
    const key = `${e.seat}|${e.action.kind}|${others[0]}|${amount}`;
    if (!groups.has(key)) groups.set(key, {key, kind: e.action.kind, target: others[0], amount, entries: []});
    groups.get(key).entries.push(e);
  }
  return [...groups.values()];
}

/** The stake board whose fields are a group's targets (every target a field's number), or null. */
function boardOf(group, comps) {
  const targets = group.entries.map((e) => e.action[group.target]);
  return comps.find((c) => c.kind === "stakes" && targets.every((n) => c.fields.some((f) => f.number === n))) || null;
}

/** The chips to put on a target: quick taps for the usual values and a number field for any amount in bounds. The
 * choice is kept in place, without a redraw: a field tapped right after typing an amount must not be replaced
 * under the finger (the number field's change, on leaving it, would have redrawn the board mid-tap). */
function amountChooser(ctx, key, min, max) {
  let amount = chosen.get(key);
  if (!Number.isInteger(amount)) amount = min;
  amount = Math.max(min, Math.min(max, amount));
  chosen.set(key, amount);
  const row = el("div", "choices cmp-amount cmp-stake-amounts");
  const label = el("label", "sub", ctx.t("stake_chips"));
  const id = `stake-amount-${key.replace(/[^a-z0-9]/gi, "-")}`;
  label.htmlFor = id;
  row.appendChild(label);
  const quick = max - min <= 9 ? Array.from({length: max - min + 1}, (_, i) => min + i)
    : [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].filter((a) => a >= min && a < max).concat([max]);
  const input = el("input", "cmp-amount-input");
  const mark = (a) => row.querySelectorAll("button[data-amount]").forEach((b) => {
    b.classList.toggle("match", Number(b.dataset.amount) === a);
    b.setAttribute("aria-pressed", Number(b.dataset.amount) === a ? "true" : "false");
  });
  for (const a of quick) {
    const b = el("button", "btn choice", ctx.fmt(a));
    b.type = "button";
    b.dataset.amount = String(a);
    b.addEventListener("click", () => { chosen.set(key, a); input.value = String(a); mark(a); });
    row.appendChild(b);
  }
  input.type = "number";
  input.id = id;
  input.min = String(min);
  input.max = String(max);
  input.step = "1";
  input.inputMode = "numeric";
  input.value = String(amount);
  input.setAttribute("aria-label", ctx.t("option_range", {min: ctx.fmt(min), max: ctx.fmt(max)}));
  input.addEventListener("input", () => {
    const v = Number(input.value);
    if (Number.isInteger(v) && v >= min && v <= max) { chosen.set(key, v); mark(v); }
  });
  input.addEventListener("change", () => {
    const v = Number(input.value);
    if (!(Number.isInteger(v) && v >= min && v <= max)) {
      ctx.showNotice(ctx.t("option_range", {min: ctx.fmt(min), max: ctx.fmt(max)}));
    }
  });
  row.appendChild(input);
  mark(amount);
  return row;
}

/** Send a stake on a target with the chips chosen for its group (checked against the entry's own bounds). */
function sendStake(ctx, group, entry) {
  const {min, max} = entry.action[group.amount];
  const amount = chosen.get(group.key);
  if (!(Number.isInteger(amount) && amount >= min && amount <= max)) {
    ctx.showNotice(ctx.t("option_range", {min: ctx.fmt(min), max: ctx.fmt(max)}));
    return;
  }
  ctx.send({seat: entry.seat, action: {...entry.action, [group.amount]: amount}, label: entry.label});
}

/** A target made tappable: it carries the legal entry (data-action, as every move on the page) and its label. */
function tappable(ctx, group, entry, e) {
  e.type = "button";
  e.classList.add("cmp-tap");
  e.disabled = ctx.pending;
  e.title = entry.label;
  e.dataset.kind = entry.action.kind;
  e.dataset.action = JSON.stringify(entry.action);
  e.addEventListener("click", () => sendStake(ctx, group, entry));
  return e;
}

/** The bounds of a group's amounts (the widest: each entry is still checked against its own). */
function bounds(group) {
  const lo = Math.min(...group.entries.map((e) => e.action[group.amount].min));
  const hi = Math.max(...group.entries.map((e) => e.action[group.amount].max));
  return [lo, hi];
}

/** A group without a board: the chips, then one button per target with the target's value ("2" … "12"). */
function stakePicker(ctx, group) {
  const box = el("div", "cmp cmp-picker");
  box.dataset.kind = group.kind;
  const [lo, hi] = bounds(group);
  box.appendChild(amountChooser(ctx, group.key, lo, hi));
  const row = el("div", "choices cmp-targets");
  for (const entry of group.entries) {
    row.appendChild(tappable(ctx, group, entry, el("button", "btn choice", ctx.fmt(entry.action[group.target]))));
  }
  box.appendChild(row);
  box.appendChild(el("p", "sub hint", ctx.t("stake_pick_hint")));
  return box;
}

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

/** Draw every component in the order the game lists them; unknown kinds are skipped (a newer server). ``boards``:
 * stake boards whose fields take a tap (component → {field(f), after: the chips' row under it}). */
export function renderComponents(root, ctx, comps, pick = null, boards = new Map()) {
  comps.forEach((c, i) => {
    const board = boards.get(c);
    if (c.kind === "dice") root.appendChild(drawDice(ctx, c, i, pick && pick.component === c ? pick : null));
    else if (board) root.append(drawStakeBoard(ctx, c, i, board.field), ...board.after);
    else if (DRAW[c.kind]) root.appendChild(DRAW[c.kind](ctx, c, i));
  });
}

export function render(root, ctx) {
  root.replaceChildren();
  root.classList.add("generic-table");
  const comps = (ctx.msg && ctx.msg.components) || [];
  const pick = pickable(ctx, comps);
  const inMenu = menuEntries(ctx);  // moves a menu of the game offers in steps, not as buttons of their own
  let legal = ctx.legal.filter((e) => !inMenu.has(e));
  let pickRow = null;
  if (pick) {
    // Many dice choices: tap the dice, one button carries the matching move (its label says what it does).
    legal = legal.filter((e) => !pick.choices.includes(e));
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
  // Stakes on targets: a tap on the board's field, or on the target's button, with the chips chosen once.
  const boards = new Map();
  const pickers = [];
  const staked = new Set();
  // One seat stakes at a time (a page holding several seats: the seat shown, else the first that may stake).
  const stakers = stakeGroups(legal).map((g) => g.entries[0].seat);
  const staker = stakers.includes(ctx.msg && ctx.msg.seat) ? ctx.msg.seat : stakers[0];
  for (const group of stakeGroups(legal).filter((g) => g.entries[0].seat === staker)) {
    group.entries.forEach((e) => staked.add(e));
    const board = boardOf(group, comps);
    if (!board) { pickers.push(stakePicker(ctx, group)); continue; }
    const byTarget = new Map(group.entries.map((e) => [e.action[group.target], e]));
    const [lo, hi] = bounds(group);
    boards.set(board, {
      field: (f) => (byTarget.has(f.number) ? tappable(ctx, group, byTarget.get(f.number), stakeField(ctx, f, "button"))
        : stakeField(ctx, f, "div")),
      after: [amountChooser(ctx, group.key, lo, hi), el("p", "sub hint", ctx.t("stake_tap_hint"))],
    });
  }
  renderComponents(root, ctx, comps, pick, boards);
  if (pickRow) root.appendChild(pickRow);
  pickers.forEach((p) => root.appendChild(p));
  const rest = legal.filter((e) => !staked.has(e));
  const plain = rest.filter((e) => !Object.values(e.action).some(isAmount));
  rest.filter((e) => !plain.includes(e)).forEach((e, k) => root.appendChild(amountMove(ctx, e, k)));
  // Beside the taps, the remaining move of the staker ("no more stakes") is the main button.
  const primaryKinds = staked.size ? plain.filter((e) => e.seat === staker).map((e) => e.action.kind) : [];
  root.appendChild(actionButtons(ctx, plain, {primaryKinds}));
}
