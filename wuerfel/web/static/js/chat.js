// The table's chat (protocol 4, docs/protocol.md "Chat"): the server stores and numbers every message; this page
// only lists them and sends what the player types. Every text is set as textContent, never as HTML: a message is
// shown exactly as written and nothing in it can act on the page.
import {t} from "./i18n.js";

const $ = (id) => document.getElementById(id);
const MAX_SHOWN = 200;  // the list keeps the newest messages; the record keeps them all

export const chat = {messages: [], write: false, lastSent: ""};

/** The first message on a connection brings the last messages: they replace the list (after a reconnect too). */
export function chatHistory(list) {
  if (!Array.isArray(list)) return;
  chat.messages = list.slice(-MAX_SHOWN);
  renderChat();
}

/** One new message from the server. */
export function chatMessage(m) {
  const last = chat.messages.length ? chat.messages[chat.messages.length - 1].seq : 0;
  if (m.seq <= last) return;  // already listed
  chat.messages.push(m);
  if (chat.messages.length > MAX_SHOWN) chat.messages.shift();
  renderChat();
}

/** A refusal of a chat message: shown under the input, and the refused text is put back for a second try. */
export function chatRefused(text) {
  const input = $("chat-input");
  if (!input.value && chat.lastSent) input.value = chat.lastSent;
  chat.lastSent = "";
  const box = $("chat-error");
  box.textContent = text;
  box.classList.remove("hidden");
}

/** Whether this page may write; otherwise the input is hidden and `why` says in words why there is none. */
export function chatWritable(write, why = null) {
  chat.write = write;
  $("chat-form").classList.toggle("hidden", !write);
  const box = $("chat-readonly");
  box.textContent = why || "";
  box.classList.toggle("hidden", write);
}

/** The messages as the items of list `ol` (the live table's chat and the replay's, which keeps the table's chat
 * with the record): author and text set as text, guests and spectators marked. */
export function chatItems(ol, messages) {
  ol.replaceChildren();
  for (const m of messages) {
    const li = document.createElement("li");
    li.dataset.seq = String(m.seq);
    const who = document.createElement("span");
    who.className = "chat-author";
    // A guest is marked "(Gast)" in the chat as on every seat (protocol 6): a guest must not pass for a member.
    const author = m.guest ? t("guest_seat", {name: m.author}) : m.author;
    who.textContent = m.spectator ? t("chat_spectator_author", {name: author}) : author;
    const text = document.createElement("span");
    text.className = "chat-text";
    text.textContent = m.text;
    li.append(who, text);
    ol.append(li);
  }
  $("chat-empty").classList.toggle("hidden", messages.length > 0);
}

function renderChat() {
  const list = $("chat-log");
  const atEnd = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  chatItems(list, chat.messages);
  if (atEnd) list.scrollTop = list.scrollHeight;
}

/** Wire the input: Enter (the form's submit) sends and empties it; a refusal puts the text back. */
export function initChat(sendRaw) {
  const form = $("chat-form");
  const input = $("chat-input");
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const text = input.value.trim();
    $("chat-error").classList.add("hidden");
    if (!text) return;
    chat.lastSent = text;
    if (sendRaw({type: "chat", text})) input.value = "";
    else chatRefused(t("not_connected"));
  });
  renderChat();
}
