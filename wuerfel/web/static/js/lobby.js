// The lobby: pick a game, a preset or custom house rules (every option, validated by the engine), seats and bots.
import {t} from "./i18n.js";
import {api} from "./api.js";
import {seatName} from "./seats.js";
import {renderSections} from "./explain.js";

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
  $("chosen-game").textContent = game.name;
  $("game-desc").textContent = game.description || "";
  $("lobby-howto").classList.add("hidden");
  const ps = $("preset");
  ps.replaceChildren();
  for (const p of game.presets.length ? game.presets : [{id: game.default_preset, name: game.name, note: ""}]) {
    // People choose house rules by name; the id stays the value sent to the server.
    const o = el("option", "", p.name || p.id);
    o.value = p.id;
    o.title = p.note || "";
    if (p.id === game.default_preset) o.selected = true;
    ps.appendChild(o);
  }
  showPresetNote();
  seatChoices(true);
  overrides = {};
  $("kept-changes").classList.add("hidden");
  renderSeatConfig();
  loadOptions();
}

function renderSeatConfig() {
  const box = $("seat-config");
  const n = parseInt($("seats").value, 10);
  const real = $("scorekeeper").checked;
  // A table with real dice keeps no clock (its people keep their own time): the time control is not offered there.
  $("clock").disabled = real;
  $("on-expiry").disabled = real;
  const keep = Object.fromEntries([...box.querySelectorAll("select")].map((s) => [s.dataset.seat, s.value]));
  const keepNames = Object.fromEntries([...box.querySelectorAll("input.sk-name")].map((s) => [s.dataset.seat, s.value]));
  box.replaceChildren();
  for (let i = 0; i < n; i++) {
    const row = el("div", "seat");
    row.appendChild(el("span", "who", `${i + 1}.`));
    const sel = el("select");
    sel.dataset.seat = String(i);
    sel.style.width = "auto";
    sel.setAttribute("aria-label", t("seat_n", {n: i + 1}));  // "Platz 2", not "Plätze 2"
    // Seat 1 is the creator's by default; any seat may hold a bot (the creator then just watches or sits later).
    // With real dice every seat is a person at this real table, named here (the phone enters all their throws).
    const people = real ? [["@person", t("sk_person")]] : (i === 0 ? [["@me", t("you")]] : []).concat([["", t("free_seat")]]);
    const choices = people.concat(game.bots.map((b) => [b, t("bot_seat", {bot: (game.bot_labels || {})[b] || b})]));
    for (const [value, label] of choices) {
      const o = el("option", "", label);
      o.value = value;
      sel.appendChild(o);
    }
    if (keep[String(i)] !== undefined && choices.some(([v]) => v === keep[String(i)])) sel.value = keep[String(i)];
    row.appendChild(sel);
    if (real) {
      const name = el("input", "sk-name");
      name.type = "text";
      name.maxLength = 32;
      name.dataset.seat = String(i);
      name.placeholder = t("sk_default_name", {n: i + 1});
      name.setAttribute("aria-label", t("sk_name", {n: i + 1}));
      name.value = keepNames[String(i)] !== undefined ? keepNames[String(i)] : (i === 0 && boot.me ? boot.me : "");
      const show = () => name.classList.toggle("hidden", sel.value !== "@person");
      sel.addEventListener("change", show);
      show();
      row.appendChild(name);
    }
    box.appendChild(row);
  }
}

/** The seat counts the chosen rules allow (a preset may narrow the game's range: Zehntausend's default rules need two
 * players, its Solo one); the choice stays where it is allowed, else two, else the fewest. */
function seatChoices(fresh) {
  const ss = $("seats");
  const p = game.presets.find((x) => x.id === $("preset").value);
  const all = [];
  for (let n = game.min_players; n <= game.max_players; n++) all.push(n);
  const counts = p && p.players && p.players.length ? p.players : all;
  const before = parseInt(ss.value, 10);
  ss.replaceChildren();
  for (const n of counts) {
    const o = el("option", "", String(n));
    o.value = String(n);
    ss.appendChild(o);
  }
  const keep = !fresh && counts.includes(before) ? before : (counts.includes(2) ? 2 : counts[0]);
  ss.value = String(keep);
  if (!fresh && keep !== before) renderSeatConfig();
}

function showPresetNote() {
  const p = game.presets.find((x) => x.id === $("preset").value);
  $("preset-note").textContent = p ? p.note : "";
}

async function loadOptions(keep = false) {
  const box = $("opts");
  box.replaceChildren(el("p", "muted", t("loading")));
  const gid = game.id;
  try {
    const data = await api(`/api/games/${encodeURIComponent(gid)}/options?preset=${encodeURIComponent($("preset").value)}`);
    if (gid !== game.id) return;
    options = data.options;
    if (keep) keepChanges();
    renderOptions();
    validate();
  } catch (e) {
    box.replaceChildren(el("p", "error-box", e.message));
  }
}

/** After a change of preset, the player's edits stay (said so, with a way to drop them); an edit that the new
 * preset already has is no longer a change. */
function keepChanges() {
  const byKey = Object.fromEntries(options.map((o) => [o.key, o]));
  for (const k of Object.keys(overrides)) {
    if (!byKey[k] || same(overrides[k], byKey[k].value)) delete overrides[k];
  }
  const kept = Object.keys(overrides).map((k) => byKey[k].name);
  const note = $("kept-changes");
  note.replaceChildren();
  if (!kept.length) { note.classList.add("hidden"); return; }
  note.append(el("span", "", t("kept_changes", {n: kept.length, names: kept.join(", ")}) + " "));
  const drop = el("button", "btn small", t("discard_changes"));
  drop.type = "button";
  drop.id = "discard-changes";
  drop.addEventListener("click", () => {
    overrides = {};
    note.classList.add("hidden");
    renderOptions();
    validate();
  });
  note.append(drop);
  note.classList.remove("hidden");
  $("rules-editor").open = true;
}

function same(a, b) { return JSON.stringify(a) === JSON.stringify(b); }

function renderOptions() {
  const box = $("opts");
  box.replaceChildren();
  let section = null;
  for (const o of options) {
    if (o.section && o.section !== section) {
      section = o.section;
      box.appendChild(el("h3", "opt-section", section));
    }
    const row = el("div", "opt");
    row.dataset.key = o.key;
    row.dataset.search = `${o.name} ${o.description} ${o.key}`.toLowerCase();
    const left = el("div");
    const id = "opt-" + o.key.replace(/[^a-z0-9_]/gi, "-");
    const lab = el("label", "name", o.name || o.key);
    lab.htmlFor = id;
    lab.style.margin = "0";
    const desc = el("div", "desc muted small", o.description || "");
    desc.id = id + "-desc";
    const sc = o.schema || {};
    if ((sc.kind === "int" || sc.kind === "float") && sc.min != null && sc.max != null) {
      const num = (x) => Number(x).toLocaleString(document.documentElement.lang);
      desc.appendChild(el("span", "range", " " + t("option_range", {min: num(sc.min), max: num(sc.max)})));
    }
    left.append(lab, desc);
    const current = Object.prototype.hasOwnProperty.call(overrides, o.key) ? overrides[o.key] : o.value;
    const input = control(o.schema || {kind: o.type}, current, (v) => change(o, v), o.name);
    input.id = id;
    input.setAttribute("name", o.key);
    input.setAttribute("aria-describedby", desc.id);
    row.classList.toggle("changed", Object.prototype.hasOwnProperty.call(overrides, o.key));
    // Lists and tables take the whole width under their name: side by side they would not fit a phone.
    row.classList.toggle("wide", ["list", "map", "table"].includes((o.schema || {}).kind));
    row.append(left, input);
    box.appendChild(row);
  }
  const n = Object.keys(overrides).length;
  $("changed-count").textContent = n ? `(${n} ${t("option_changed")})` : "";
  filterOptions();
}

/** A form control for one value of the given shape; lists and tables are built from controls too (never JSON text),
 * and every edit reports the whole new value through `set`. */
function control(schema, value, set, label) {
  const kind = schema.kind;
  if (kind === "bool") {
    const input = el("input");
    input.type = "checkbox";
    input.checked = !!value;
    input.addEventListener("change", () => set(input.checked));
    return input;
  }
  if (kind === "choice") {
    const input = el("select");
    const choices = [...(schema.choices || [])];
    if (!choices.some((c) => same(c.value, value))) choices.push({value, label: String(value)});
    for (const c of choices) {
      const opt = el("option", "", c.label);
      opt.value = JSON.stringify(c.value);
      if (same(c.value, value)) opt.selected = true;
      input.appendChild(opt);
    }
    input.addEventListener("change", () => set(JSON.parse(input.value)));
    return input;
  }
  if (kind === "int" || kind === "float") {
    const input = el("input");
    input.type = "number";
    input.step = kind === "int" ? "1" : "any";
    if (schema.min !== undefined && schema.min !== null) input.min = String(schema.min);
    if (schema.max !== undefined && schema.max !== null) input.max = String(schema.max);
    input.value = String(value);
    input.addEventListener("change", () => {
      const v = kind === "int" ? Number(input.value) : parseFloat(input.value);
      // Not a number: sent as typed, so the engine refuses it with the option's name in the player's language.
      set(input.value.trim() === "" || Number.isNaN(v) ? input.value : v);
    });
    return input;
  }
  if (kind === "list") return listControl(schema, Array.isArray(value) ? value : [], set, label);
  if (kind === "map") return mapControl(schema, value && typeof value === "object" ? value : {}, set, label);
  if (kind === "table") return tableControl(schema, value && typeof value === "object" ? value : {}, set, label);
  const input = el("input");
  input.type = "text";
  input.value = String(value ?? "");
  input.addEventListener("change", () => set(input.value));
  return input;
}

function blank(schema) {
  if (schema.kind === "int" || schema.kind === "float") return 0;
  if (schema.kind === "bool") return false;
  if (schema.kind === "choice") return (schema.choices[0] || {}).value ?? "";
  if (schema.kind === "list") return schema.length ? Array(schema.length).fill(blank(schema.item)) : [];
  if (schema.kind === "map") return {};
  if (schema.kind === "table") return Object.fromEntries(schema.fields.map((f) => [f.key, f.default]));
  return "";
}

function smallButton(text, aria, onClick) {
  const b = el("button", "btn small", text);
  b.type = "button";
  if (aria) b.setAttribute("aria-label", aria);
  b.addEventListener("click", onClick);
  return b;
}

function listControl(schema, items, set, label) {
  const box = el("div", "opt-list");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", label);
  const fixed = schema.length !== null && schema.length !== undefined;
  const draw = () => {
    box.replaceChildren();
    const named = schema.item_labels || null;
    // A list whose entries each mean something (a value per face) shows exactly those entries, each named.
    if (named) items = named.map((_, i) => (i < items.length ? items[i] : blank(schema.item)));
    items.forEach((item, i) => {
      const cell = el(named ? "label" : "span", "opt-item");
      const what = named ? `${label}: ${named[i]}` : `${label} ${i + 1}`;
      if (named) cell.appendChild(el("span", "small", named[i]));
      const sub = control(schema.item, item, (v) => { items = items.map((x, j) => (j === i ? v : x)); set(items); },
        what);
      if (sub.tagName === "INPUT" || sub.tagName === "SELECT") sub.setAttribute("aria-label", what);
      cell.appendChild(sub);
      if (!fixed) {
        cell.appendChild(smallButton("×", t("remove_item_n", {name: label, n: i + 1}), () => {
          items = items.filter((_, j) => j !== i);
          draw();
          set(items);
        }));
      }
      box.appendChild(cell);
    });
    if (!fixed) {
      box.appendChild(smallButton("+", t("add_item", {name: label}), () => {
        items = items.concat([blank(schema.item)]);
        draw();
        set(items);
      }));
    }
  };
  draw();
  return box;
}

function mapControl(schema, map, set, label) {
  const box = el("div", "opt-list opt-map");
  box.setAttribute("role", "group");
  box.setAttribute("aria-label", label);
  const keyLabel = (k) => ((schema.keys || []).find((x) => x.value === k) || {label: k}).label;
  const draw = () => {
    box.replaceChildren();
    for (const k of Object.keys(map)) {
      const row = el("div", "opt-map-row");
      const name = el("span", "opt-map-key", keyLabel(k));
      const sub = control(schema.value, map[k], (v) => { map = {...map, [k]: v}; set(map); }, `${label}: ${keyLabel(k)}`);
      row.append(name, sub, smallButton("×", t("remove_item", {name: keyLabel(k)}), () => {
        const next = {...map};
        delete next[k];
        map = next;
        draw();
        set(map);
      }));
      box.appendChild(row);
    }
    const free = (schema.keys || []).filter((x) => !(x.value in map));
    if (free.length) {
      const pick = el("select");
      pick.setAttribute("aria-label", t("add_item", {name: label}));
      for (const x of free) {
        const o = el("option", "", x.label);
        o.value = x.value;
        pick.appendChild(o);
      }
      box.appendChild(el("div", "row", ""));
      box.lastChild.append(pick, smallButton("+", t("add_item", {name: label}), () => {
        const first = Object.values(map)[0];
        map = {...map, [pick.value]: first !== undefined ? structuredClone(first) : blank(schema.value)};
        draw();
        set(map);
      }));
    }
  };
  draw();
  return box;
}

function tableControl(schema, obj, set, label) {
  const box = el("fieldset", "opt-table");
  box.appendChild(el("legend", "small", label));
  for (const f of schema.fields) {
    const line = el("label", "row small");
    line.append(el("span", "", f.name));
    const sub = control(f.schema, f.key in obj ? obj[f.key] : f.default, (v) => { obj = {...obj, [f.key]: v}; set(obj); },
      `${label} – ${f.name}`);
    if (f.description) sub.title = f.description;
    line.appendChild(sub);
    box.appendChild(line);
  }
  return box;
}

function filterOptions() {
  const q = $("opt-filter").value.trim().toLowerCase();
  for (const row of $("opts").querySelectorAll(".opt")) row.classList.toggle("hidden", !!q && !row.dataset.search.includes(q));
  for (const h of $("opts").querySelectorAll(".opt-section")) h.classList.toggle("hidden", !!q);
}

function change(o, v) {
  if (same(v, o.value)) delete overrides[o.key];
  else overrides[o.key] = v;
  const row = document.querySelector(`.opt[data-key="${CSS.escape(o.key)}"]`);
  if (row) row.classList.toggle("changed", Object.prototype.hasOwnProperty.call(overrides, o.key));
  const n = Object.keys(overrides).length;
  $("changed-count").textContent = n ? `(${n} ${t("option_changed")})` : "";
  clearTimeout(validateTimer);
  document.body.dataset.rules = "pending";
  validateTimer = setTimeout(validate, 150);
}

/** The bank's exact edge under the rules as they stand (the server computes it: GameInfo.bank_edges); hidden for a
 * game without a bank or rules that do not validate. No game logic here: names and fractions come from the server. */
function showEdges(edges) {
  const box = $("bank-edges");
  const list = $("bank-edge-list");
  list.replaceChildren();
  for (const e of edges || []) {
    const li = el("li", "", `${e.name}: ${e.fraction} (${new Intl.NumberFormat(document.documentElement.lang || "de",
      {style: "percent", maximumFractionDigits: 2}).format(e.edge)})`);
    li.dataset.field = e.field;
    list.appendChild(li);
  }
  box.classList.toggle("hidden", !(edges && edges.length));
}

/** How to play under the rules as they stand (the validation's explanation): hidden for a game that cannot explain
 * itself yet, or rules that do not validate. */
function showExplanation(doc) {
  const box = $("lobby-howto");
  box.classList.toggle("hidden", !doc);
  if (doc) renderSections($("lobby-howto-body"), doc);
}

let validating = 0;
async function validate() {
  const err = $("rules-error");
  document.body.dataset.rules = "pending";
  const mine = ++validating;  // an older answer that comes back later must not overwrite a newer one
  try {
    const res = await api(`/api/games/${encodeURIComponent(game.id)}/validate`,
      {preset: $("preset").value, overrides, seats: parseInt($("seats").value, 10) || null});
    if (mine !== validating) return;
    showEdges(res.bank_edges);
    showExplanation(res.explanation || null);
    valid = true;
    err.classList.add("hidden");
    $("rules-ok").textContent = Object.keys(overrides).length ? t("rules_ok") : "";
    document.body.dataset.rules = "ok";
  } catch (e) {
    if (mine !== validating) return;
    valid = false;
    showEdges(null);
    showExplanation(null);
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
  const names = {};
  for (const s of $("seat-config").querySelectorAll("select")) {
    if (s.value === "@me") sit = true;
    else if (s.value === "@person") {
      const inp = $("seat-config").querySelector(`input.sk-name[data-seat="${s.dataset.seat}"]`);
      names[s.dataset.seat] = (inp && inp.value.trim()) || t("sk_default_name", {n: +s.dataset.seat + 1});
    } else if (s.value) bots[s.dataset.seat] = s.value;
  }
  const real = $("scorekeeper").checked;
  // The time control (protocol 6): "live:60" → {clock: "live", limit: 60}; a real table keeps no clock.
  const [clock, limit] = $("clock").value.split(":");
  const timing = clock === "none" || real ? {} : {clock, limit: parseInt(limit, 10)};
  const body = {
    ...timing, on_expiry: $("on-expiry").value,
    game: game.id, preset: $("preset").value, overrides: Object.keys(overrides).length ? overrides : null,
    seats: parseInt($("seats").value, 10), scorekeeper: real, private: $("private").checked,
    spectator_chat: $("spectator-chat").checked,
    hints: $("hints").checked && !$("rated").checked,
    rated: $("rated").checked,
    bots, sit, ...(real ? {names} : {}),
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

/** A table's rules by the preset's name (as the server renders the first list), never its id. */
function rulesName(gameId, rulesId) {
  const base = rulesId.endsWith("+custom") ? rulesId.slice(0, -"+custom".length) : rulesId;
  const p = ((games[gameId] || {}).presets || []).find((x) => x.id === base);
  const name = p ? p.name : base;
  return base === rulesId ? name : t("rules_custom", {name});
}

/** The open tables: the reader's own game to continue, the others to join or watch; guests marked; each row carries
 * what the filters ask about (game, free seats, clock, rated). */
function tableRow(x) {
  const tr = el("tr");
  const free = x.seats.filter((s) => s.kind === "empty").length;
  tr.dataset.game = x.game;
  tr.dataset.free = String(free);
  tr.dataset.clock = (x.clock && x.clock.kind) || "none";
  tr.dataset.rated = x.rated ? "yes" : "no";
  const names = x.seats.filter((s) => s.kind !== "empty").map((s) => seatName(s)).join(", ");
  const mine = (x.my_seats || []).length > 0;
  const label = mine ? (x.status === "playing" ? boot.texts.continue : boot.texts.to_table)
    : (x.status === "open" ? t("join") : t("watch"));
  const a = el("a", "btn small" + (mine ? " primary" : ""), label);
  a.href = x.url;
  const last = el("td");
  last.appendChild(a);
  const rules = el("td", "small", rulesName(x.game, x.rules_id));
  if (x.rated) rules.append(" ", el("span", "badge rated", t("rated")));  // issue 16: registered players only
  // the game in the reader's language (the summary names it in German)
  tr.append(el("td", "game-col", (games[x.game] || {}).name || x.game_name),
    el("td", "", names + (free ? ` · ${t("open_seats", {n: free})}` : "")), rules, last);
  return tr;
}

function filterTables() {
  const game = $("filter-game").value;
  const clock = $("filter-clock").value;
  const free = $("filter-free").checked;
  const rated = $("filter-rated").checked;
  let rows = 0;
  let shown = 0;
  for (const tr of $("tables").querySelectorAll("tr[data-game]")) {
    rows += 1;
    const ok = (!game || tr.dataset.game === game) && (!clock || tr.dataset.clock === clock) &&
      (!free || Number(tr.dataset.free) > 0) && (!rated || tr.dataset.rated === "yes");
    tr.classList.toggle("hidden", !ok);
    if (ok) shown += 1;
  }
  $("no-tables-row").classList.toggle("hidden", rows > 0);
  $("no-match-row").classList.toggle("hidden", !rows || shown > 0);
}

async function refreshTables() {
  try {
    const data = await api("/api/tables");
    const tb = $("tables");
    for (const tr of [...tb.querySelectorAll("tr[data-game]")]) tr.remove();
    const end = $("no-tables-row");
    for (const x of data.tables) tb.insertBefore(tableRow(x), end);
    filterTables();
  } catch { /* the list just stays as it was */ }
}

/** The search: cards whose names (both languages), description or aliases hold every word typed; a shelf without a
 * match folds away. */
function searchGames() {
  const words = $("game-search").value.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  let any = false;
  for (const shelf of document.querySelectorAll(".shelf")) {
    let here = false;
    for (const c of shelf.querySelectorAll(".game-card")) {
      const hay = c.dataset.search || "";
      const ok = words.every((w) => hay.includes(w));
      c.classList.toggle("hidden", !ok);
      here = here || ok;
    }
    shelf.classList.toggle("hidden", !here);
    any = any || here;
  }
  $("no-game").classList.toggle("hidden", any);
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
for (const c of document.querySelectorAll(".game-card")) {
  c.addEventListener("click", () => {
    chooseGame(c.dataset.game);
    // On a phone the form lies far below the shelves: bring it into view once a game is chosen (web U9).
    const head = $("chosen-game");
    if (head.getBoundingClientRect().top > window.innerHeight * 0.6) head.scrollIntoView({block: "start"});
  });
}
$("game-search").addEventListener("input", searchGames);
for (const id of ["filter-game", "filter-clock", "filter-free", "filter-rated"]) $(id).addEventListener("change", filterTables);
$("opt-filter").addEventListener("input", filterOptions);
// Changing the preset keeps the player's edits (and says so) instead of silently dropping them.
$("preset").addEventListener("change", () => { showPresetNote(); seatChoices(false); loadOptions(true); });
$("seats").addEventListener("change", () => { renderSeatConfig(); validate(); });  // the text counts the players
$("scorekeeper").addEventListener("change", renderSeatConfig);
// A rated table has no hints and no hand-entered dice (issue 16): choosing it switches both off.
$("rated").addEventListener("change", () => {
  const rated = $("rated").checked;
  if (rated) { $("hints").checked = false; $("scorekeeper").checked = false; renderSeatConfig(); }
  $("hints").disabled = rated;
});
$("scorekeeper").addEventListener("change", () => {
  if ($("scorekeeper").checked && $("rated").checked) { $("rated").checked = false; $("hints").disabled = false; }
});
$("create-form").addEventListener("submit", create);
function fromHash() {
  if (location.hash === "#score") {
    $("scorekeeper").checked = true;
    if (game) renderSeatConfig();  // the people at the real table get their name fields
    $("create").scrollIntoView();
  }
}
window.addEventListener("hashchange", fromHash);
fromHash();
if (game) chooseGame(game.id);
filterTables();
setInterval(refreshTables, 5000);
