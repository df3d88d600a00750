// A game's explanation (engine/explain.py: GET /api/games/{id}/rules, /api/tables/{id}/rules, and the lobby's
// validation answer) drawn as headed paragraphs: the table page's "How to play" panel and the lobby before a table is
// created use the same drawing. No text of its own: titles and paragraphs come from the server in the page's language.

/** The sections as headed paragraphs, runs of "• " lines as one list. */
export function renderSections(box, doc) {
  box.replaceChildren();
  for (const s of doc.sections) {
    const sec = document.createElement("section");
    sec.className = "howto-section";
    sec.dataset.key = s.key;
    const h = document.createElement("h3");
    h.textContent = s.title;
    sec.append(h);
    let list = null;
    for (const para of s.text.split("\n\n")) {
      if (para.startsWith("• ")) {
        if (!list) {
          list = document.createElement("ul");
          sec.append(list);
        }
        const li = document.createElement("li");
        li.textContent = para.slice(2);
        list.append(li);
      } else {
        list = null;
        const p = document.createElement("p");
        p.textContent = para;
        sec.append(p);
      }
    }
    box.append(sec);
  }
}

