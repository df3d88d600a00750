// The lobby: pick a game, a preset or custom house rules (every option, validated by the engine), seats and bots.
import {t} from "./i18n.js";
import {api} from "./api.js";
import {seatName} from "./seats.js";

const boot = JSON.parse(document.getElementById("lobby-boot").textContent);
const $ = (id) => document.getElementById(id);
const games = Object.fromEntries(boot.games.map((g) => [g.id, g]));
const firstCard = document.querySelector(".game-card");
let game = firstCard ? games[firstCard.dataset.game] : boot.games[0];
let options = [];       // the option list of the chosen game under the chosen preset
let overrides = {};     // dotted key → value the player changed
let valid = true;
let validateTimer = null;

function el(tag, cls = "", text = "") {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== "") e.textContent = text;
  return e;
}

function chooseGame(id) {
  game = games[id];
  for (const c of document.querySelectorAll(".game-card")) {
    const on = c.dataset.game === id;
    c.classList.toggle("active", on);
    c.setAttribute("aria-checked", on ? "true" : "false");
  }
  $("game-desc").textContent = game.description || "";
  const ps = $("preset");
  ps.replaceChildren();
  for (const p of game.presets.length ? game.presets : [{id: game.default_preset, note: ""}]) {
    const o = el("option", "", p.note ? `${p.id} — ${p.note}` : p.id);
    o.value = p.id;
    if (p.id === game.default_preset) o.selected = true;
    ps.appendChild(o);
  }
  const ss = $("seats");
  ss.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    const o = el("option", "", String(n));
    o.value = String(n);
    ss.appendChild(o);
  }
  ss.value = String(Math.max(game.min_players, Math.min(2, game.max_players)));
  overrides = {};
  renderSeatConfig();
  loadOptions();
}

function renderSeatConfig() {
  const box = $("seat-config");
  const n = parseInt($("seats").value, 10);
  const keep = Object.fromEntries([...box.querySelectorAll("select")].map((s) => [s.dataset.seat, s.value]));
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const row = el("div", "seat");
    row.appendChild(el("span", "who", `${i + 1}.`));
    const sel = el("select");
    sel.dataset.seat = String(i);
    sel.style.width = "auto";
    sel.setAttribute("aria-label", t("seats_label") + " " + (i + 1));
    // Seat 1 is the creator's by default; any seat may hold a bot (the creator then just watches or sits later).
    const choices = (i === 0 ? [["@me", t("you")]] : []).concat([["", t("free_seat")]],
      game.bots.map((b) => [b, t("bot_seat", {bot: b})]));
    for (const [value, label] of choices) {
      const o = el("option", "", label);
      o.value = value;
      sel.appendChild(o);
    }
    if (keep[String(i)] !== undefined) sel.value = keep[String(i)];
    row.appendChild(sel);
    box.appendChild(row);
  }
}

async function loadOptions() {
  const box = $("opts");
  box.replaceChildren(el("p", "muted", t("loading")));
  const gid = game.id;
  try {
    const data = await api(`/api/games/${encodeURIComponent(gid)}/options?preset=${encodeURIComponent($("preset").value)}`);
    if (gid !== game.id) return;
    options = data.options;
    renderOptions();
    validate();
  } catch (e) {
    box.replaceChildren(el("p", "error-box", e.message));
  }
}

function renderOptions() {
  const box = $("opts");
  box.replaceChildren();
  for (const o of options) {
    const row = el("div", "opt");
    row.dataset.key = o.key;
    const left = el("div");
    const id = "opt-" + o.key.replace(/[^a-z0-9_]/gi, "-");
    const lab = el("label", "desc", o.description || o.key);
    lab.htmlFor = id;
    lab.style.margin = "0";
    left.append(lab, el("div", "key", o.key));
    let input;
    const current = Object.prototype.hasOwnProperty.call(overrides, o.key) ? overrides[o.key] : o.value;
    if (o.type === "bool") {
      input = el("input");
      input.type = "checkbox";
      input.checked = !!current;
      input.addEventListener("change", () => change(o, input.checked));
    } else if (o.choices && o.choices.length) {
      input = el("select");
      o.choices.forEach((c, i) => {
        const opt = el("option", "", String(c));
        opt.value = String(i);
        if (JSON.stringify(c) === JSON.stringify(current)) opt.selected = true;
        input.appendChild(opt);
      });
      input.addEventListener("change", () => change(o, o.choices[parseInt(input.value, 10)]));
    } else if (o.type === "int" || o.type === "float") {
      input = el("input");
      input.type = "number";
      input.step = o.type === "int" ? "1" : "any";
      input.value = String(current);
      input.addEventListener("change", () => {
        const v = o.type === "int" ? parseInt(input.value, 10) : parseFloat(input.value);
        change(o, Number.isNaN(v) ? input.value : v);
      });
    } else {
      // Lists and tables are edited as JSON; the engine names the option if the value does not fit.
      input = el("input");
      input.type = "text";
      input.value = typeof current === "string" && o.type === "str" ? current : JSON.stringify(current);
      input.addEventListener("change", () => {
        if (o.type === "str") { change(o, input.value); return; }
        let v;
        try { v = JSON.parse(input.value); } catch { v = input.value; }
        change(o, v);
      });
    }
    input.id = id;
    input.name = o.key;
    row.classList.toggle("changed", Object.prototype.hasOwnProperty.call(overrides, o.key));
    row.append(left, input);
    box.appendChild(row);
  }
  const n = Object.keys(overrides).length;
  $("changed-count").textContent = n ? `(${n} ${t("option_changed")})` : "";
}

function change(o, v) {
  if (JSON.stringify(v) === JSON.stringify(o.value)) delete overrides[o.key];
  else overrides[o.key] = v;
  const row = document.querySelector(`.opt[data-key="${CSS.escape(o.key)}"]`);
  if (row) row.classList.toggle("changed", Object.prototype.hasOwnProperty.call(overrides, o.key));
  const n = Object.keys(overrides).length;
  $("changed-count").textContent = n ? `(${n} ${t("option_changed")})` : "";
  clearTimeout(validateTimer);
  document.body.dataset.rules = "pending";
  validateTimer = setTimeout(validate, 150);
}

async function validate() {
  const err = $("rules-error");
  document.body.dataset.rules = "pending";
  try {
    await api(`/api/games/${encodeURIComponent(game.id)}/validate`, {preset: $("preset").value, overrides});
    valid = true;
    err.classList.add("hidden");
    $("rules-ok").textContent = Object.keys(overrides).length ? t("rules_ok") : "";
    document.body.dataset.rules = "ok";
  } catch (e) {
    valid = false;
    err.textContent = e.message;
    err.classList.remove("hidden");
    $("rules-ok").textContent = "";
    document.body.dataset.rules = "invalid";
  }
  $("create-btn").disabled = !valid || !boot.logged_in;
}

async function create(ev) {
  ev.preventDefault();
  const bots = {};
  let sit = false;
  for (const s of $("seat-config").querySelectorAll("select")) {
    if (s.value === "@me") sit = true;
    else if (s.value) bots[s.dataset.seat] = s.value;
  }
  const body = {
    game: game.id, preset: $("preset").value, overrides: Object.keys(overrides).length ? overrides : null,
    seats: parseInt($("seats").value, 10), scorekeeper: $("scorekeeper").checked, private: $("private").checked,
    bots, sit,
  };
  $("create-btn").disabled = true;
  try {
    const tb = await api("/api/tables", body);
    location.href = tb.url;
  } catch (e) {
    const err = $("rules-error");
    err.textContent = e.message || t("create_failed");
    err.classList.remove("hidden");
    $("create-btn").disabled = !boot.logged_in;
  }
}

async function refreshTables() {
  try {
    const data = await api("/api/tables");
    const tb = $("tables");
    tb.replaceChildren();
    if (!data.tables.length) {
      const tr = el("tr");
      const td = el("td", "muted", t("no_tables"));
      td.colSpan = 4;
      tr.appendChild(td);
      tb.appendChild(tr);
    }
    for (const x of data.tables) {
      const tr = el("tr");
      const names = x.seats.filter((s) => s.kind !== "empty")
        .map((s) => seatName(s)).join(", ");
      const free = x.seats.filter((s) => s.kind === "empty").length;
      const a = el("a", "btn small", x.status === "open" ? t("join") : t("watch"));
      a.href = x.url;
      const last = el("td");
      last.appendChild(a);
      tr.append(el("td", "", x.game_name), el("td", "", names + (free ? ` · ${t("open_seats", {n: free})}` : "")),
        el("td", "small", x.rules_id), last);
      tb.appendChild(tr);
    }
  } catch { /* the list just stays as it was */ }
}

/** One tap to play: a table against the game's default bot, started at once. */
async function quickPlay(btn) {
  const err = $("quick-error");
  for (const b of document.querySelectorAll(".quick-play")) b.disabled = true;
  try {
    const tb = await api("/api/tables", {game: btn.dataset.game, preset: null, overrides: null, seats: 2,
      scorekeeper: false, private: true, bots: {"1": btn.dataset.bot}, sit: true});
    await api(`/api/tables/${tb.id}/start`, {});
    location.href = tb.url;
  } catch (e) {
    err.textContent = e.message || t("create_failed");
    err.classList.remove("hidden");
    for (const b of document.querySelectorAll(".quick-play")) b.disabled = !boot.logged_in;
  }
}
for (const b of document.querySelectorAll(".quick-play")) b.addEventListener("click", () => quickPlay(b));
for (const c of document.querySelectorAll(".game-card")) c.addEventListener("click", () => chooseGame(c.dataset.game));
$("opt-filter").addEventListener("input", () => {
  const q = $("opt-filter").value.trim().toLowerCase();
  for (const row of $("opts").children) row.classList.toggle("hidden", !!q && !row.textContent.toLowerCase().includes(q));
});
$("preset").addEventListener("change", () => { overrides = {}; loadOptions(); });
$("seats").addEventListener("change", renderSeatConfig);
$("create-form").addEventListener("submit", create);
function fromHash() {
  if (location.hash === "#score") { $("scorekeeper").checked = true; $("create").scrollIntoView(); }
}
window.addEventListener("hashchange", fromHash);
fromHash();
if (game) chooseGame(game.id);
setInterval(refreshTables, 5000);
