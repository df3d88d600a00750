// A player's dice statistics on his profile (templates/_profile_dice.html holds the translated texts): per die kind
// the counts per face against the count fair dice lead one to expect, and the chi-square test's p-value.
import {apiOrNull} from "./api.js";
import {fill} from "./i18n.js";

function cell(tag, text) {
  const c = document.createElement(tag);
  c.textContent = text;
  return c;
}

async function main() {
  const box = document.getElementById("profile-dice");
  if (!box || !box.dataset.url) return;
  const summary = document.getElementById("profile-dice-summary");
  const kinds = document.getElementById("profile-dice-kinds");
  const v = await apiOrNull(box.dataset.url);
  if (v === null) {
    summary.textContent = box.dataset.unavailable;
    return;
  }
  if (!v.throws) {
    summary.textContent = box.dataset.none;
    return;
  }
  summary.textContent = v.throws === 1 ? box.dataset.throwsOne : fill(box.dataset.throws, {n: v.throws});  // not "1 Würfe"
  const lang = document.documentElement.lang || "de";
  for (const k of v.kinds) {
    const h = cell("h3", fill(k.dice === 1 ? box.dataset.kindOne : box.dataset.kind, {kind: k.name, n: k.dice}));  // "W6 · 44 Würfel", not a bare "W6 · 44"
    const table = document.createElement("table");
    table.className = "scores dice-stats";
    table.dataset.kind = k.name;
    const rows = [[box.dataset.face, ...k.faces], [box.dataset.count, ...k.counts],
      [box.dataset.expected, ...k.faces.map(() => (k.dice / k.faces.length).toLocaleString(lang, {maximumFractionDigits: 1}))]];
    for (const [i, row] of rows.entries()) {
      const tr = document.createElement("tr");
      row.forEach((x, j) => tr.appendChild(cell(i === 0 || j === 0 ? "th" : "td", String(x))));
      table.appendChild(tr);
    }
    kinds.append(h, table);
    if (k.p !== null && k.judged === false) {
      // A few dozen dice say nothing about the dice (issue 24, U11): no verdict until there are enough.
      const p = document.createElement("p");
      p.className = "small verdict";
      p.dataset.verdict = "early";
      p.textContent = fill(box.dataset.early, {n: k.judge_from});
      kinds.appendChild(p);
    } else if (k.p !== null) {
      const p = document.createElement("p");
      p.className = "small verdict";
      p.dataset.p = String(k.p);
      p.dataset.verdict = k.p >= 0.01 ? "fair" : "uneven";
      p.textContent = fill(box.dataset.test, {chi2: k.chi2.toLocaleString(lang, {maximumFractionDigits: 2}), df: k.df,
        p: k.p.toLocaleString(lang, {maximumFractionDigits: 3})}) + " " + (k.p >= 0.01 ? box.dataset.fair : box.dataset.unusual);
      kinds.appendChild(p);
    }
  }
}

main();
