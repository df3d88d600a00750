// A score sheet as the game states it (its sheet component, docs/protocol.md "sheet"): row names, every seat's
// columns, struck and served entries, the sums, and what the throw would score in each open box (`options`). The
// generic table, Escalero and the Würfelspiel all draw their sheets here; a table that lets the player write into a
// box passes `tap`, which finds the legal move for a box. No box, score or bonus rule lives here.
import {el} from "./generic.js";

const known = (v) => v !== null && v !== undefined;
const show = (ctx, v) => (typeof v === "number" ? ctx.fmt(v) : String(v));

/** The header: one row (a corner, then every column under its seat's name and heading), or — where a seat has
 * several columns (the Würfelspiel's ×1 ×2 ×3) — the seats' names over their columns and the headings below. */
function header(ctx, c, corner, current) {
  const seats = c.column_seats || [];
  const name = (p) => (known(p) ? ctx.names[p] || String(p + 1) : "");
  const mark = (th, p) => {
    if (known(p) && ctx.mySeats.includes(p)) th.classList.add("me");
    if (known(p) && p === current) th.classList.add("cur");
    return th;
  };
  const thead = el("thead");
  const grouped = seats.some((p, k) => known(p) && seats.indexOf(p) !== k);
  const top = el("tr");
  if (!grouped) {
    top.appendChild(el("th", "", corner));
    c.columns.forEach((col, k) => top.appendChild(mark(el("th", "", [name(seats[k]), col || ""].filter(Boolean).join(" ")), seats[k])));
    thead.appendChild(top);
    return thead;
  }
  top.appendChild(el("th", "", ""));
  seats.forEach((p, k) => {
    if (k && seats[k - 1] === p) { top.lastChild.colSpan += 1; return; }
    const th = mark(el("th", "", name(p)), p);
    th.colSpan = 1;
    top.appendChild(th);
  });
  const second = el("tr");
  second.appendChild(el("th", "", corner));
  c.columns.forEach((col) => second.appendChild(el("th", "", col || "")));
  thead.append(top, second);
  return thead;
}

/** One box: its entry, the points the throw would score there (a tap writes them when `entry` is the move), or
 * empty. Without `tap` (the generic table) the points are shown as a suggestion only. */
function cell(ctx, row, r, k, seat, entry, suggest, struckTitle) {
  const v = row.cells[k];
  const td = el("td");
  if (known(seat)) td.dataset.seat = String(seat);
  if (!row.total) td.dataset.row = String(r);
  if (known(v)) {
    td.textContent = show(ctx, v);
    if (!row.total) td.classList.add("filled");
    if (v === "—") { td.classList.add("struck"); if (struckTitle) td.title = struckTitle; }
    return td;
  }
  const opt = row.options && row.options.length ? row.options[k] : null;
  if (entry && !ctx.pending) {
    td.textContent = known(opt) ? show(ctx, opt) : "·";
    td.className = "cand" + (opt === 0 || opt === "0" ? " zero" : "");
    td.title = entry.label;
    td.tabIndex = 0;
    td.setAttribute("role", "button");
    td.dataset.action = JSON.stringify(entry.action);
    td.addEventListener("click", () => ctx.send(entry));
    td.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") ctx.send(entry); });
  } else if (suggest && known(opt)) {
    td.textContent = show(ctx, opt);
    td.className = "cand" + (opt === 0 || opt === "0" ? " zero" : "");
  }
  return td;
}

/**
 * The sheet component `c` as a table. `tap(seat, k, row, r)`: the legal move writing into the open box of column
 * `k`, row `row` (index `r`), or null; `corner`: the heading of the row names; `current`: the seat whose turn it is;
 * `struckTitle`: what a struck box says on hover.
 */
export function sheetTable(ctx, c, {tap = null, corner = "", current = null, id = "", cls = "sheet", struckTitle = ""} = {}) {
  const table = el("table", cls);
  if (id) table.id = id;
  table.appendChild(header(ctx, c, corner, current));
  const tb = el("tbody");
  const seats = c.column_seats || [];
  c.rows.forEach((row, r) => {
    const tr = el("tr", row.total ? "sum" : "");
    tr.appendChild(el("td", "box", row.label || ""));
    row.cells.forEach((_, k) => {
      const entry = tap && !row.total ? tap(seats[k], k, row, r) : null;
      tr.appendChild(cell(ctx, row, r, k, seats[k], entry, !tap, struckTitle));
    });
    tb.appendChild(tr);
  });
  table.appendChild(tb);
  const wrap = el("div", "sheet-wrap");
  wrap.appendChild(table);
  return wrap;
}

/** The message's sheet component, or null. */
export function sheetOf(ctx) {
  return ((ctx.msg && ctx.msg.components) || []).find((c) => c.kind === "sheet") || null;
}
