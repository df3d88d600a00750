// The replay page: steps through every throw and decision of a finished game with the same renderers as the table.
import {t} from "./i18n.js";
import {api} from "./api.js";
import * as generic from "./games/generic.js";
import {seatName} from "./seats.js";
import {fillItem} from "./movelist.js";
import {chatItems} from "./chat.js";

const boot = JSON.parse(document.getElementById("replay-boot").textContent);
const $ = (id) => document.getElementById(id);
let steps = Array.isArray(boot.first) ? boot.first : [];  // the first step comes with the page: drawn at once
let total = boot.total || 0;  // the steps of the whole replay (the others arrive page by page)
let i = 0;
let renderer = generic;
let shown = 0;  // how many steps were drawn: each arrival on a throw is a new throw for the dice
let wanted = null;  // a step asked for before its page arrived: shown when it does (a quick "Vor" is not lost)
const names = boot.table.seats.map((s) => seatName(s));

function fmt(x) {
  return typeof x === "number" ? (Number.isInteger(x) ? x.toLocaleString(document.documentElement.lang) : x.toFixed(1)) : String(x);
}


function lastRollAt(k) {
  for (let j = k; j > 0; j--) {
    const e = steps[j].event;
    if (e && e.type === "chance" && e.data && Array.isArray(e.data.dice)) return [e.data.dice, j];
  }
  return [null, -1];
}

function show(k) {
  wanted = k >= steps.length && k < total ? k : null;
  i = Math.max(0, Math.min(steps.length - 1, k));
  const st = steps[i];
  const [roll, rollSeq] = lastRollAt(i);
  const toMove = typeof st.view.to_move === "number" && st.view.to_move >= 0 ? [st.view.to_move] : [];
  const last = i === total - 1;
  const msg = {seq: i, view: st.view, components: st.components || [], legal: [], to_move: toMove, my_seats: [], finished: last,
    winners: last ? boot.table.winners || [] : [], table: boot.table, result: last ? boot.table.result : undefined,
    events: []};
  const ctx = {msg, view: st.view, legal: [], send: () => {}, names, t, fmt, pending: false, lastRoll: roll,
    lastRollSeq: rollSeq, mySeats: [], seat: null, myTurn: false, log: [], showNotice: () => {}, replay: true,
    thrown: null};
  // Stepping onto a throw tumbles its dice; any other step shows the dice at rest.
  const ev = st.event;
  if (ev && ev.type === "chance" && ev.data && Array.isArray(ev.data.dice)) ctx.thrown = {id: `r${i}:${++shown}`, dice: ev.data.dice};
  try { renderer.render($("game"), ctx); } catch (err) { console.error(err); generic.render($("game"), ctx); }
  $("slider").value = String(i);
  // A game ended by a resignation says so at its last step (the resignation is the table's, not a step of the game).
  const r = boot.table.resigned;
  const why = boot.table.ended_by || "resigned";
  const ended = last && r !== null && r !== undefined ? ` · ${t(why + "_log", {name: names[r]})}` : "";
  $("step-label").textContent = t("step", {i, n: total - 1}) + ended;
  document.body.dataset.step = String(i);
  const tb = $("scores");
  tb.replaceChildren();
  if (st.lower_is_better) {  // penalty points (Rückwärts): the engine says so, and so does the live table
    const tr = document.createElement("tr");
    const td = document.createElement("td");
    td.colSpan = 2; td.id = "score-direction"; td.className = "small muted"; td.textContent = t("lower_is_better");
    tr.appendChild(td);
    tb.appendChild(tr);
  }
  names.forEach((n, p) => {
    const tr = document.createElement("tr");
    if (toMove.includes(p)) tr.classList.add("turn");
    if (msg.winners.includes(p)) tr.classList.add("winner");
    const a = document.createElement("td"); a.textContent = n;
    const b = document.createElement("td"); b.className = "num";
    b.textContent = st.view.scores && st.view.scores[p] !== undefined ? fmt(st.view.scores[p]) : "–";
    tr.append(a, b);
    tb.appendChild(tr);
  });
  for (const li of $("events").children) li.classList.toggle("current", li.dataset.index === String(i));
  const cur = $("events").querySelector("li.current");
  if (cur) keepInList($("events"), cur);
}

/** Scroll the move list (only the list: scrollIntoView moves the page too, and on a phone, where the list stands
 * under the board, every step dragged the board out of sight) so that the current move is in it. */
function keepInList(list, item) {
  const lr = list.getBoundingClientRect(), ir = item.getBoundingClientRect();
  if (ir.top < lr.top) list.scrollTop += ir.top - lr.top;
  else if (ir.bottom > lr.bottom) list.scrollTop += ir.bottom - lr.bottom;
}

/** The move list's items for the steps from ``from`` on (the list grows while the pages arrive). */
function listSteps(from) {
  const ol = $("events");
  steps.slice(from).forEach((s, j) => {
    const k = from + j;
    const li = document.createElement("li");
    li.dataset.index = String(k);
    if (s.event) fillItem(li, s.event, names);
    else li.textContent = t("start");
    li.addEventListener("click", () => show(k));
    if (k === i) li.classList.add("current");
    ol.appendChild(li);
  });
}

async function main() {
  const mod = document.getElementById("game-renderer");
  if (mod && mod.dataset.module) {
    try { renderer = await import(mod.dataset.module); } catch { renderer = generic; }
  }
  $("slider").addEventListener("input", () => show(parseInt($("slider").value, 10)));
  $("first").addEventListener("click", () => show(0));
  $("prev").addEventListener("click", () => show(i - 1));
  $("next").addEventListener("click", () => show(i + 1));
  $("last").addEventListener("click", () => show(total - 1));
  document.addEventListener("keydown", (e) => {
    if (e.key === "ArrowLeft") show(i - 1);
    else if (e.key === "ArrowRight") show(i + 1);
  });
  // The first step is drawn before anything is fetched (issue 24, U15); the analysis and the dice check wait for
  // it (body[data-step]), so they do not compete with it.
  if (steps.length) {
    $("slider").max = String(Math.max(0, total - 1));
    listSteps(0);
    show(0);
  }
  // The server answers the replay in pages (docs/web.md); they are fetched one after the other, and the move list
  // grows with each.
  if (Array.isArray(boot.chat)) chatItems($("chat-log"), boot.chat);
  try {
    let next = !steps.length ? 0 : steps.length < total ? steps.length : null;
    while (next !== null && next !== undefined) {
      const data = await api(`/api/tables/${boot.table.id}/replay?start=${next}`);
      if (Array.isArray(data.chat)) chatItems($("chat-log"), data.chat);
      const from = steps.length;
      steps = steps.concat(data.steps);
      total = data.total;
      listSteps(from);
      if (wanted !== null && wanted < steps.length) show(wanted);
      next = data.next;
    }
  } catch (e) {
    const n = $("notice");
    n.textContent = e.message;
    n.classList.remove("hidden");
    return;
  }
  $("slider").max = String(steps.length - 1);
  if (document.body.dataset.step === undefined) show(0);
}

main();
