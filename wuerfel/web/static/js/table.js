// The live table: one websocket, the server's view is the truth, the browser only draws it and sends moves.
// Protocol: docs/protocol.md (server → {type:"state", seq, view, events, legal, throw, …}; client → {action,
// expected_seq}, or {throw: true, expected_seq} when this page's seat is to throw: "Würfeln").
import {t} from "./i18n.js";
import * as generic from "./games/generic.js";
import {renderKeypad} from "./keypad.js";
import {api} from "./api.js";
import {seatName as nameOfSeat} from "./seats.js";
import {chatHistory, chatMessage, chatRefused, chatWritable, initChat} from "./chat.js";
import {initSoundToggle, yourMove} from "./attention.js";
import {fillItem} from "./movelist.js";

const boot = JSON.parse(document.getElementById("table-boot").textContent);
const baseTitle = document.title;
const $ = (id) => document.getElementById(id);

const S = {
  table: boot.table, msg: null, seq: boot.table.seq || 0, ws: null, pending: false, request: null, retry: 0, log: [],
  lastRoll: null, lastRollSeq: -1, renderer: generic, closedByUs: false,
  thrown: null,       // {id, dice}: the server's throw that arrived with the current message (null: nothing thrown)
  seenAtLoad: boot.table.seq || 0,  // events up to here were history when the page loaded: they never tumble
  focusKey: null,     // the control of the table that had the keyboard focus, to put it back after a redraw
  focusParked: false, restoring: false,
  notes: [],          // what happened to the seating, in words (the server's `note` of a `table` message)
  online: boot.table.online || [],  // the people's seats whose player is connected now (protocol 3, "presence")
  hint: null,         // the last hint answer ({seq, seat, advice}, protocol 5); shown while its position stands
  hintAsked: null,    // the seq a hint was asked at and is still being worked out (null: none in the making)
  hintError: "",      // the last refusal of a hint, in words (cleared when the game moves on)
  clockEnd: null,     // when the table clock of the running move runs out (this computer's ms), null: none runs
};
window.wuerfelTable = S;  // for tests and the curious: the last message, the seq, the log

export function seatName(s) {
  return nameOfSeat(s, t("free_seat"));
}

function names() {
  return (S.table.seats || []).map(seatName);
}

function setConn(ok) {
  const c = $("conn");
  c.textContent = ok ? t("connected") : t("reconnecting");
  c.classList.toggle("down", !ok);
  document.body.dataset.conn = ok ? "up" : "down";
}

export function showNotice(text, kind = "error") {
  const n = $("notice");
  n.textContent = text;
  n.className = "notice" + (kind === "info" ? " info" : "");
  n.hidden = false;
  n.classList.remove("hidden");
}
function clearNotice() {
  const n = $("notice");
  n.classList.add("hidden");
  n.textContent = "";
}

function wsUrl() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // A reconnect asks for exactly what it missed; a fresh page (first visit or reload) asks for the last 30 events so
  // the move list has some history. The view itself never depends on it: the server's view is the truth.
  const since = S.msg ? S.seq : Math.max(0, (S.table.seq || 0) - 30);
  const q = new URLSearchParams();
  if (S.table.status !== "open") q.set("since", String(since));
  return `${proto}//${location.host}${boot.ws_url}${q.toString() ? "?" + q : ""}`;
}

function connect() {
  const ws = new WebSocket(wsUrl());
  S.ws = ws;
  ws.onopen = () => { S.retry = 0; setConn(true); };
  ws.onmessage = (ev) => {
    let m;
    try { m = JSON.parse(ev.data); } catch { return; }
    if (Array.isArray(m.chat)) chatHistory(m.chat);  // the first message on a connection: the talk so far
    if (m.type === "state") onState(m);
    else if (m.type === "chat") chatMessage(m);
    else if (m.type === "hint") onHint(m);
    else if (m.type === "table") {
      S.table = m.table;
      if (m.table.online) S.online = m.table.online;
      if (m.note) { S.notes.push(m.note); showNotice(m.note, "info"); }
      renderAll();
    }
    else if (m.type === "presence") {
      S.online = m.online || [];
      if (Array.isArray(m.spectators)) S.table = {...S.table, spectators: m.spectators};
      renderAll();
    }
    else if (m.type === "error") onError(m);
  };
  ws.onclose = () => {
    setConn(false);
    // A move in flight when the socket closed may never have reached the table (its worker died or was restarted,
    // docs/deploy.md): it is kept, and the first state after the reconnect decides (settleRequest) — sent again
    // while the table still waits for it, forgotten once it was applied.
    if (S.request && !S.closedByUs) S.request.lost = true;
    else { S.pending = false; S.request = null; }
    if (S.closedByUs) return;
    const delay = Math.min(5000, 300 * 2 ** S.retry);
    S.retry += 1;
    setTimeout(connect, delay);
  };
}

function onState(m) {
  // The server says how much of a time window is left; fix its end on our own clock once, when the message arrives.
  if (m.deadline && typeof m.deadline.left === "number") m.deadline.ends = Date.now() + m.deadline.left * 1000;
  const moved = S.msg === null || m.seq !== S.seq;
  const ended = !!m.finished && !(S.msg && S.msg.finished);
  S.msg = m;
  S.table = m.table || S.table;
  if (Array.isArray(m.online)) S.online = m.online;
  S.seq = m.seq;
  const known = S.log.length ? S.log[S.log.length - 1].seq : 0;
  S.thrown = null;
  for (const e of m.events || []) {
    if (e.seq <= known) continue;  // an event we already listed (e.g. sent again after a reconnect)
    S.log.push(e);
    if (e.type === "chance" && e.data && Array.isArray(e.data.dice)) {
      S.lastRoll = e.data.dice; S.lastRollSeq = e.seq;
      // Only a throw the server just made tumbles; dice typed in at a scorekeeper table were thrown by hand.
      if (e.seq > S.seenAtLoad && !(S.table && S.table.scorekeeper)) S.thrown = {id: e.seq, dice: e.data.dice};
    }
  }
  // A refusal stays visible until the game moves on; what happened to a seat (a player back, a stand-in) is over
  // when the game is: the final standings never stand over a stale notice (issue 24, B10).
  if (moved || ended) { clearNotice(); runClock(m); S.hintError = ""; }
  runMoveClock(m);
  // What the clock or a stand-in did to a seat, in words (protocol 6): listed with the seating notes and shown. A
  // game the clock or a logout ended is told once, by the status and the line under the moves (B8).
  const endNote = !!m.finished && !!m.result && m.result.resigned !== null && m.result.resigned !== undefined;
  if (m.note && !endNote) { S.notes.push(m.note); showNotice(m.note, "info"); }
  settleRequest(m);
  renderAll();
  document.body.dataset.seq = String(m.seq);
  document.body.dataset.status = m.finished ? "finished" : "playing";
}

let clock = null;

/** A decision with a time limit (view.deadline.seconds): count down from when the message arrived. */
function runClock(m) {
  const box = $("deadline");
  if (clock) { clearInterval(clock); clock = null; }
  const dl = m.view && m.view.deadline;
  if (!dl || typeof dl.seconds !== "number" || m.finished) { box.classList.add("hidden"); return; }
  const end = (m.deadline && m.deadline.ends) || Date.now() + dl.seconds * 1000;
  const tick = () => {
    const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    box.textContent = t("deadline", {s: left});
    box.classList.remove("hidden");
    if (!left && clock) { clearInterval(clock); clock = null; }
  };
  tick();
  clock = setInterval(tick, 250);
}

let moveClock = null;

/** "12:03:10" / "0:25": what is left of a move, to the second. */
function clockText(s) {
  const d = Math.floor(s / 86400), h = Math.floor((s % 86400) / 3600), m = Math.floor((s % 3600) / 60), sec = s % 60;
  const two = (x) => String(x).padStart(2, "0");
  if (d > 0) return t("clock_days", {d, time: `${h}:${two(m)}`});
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/** The table's time control (protocol 6, `clock`): a running clock for the seat to move, counted down from when the
 * message arrived (the server's `left`, so a wrong clock on this computer changes nothing). */
function runMoveClock(m) {
  const box = $("move-clock");
  if (moveClock) { clearInterval(moveClock); moveClock = null; }
  const c = m.clock;
  if (!c || m.finished || typeof c.left !== "number") {
    S.clockEnd = null;
    box.classList.add("hidden");
    delete box.dataset.seats;
    return;
  }
  const end = Date.now() + c.left * 1000;
  S.clockEnd = end;
  const who = (c.seats || []).map((i) => names()[i]).join(", ");
  box.dataset.seats = (c.seats || []).join(",");
  const tick = () => {
    const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
    box.textContent = t("clock_left", {name: who, time: clockText(left)});
    throwNote();
    box.classList.toggle("urgent", left <= 10 && c.kind === "live");
    box.classList.remove("hidden");
    if (!left && moveClock) { clearInterval(moveClock); moveClock = null; }
  };
  tick();
  moveClock = setInterval(tick, 250);
}

// The own move in flight (S.request) keeps the page "pending" until the server answers *it*: another player's move
// (a stake at the same sealed round) brings a state message too, and clearing the flag then let the next tap go out
// with a stale seq. A move refused as stale is sent again against the new seq when it is still legal and only other
// players' moves came in between (the situation the player decided in is unchanged for him); else he is told.
const MAX_RESENDS = 5;

function coversAction(entry, r) {
  if (entry.seat !== r.seat || entry.action.kind !== r.action.kind) return false;
  const keys = new Set([...Object.keys(entry.action), ...Object.keys(r.action)]);
  for (const k of keys) {
    const want = entry.action[k], got = r.action[k];
    if (want && typeof want === "object" && !Array.isArray(want) && "min" in want) {
      if (!(Number.isInteger(got) && got >= want.min && got <= want.max)) return false;
    } else if (JSON.stringify(want) !== JSON.stringify(got)) return false;
  }
  return true;
}

function resend(r, m) {
  r.resends += 1;
  r.expected = m.seq;
  const out = r.action ? {action: r.action, expected_seq: m.seq, seed: diceSeed()}
    : {throw: true, expected_seq: m.seq, seed: diceSeed()};
  if (r.seatField !== undefined) out.seat = r.seatField;
  S.ws.send(JSON.stringify(out));
}

function settleRequest(m) {
  const r = S.request;
  if (!r) { S.pending = false; return; }
  const after = S.log.filter((e) => e.seq > r.expected);
  const open = S.ws && S.ws.readyState === WebSocket.OPEN;
  if (r.lost) {
    // The first state after a reconnect, with every event since the move was sent: applied (or the game over), and
    // the request is done; the table still waiting for exactly it (only other players' moves in between), and it
    // goes out again; anything else, and the player decides afresh on what he now sees.
    r.lost = false;
    const mine = r.action ? after.some((e) => e.type === "action" && e.player === r.seat)
      : after.some((e) => e.type === "chance");
    const others = after.every((e) => e.type === "action" && e.player !== r.seat);
    const still = r.action ? (m.legal || []).some((e) => coversAction(e, r))
      : !!(m.throw && !m.throw.bot && m.throw.seat === r.seat);
    if (!mine && !m.finished && others && still && r.resends < MAX_RESENDS && open) { resend(r, m); return; }
    S.request = null;
    S.pending = false;
    return;
  }
  // Events missing from the log since the move was sent are other players' sealed moves (the game does not tell
  // this seat of them at all, State.event_view); a seat is always told of its own moves, so a gap is no answer.
  if (r.stale) {
    r.stale = false;
    const others = after.every((e) => e.type === "action" && e.player !== r.seat);
    const still = (m.legal || []).some((e) => coversAction(e, r));
    if (r.action && others && still && r.resends < MAX_RESENDS && open) { resend(r, m); return; }
    S.request = null;
    S.pending = false;
    showNotice(r.staleMessage || t("refused"));
    return;
  }
  const answered = r.action
    ? after.some((e) => e.type === "action" && e.player === r.seat)
    : after.some((e) => e.type === "chance");
  // Nothing of ours can still be under way when the seat may no longer act or the game ended.
  const gone = m.seq > r.expected && (m.finished || (r.action && !(m.to_move || []).includes(r.seat)));
  // A page holding several seats is sent the view of one of them (m.seat): a sealed move of another of its seats
  // (a punter's stake while the banker of Rock and Roll decides) is hidden from that view, so the gap it leaves is
  // the answer.
  const otherSeat = r.action && m.seq > r.expected && r.seat !== m.seat && (m.my_seats || []).includes(r.seat)
    && S.log.filter((e) => e.seq > r.expected).length < m.seq - r.expected;
  if (answered || gone || otherSeat) { S.request = null; S.pending = false; }
}

const HINT_ERRORS = new Set(["hints_off", "no_advisor", "hint_not_due", "hint_busy", "hint_refused"]);

function onError(m) {
  if (m.error && (HINT_ERRORS.has(m.error.code) || (S.hintAsked !== null && m.error.code === "internal_error"))) {
    // A refused hint concerns the hint panel alone: a move in flight still waits for its own answer.
    S.hintAsked = null;
    S.hintError = m.error.message || t("refused");
    renderHint(S.msg);
    return;
  }
  if (m.error && String(m.error.code || "").startsWith("chat_")) {
    // A refused chat message concerns the chat alone: a move in flight is still waiting for its own answer.
    chatRefused(m.error.message || t("refused"));
    return;
  }
  const r = S.request;
  if (r && m.error && m.error.code === "stale_seq") {
    // The state message that follows decides: the move is sent again, or the player is told.
    r.stale = true;
    r.staleMessage = m.error.message;
    document.body.dataset.lastError = "stale_seq";
    return;
  }
  S.request = null;
  S.pending = false;
  showNotice(m.error && m.error.message ? m.error.message : t("refused"));
  document.body.dataset.lastError = (m.error && m.error.code) || "error";
  renderAll();
}

/** Send a move (an entry of `legal`, or a bare action JSON for the current seat). */
export function send(entryOrAction, seat = null) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) { showNotice(t("not_connected")); return; }
  const action = entryOrAction && entryOrAction.action ? entryOrAction.action : entryOrAction;
  // A fresh seed with every move and tap: a throw that follows it is derived with it too (provably fair dice).
  const msg = {action, expected_seq: S.seq, seed: diceSeed()};
  const s = entryOrAction && entryOrAction.seat !== undefined ? entryOrAction.seat : seat;
  if (s !== null && s !== undefined && S.msg && (S.msg.my_seats || []).length > 1) msg.seat = s;
  const mySeat = s !== null && s !== undefined ? s : (S.msg ? S.msg.seat : null);
  S.request = {action, seat: mySeat, seatField: msg.seat, expected: S.seq, stale: false, resends: 0};
  S.pending = true;
  S.ws.send(JSON.stringify(msg));
  renderAll();
}

/** Ask for this seat's throw ("Würfeln"): the server's dice fall for it (docs/protocol.md, "throw"). */
function sendThrow(seat) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) { showNotice(t("not_connected")); return; }
  const msg = {throw: true, expected_seq: S.seq, seed: diceSeed()};
  if (S.msg && (S.msg.my_seats || []).length > 1) msg.seat = seat;
  S.request = {throw: true, seat, seatField: msg.seat, expected: S.seq, stale: false, resends: 0};
  S.pending = true;
  S.ws.send(JSON.stringify(msg));
  renderAll();
}

/** The thrower's "Würfeln" button, above the game; nothing for the others (the status line names the thrower). */
function renderThrow(m) {
  let bar = $("throw-bar");
  if (!bar) {
    bar = document.createElement("div");
    bar.id = "throw-bar";
    bar.className = "actions throw-bar";
    bar.setAttribute("role", "group");
    $("board").insertBefore(bar, $("game"));
  }
  const th = m && !m.finished ? m.throw : null;
  const mine = !!th && !th.bot && (m.my_seats || []).includes(th.seat);
  bar.classList.toggle("hidden", !mine);
  bar.replaceChildren();
  if (!mine) return;
  bar.setAttribute("aria-label", t("your_throw"));
  const b = button(t("throw_button"), "btn primary", () => sendThrow(th.seat));
  b.id = "throw-btn";
  b.disabled = S.pending;
  bar.appendChild(b);
  const c = m.clock;
  if (c && (c.seats || []).includes(th.seat)) {
    // The table's clock runs for this throw and is its one deadline (issue 24, B1): the note names the clock's time
    // and what happens when it runs out; the move clock's tick keeps the time in it current.
    const note = document.createElement("p");
    note.className = "sub small";
    note.id = "throw-note";
    note.dataset.clock = c.on_expiry === "forfeit" ? "forfeit" : "bot";
    bar.appendChild(note);
    throwNote();
  } else if (typeof th.left === "number") {
    // The server throws for a player who does not tap in time: say so once, without a ticking clock.
    const note = document.createElement("p");
    note.className = "sub small";
    note.id = "throw-note";
    note.textContent = t("throw_auto", {s: Math.max(1, Math.round(th.left))});
    bar.appendChild(note);
  }
}

/** The throw's note under a table clock: "Würfelst du nicht binnen 0:27, verlierst du die Partie." */
function throwNote() {
  const note = $("throw-note");
  if (!note || !note.dataset.clock || S.clockEnd === null) return;
  const left = Math.max(0, Math.ceil((S.clockEnd - Date.now()) / 1000));
  note.textContent = t(note.dataset.clock === "forfeit" ? "throw_clock_forfeit" : "throw_clock_bot",
    {time: clockText(left)});
}

function sendOutcome(outcome) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) { showNotice(t("not_connected")); return; }
  S.request = {outcome, seat: null, expected: S.seq, stale: false, resends: 0};
  S.pending = true;
  S.ws.send(JSON.stringify({outcome, expected_seq: S.seq}));
  renderAll();
}

// A game that ended early names who ended it; the reader who did reads it in the second person (issue 24 §3).
function endKey(why, suffix, seat, mySeats) {
  const mine = mySeats || [];
  return (mine.length === 1 && mine[0] === seat ? "you_" : "") + why + suffix;
}

/** The end in the status line. A winner who reads it is told "you won", not his own name (issue 24 §3); one who
 * shares the win reads "won by you and Bert". */
function endText(m, nm) {
  const mine = !S.table.scorekeeper && (m.my_seats || []).length === 1 ? m.my_seats[0] : null;
  const seats = m.winners || [];
  const won = mine !== null && seats.includes(mine);
  const others = seats.filter((i) => !won || i !== mine).map((i) => nm[i]).join(", ");
  const r = m.result ? m.result.resigned : null;
  const why = (m.result && m.result.ended_by) || "resigned";
  if (r !== null && r !== undefined) {
    if (won && !others) return t(why + "_status_you_won", {name: nm[r]});
    return t(endKey(why, "_status", r, m.my_seats), {name: nm[r], names: seats.map((i) => nm[i]).join(", ")});
  }
  if (won) return others ? t("winner_you_and", {names: others}) : t("winner_you");
  return seats.length ? t("winner", {names: others}) : t("game_over");
}

function statusText(m) {
  const nm = names();
  if (m.finished) return endText(m, nm);
  const mine = (m.to_move || []).filter((s) => (m.my_seats || []).includes(s));
  // At a real table the phone is not the player: name the person whose decision it is.
  if (mine.length && S.table.scorekeeper) return t("their_turn", {name: mine.map((i) => nm[i]).join(", ")});
  if (mine.length) return (m.my_seats || []).length > 1 ? t("your_turn_as", {name: nm[mine[0]]}) : t("your_turn");
  if (m.manual) {
    const th = m.manual.thrower;
    if (m.manual.dice <= 0) return t("sk_status_choice");
    return th !== null && th !== undefined ? t("sk_status_of", {name: nm[th], n: m.manual.dice}) : t("enter_dice", {n: m.manual.dice});
  }
  if (m.throw) {
    const th = m.throw.seat;
    if (!m.throw.bot && (m.my_seats || []).includes(th)) {
      return (m.my_seats || []).length > 1 ? t("your_throw_as", {name: nm[th]}) : t("your_throw");
    }
    return t("throwing", {name: nm[th]});
  }
  if (!(m.to_move || []).length) return t("dice_rolling");
  return t("their_turn", {name: (m.to_move || []).map((i) => nm[i]).join(", ")});
}

/** A person's seat says whether its player is connected: a dot with its words for screen readers and a tooltip.
 * Bots and free seats get nothing (a bot needs no connection). */
function presenceMark(s) {
  if (!s || s.kind !== "human") return null;
  const here = S.online.includes(s.seat);
  const dot = document.createElement("span");
  dot.className = "presence " + (here ? "on" : "off");
  dot.setAttribute("role", "img");
  dot.setAttribute("aria-label", here ? t("present") : t("absent"));
  dot.title = here ? t("present") : t("absent");
  return dot;
}

/** At a rated table, a seat's rating in this game beside its name (issue 24, M4): "(3,1)", the page's decimal
 * comma and minus sign; null elsewhere. */
function ratingMark(seat) {
  if (!S.table.rated || !seat || typeof seat.rating !== "number") return null;
  const mark = document.createElement("span");
  mark.className = "small muted seat-rating";
  const text = seat.rating.toLocaleString(document.documentElement.lang || "de",
    {minimumFractionDigits: 1, maximumFractionDigits: 1}).replace(/^-/, "\u2212");
  mark.textContent = ` (${text})`;
  mark.title = t("rating_title");
  return mark;
}

/** A registered player's name as a link to his profile (issue 16); anybody else's as plain text. */
function profileLink(seat, text) {
  if (!seat || seat.kind !== "human" || seat.guest || !seat.name) return text;
  const link = document.createElement("a");
  link.href = `/players/${encodeURIComponent(seat.name)}`;
  link.className = "profile-link";
  link.textContent = text;
  return link;
}

function renderScores(m) {
  const tb = $("scores");
  const nm = names();
  const scores = (m && m.view && m.view.scores) || [];
  tb.replaceChildren();
  if (m && m.result && m.result.lower_is_better) {
    // Penalty points (Rückwärts): say so where the scores are, or the leader looks like the one losing.
    const tr = document.createElement("tr");
    const td = document.createElement("td");
    td.colSpan = 2;
    td.id = "score-direction";
    td.className = "small muted";
    td.textContent = t("lower_is_better");
    tr.appendChild(td);
    tb.appendChild(tr);
  }
  nm.forEach((n, i) => {
    const tr = document.createElement("tr");
    if (m && (m.to_move || []).includes(i)) tr.classList.add("turn");
    if (m && (m.my_seats || []).includes(i)) tr.classList.add("me");
    if (m && (m.winners || []).includes(i)) tr.classList.add("winner");
    if (m && m.result && (m.result.losers || []).includes(i)) tr.classList.add("loser");
    const seat = (S.table.seats || [])[i];
    if (seat && seat.kind === "human") tr.dataset.online = S.online.includes(i) ? "yes" : "no";
    const a = document.createElement("td");
    const mark = presenceMark(seat);
    if (mark) a.appendChild(mark);
    a.append(profileLink(seat, n));
    const rating = ratingMark(seat);
    if (rating) a.append(rating);
    if (seat && seat.standin) {
      // "Computer übernimmt" (protocol 6): a bot plays this person's seat until he is back.
      tr.dataset.standin = "yes";
      const sub = document.createElement("span");
      sub.className = "small muted standin";
      sub.textContent = ` (${t("standin_mark")})`;
      a.append(sub);
    }
    const b = document.createElement("td");
    b.className = "num";
    b.textContent = scores[i] === undefined ? "–" : fmt(scores[i]);
    tr.append(a, b);
    tb.appendChild(tr);
  });
}

export function fmt(x) {
  return typeof x === "number" ? (Number.isInteger(x) ? x.toLocaleString(document.documentElement.lang) : x.toFixed(1)) : String(x);
}

function renderLog() {
  const ol = $("log");
  const nm = names();
  ol.replaceChildren();
  const shown = S.log.slice(-60);
  ol.start = shown.length && shown[0].seq ? shown[0].seq : 1;
  // What happened to the seats before the start, in words: lines of the table above the moves, not moves of the
  // game (they are kept out of the numbered list, whose numbers are the events' seqs).
  const notes = $("table-notes");
  notes.replaceChildren(...S.notes.slice(-20).map((text) => {
    const li = document.createElement("li");
    li.className = "table-event note";
    li.textContent = text;
    return li;
  }));
  notes.classList.toggle("hidden", !S.notes.length);
  // At a real table the phone is not the player: its one seat is named, not "Du" (issue 24 §3).
  const mine = S.msg && !S.table.scorekeeper && (S.msg.my_seats || []).length === 1 ? S.msg.my_seats[0] : null;
  const full = new Set(S.log.filter((e) => !e.hidden).map((e) => e.seq));
  for (const e of shown) {
    const li = document.createElement("li");
    fillItem(li, e, nm, mine, (seq) => full.has(seq));
    ol.appendChild(li);
  }
  // A resignation is the table's, not a move of the game: it closes the list in words, under it.
  const r = S.table.resigned;
  const end = $("table-end");
  const why = S.table.ended_by || "resigned";
  end.textContent = r !== null && r !== undefined ? t(endKey(why, "_log", r, S.msg && S.msg.my_seats), {name: nm[r]}) : "";
  end.classList.toggle("hidden", !end.textContent);
  ol.scrollTop = ol.scrollHeight;
}

function renderSeating() {
  const box = $("seating");
  const tb = S.table;
  const open = tb.status === "open";
  box.classList.toggle("hidden", !open);
  $("board").classList.toggle("hidden", open);
  if (!open) return;
  const me = boot.player ? boot.player.id : null;
  const isHost = me !== null && tb.host === me;
  const seatedHere = me !== null && tb.seats.some((s) => s.kind === "human" && s.player_id === me);
  const list = $("seat-list");
  list.replaceChildren();
  let empty = 0;
  for (const s of tb.seats) {
    const row = document.createElement("div");
    row.className = "seat" + (s.kind === "empty" ? " empty" : "");
    row.dataset.seat = String(s.seat);
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = `${s.seat + 1}. `;
    if (s.kind === "human" && !s.guest && s.name) {
      // A registered player's name leads to his profile (issue 16).
      const a = document.createElement("a");
      a.href = `/players/${encodeURIComponent(s.name)}`; a.className = "profile-link"; a.textContent = seatName(s);
      who.appendChild(a);
    } else who.append(seatName(s));
    const rating = ratingMark(s);
    if (rating) who.append(rating);
    const mark = presenceMark(s);
    if (mark) { who.prepend(mark); row.dataset.online = S.online.includes(s.seat) ? "yes" : "no"; }
    row.appendChild(who);
    if (s.kind === "empty") {
      empty += 1;
      // One seat per person at someone else's table (the host may take several: hot-seat).
      // A spectator without a name is sent to the invitation page, which asks for one and comes back here.
      const sit = me === null ? () => { window.location.href = `/table/${tb.id}`; } : () => tableCall("sit", {seat: s.seat, seed: diceSeed()});
      if (isHost || !seatedHere) row.appendChild(button(t("sit_here"), "btn small primary sit", sit));
      if (isHost && boot.game.bots.length) {
        const sel = document.createElement("select");
        sel.className = "bot-select";
        sel.setAttribute("aria-label", t("bot"));
        for (const b of boot.game.bots) {
          const o = document.createElement("option");
          o.value = b; o.textContent = (boot.game.bot_labels || {})[b] || b; if (b === boot.game.default_bot) o.selected = true;
          sel.appendChild(o);
        }
        sel.style.width = "auto";
        row.appendChild(sel);
        row.appendChild(button(t("add_bot"), "btn small add-bot", () => tableCall("bot", {seat: s.seat, bot: sel.value})));
      }
    } else if (s.kind === "bot" && isHost) {
      row.appendChild(button(t("remove_bot"), "btn small", () => tableCall("bot", {seat: s.seat, bot: null})));
    } else if (s.kind === "human" && s.player_id === me) {
      row.appendChild(button(t("leave_seat"), "btn small", () => tableCall("leave", {seat: s.seat})));
    } else if (s.kind === "human" && isHost) {
      // Before the start the host may clear a seat someone took and left (docs/web.md).
      row.appendChild(button(t("remove_player"), "btn small remove-player", () => tableCall("leave", {seat: s.seat})));
    }
    list.appendChild(row);
  }
  // A bot account (issue 27 §4: an outside bot run by `wuerfel bot run`) is invited by its name; its client finds the
  // table among its games and plays there.
  $("invite-bot").classList.toggle("hidden", !(isHost && empty > 0));
  const start = $("start-btn");
  start.classList.toggle("hidden", !isHost);
  start.disabled = empty > 0;
  $("seating-hint").textContent = empty ? t("waiting_for_players", {n: empty}) : (isHost ? t("ready_to_start") : t("waiting_for_host"));
}

/** Ask the game's advisor about the decision shown (protocol 5, "Hints"): the answer comes to this page alone. */
function askHint() {
  const m = S.msg;
  if (!m || !S.ws || S.ws.readyState !== WebSocket.OPEN) { showNotice(t("not_connected")); return; }
  const msg = {type: "hint"};
  if ((m.my_seats || []).length > 1 && m.seat !== null) msg.seat = m.seat;
  S.hintAsked = m.seq;
  S.hintError = "";
  S.ws.send(JSON.stringify(msg));
  renderHint(m);
}

function onHint(m) {
  S.hintAsked = null;
  S.hint = m;
  renderHint(S.msg);
}

/** The "Tipp" button where the table allows hints, the game has an advisor and this page's player decides now; under
 * it the answer for the position on the board (an answer about a position that has passed is dropped), each choice
 * with its value as the server wrote it in the reader's language and number format, best first. */
function renderHint(m) {
  const box = $("hint-box");
  const allowed = !!(S.table && S.table.hints && S.table.advisor);
  const deciding = !!m && !m.finished && (m.legal || []).length > 0;
  box.classList.toggle("hidden", !(allowed && deciding));
  if (!allowed || !deciding) return;
  const waiting = S.hintAsked !== null && S.hintAsked === m.seq;
  const hint = S.hint && S.hint.seq === m.seq ? S.hint : null;
  $("hint-btn").disabled = waiting;
  $("hint-wait").classList.toggle("hidden", !waiting);
  const err = $("hint-error");
  err.textContent = S.hintError;
  err.classList.toggle("hidden", !S.hintError);
  const list = $("hint-list");
  list.replaceChildren();
  for (const a of hint ? hint.advice : []) {
    const li = document.createElement("li");
    const label = document.createElement("span");
    label.className = "hint-label";
    label.textContent = a.label;
    li.append(label);
    if (a.text) {
      const value = document.createElement("strong");
      value.className = "hint-value";
      value.textContent = a.text;
      li.append(" ", value);
    }
    const extra = [a.measure, a.note].filter(Boolean).join(" · ");
    if (extra) {
      const small = document.createElement("span");
      small.className = "small muted";
      small.textContent = ` (${extra})`;
      li.append(small);
    }
    list.append(li);
  }
  $("hint-panel").classList.toggle("hidden", !(waiting || hint || S.hintError));
}

/** "Aufgeben" for a player of a running game (the seat this page shows), asked once more before it is sent. */
function renderResign(m) {
  const can = !!m && !m.finished && S.table.status === "playing" && (m.my_seats || []).length > 0;
  $("resign-box").classList.toggle("hidden", !can);
  if (!can) $("resign-confirm").classList.add("hidden");
}

function button(label, cls, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.className = cls;
  b.textContent = label;
  b.addEventListener("click", onClick);
  return b;
}

async function tableCall(what, body) {
  try {
    S.table = await api(`/api/tables/${S.table.id}/${what}`, body);
    clearNotice();
    renderAll();
  } catch (e) {
    showNotice(e.message);
  }
}

/** The tab says "Du bist am Zug" while this page's player has a move or a throw to make, so a player in another tab
 * (or another window) sees it in the tab strip; the title goes back when the move is made. */
function renderTitle(m) {
  const mine = m && !m.finished && S.table.status === "playing" && ((m.legal || []).length > 0
    || !!(m.throw && !m.throw.bot && (m.my_seats || []).includes(m.throw.seat))
    || !!(m.manual && (m.my_seats || []).length));
  const title = mine ? `${t("your_move_title")} · ${baseTitle}` : baseTitle;
  if (document.title !== title) document.title = title;
  yourMove(!!mine);
}

/** A stand-in bot plays this page's seat ("Computer übernimmt", protocol 6): say so, and offer to play again. */
function renderBack(m) {
  const me = boot.player ? boot.player.id : null;
  const away = me !== null && !!m && !m.finished && (S.table.seats || []).some((s) => s.player_id === me && s.standin);
  $("back-box").classList.toggle("hidden", !away);
}

/** Who may write in the chat here (the server decides; this only spares an input that would be refused): a seated
 * player; a spectator with a name where the table allows it and the host has not muted him. */
function renderChatAccess() {
  const me = boot.player ? boot.player.id : null;
  const seated = me !== null && (S.table.seats || []).some((s) => s.player_id === me && !s.bot);
  const muted = me !== null && (S.table.muted || []).includes(me);
  let why = null;
  if (!seated) {
    if (!S.table.spectator_chat) why = t("chat_players_only");
    else if (me === null) why = t("chat_need_name");
    else if (muted) why = t("chat_muted");
  }
  chatWritable(why === null, why);
}

/** The people watching (protocol 4 `spectators`): names, "Zuschauer" for those without one; the host mutes here. */
function renderSpectators() {
  const list = $("spectator-list");
  const all = S.table.spectators || [];
  const me = boot.player ? boot.player.id : null;
  const host = me !== null && S.table.host === me;
  list.replaceChildren();
  for (const s of all) {
    const li = document.createElement("li");
    const name = document.createElement("span");
    name.textContent = s.name || t("spectator");
    li.append(name);
    if (s.muted) {
      li.dataset.muted = "yes";
      const mark = document.createElement("span");
      mark.className = "muted small";
      mark.textContent = " (" + t("muted_mark") + ")";
      li.append(mark);
    }
    if (host && s.player_id !== null && S.table.spectator_chat) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "btn small mute";
      b.textContent = s.muted ? t("unmute") : t("mute");
      b.addEventListener("click", () => tableCall("mute", {player_id: s.player_id, muted: !s.muted}));
      li.append(" ", b);
    }
    list.append(li);
  }
  $("spectator-count").textContent = all.length ? `(${all.length})` : "";
  $("no-spectators").classList.toggle("hidden", all.length > 0);
}

/** Send any message on the table's socket (the chat's); false when there is no open connection. */
function sendRaw(msg) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) return false;
  S.ws.send(JSON.stringify(msg));
  return true;
}

function renderAll() {
  renderChatAccess();
  renderSpectators();
  renderSeating();
  renderTitle(S.msg);
  renderScores(S.msg);
  renderLog();
  const m = S.msg;
  renderResign(m);
  renderBack(m);
  renderHint(m);
  if (!m || S.table.status === "open") return;
  $("status").textContent = statusText(m);
  renderThrow(m);
  $("replay-link").classList.toggle("hidden", !m.finished);
  const ctx = {
    msg: m, view: m.view, legal: m.legal || [], send, names: names(), t, fmt, pending: S.pending, lastRoll: S.lastRoll,
    lastRollSeq: S.lastRollSeq, mySeats: m.my_seats || [], seat: m.seat, myTurn: (m.legal || []).length > 0,
    log: S.log, showNotice, thrown: S.thrown,
  };
  try {
    S.renderer.render($("game"), ctx);
  } catch (err) {
    // A game renderer that cannot draw this view must not leave the player stuck: fall back to the generic one.
    console.error(err);
    generic.render($("game"), ctx);
  }
  if (m.finished) $("game").prepend(finalStandings(m));
  const kp = $("manual");
  const appeared = !!m.manual && kp.classList.contains("hidden");
  kp.classList.toggle("hidden", !m.manual);
  if (m.manual) {
    renderKeypad(kp, m.manual, {onFaces: (text) => sendOutcome(text), onSpecial: (o) => sendOutcome(o), t,
      pending: S.pending, names: names()});
    // Bring the keypad to the thrower: after a move further down (a box at the foot of a long sheet) it may lie
    // outside the screen.
    if (appeared || kp.dataset.seq !== String(m.seq)) {
      kp.dataset.seq = String(m.seq);
      const bar = document.querySelector(".topbar");
      const top = bar ? bar.getBoundingClientRect().bottom : 0;
      const r = kp.getBoundingClientRect();
      // Scrolled by the measured bar, not by a fixed scroll-margin: the bar wraps to two lines on a phone (a long
      // name with its guest mark), and a fixed margin left the keypad's head under it.
      if (r.top < top || r.bottom > window.innerHeight) window.scrollBy(0, r.top - top - 8);
    }
  }
  restoreFocus();
}

/** A stable name for a control of the table, valid across redraws (the elements themselves are replaced). */
function focusKey(e) {
  if (!e || e === document.body || !$("felt").contains(e)) return null;
  if (e.id) return {id: e.id};
  for (const a of ["action", "amount", "face", "number", "index", "row"]) {
    if (e.dataset[a] !== undefined) return {attr: a, value: e.dataset[a], in: (e.parentElement && e.parentElement.id) || ""};
  }
  return {tag: e.tagName, text: e.textContent};
}

function usable(e) {
  return e && !e.disabled && !e.closest(".hidden") && e.getClientRects().length > 0;
}

/** Every move redraws the table, which took the keyboard focus away to the page body: put it back on the same control
 * if it is still there, else on the table's main move (the primary button), else on any move, else on the status. */
function restoreFocus() {
  if (!S.focusKey) return;
  const a = document.activeElement;
  const parked = a === $("status") && S.focusParked;  // we parked it there while no control could take it
  if (a && a !== document.body && a !== document.documentElement && !parked) return;  // where the user put it
  const felt = $("felt");
  const k = S.focusKey;
  let target = null;
  if (k.id) target = document.getElementById(k.id);
  else if (k.attr) {
    target = [...felt.querySelectorAll(`[data-${k.attr.replace(/[A-Z]/g, (c) => "-" + c.toLowerCase())}]`)]
      .find((e) => e.dataset[k.attr] === k.value && ((e.parentElement && e.parentElement.id) || "") === k.in) || null;
  } else if (k.tag) target = [...felt.querySelectorAll(k.tag)].find((e) => e.textContent === k.text) || null;
  if (!usable(target)) {
    target = [...felt.querySelectorAll(".btn.primary, [data-action], button, [tabindex='0']")].find(usable) || $("status");
  }
  S.focusParked = target === $("status");
  if (target === a) return;
  S.restoring = true;
  try { target.focus({preventScroll: true}); } finally { S.restoring = false; }
}

function trackFocus() {
  const felt = $("felt");
  felt.addEventListener("focusin", (e) => {
    if (S.restoring) return;
    S.focusParked = false;
    S.focusKey = focusKey(e.target) || S.focusKey;
  });
  // The user went elsewhere (a click or a tab outside the table): leave the focus there.
  document.addEventListener("focusin", (e) => { if (!felt.contains(e.target)) S.focusKey = null; });
  document.addEventListener("pointerdown", (e) => { if (!felt.contains(e.target)) S.focusKey = null; });
}

/** The engine's ranking, best first, as [seat, place] pairs: tied seats share the better place. The server sends it
 * (`result.ranking`, groups of tied seats); nothing here works a ranking out of scores, so Rückwärts (fewest
 * penalty points first) and every other game's order are the game's own. */
export function standingsOrder(m) {
  const groups = (m.result && m.result.ranking) || [];
  const out = [];
  let place = 1;
  for (const g of groups) {
    for (const seat of g) out.push([seat, place]);
    place += g.length;
  }
  return out;
}

/** The result at the end: everybody in the game's order with shared places, the winners starred, the losers marked,
 * the chips won or lost where the game is played for chips, the way to the replay and to a new game. */
function finalStandings(m) {
  const box = document.createElement("div");
  box.className = "final";
  box.id = "final";
  const nm = names();
  const scores = (m.view && m.view.scores) || [];
  const res = m.result || {};
  const ol = document.createElement("ol");
  for (const [i, place] of standingsOrder(m)) {
    const li = document.createElement("li");
    li.value = place;
    if ((res.winners || m.winners || []).includes(i)) li.className = "won";
    else if ((res.losers || []).includes(i)) li.className = "lost";
    const a = document.createElement("span");
    a.textContent = nm[i];
    const b = document.createElement("b");
    b.textContent = scores[i] === undefined ? "–" : fmt(scores[i]);
    li.append(a, b);
    if (Array.isArray(res.payoffs)) {
      const c = document.createElement("small");
      c.className = "payoff";
      const x = res.payoffs[i] || 0;
      c.textContent = t("chips_net", {n: (x > 0 ? "+" : "") + fmt(x)});
      li.append(c);
    }
    ol.appendChild(li);
  }
  const row = document.createElement("div");
  row.className = "actions";
  const rep = document.createElement("a");
  rep.className = "btn primary";
  rep.href = `/replay/${S.table.id}`;
  rep.textContent = t("watch_replay");
  const lobby = document.createElement("a");
  lobby.className = "btn ghost";
  lobby.href = "/";
  lobby.textContent = t("new_game");
  row.append(rep, lobby);
  const mine = m.my_seats || [];
  if (S.table.rematch) {
    // Somebody asked for the rematch: everybody here is offered his old seat at it, in one click.
    const p = document.createElement("p");
    p.className = "rematch-offer";
    p.textContent = t("rematch_offered");
    box.append(p);
    const join = button(t("rematch_join"), "btn primary", () => joinRematch(mine));
    join.id = "rematch-join";
    row.prepend(join);
  } else if (mine.length) {
    const b = button(t("rematch"), "btn primary", () => askRematch());
    b.id = "rematch-btn";
    row.prepend(b);
  }
  box.append(ol, row);
  return box;
}

/** Ask for the rematch (the server makes it once; a second asker gets the same table) and go there. */
async function askRematch() {
  try {
    const next = await api(`/api/tables/${S.table.id}/rematch`, {});
    window.location.href = next.url;
  } catch (e) {
    showNotice(e.message);
  }
}

/** Provably fair dice: this browser's random contribution to the table's combined seed (sent when sitting down
 * and when starting; the server hashes every seat's seed into the seed each throw is derived from). */
function diceSeed() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

/** Take the old seat at the rematch if it is still free, then open it (a taken seat: the page offers the rest). */
async function joinRematch(mine) {
  const url = S.table.rematch;
  const id = url.split("/table/")[1];
  for (const seat of mine) {
    try { await api(`/api/tables/${id}/sit`, {seat, seed: diceSeed()}); } catch { /* taken, or ours already: choose on the page */ }
  }
  window.location.href = url;
}

async function main() {
  const mod = document.getElementById("game-renderer");
  if (mod && mod.dataset.module) {
    try { S.renderer = await import(mod.dataset.module); } catch (err) { console.error(err); S.renderer = generic; }
  }
  $("start-btn").addEventListener("click", () => tableCall("start", {seed: diceSeed()}));
  $("invite-bot").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const free = S.table.seats.find((s) => s.kind === "empty");
    const name = $("invite-bot-name").value.trim();
    if (!free || !name) return;
    await tableCall("invite", {seat: free.seat, name});
    if (S.table.seats.some((s) => s.seat === free.seat && s.kind !== "empty")) $("invite-bot-name").value = "";
  });
  $("resign-btn").addEventListener("click", () => { $("resign-confirm").classList.remove("hidden"); $("resign-yes").focus(); });
  $("resign-no").addEventListener("click", () => { $("resign-confirm").classList.add("hidden"); $("resign-btn").focus(); });
  $("hint-btn").addEventListener("click", askHint);
  $("resign-yes").addEventListener("click", () => tableCall("resign", {seat: S.msg ? S.msg.seat : null}));
  const copy = $("copy-invite");
  if (copy) copy.addEventListener("click", async () => {
    const inp = $("invite-url");
    inp.select();
    try { await navigator.clipboard.writeText(inp.value); copy.textContent = t("copied"); } catch { document.execCommand("copy"); }
  });
  initChat(sendRaw);
  initSoundToggle($("sound-toggle"));
  $("back-btn").addEventListener("click", () => { if (!sendRaw({type: "back"})) showNotice(t("not_connected")); });
  trackFocus();
  renderAll();
  setConn(false);
  connect();
  setInterval(() => { if (S.ws && S.ws.readyState === WebSocket.OPEN) S.ws.send(JSON.stringify({type: "ping"})); }, 25000);
  window.addEventListener("beforeunload", () => { S.closedByUs = true; });
}

main();
