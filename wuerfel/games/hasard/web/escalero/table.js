// Escalero: every player's sheet (eleven boxes, crossed-out boxes, served entries, totals — as the game's sheet
// component states them), poker dice tapped to keep, and a tap on a free box of the sheet to write the throw there.
// View shape: wuerfel/games/hasard/escalero.py view() and components().
import {el, actionButtons, pickDice, renderComponents} from "/static/js/games/generic.js";
import {sheetOf, sheetTable} from "/static/js/games/sheet.js";

export function render(root, ctx) {
  const {view: v, t, legal} = ctx;
  root.replaceChildren();
  // The game's goal line first, as every table draws it (issue 24: what the game plays to, where it stands).
  renderComponents(root, ctx, ((ctx.msg && ctx.msg.components) || []).filter((c) => c.kind === "goal"));
  const dice = v.dice || [];
  const keeps = legal.filter((e) => e.action.kind === "keep");
  const enters = legal.filter((e) => e.action.kind === "enter");
  const strikes = legal.filter((e) => e.action.kind === "strike");

  const info = el("div", "turninfo");
  const cell = (big, lbl) => { const d = el("div"); d.append(el("div", "big", big), el("div", "lbl", lbl)); return d; };
  info.append(cell(`${v.throws}/${v.max_throws}`, t("es.throws")));
  if (!Array.isArray(v.settlement)) root.appendChild(info);
  if (v.served && dice.length) {
    const p = el("p", "hint");
    p.id = "es-served";
    p.appendChild(el("span", "badge", t("es.served")));
    root.appendChild(p);
  }

  const tray = el("div", "tray");
  tray.id = "tray";
  root.appendChild(tray);
  const canKeep = keeps.length > 0;
  const btn = el("button", "btn primary", t("es.rethrow"));
  btn.type = "button";
  btn.id = "es-rethrow";
  pickDice(ctx, tray, dice, keeps, btn, {label: t("es.rethrow")});
  if (!dice.length) tray.remove();

  if (canKeep) {
    const row = el("div", "actions");
    row.appendChild(btn);
    root.appendChild(row);
    root.appendChild(el("p", "sub hint", t("es.keep_hint")));
  } else if (enters.length || strikes.length) {
    root.appendChild(el("p", "sub hint", t("es.must_enter")));
  }
  if (strikes.length) {
    const r = actionButtons(ctx, strikes);
    r.id = "es-strikes";
    root.appendChild(el("p", "sub hint", t("es.strike_hint")));
    root.appendChild(r);
  }
  const other = legal.filter((e) => !["keep", "enter", "strike"].includes(e.action.kind));
  if (other.length) root.appendChild(actionButtons(ctx, other));
  root.appendChild(sheet(ctx, enters));
  if (Array.isArray(v.settlement)) {
    const ul = el("ul", "ls-net");
    ul.id = "es-settlement";
    v.settlement.forEach((n, p) => {
      const li = el("li", n > 0 ? "won" : n < 0 ? "lost" : "");
      li.append(el("span", "", ctx.names[p] || String(p + 1)), el("b", "", (n > 0 ? "+" : n < 0 ? "−" : "±") + ctx.fmt(Math.abs(n))));
      ul.appendChild(li);
    });
    root.appendChild(el("p", "sub hint", t("es.settlement")));
    root.appendChild(ul);
  }
}

/** The sheet as the game states it (its sheet component: row names, "—" for a crossed-out box, served entries
 * marked, the totals); a tap on a free box of the player to move writes the throw there (the candidate points are
 * the rows' `options`, computed by the game). */
function sheet(ctx, enters) {
  const {view: v, t} = ctx;
  const byRow = new Map(enters.map((e) => [`${e.seat}|${e.action.row}`, e]));
  return sheetTable(ctx, sheetOf(ctx) || {columns: [], rows: [], column_seats: []}, {
    id: "es-sheet", cls: "sheet es-sheet", corner: t("es.box"), struckTitle: t("es.crossed"),
    current: v.to_move >= 0 ? v.player : null, tap: (p, k, row, r) => byRow.get(`${p}|${r}`) || null,
  });
}
