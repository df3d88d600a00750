// Zehntausend / 10.000 / Macke. View shape: wuerfel/games/zehntausend/table.py view(): node (throw, select, decide,
// offer, knock, over), throw (at "select"), selections [{action, dice, points, turn_fives, melds}], turn {total, cup,
// threshold, proof_pending, confirm_need}. What the game says in words — how the previous turn ended ("previous"),
// that every die scored ("hot_dice"), why writing down is refused ("blocker:…") — are its message components; the
// dice left on the table and set aside are its dice components ("left", "aside"). The page decides none of it.
import {renderDice, makeDie, setSelected} from "/static/js/dice.js";
import {el, actionButtons, goalLine} from "/static/js/games/generic.js";

let chosen = new Set();   // indices of view.throw the player has tapped
let chosenSig = "";

function sortNum(a) { return [...a].sort((x, y) => x - y); }
function same(a, b) { return a.length === b.length && sortNum(a).join(",") === sortNum(b).join(","); }

/** The dice the game lists under `key` in its components ("left": what lies on the table from the last throw, or
 * at the previous turn's end; "aside": the dice set aside in this cycle) — the page no longer works them out of the
 * turn's history itself. */
function componentDice(ctx, key) {
  const c = ((ctx.msg && ctx.msg.components) || []).find((x) => x.kind === "dice" && x.key === key);
  return c ? c.values : null;
}

/** The lines the game states in its components under `key` (a key ending in ":" finds every line it begins). */
function said(ctx, key) {
  const comps = (ctx.msg && ctx.msg.components) || [];
  return comps.filter((c) => c.kind === "message" && (key.endsWith(":") ? (c.key || "").startsWith(key) : c.key === key))
    .map((c) => c.text);
}

function fact(big, lbl, id = "") {
  const d = el("div");
  if (id) d.id = id;
  d.append(el("div", "big", big), el("div", "lbl", lbl));
  return d;
}

function miniDice(dice) {
  const s = el("span");
  s.style.display = "inline-flex";
  s.style.gap = "2px";
  s.style.verticalAlign = "middle";
  s.style.setProperty("--die-size", "20px");
  for (const d of dice) s.appendChild(makeDie(d));
  return s;
}

export function render(root, ctx) {
  const {view: v, t, legal, fmt, names} = ctx;
  const turn = v.turn || {};
  root.replaceChildren();
  const goal = goalLine(ctx);  // what the game plays to, and where it stands (issue 24)
  if (goal) root.appendChild(goal);

  // What happened just before (how the previous turn ended, as the game says it) — one quiet line.
  const previous = said(ctx, "previous");
  if (previous.length) {
    const line = el("div", "sub", previous[0]);
    line.id = "zt-previous";
    root.appendChild(line);
  }

  if (v.node === "over") return;  // the table shows the final standings
  const info = el("div", "turninfo");
  info.appendChild(fact(fmt(turn.total || 0), t("zt.turn_total"), "turn-total"));
  if (typeof turn.cup === "number") info.appendChild(fact(String(turn.cup), t("zt.cup")));
  if (turn.threshold) info.appendChild(fact(fmt(turn.threshold), t("zt.threshold")));
  if (v.pool_mode && v.pool !== null) info.appendChild(fact(fmt(v.pool), t("zt.pool")));
  root.appendChild(info);

  const badges = el("div", "actions");
  if (turn.proof_pending) badges.appendChild(el("span", "badge", t("zt.proof")));
  if (turn.confirm_need !== null && turn.confirm_need !== undefined) badges.appendChild(el("span", "badge", t("zt.confirm", {need: turn.confirm_need})));
  if (badges.children.length) root.appendChild(badges);

  const selectEntries = legal.filter((e) => e.action.kind === "select");
  const otherEntries = legal.filter((e) => e.action.kind !== "select");
  const tray = el("div", "tray");
  tray.id = "tray";
  root.appendChild(tray);

  if (v.node === "select" && Array.isArray(v.throw)) {
    const dice = v.throw;
    const sig = `${ctx.msg.seq}|${dice.join(",")}`;
    if (sig !== chosenSig) { chosen = new Set(); chosenSig = sig; }
    const mine = selectEntries.length > 0;
    let update = () => {};
    const els = renderDice(tray, dice, {thrown: ctx.thrown, clickable: mine, onClick: (i, d) => {
      if (chosen.has(i)) chosen.delete(i); else chosen.add(i);
      setSelected(d, chosen.has(i));
      update();
    }});
    els.forEach((d, i) => { if (mine) d.classList.add("selectable"); setSelected(d, chosen.has(i)); });

    if (mine) {
      const btnRow = el("div", "actions");
      const setBtn = el("button", "btn primary", t("zt.set_aside"));
      setBtn.type = "button";
      setBtn.id = "set-aside";
      btnRow.appendChild(setBtn);
      root.appendChild(btnRow);
      root.appendChild(el("div", "sub hint", t("zt.tap_hint")));
      const chips = el("div", "choices");
      chips.id = "choices";
      chips.setAttribute("aria-label", t("zt.choices"));
      const sels = (v.selections || []).slice().sort((a, b) => b.points - a.points || b.dice.length - a.dice.length);
      for (const s of sels) {
        const entry = selectEntries.find((e) => JSON.stringify(e.action) === JSON.stringify(s.action));
        if (!entry) continue;
        const b = el("button", "btn choice");
        b.type = "button";
        b.title = entry.label;
        b.dataset.action = JSON.stringify(entry.action);
        b.dataset.points = String(s.points);
        b.appendChild(miniDice(s.dice));
        if (s.turn_fives) b.appendChild(el("span", "small", ` ↻${s.turn_fives}`));
        b.appendChild(el("span", "pts", fmt(s.points)));
        b.disabled = ctx.pending;
        b.addEventListener("click", () => ctx.send(entry));
        chips.appendChild(b);
      }
      root.appendChild(chips);
      update = () => {
        const pick = [...chosen].map((i) => dice[i]);
        const match = (v.selections || []).find((s) => !s.turn_fives && same(s.dice, pick));
        for (const c of chips.children) c.classList.toggle("match", !!match && c.dataset.action === JSON.stringify(match.action));
        setBtn.textContent = match ? t("zt.set_aside_pts", {points: fmt(match.points)}) : t("zt.set_aside");
        setBtn.disabled = ctx.pending || pick.length === 0;
        // A selection that is not legal is still sent: the engine names the rule that forbids it.
        const action = match ? match.action : {kind: "select", dice: sortNum(pick), turn_fives: 0};
        setBtn.dataset.action = JSON.stringify(action);
        setBtn.onclick = () => ctx.send({action, seat: selectEntries[0].seat});
      };
      update();
    }
  } else {
    const hot = said(ctx, "hot_dice");  // the game says when every die scored
    // Between turns the table still shows how the previous turn ended (e.g. the Niete that lost it): the game's
    // "left" dice are either.
    const left = componentDice(ctx, "left");
    if (hot.length) {
      tray.appendChild(el("div", "badge", hot[0]));
    } else if (left && left.length) {
      tray.title = t("zt.last_throw");
      renderDice(tray, left, {thrown: ctx.thrown}).forEach((d) => d.classList.add("dim"));
    } else if (v.node === "throw" && !ctx.msg.manual && !ctx.msg.throw && !ctx.replay && !ctx.msg.finished) {
      // (A replay stands still between steps: nothing is rolling there, the next step shows the throw; nor at a
      // game that ended at a throw, by a forfeit or a resignation.)
      tray.appendChild(el("div", "sub", t("dice_rolling")));
    }
  }

  const aside = componentDice(ctx, "aside") || [];
  if (aside.length) {
    const wrap = el("div", "aside-tray");
    wrap.id = "aside";
    wrap.title = t("zt.aside");
    for (const d of aside) wrap.appendChild(makeDie(d));
    root.appendChild(wrap);
  }

  if (otherEntries.length) root.appendChild(actionButtons(ctx, otherEntries, {primaryKinds: ["bank", "take_over"]}));
  const blockers = said(ctx, "blocker:");  // why writing down is refused now, as the game words it
  if (otherEntries.length && blockers.length) {
    const why = el("div", "sub");
    why.id = "bank-blockers";
    why.style.textAlign = "center";
    why.textContent = blockers.join(" ");
    root.appendChild(why);
  }
}
