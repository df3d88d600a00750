// The replay page's exact analysis (issue 16.3): fetches GET /api/tables/{id}/analysis once, writes each decision's
// loss into the move list (the decisive mistakes highlighted), the accuracy, loss and luck of each player, the
// decisive mistakes (a click steps the replay there) and, for a duel, the win-chance graph (an SVG the server draws
// with matplotlib). The move list is replay.js's: this script only adds to its items, whenever they appear.
// A duel whose exact table the server is still building comes first with its turn-by-turn analysis and
// ``win_chance_pending``: the panel says so and asks again, less and less often, until the duel analysis (with the
// graph) is there and replaces it; a failed build is said in words.
import {api, replayDrawn} from "./api.js";
import {pick} from "./i18n.js";

const panel = document.getElementById("analysis-panel");
const T = JSON.parse(document.getElementById("analysis-i18n").textContent);
const lang = document.documentElement.lang || "de";
const $ = (id) => document.getElementById(id);

function fill(s, params) {
  for (const [k, v] of Object.entries(params)) s = s.split("{" + k + "}").join(String(v));
  return s;
}

function num(x, digits) {
  // the typographic minus, as the losses ("−19,3") write it: toLocaleString gives the hyphen ("-34,7")
  return x.toLocaleString(lang, {minimumFractionDigits: digits, maximumFractionDigits: digits}).replace(/^-/, "\u2212");
}

/** A loss or a luck figure in the unit of the analysis: probabilities in percentage points, else points
 * (``short``: the abbreviated unit, for the narrow move list and table). */
function amount(x, unit, short = false) {
  if (x === null || x === undefined) return T.not_measured;
  if (unit === "points") return fill(short ? T.points_short : T.points, {value: num(x, 2)});
  return fill(short ? T.pp_short : T.pp, {value: num(x * 100, 1)});
}

/** A seat's loss or luck as a bare number in the unit the status line names. */
function figure(x, unit) {
  if (x === null || x === undefined) return T.not_measured;
  return unit === "points" ? num(x, 2) : num(x * 100, 1);
}

/** Remove what an earlier (provisional) analysis wrote into the move list: the duel analysis replaces it. */
function unannotate() {
  const list = $("events");
  if (!list) return;
  list.querySelectorAll(".loss").forEach((span) => span.remove());
  list.querySelectorAll("li.decisive").forEach((li) => li.classList.remove("decisive"));
  list.querySelectorAll("li[data-loss]").forEach((li) => { delete li.dataset.loss; });
}

function annotate(doc) {
  const list = $("events");
  if (!list) return;
  for (const d of doc.decisions) {
    const li = list.querySelector(`li[data-index="${d.step}"]`);
    if (!li || li.querySelector(".loss")) continue;
    const span = document.createElement("span");
    span.className = "loss" + (d.loss === 0 ? " best" : "");
    span.textContent = d.loss === 0 ? T.best_mark : fill(T.loss_mark, {value: amount(d.loss, d.unit, true)});
    span.title = d.best_label;
    li.appendChild(span);
    li.dataset.loss = String(d.loss);
    if (d.decisive) li.classList.add("decisive");
  }
}

function render(doc) {
  const names = doc.seats.map((s) => s.name);  // named by the server as on the pages
  // a probability is one turn's, round's or game's goal (Chicago's round, Craps' maker): the status names which
  $("analysis-status").textContent = fill(T["unit_" + doc.unit] || doc.unit, {measure: doc.measure_name || ""});
  const tb = $("analysis-seats").querySelector("tbody");
  tb.replaceChildren();
  // Two rows a player (the panel is narrow): the name, then accuracy, loss and luck as bare numbers (the unit is
  // said once, in the status line above the table).
  for (const s of doc.seats) {
    const head = document.createElement("tr");
    head.className = "seat-name";
    const name = document.createElement("th");
    name.colSpan = 3;
    name.scope = "rowgroup";
    name.textContent = names[s.seat];
    head.appendChild(name);
    const tr = document.createElement("tr");
    tr.dataset.seat = String(s.seat);
    const cells = [s.accuracy === null ? "–" : `${num(s.accuracy, 1)} %`, figure(s.loss, doc.unit),
      figure(s.luck, doc.unit)];
    cells.forEach((text, k) => {
      const td = document.createElement("td");
      td.textContent = text;
      td.className = "num";
      if (k === 0) td.title = fill(pick(T.decisions, s.decisions), {best: s.best, n: s.decisions});
      tr.appendChild(td);
    });
    tb.append(head, tr);
  }
  $("analysis-seats").classList.remove("hidden");
  // a measure of a single turn, round or game gives no luck figure: say why instead of a bare "not measured"
  $("analysis-luck-none").classList.toggle("hidden", !doc.seats.every((s) => s.luck === null));
  const ol = $("analysis-mistake-list");
  ol.replaceChildren();
  const byIndex = new Map(doc.decisions.map((d) => [d.index, d]));
  for (const idx of doc.mistakes) {
    const d = byIndex.get(idx);
    const li = document.createElement("li");
    li.dataset.step = String(d.step);
    li.textContent = fill(T.mistake, {step: d.step, name: names[d.seat], chosen: d.chosen_label, best: d.best_label,
      loss: amount(d.loss, d.unit)});
    const go = () => {
      const item = $("events").querySelector(`li[data-index="${d.step}"]`);
      if (item) item.click();
    };
    li.tabIndex = 0;  // reachable by keyboard: Enter or Space steps there as a click does
    li.addEventListener("click", go);
    li.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); }
    });
    ol.appendChild(li);
  }
  if (!doc.mistakes.length) {
    const li = document.createElement("li");
    li.textContent = doc.decisions.length ? T.none_lost : T.no_choice;
    ol.appendChild(li);
  }
  $("analysis-mistakes").classList.remove("hidden");
  if (doc.win_chance) {
    // the language in the address: the browser caches the image by it, and its axes are words
    const src = `/api/tables/${panel.dataset.table}/analysis/win-chance.svg?lang=${lang}`;
    if ($("analysis-graph-img").getAttribute("src") !== src) {
      $("analysis-graph-img").src = src;
      plotArea(src);
    }
    $("analysis-graph").classList.remove("hidden");
  }
  unannotate();
  current = doc;
  annotate(doc);
  here();
  if (!stepWatch) {  // the line on the felt follows every step of the replay (replay.js sets body[data-step])
    stepWatch = new MutationObserver(here);
    stepWatch.observe(document.body, {attributes: true, attributeFilter: ["data-step"]});
  }
  // replay.js fills the move list page by page: annotate what arrives later too (one observer, the latest doc).
  if (!observer && $("events")) {
    observer = new MutationObserver(() => annotate(current));
    observer.observe($("events"), {childList: true});
  }
  pending(doc);
  panel.dataset.ready = "1";
}

let current = null;
let observer = null;
let stepWatch = null;
let area = null;  // where the graph's axes stand in its picture: [x0, x1, y0, y1, xmin, xmax] (the SVG says so)

/** Read the graph's plot area from the picture (the browser has it cached) and put a cursor box over the picture:
 * the graph follows the slider (web M2) while the picture stays one image per game. */
async function plotArea(src) {
  try {
    const text = await (await fetch(src, {credentials: "same-origin"})).text();
    const m = /data-plot-area="([^"]+)"/.exec(text);
    area = m ? m[1].split(" ").map(Number) : null;
  } catch {
    area = null;
  }
  const img = $("analysis-graph-img");
  if (area && !$("analysis-cursor")) {
    const box = document.createElement("div");
    box.className = "graph-box";
    img.before(box);
    box.appendChild(img);
    const cursor = document.createElement("div");
    cursor.id = "analysis-cursor";
    cursor.className = "graph-cursor hidden";
    cursor.setAttribute("aria-hidden", "true");
    box.appendChild(cursor);
  }
  here();
}

/** The cursor at the replay's step, in percent of the picture (so it needs no redraw when the picture scales). */
function cursorAt(step) {
  const cursor = $("analysis-cursor");
  if (!cursor || !area) return;
  const [x0, x1, y0, y1, xmin, xmax] = area;
  const inside = step >= xmin && step <= xmax && xmax > xmin;
  cursor.classList.toggle("hidden", !inside);
  if (!inside) return;
  cursor.style.left = `${100 * (x0 + (x1 - x0) * (step - xmin) / (xmax - xmin))}%`;
  cursor.style.top = `${100 * (1 - y1)}%`;
  cursor.style.height = `${100 * (y1 - y0)}%`;
  cursor.dataset.step = String(step);
}

/** The analysis of the step the replay shows, on the felt under the board (web M2: it stood only in the move list
 * and the panel): the decision that led here — one of the best, or what was best and what it cost — and, in a duel,
 * each player's win chance where the graph has a point at this step (between points a throw may have changed it). */
function here() {
  const doc = current;
  if (!doc || !$("game")) return;
  let line = $("analysis-here");
  if (!line) {
    line = document.createElement("p");
    line.id = "analysis-here";
    line.className = "small analysis-here";
    line.setAttribute("aria-live", "polite");
    $("game").after(line);
  }
  const step = parseInt(document.body.dataset.step || "0", 10);
  cursorAt(step);
  const names = doc.seats.map((s) => s.name);
  const parts = [];
  const d = doc.decisions.find((x) => x.step === step);
  if (d) {
    parts.push(d.loss === 0 ? fill(T.here_best, {name: names[d.seat], chosen: d.chosen_label})
      : fill(T.here_loss, {name: names[d.seat], chosen: d.chosen_label, best: d.best_label, loss: amount(d.loss, d.unit)}));
  }
  const w = doc.win_chance;
  const k = w ? w.steps.indexOf(step) : -1;
  if (k >= 0) {
    parts.push(fill(T.here_chance, {chances: w.seats.map((c, seat) => `${names[seat]} ${num(c[k] * 100, 0)} %`).join(", ")}));
  }
  line.textContent = parts.join(" ");
  line.classList.toggle("hidden", !parts.length);
}

/** The line about the winning chances of a duel whose table is being built (or could not be). */
function pending(doc) {
  const line = $("analysis-pending");
  const status = doc.win_chance_status;
  if (doc.win_chance_pending) {
    const eta = status && status.eta_seconds;
    line.textContent = eta ? fill(T.win_pending_eta, {minutes: Math.max(1, Math.ceil(eta / 60))}) : T.win_pending;
    panel.dataset.pending = "1";
  } else if (status && status.state === "failed") {
    line.textContent = T.win_failed;
    panel.dataset.pending = "failed";
  } else {
    delete panel.dataset.pending;
  }
  line.classList.toggle("hidden", !panel.dataset.pending);
}

const FIRST_WAIT = 2000;  // ms before asking again whether the duel analysis is there
const LONGEST_WAIT = 60000;  // the backoff's ceiling: a build of minutes is asked about once a minute at most
const ERRORS_TOLERATED = 4;  // failed polls in a row (the server restarting) before the page gives up and says so

const url = () => `/api/tables/${panel.dataset.table}/analysis`;

/** Ask again after ``wait`` ms while the winning chances are being computed, waiting longer each time. */
function poll(wait, errors = 0) {
  setTimeout(async () => {
    let doc;
    try {
      doc = await api(url());
    } catch (e) {
      if (errors >= ERRORS_TOLERATED) {
        $("analysis-pending").textContent = e.message || T.failed;
        panel.dataset.pending = "error";
        return;
      }
      poll(Math.min(wait * 2, LONGEST_WAIT), errors + 1);
      return;
    }
    render(doc);
    if (doc.win_chance_pending) poll(Math.min(wait * 1.5, LONGEST_WAIT));
  }, wait);
}

async function main() {
  await replayDrawn();
  let doc;
  try {
    doc = await api(url());
  } catch (e) {
    $("analysis-status").textContent = e.message || T.failed;
    panel.dataset.ready = "error";
    return;
  }
  render(doc);
  if (doc.win_chance_pending) poll(FIRST_WAIT);
}

main();
