// Würfelspiel (3-column Kniffel): dice you tap to keep, "roll again", and the sheet where a tap on a box scores.
// View shape: wuerfel/games/wuerfelspiel/state.py view() — dice, kept, rerolls_left, boxes, upper_boxes, players[p].columns[c].
import {el, actionButtons, pickDice, goalLine} from "./generic.js";

// The sheet's own name of a box ("Dreierpasch" on a Kniffel block, "3 Gleiche" in the Würfelspiel): the view names
// every box in both languages; the catalogue's names are the fallback for views without them.
function boxName(v, box, t) {
  const names = (v.box_names || {})[box];
  if (names) return document.documentElement.lang === "en" ? names[1] : names[0];
  return t("box." + box);
}

/** What the dice would score in each open box, as the game states it in its sheet component (`options` of the row
 * whose `key` is the box): "seat|column|box" → points ("12", or "50+100" with a bonus). */
function candidates(ctx) {
  const comp = ((ctx.msg && ctx.msg.components) || []).find((c) => c.kind === "sheet");
  const out = new Map();
  if (!comp) return out;
  const first = new Map();
  comp.column_seats.forEach((p, k) => { if (!first.has(p)) first.set(p, k); });
  for (const row of comp.rows) {
    if (!row.key || !row.options || !row.options.length) continue;
    row.options.forEach((o, k) => {
      if (o === null || o === undefined) return;
      const p = comp.column_seats[k];
      out.set(`${p}|${k - first.get(p)}|${row.key}`, String(o));
    });
  }
  return out;
}

export function render(root, ctx) {
  const {view: v, t, legal, names} = ctx;
  root.replaceChildren();
  const goal = goalLine(ctx);  // what the game plays to, and where it stands (issue 24)
  if (goal) root.appendChild(goal);
  const dice = v.dice || [];
  const keeps = legal.filter((e) => e.action.kind === "keep");
  const scores = legal.filter((e) => e.action.kind === "score");

  const info = el("div", "turninfo");
  const turn = el("div");
  turn.append(el("div", "big", `${v.turn ?? "–"}/${v.turns ?? "–"}`), el("div", "lbl", t("ws.turn")));
  const rl = el("div");
  rl.append(el("div", "big", String(v.rerolls_left ?? "–")), el("div", "lbl", t("rolls_left")));
  info.append(turn, rl);
  root.appendChild(info);

  const tray = el("div", "tray");
  tray.id = "tray";
  root.appendChild(tray);
  const canKeep = keeps.length > 0;
  const row = el("div", "actions");
  const rollBtn = el("button", "btn primary", t("ws.roll_again"));
  rollBtn.type = "button";
  rollBtn.id = "roll-again";
  pickDice(ctx, tray, dice, keeps, rollBtn, {label: null});
  if (canKeep) {
    row.appendChild(rollBtn);
    root.appendChild(row);
    root.appendChild(el("p", "sub hint", t("ws.keep_all") + " " + t("ws.score_hint")));
  } else if (scores.length) {
    root.appendChild(el("p", "sub hint", t("ws.must_score")));
  }
  // Anything else the game offers (future actions) still gets a button.
  const other = legal.filter((e) => e.action.kind !== "keep" && e.action.kind !== "score");
  if (other.length) root.appendChild(actionButtons(ctx, other));

  root.appendChild(sheet(ctx, scores));
}

function sheet(ctx, scores) {
  const {view: v, t, names, fmt} = ctx;
  const wrap = el("div", "sheet-wrap");
  const tbl = el("table", "sheet");
  tbl.id = "sheet";
  const players = v.players || [];
  const ncols = (v.weights || []).length;
  const head1 = el("tr");
  head1.appendChild(el("th", "", ""));
  players.forEach((_, p) => { const th = el("th", "", names[p] || `${p + 1}`); th.colSpan = ncols; head1.appendChild(th); });
  const head2 = el("tr");
  head2.appendChild(el("th", "", t("box")));
  players.forEach(() => (v.weights || []).forEach((w) => head2.appendChild(el("th", "", `×${w}`))));
  const thead = el("thead");
  thead.append(head1, head2);
  tbl.appendChild(thead);
  const tb = el("tbody");
  const byCell = new Map(scores.map((e) => [`${e.seat}|${e.action.column}|${e.action.box}`, e]));
  const points = candidates(ctx);
  const upper = v.upper_boxes || [];
  const boxRow = (box) => {
    const tr = el("tr");
    tr.appendChild(el("td", "box", boxName(v, box, t)));
    players.forEach((pl, p) => pl.columns.forEach((col, c) => {
      const val = col.boxes[box];
      const td = el("td");
      const entry = byCell.get(`${p}|${c}|${box}`);
      if (val !== null && val !== undefined) { td.textContent = fmt(val); td.classList.add("filled"); }
      else if (entry && !ctx.pending) {
        const pts = points.get(`${p}|${c}|${box}`) ?? "·";
        td.textContent = pts;
        td.className = "cand" + (pts === "0" ? " zero" : "");
        td.title = entry.label;
        td.tabIndex = 0;
        td.setAttribute("role", "button");
        td.dataset.action = JSON.stringify(entry.action);
        td.addEventListener("click", () => ctx.send(entry));
        td.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") ctx.send(entry); });
      }
      tr.appendChild(td);
    }));
    return tr;
  };
  const sumRow = (label, f) => {
    const tr = el("tr", "sum");
    tr.appendChild(el("td", "box", label));
    players.forEach((pl) => pl.columns.forEach((col) => tr.appendChild(el("td", "", f(col)))));
    return tr;
  };
  for (const b of (v.boxes || []).filter((b) => upper.includes(b))) tb.appendChild(boxRow(b));
  tb.appendChild(sumRow(v.bonus_threshold ? `${t("upper_sum")} (${v.bonus_threshold})` : t("upper_sum"), (c) => fmt(c.upper)));
  tb.appendChild(sumRow(t("bonus"), (c) => (c.bonus ? fmt(c.bonus) : "")));
  for (const b of (v.boxes || []).filter((b) => !upper.includes(b))) tb.appendChild(boxRow(b));
  tb.appendChild(sumRow(t("ws.column_total"), (c) => fmt(c.total)));
  const tot = el("tr", "sum");
  tot.appendChild(el("td", "box", t("weighted_total")));
  players.forEach((pl) => { const td = el("td", "", fmt(pl.total)); td.colSpan = ncols; tot.appendChild(td); });
  tb.appendChild(tot);
  tbl.appendChild(tb);
  wrap.appendChild(tbl);
  return wrap;
}
