// Verdecktes Würfelpoker (and Joker Poker): the thrower's own dice under his cup (only his view carries them), the
// announcement menu (hand class, then ranks, then optional kickers — the game names and groups them in its menu
// component, every choice a legal action), the "Schwindel!" call with its countdown, revealed cups, the pot and every
// player's chips.
// View shape: wuerfel/games/hasard/verdecktes_poker.py view() and components(); the page names no hand itself.
import {renderDice} from "/static/js/dice.js";
import {el, actionButtons, renderComponents} from "/static/js/games/generic.js";
import {drawMenu, menuEntries} from "/static/js/games/menu.js";

let timer = null;

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

  const comps = (ctx.msg && ctx.msg.components) || [];
  const menu = comps.findIndex((c) => c.kind === "menu" && c.key === "announce");
  const announces = menu < 0 ? new Set() : menuEntries(ctx);
  const calls = ctx.legal.filter((e) => e.action.kind === "challenge" || e.action.kind === "pass");
  if (menu >= 0) {
    root.appendChild(drawMenu(ctx, comps[menu], menu, {
      ids: {box: "vp-picker", shortcuts: "vp-truth", steps: ["vp-classes", "vp-ranks", "vp-kickers"], button: "vp-announce"},
      texts: {step: (k) => (k === 2 ? t("vp.kickers") : ""),
        button: (entry) => (entry ? t("vp.announce_this", {hand: entry.label}) : t("vp.pick_hand"))},
    }));
  }
  if (calls.length) root.appendChild(callBox(ctx, calls));
  const other = ctx.legal.filter((e) => !announces.has(e) && !calls.includes(e));
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
