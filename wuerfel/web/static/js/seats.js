// What a seat is called, on every page (lobby, table, replay), so a player is named the same everywhere.
// A bot is "Computer (heuristic)"; when several bots of one kind sit at a table, the server numbers them
// (`bot_number` in the table summary) and they become "Computer 1 (heuristic)", "Computer 2 (heuristic)", so the
// scoreboard and the move log tell them apart.
import {t} from "./i18n.js";

export function seatName(s, empty = "") {
  if (s.kind === "bot") {
    const id = s.bot || s.name;
    // Bots are named in words ("Faustregel"), the id ("heuristic") only for a bot the page has no words for.
    const bot = t("bot_" + id) === "bot_" + id ? id : t("bot_" + id);
    return s.bot_number ? t("bot_seat_n", {n: s.bot_number, bot}) : t("bot_seat", {bot});
  }
  // Guests are marked everywhere: a registered name is reserved, and a guest must not pass for its owner.
  if (s.name && s.guest) return t("guest_seat", {name: s.name});
  return s.name || empty;
}
