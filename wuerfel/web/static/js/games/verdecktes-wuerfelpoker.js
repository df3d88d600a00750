// Verdecktes Würfelpoker (and Joker Poker): the thrower's own dice under his cup (only his view carries them), the
// announcement picker (hand class, then ranks, then optional kickers — every choice is a legal action), the
// "Schwindel!" call with its countdown, revealed cups, the pot and every player's chips.
// View shape: wuerfel/games/hasard/verdecktes_poker.py view() and components(); hand keys: wuerfel/games/hasard/poker.py
// (the game evaluates hands: the page reads the key of the own hand from the view and its name from the components).
import {renderDice} from "../dice.js";
import {el, actionButtons, renderComponents} from "./generic.js";

// Class → how many ranks name the hand ("Zwei Paare Asse und Könige" = 2); the rest are kickers (poker.py).
const PRINCIPAL = [0, 1, 2, 1, 1, 2, 1, 1];
const CLASS_KEYS = ["nothing", "pair", "two_pairs", "three", "quint", "full", "four", "five"];

let cls = null;          // chosen hand class in the picker
let prefix = null;       // chosen class + principal ranks (JSON)
let chosen = null;       // chosen legal announcement (JSON of its hand)
let pickSig = "";
let timer = null;

/** A hand key or announcement as players say it, in the page language ("Drilling Damen, As 9"). */
export function describeKey(t, key) {
  const c = key[0];
  const main = key.slice(1, 1 + PRINCIPAL[c]);
  const kick = key.slice(1 + PRINCIPAL[c]);
  const pl = main.map((r) => t("vp.plural." + r));
  let head;
  if (c === 4) head = main[0] === 6 ? t("vp.quint_high") : t("vp.quint_low");
  else if (c === 2 || c === 5) head = t("vp.head." + CLASS_KEYS[c], {a: pl[0], b: pl[1]});
  else head = t("vp.head." + CLASS_KEYS[c], {a: pl[0]});
  if (kick.length) head += ", " + kick.map((r) => t("vp.face." + r)).join(" ");
  return head;
}

const sameKey = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** A line the game states in its components under `key` (hands named by the game, in the page's language). */
function said(ctx, key) {
  const c = ((ctx.msg && ctx.msg.components) || []).find((x) => x.kind === "message" && x.key === key);
  return c ? c.text : null;
}

export function render(root, ctx) {
  const {view: v, t, fmt, names} = ctx;
  root.replaceChildren();
  // The game's goal line first, as every table draws it (issue 24: what the game plays to, where it stands).
  renderComponents(root, ctx, ((ctx.msg && ctx.msg.components) || []).filter((c) => c.kind === "goal"));
  if (timer) { clearInterval(timer); timer = null; }
  const nameOf = (p) => names[p] || t("vp.seat", {n: p + 1});
  const turns = v.turns || [];

  const info = el("div", "turninfo");
  const cell = (big, lbl, id) => { const d = el("div"); if (id) d.id = id; d.append(el("div", "big", big), el("div", "lbl", lbl)); return d; };
  info.append(cell(fmt(v.pot), t("vp.pot"), "vp-pot"),
    cell(`${Math.min(v.round + 1, v.rounds)}/${v.rounds}`, t("vp.round")));
  root.appendChild(info);
  if (v.stichrunde) root.appendChild(el("p", "hint", "")).appendChild(el("span", "badge", t("vp.stichrunde")));
  // The last "Schwindel!": what the cup showed, who was right and who paid — it stays on the table after the round
  // ends and its turns are cleared.
  const lastCall = said(ctx, "last_call");
  if (v.last_call && lastCall) {
    const p = el("p", "sub hint", lastCall);
    p.id = "vp-last-call";
    root.appendChild(p);
  }

  // The turns of this round: announcement, standing claim, call, and dice where this viewer may see them.
  const ul = el("ul", "vp-turns");
  ul.id = "vp-turns";
  turns.forEach((tv, i) => {
    const li = el("li", "vp-turn");
    li.dataset.seat = String(tv.player);
    li.dataset.turn = String(i);
    li.appendChild(el("span", "who", nameOf(tv.player)));
    const quoted = said(ctx, `announce:${i}`);
    if (tv.announcement && quoted) li.appendChild(el("span", "ann", quoted));
    else li.appendChild(el("span", "sub", t("vp.thinking")));
    if (tv.challenger !== null && tv.challenger !== undefined) {
      li.appendChild(el("span", "badge warn", t("vp.called_by", {name: nameOf(tv.challenger)})));
    }
    const standing = said(ctx, `standing:${i}`);
    if (standing) li.appendChild(el("span", "sub", standing));
    if (Array.isArray(tv.dice)) {
      // Present only when revealed or when this viewer threw them himself (the server decides).
      const tray = el("div", "tray vp-dice");
      tray.dataset.seat = String(tv.player);
      tray.dataset.turn = String(i);
      // Only the cup just thrown tumbles; lifting a cup shows dice that lay still.
      const fresh = i === turns.length - 1 && !tv.revealed ? ctx.thrown : null;
      renderDice(tray, tv.dice, {thrown: fresh, slot: `vp${v.round}:${i}`});
      li.appendChild(tray);
      li.appendChild(el("span", "cup", tv.revealed ? t("vp.revealed") : t("vp.only_you")));
      const ann = ctx.legal.filter((e) => e.action.kind === "announce");
      // The hand as the game names it (its dice component of this cup: "du hast: Drilling Damen").
      const cup = ((ctx.msg && ctx.msg.components) || []).find((c) => c.kind === "dice" && c.seat === tv.player
        && c.values.length === 5);
      if (ann.length && i === turns.length - 1 && cup && cup.label) {
        const own = el("span", "badge", cup.label);
        own.id = "vp-own-hand";
        li.appendChild(own);
      }
    } else if (tv.entered || tv.announcement) {
      li.appendChild(el("span", "cup", t("vp.under_cup")));
    }
    ul.appendChild(li);
  });
  if (turns.length) root.appendChild(ul);

  const announces = ctx.legal.filter((e) => e.action.kind === "announce");
  const calls = ctx.legal.filter((e) => e.action.kind === "challenge" || e.action.kind === "pass");
  if (announces.length) root.appendChild(picker(ctx, announces));
  if (calls.length) root.appendChild(callBox(ctx, calls));
  const other = ctx.legal.filter((e) => !announces.includes(e) && !calls.includes(e));
  if (other.length) root.appendChild(actionButtons(ctx, other));
  if (!ctx.legal.length && v.deadline && typeof v.deadline.seconds === "number" && !ctx.replay) {
    const p = el("p", "hint sub");
    const cd = el("span", "countdown");
    p.append(t("vp.others_may_call") + " ", cd);
    countdown(ctx, cd);
    root.appendChild(p);
  }

  // Chips and the rounds won so far.
  const tbl = el("table", "vp-players");
  tbl.id = "vp-players";
  (v.scores || []).forEach((chips, p) => {
    const tr = el("tr", ctx.mySeats.includes(p) ? "me" : "");
    tr.dataset.seat = String(p);
    tr.append(el("td", "", nameOf(p)), el("td", "num", fmt(chips)));
    tbl.appendChild(tr);
  });
  root.appendChild(tbl);
  if ((v.history || []).length) {
    const h = el("ul", "ls-net");
    for (const [r, w, pot] of v.history) h.appendChild(el("li", "", t("vp.round_won", {round: r + 1, name: nameOf(w), pot: fmt(pot)})));
    root.appendChild(h);
  }
}

function countdown(ctx, node) {
  const dl = ctx.msg && ctx.msg.deadline;  // the server's window (time left), else the game's length
  const end = (dl && dl.ends) || Date.now() + ctx.view.deadline.seconds * 1000;
  const tick = () => {
    const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    node.textContent = ctx.t("vp.seconds", {s: left});
    if (!left && timer) { clearInterval(timer); timer = null; }
  };
  tick();
  timer = setInterval(tick, 250);
}

/** The "Schwindel!" button with the seconds left, and "no call". */
function callBox(ctx, calls) {
  const box = el("div", "vp-picker");
  box.id = "vp-call";
  const question = said(ctx, "call");
  if (question) box.appendChild(el("p", "sub", question));
  const row = el("div", "actions");
  for (const e of calls) {
    const who = ctx.mySeats.length > 1 ? ` (${ctx.names[e.seat] || e.seat + 1})` : "";
    const b = el("button", "btn" + (e.action.kind === "challenge" ? " shout" : ""), e.label + who);
    b.type = "button";
    b.dataset.kind = e.action.kind;
    b.dataset.action = JSON.stringify(e.action);
    b.disabled = ctx.pending;
    b.addEventListener("click", () => ctx.send(e));
    row.appendChild(b);
  }
  box.appendChild(row);
  if (ctx.view.deadline && typeof ctx.view.deadline.seconds === "number") {
    const cd = el("p", "countdown");
    cd.id = "vp-countdown";
    box.appendChild(cd);
    countdown(ctx, cd);
  }
  return box;
}

/** Announce: class → principal ranks → optional kickers; the button sends exactly the chosen legal action. */
function picker(ctx, announces) {
  const {t} = ctx;
  const sig = `${ctx.msg.seq}`;
  if (sig !== pickSig) { cls = null; prefix = null; chosen = null; pickSig = sig; }
  const box = el("div", "vp-picker");
  box.id = "vp-picker";
  const rerender = () => box.replaceWith(picker(ctx, announces));
  box.appendChild(el("p", "sub", t("vp.announce_hint")));
  const chip = (label, on, act, extra = {}) => {
    const b = el("button", "btn choice" + (on ? " match" : ""), label);
    b.type = "button";
    b.disabled = ctx.pending;
    for (const [k, val] of Object.entries(extra)) b.dataset[k] = val;
    b.addEventListener("click", act);
    return b;
  };
  const key = ((ctx.view.turns || []).at(-1) || {}).hand;  // the game's key of my own hand (only my view has it)
  if (Array.isArray(key)) {
    // "Die Wahrheit": the true hand in full (or as much of it as may be announced).
    const truth = announces.filter((e) => sameKey(e.action.hand, key.slice(0, e.action.hand.length)))
      .sort((a, b) => b.action.hand.length - a.action.hand.length)[0];
    if (truth) {
      const r0 = el("div", "choices");
      const hs = JSON.stringify(truth.action.hand);
      const c = truth.action.hand[0];
      const pre = JSON.stringify(truth.action.hand.slice(0, 1 + PRINCIPAL[c]));
      r0.appendChild(chip(t("vp.truth", {hand: truth.label}), hs === chosen, () => {
        cls = c; prefix = pre; chosen = hs; rerender();
      }, {truth: hs}));
      r0.id = "vp-truth";
      box.appendChild(r0);
    }
  }
  const classes = [...new Set(announces.map((e) => e.action.hand[0]))].sort((a, b) => a - b);
  const r1 = el("div", "choices");
  r1.id = "vp-classes";
  for (const c of classes) {
    r1.appendChild(chip(t("vp.class." + CLASS_KEYS[c]), c === cls, () => { cls = c; prefix = null; chosen = null; rerender(); }, {cls: String(c)}));
  }
  box.appendChild(r1);
  if (cls !== null) {
    const ofClass = announces.filter((e) => e.action.hand[0] === cls);
    const n = 1 + PRINCIPAL[cls];
    const prefixes = [];
    for (const e of ofClass) {
      const p = JSON.stringify(e.action.hand.slice(0, n));
      if (!prefixes.includes(p)) prefixes.push(p);
    }
    if (prefixes.length === 1) prefix = prefixes[0];
    if (prefixes.length > 1) {
      const r2 = el("div", "choices");
      r2.id = "vp-ranks";
      for (const p of prefixes) {
        const key = JSON.parse(p);
        r2.appendChild(chip(describeKey(t, key), p === prefix, () => { prefix = p; chosen = null; rerender(); }, {prefix: p}));
      }
      box.appendChild(r2);
    }
    if (prefix !== null) {
      const full = ofClass.filter((e) => JSON.stringify(e.action.hand.slice(0, n)) === prefix);
      if (full.length === 1) chosen = JSON.stringify(full[0].action.hand);
      if (chosen === null) {
        const exact = full.find((e) => e.action.hand.length === n);
        if (exact) chosen = JSON.stringify(exact.action.hand);
      }
      if (full.length > 1) {
        const r3 = el("div", "choices");
        r3.id = "vp-kickers";
        r3.appendChild(el("span", "sub", t("vp.kickers")));
        for (const e of full) {
          const k = e.action.hand.slice(n);
          const label = k.length ? k.map((r) => (window.DICE_FACES || [])[r - 1] || r).join(" ") : t("vp.no_kickers");
          const hs = JSON.stringify(e.action.hand);
          r3.appendChild(chip(label, hs === chosen, () => { chosen = hs; rerender(); }, {hand: hs}));
        }
        box.appendChild(r3);
      }
    }
  }
  const entry = chosen !== null ? announces.find((e) => JSON.stringify(e.action.hand) === chosen) : null;
  const row = el("div", "actions");
  const b = el("button", "btn primary", entry ? t("vp.announce_this", {hand: entry.label}) : t("vp.pick_hand"));
  b.type = "button";
  b.id = "vp-announce";
  b.disabled = ctx.pending || !entry;
  if (entry) {
    b.dataset.action = JSON.stringify(entry.action);
    b.addEventListener("click", () => ctx.send(entry));
  }
  row.appendChild(b);
  box.appendChild(row);
  return box;
}
