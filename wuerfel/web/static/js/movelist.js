// One move of the move list in words, the same on the live table and in the replay (docs/protocol.md, "events"):
// who acted or whose throw it was, the label, the moves it uncovered for this reader (`uncovered`: the other
// punters' stakes once the betting closes) and what it brought about (`announce`: a round won, a throw-off, a
// payment, the next bank), each on a line of its own under the move.
import {t} from "./i18n.js";

/** Who the line is about: the actor of a move, the thrower of a throw ("Anna throws"), "Lot" for the lot (drawn,
 * not thrown: "Dice: Eve begins" read like a throw, web L1), "Dice" for another throw of nobody's. `mine` is the
 * reader's own seat (null: a spectator or several seats), whose throw reads "You throw" and whose move "You: …"
 * (the reader is never named to himself, issue 24 §3). */
export function whoOf(e, names, mine = null) {
  if (e.type === "chance") {
    if (e.data && e.data.kind === "lot") return t("lot");
    if (e.thrower === null || e.thrower === undefined) return t("dice");
    return e.thrower === mine ? t("log_you_throw") : t("log_throws", {name: names[e.thrower] || ""});
  }
  if (e.player === null || e.player === undefined) return "";
  return e.player === mine ? t("log_you") : names[e.player] || "";
}

/** The move's own line: "Anna: 3 Chips auf 7", "Bert würfelt: 2 5 5". */
export function lineOf(e, names, mine = null) {
  const label = e.label || (e.hidden ? t("hidden") : (e.data ? JSON.stringify(e.data) : ""));
  const who = whoOf(e, names, mine);
  return who ? `${who}: ${label}` : label;
}

/** Fill a list item with the move's line and the lines under it. `known(seq)` says whether the list shows that
 * event in full already (a reload's catch-up, a replay): an uncovered move is then not told twice. */
export function fillItem(li, e, names, mine = null, known = () => false) {
  const main = document.createElement("span");
  main.className = "move";
  main.textContent = lineOf(e, names, mine);
  li.replaceChildren(main);
  for (const u of e.uncovered || []) {
    if (known(u.seq)) continue;
    const d = document.createElement("div");
    d.className = "uncovered";
    d.textContent = lineOf(u, names, mine);
    li.append(d);
  }
  for (const a of e.announce || []) {
    const d = document.createElement("div");
    d.className = "announce";
    d.textContent = a;
    li.append(d);
  }
}
