// Würfelspiel (3-column Kniffel): dice you tap to keep, "roll again", and the sheet where a tap on a box scores.
// View shape: wuerfel/games/wuerfelspiel/state.py view() (dice, kept, rerolls_left, turn) and components() (the sheet).
import {el, actionButtons, pickDice, goalLine} from "/static/js/games/generic.js";
import {sheetOf, sheetTable} from "/static/js/games/sheet.js";

export function render(root, ctx) {
  const {view: v, t, legal} = ctx;
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

/** The sheet as the game states it (its sheet component: the boxes under the rules' own names, every seat's
 * columns, the sums and bonus, the points the dice would score in each open box); a tap on an open box of the player
 * to move writes the dice there. */
function sheet(ctx, scores) {
  const {view: v, t} = ctx;
  const comp = sheetOf(ctx) || {columns: [], rows: [], column_seats: []};
  const byCell = new Map(scores.map((e) => [`${e.seat}|${e.action.column}|${e.action.box}`, e]));
  const first = new Map();  // seat → its first column of the sheet (the move names the seat's own column)
  comp.column_seats.forEach((p, k) => { if (!first.has(p)) first.set(p, k); });
  return sheetTable(ctx, comp, {
    id: "sheet", corner: t("box"), current: v.to_move >= 0 ? v.player : null,
    tap: (p, k, row) => (row.key ? byCell.get(`${p}|${k - first.get(p)}|${row.key}`) || null : null),
  });
}
