// Meine Partien: while a game here waits for you, the tab says so (favicon dot and title; see attention.js).
import {t} from "./i18n.js";
import {yourMove} from "./attention.js";

const mine = document.querySelector(".my-game.your-turn") !== null;
yourMove(mine);
if (mine) document.title = `${t("your_move_title")} · ${document.title}`;
