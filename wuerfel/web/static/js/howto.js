// The "Spielregeln" / "How to play" panel of the table page: the game explained from this table's own rules (edited
// house rules included) and number of seats, as the server writes it (GET /api/tables/{id}/rules, engine/explain.py).
// No game logic and no text here: titles and paragraphs come from the server in the page's language; a paragraph
// starting with "• " is a list item. Loaded on first open; the link beside the game's name opens it from the felt.
import {api} from "./api.js";
import {renderSections} from "./explain.js";

const $ = (id) => document.getElementById(id);

async function load(panel) {
  const boot = JSON.parse($("table-boot").textContent);
  const lang = document.documentElement.lang || "de";
  const err = $("howto-error");
  try {
    const doc = await api(`/api/tables/${encodeURIComponent(boot.table.id)}/rules?lang=${encodeURIComponent(lang)}`);
    renderSections($("howto-body"), doc);
    err.classList.add("hidden");
    panel.dataset.loaded = "yes";
  } catch (e) {
    err.textContent = e.message;
    err.classList.remove("hidden");
    panel.dataset.loaded = "failed";
  }
}

const panel = $("howto-panel");
if (panel) {
  let loading = null;
  panel.addEventListener("toggle", () => {
    if (panel.open && !loading) loading = load(panel);
  });
  const open = $("howto-open");
  if (open) {
    open.addEventListener("click", (ev) => {
      ev.preventDefault();
      panel.open = true;  // (the toggle event loads it)
      panel.scrollIntoView({block: "start", behavior: "smooth"});
      panel.querySelector("summary").focus({preventScroll: true});
    });
  }
}
