// Provably fair dice on the replay page: show the server's check of this record (templates/_replay_dice.html holds
// the translated texts; this file has none). The command `wuerfel verify` on the downloaded record is the proof a
// sceptic runs; this panel is the same check, made for him by the server.
import {apiOrNull, replayDrawn} from "./api.js";
import {fill, pick} from "./i18n.js";

async function main() {
  const box = document.getElementById("dice-proof");
  if (!box) return;
  const result = document.getElementById("dice-proof-result");
  const summary = document.getElementById("dice-proof-summary");
  const failures = document.getElementById("dice-proof-failures");
  await replayDrawn();
  const v = await apiOrNull(box.dataset.url);
  if (v === null) {
    result.textContent = box.dataset.unavailable;
    return;
  }
  if (!v.proof) {
    result.textContent = fill(pick(box.dataset.none, v.throws), {n: v.throws});
    box.dataset.state = "none";
    return;
  }
  summary.textContent = fill(pick(box.dataset.summary, v.throws), {checked: v.checked, throws: v.throws, concealed: v.concealed});
  if (v.ok) {
    result.textContent = "✓ " + box.dataset.ok;
    box.dataset.state = "ok";
  } else {
    result.textContent = "✗ " + fill(pick(box.dataset.failed, v.failures.length), {n: v.failures.length});
    box.dataset.state = "failed";
    for (const f of v.failures) {
      const li = document.createElement("li");
      li.textContent = f.message;
      failures.appendChild(li);
    }
  }
}

main();
