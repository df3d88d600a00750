// The "Wahrscheinlichkeiten" panel of the table page: the exact odds of every class of one throw under the table's
// rules, as the server computes them (GET /api/tables/{id}/odds; docs/protocol.md). No game logic here: the names,
// the fractions and the bank's edge come from the game's classifier (wuerfel/engine/odds.py). Loaded on first open.
import {api} from "./api.js";

const $ = (id) => document.getElementById(id);

function percent(p) {
  const lang = document.documentElement.lang || "de";
  return new Intl.NumberFormat(lang, {style: "percent", minimumFractionDigits: 2, maximumFractionDigits: 4}).format(p);
}

function render(doc) {
  const rows = $("odds-rows");
  rows.replaceChildren();
  for (const c of doc.classes) {
    const tr = document.createElement("tr");
    tr.dataset.class = c.class;
    for (const text of [c.name, percent(c.probability), c.fraction]) {
      const td = document.createElement("td");
      td.textContent = text;
      tr.append(td);
    }
    rows.append(tr);
  }
  const notes = $("odds-notes");
  notes.replaceChildren();
  for (const n of doc.notes || []) {
    const li = document.createElement("li");
    li.dataset.note = n.note;
    li.textContent = `${n.name}: ${n.fraction} (${percent(n.value)})`;
    notes.append(li);
  }
  $("odds-table").classList.remove("hidden");
}

async function load() {
  const boot = JSON.parse($("table-boot").textContent);
  try {
    render(await api(`/api/tables/${encodeURIComponent(boot.table.id)}/odds`));
    $("odds-error").classList.add("hidden");
  } catch (err) {
    $("odds-error").textContent = err.message;
    $("odds-error").classList.remove("hidden");
  }
}

const panel = $("odds-panel");
if (panel) {
  let loaded = false;
  panel.addEventListener("toggle", () => {
    if (panel.open && !loaded) {
      loaded = true;
      load();
    }
  });
}
