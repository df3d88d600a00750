// Lustige Sieben: the board (from the game's stake board component: 7 on top, left column 2 4 6 9 11, right column
// 3 5 8 10 12), the chips lying on every field, the bank, sealed stakes set with taps, the last throw and what it
// paid. View shape: wuerfel/games/hasard/lustige_sieben.py view() and components().
import {renderDice} from "/static/js/dice.js";
import {el, boardRows, renderComponents} from "/static/js/games/generic.js";

let amount = 1;           // the chip value the player taps onto the board

function signed(fmt, n) {
  return (n > 0 ? "+" : n < 0 ? "−" : "±") + fmt(Math.abs(n));
}

export function render(root, ctx) {
  const {view: v, t, fmt, names} = ctx;
  root.replaceChildren();
  // The game's goal line first, as every table draws it (issue 24: what the game plays to, where it stands).
  renderComponents(root, ctx, ((ctx.msg && ctx.msg.components) || []).filter((c) => c.kind === "goal"));
  const nameOf = (p) => names[p] || t("ls.seat", {n: p + 1});
  // One page may hold several seats (hot seat): stake for the seat whose view is shown, else the first that may act.
  const seats = ctx.legal.map((e) => e.seat);
  const actor = seats.includes(ctx.msg.seat) ? ctx.msg.seat : seats[0];
  // A stake is one legal action per field whose amount is a range {min, max} (the server never lists every
  // amount); the page chooses the number and sends the concrete stake.
  const stakes = ctx.legal.filter((e) => e.action.kind === "stake" && e.seat === actor && e.action.amount
    && typeof e.action.amount === "object");
  const done = ctx.legal.find((e) => e.action.kind === "done" && e.seat === actor);
  const maxAmount = stakes.reduce((m, e) => Math.max(m, e.action.amount.max), 0);
  const minAmount = stakes.reduce((m, e) => Math.min(m, e.action.amount.min), maxAmount || 1);
  if (maxAmount && amount > maxAmount) amount = maxAmount;
  if (amount < minAmount) amount = minAmount;

  // The bank: who holds it, how many throws it has made.
  const info = el("div", "turninfo");
  info.id = "ls-bank";
  const cell = (big, lbl) => { const d = el("div"); d.append(el("div", "big", big), el("div", "lbl", lbl)); return d; };
  // Who holds the bank is the game's to say: the seat its seats component gives the role (none before the lot and
  // after the last bank, web B2: then no bank is open and the cell says so).
  const seatsComp = (ctx.msg.components || []).find((c) => c.kind === "seats");
  const seatLines = (seatsComp && seatsComp.seats) || [];
  const bankLine = seatLines.find((line) => line.role);
  info.append(cell(bankLine ? nameOf(bankLine.seat) : "–", t("ls.bank")),
    cell(`${v.throws_done}/${v.bank_throws}`, t("ls.bank_throws")),
    cell(fmt(v.pool), t("ls.on_board")));
  root.appendChild(info);

  // The board as the game lays it out (its stake board component: the 7 on top, then the left and right columns),
  // every field with the chips lying on it by owner and my own sealed stakes; the rules live in the game, not here.
  const comp = (ctx.msg.components || []).find((c) => c.kind === "stakes");
  const byNumber = new Map(stakes.map((e) => [e.action.number, e]));
  const board = el("div", "ls-board");
  board.id = "ls-board";
  const field = (f) => {
    const n = f.number;
    const entry = byNumber.get(n);
    const e = el(entry ? "button" : "div", "ls-field" + (f.hit ? " hit" : ""));
    e.dataset.number = String(n);
    e.appendChild(el("span", "ls-num", f.label || String(n)));
    const chips = el("span", "ls-chips");
    f.stakes.forEach((a, p) => {
      if (!a) return;
      const c = el("span", "ls-chip" + (ctx.mySeats.includes(p) ? " me" : ""), `${nameOf(p)} ${fmt(a)}`);
      c.dataset.seat = String(p);
      chips.appendChild(c);
    });
    if (f.own) chips.appendChild(el("span", "ls-chip sealed", t("ls.my_stake", {n: fmt(f.own)})));
    e.appendChild(chips);
    if (entry) {
      e.type = "button";
      e.disabled = ctx.pending;
      e.title = entry.label;
      e.dataset.action = JSON.stringify(entry.action);
      e.addEventListener("click", () => {
        const {min, max} = entry.action.amount;
        if (!(Number.isInteger(amount) && amount >= min && amount <= max)) {
          ctx.showNotice(t("ls.amount_range", {min: fmt(min), max: fmt(max)}));
          return;
        }
        ctx.send({seat: entry.seat, action: {...entry.action, amount}, label: entry.label});
      });
    }
    return e;
  };
  for (const row of comp ? boardRows(comp) : []) {
    const r = el("div", "ls-row");
    const fields = row.map((g) => comp.fields.filter((x) => x.group === g));
    if (fields.length === 1 && fields[0].length === 1) r.classList.add("single");  // a field alone on its row
    fields.forEach((fs, k) => {
      const col = el("div", "ls-col");
      col.dataset.group = row[k];
      fs.forEach((f) => col.appendChild(field(f)));
      r.appendChild(col);
    });
    board.appendChild(r);
  }
  root.appendChild(board);

  // Staking: choose the chip value, tap fields, then "done".
  if (stakes.length || done) {
    const row = el("div", "choices ls-amounts");
    row.id = "ls-amounts";
    if (maxAmount) {
      const label = el("label", "sub", t("ls.chip_value"));
      label.htmlFor = "ls-amount";
      row.appendChild(label);
      // Quick taps for the common chip values, and a number field for any amount within the bounds.
      const quick = maxAmount <= 10 ? Array.from({length: maxAmount - minAmount + 1}, (_, i) => minAmount + i)
        : [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].filter((a) => a >= minAmount && a < maxAmount).concat([maxAmount]);
      for (const a of quick) {
        const b = el("button", "btn choice" + (a === amount ? " match" : ""), fmt(a));
        b.type = "button";
        b.dataset.amount = String(a);
        b.setAttribute("aria-pressed", a === amount ? "true" : "false");
        b.addEventListener("click", () => { amount = a; render(root, ctx); });
        row.appendChild(b);
      }
      const input = el("input", "ls-amount-input");
      input.type = "number";
      input.id = "ls-amount";
      input.min = String(minAmount);
      input.max = String(maxAmount);
      input.step = "1";
      input.inputMode = "numeric";
      input.value = String(amount);
      input.setAttribute("aria-label", t("ls.amount_range", {min: fmt(minAmount), max: fmt(maxAmount)}));
      input.addEventListener("change", () => {
        const v = Number(input.value);
        if (Number.isInteger(v) && v >= minAmount && v <= maxAmount) amount = v;
        else ctx.showNotice(t("ls.amount_range", {min: fmt(minAmount), max: fmt(maxAmount)}));
        render(root, ctx);
      });
      row.appendChild(input);
    }
    root.appendChild(row);
    root.appendChild(el("p", "sub hint", maxAmount ? t("ls.tap_hint") : t("ls.no_chips")));
    if (done) {
      const r2 = el("div", "actions");
      const b = el("button", "btn primary", t("ls.done"));
      b.type = "button";
      b.id = "ls-done";
      b.dataset.kind = "done";
      b.dataset.action = JSON.stringify(done.action);
      b.disabled = ctx.pending;
      b.addEventListener("click", () => ctx.send(done));
      r2.appendChild(b);
      root.appendChild(r2);
    }
  }

  // The last throw and what it paid (the change of every balance).
  if (v.last) {
    const box = el("div", "ls-last");
    box.id = "ls-last";
    box.appendChild(el("div", "sub", t("ls.last_throw", {sum: v.last.sum})));
    const tray = el("div", "tray");
    renderDice(tray, v.last.dice, {thrown: ctx.thrown, slot: "ls-last"});
    box.appendChild(tray);
    box.appendChild(el("div", "sub", t("ls.net")));
    const ul = el("ul", "ls-net");
    (v.last.net || []).forEach((n, p) => {
      const li = el("li", n > 0 ? "won" : n < 0 ? "lost" : "");
      li.append(el("span", "", nameOf(p)), el("b", "", signed(fmt, n)));
      ul.appendChild(li);
    });
    box.appendChild(ul);
    root.appendChild(box);
  }

  // Every player's chips and where he stands, as the game's seats component says it: his role (the bank, only while
  // a bank is open) or his note (still staking, no more stakes — the others' stakes stay sealed — or what the last
  // throw paid him). The table decides none of it.
  const lines = new Map(seatLines.map((line) => [line.seat, line]));
  const tbl = el("table", "ls-players");
  tbl.id = "ls-players";
  (v.scores || []).forEach((chips, p) => {
    const tr = el("tr", ctx.mySeats.includes(p) ? "me" : "");
    tr.dataset.seat = String(p);
    const line = lines.get(p) || {};
    if (line.role) tr.dataset.role = "bank";
    tr.append(el("td", "", nameOf(p)), el("td", "num", fmt(chips)), el("td", "sub", line.role || line.note || ""));
    tbl.appendChild(tr);
  });
  root.appendChild(tbl);
}
