// Escalero: every player's sheet (eleven boxes, crossed-out boxes, served entries, totals), poker dice tapped to keep,
// and a tap on a free box of the sheet to write the throw there. View shape: wuerfel/games/hasard/escalero.py view().
import {el, actionButtons, pickDice} from "./generic.js";

const ROWS = 11;
const EMPTY = -1;
const SERVED_ROWS = {6: "quint_points", 7: "full_points", 8: "poker_points", 9: "five_points"};
let points = null;        // {row: [normal, served]} of the table's preset, to mark served entries on the sheet
let pointsFor = "";
let latest = null;        // the last [root, ctx] drawn: a late answer redraws that one, never an older message

/** The points of the preset (normal, served) so a sheet value can be marked "serviert"; custom rules: not marked. */
function loadPoints(ctx, root) {
  const table = ctx.msg.table || null;
  if (!table || pointsFor === table.rules_id) return;
  pointsFor = table.rules_id;
  points = null;
  if (table.rules_id.includes("+")) return;
  fetch(`/api/games/escalero/options?preset=${encodeURIComponent(table.rules_id)}`).then((r) => r.json()).then((data) => {
    const byKey = Object.fromEntries((data.options || []).map((o) => [o.key, o.value]));
    points = {};
    for (const [row, key] of Object.entries(SERVED_ROWS)) if (Array.isArray(byKey[key])) points[row] = byKey[key];
    if (latest && latest[0].isConnected) render(latest[0], latest[1]);
  }).catch(() => {});
}

export function render(root, ctx) {
  const {view: v, t, legal} = ctx;
  latest = [root, ctx];
  loadPoints(ctx, root);
  root.replaceChildren();
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

function sheet(ctx, enters) {
  const {view: v, t, names, fmt} = ctx;
  const wrap = el("div", "sheet-wrap");
  const tbl = el("table", "sheet es-sheet");
  tbl.id = "es-sheet";
  const sheets = v.sheets || [];
  const head = el("tr");
  head.appendChild(el("th", "", t("es.box")));
  sheets.forEach((_, p) => {
    const th = el("th", "", names[p] || String(p + 1));
    if (p === v.player && v.to_move >= 0) th.classList.add("cur");
    head.appendChild(th);
  });
  const thead = el("thead");
  thead.appendChild(head);
  tbl.appendChild(thead);
  const tb = el("tbody");
  const byRow = new Map(enters.map((e) => [`${e.seat}|${e.action.row}`, e]));
  for (let r = 0; r < ROWS; r++) {
    const tr = el("tr");
    const rowName = t("es.row." + r);
    tr.appendChild(el("td", "box", rowName.charAt(0).toUpperCase() + rowName.slice(1)));
    sheets.forEach((s, p) => {
      const val = s[r];
      const td = el("td");
      td.dataset.seat = String(p);
      td.dataset.row = String(r);
      const entry = byRow.get(`${p}|${r}`);
      if (val !== EMPTY && val !== null && val !== undefined) {
        td.classList.add("filled");
        if (val === 0) { td.textContent = "—"; td.classList.add("struck"); td.title = t("es.crossed"); }
        else {
          td.textContent = fmt(val);
          const pts = points && points[r];
          if (pts && pts[0] !== pts[1] && val === pts[1]) {
            const s2 = el("span", "srv", t("es.served_mark"));
            s2.title = t("es.served");
            td.appendChild(s2);
          }
        }
      } else if (entry && !ctx.pending) {
        const pts = (v.options || {})[String(r)];
        td.textContent = pts === undefined ? "·" : fmt(pts);
        td.className = "cand" + (pts === 0 ? " zero" : "");
        td.title = entry.label;
        td.tabIndex = 0;
        td.setAttribute("role", "button");
        td.dataset.action = JSON.stringify(entry.action);
        td.addEventListener("click", () => ctx.send(entry));
        td.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") ctx.send(entry); });
      }
      tr.appendChild(td);
    });
    tb.appendChild(tr);
  }
  const tot = el("tr", "sum");
  tot.appendChild(el("td", "box", t("es.total")));
  (v.scores || []).forEach((s) => tot.appendChild(el("td", "", fmt(s))));
  tb.appendChild(tot);
  tbl.appendChild(tb);
  wrap.appendChild(tbl);
  return wrap;
}
