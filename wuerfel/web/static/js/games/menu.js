// A menu component (docs/protocol.md "menu"): many legal actions of one seat chosen in steps — a poker announcement
// by its class, then its ranks, then its kickers. The game names every option on every step (`path`), marks the
// choice a step takes unless another is picked (`preset`) and offers shortcuts (`shortcut`); this module only groups
// the options by those names. It knows no game: no hand, no rank and no rule lives here.
import {el} from "./generic.js";

const picks = new Map();  // menu key → {sig, path: names picked so far, chosen: index of the option or null}

/** An action's JSON with its keys in one order, so the same action compares equal however it was written. */
const canon = (v) => (Array.isArray(v) ? `[${v.map(canon).join(",")}]`
  : v && typeof v === "object" ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(",")}}`
    : JSON.stringify(v));
const byAction = new WeakMap();  // legal list → canonical action JSON → its entry

/** The legal entry whose action is the option's (the menu and the legal moves list the same actions). */
function entryOf(ctx, option) {
  let index = byAction.get(ctx.legal);
  if (!index) { index = new Map(ctx.legal.map((e) => [canon(e.action), e])); byAction.set(ctx.legal, index); }
  return index.get(canon(option.action)) || null;
}

/** The steps as far as the picks reach: per step the row of choices, and the option chosen in the end. */
function steps(c, st) {
  const rows = [];
  let chosen = st.chosen;
  for (let k = 0; ; k++) {
    const cands = c.options.map((o, i) => [o, i]).filter(([o]) => st.path.slice(0, k).every((n, j) => o.path[j] === n));
    const ended = cands.filter(([o]) => o.path.length === k);
    const names = [...new Set(cands.filter(([o]) => o.path.length > k).map(([o]) => o.path[k]))];
    if (names.length + ended.length === 0) break;
    if (names.length + ended.length === 1) {
      if (names.length) { st.path[k] = names[0]; continue; }
      chosen = ended[0][1];
      break;
    }
    rows.push({step: k, names, ended: ended.map(([, i]) => i)});
    if (st.path.length > k && names.includes(st.path[k])) continue;
    st.path.length = k;
    if (chosen === null || !ended.some(([, i]) => i === chosen)) {
      const preset = ended.find(([o]) => o.preset);
      chosen = preset ? preset[1] : null;
    }
    break;
  }
  return {rows, chosen};
}

/**
 * Draw menu `c` as rows of choices and one button that sends the chosen action. `ids` names the box, the shortcut
 * row, each step's row and the button (a game's own table keeps the ids its tests use); `texts.step(k)` heads a
 * step's row, `texts.button(entry)` words the button (entry null: nothing chosen yet).
 */
export function drawMenu(ctx, c, i, {ids = {}, texts = {}} = {}) {
  const key = c.key || String(i);
  const sig = `${ctx.msg && ctx.msg.seq}`;
  let st = picks.get(key);
  if (!st || st.sig !== sig) { st = {sig, path: [], chosen: null}; picks.set(key, st); }
  const box = el("div", "vp-picker cmp-menu");
  box.dataset.kind = c.kind;
  if (ids.box) box.id = ids.box;
  const redraw = () => box.replaceWith(drawMenu(ctx, c, i, {ids, texts}));
  if (c.label) box.appendChild(el("p", "sub", c.label));
  const chip = (label, on, act, data) => {
    const b = el("button", "btn choice" + (on ? " match" : ""), label);
    b.type = "button";
    b.disabled = ctx.pending;
    Object.assign(b.dataset, data);
    b.addEventListener("click", () => { act(); redraw(); });
    return b;
  };
  const {rows, chosen} = steps(c, st);
  st.chosen = chosen;
  const shortcuts = c.options.map((o, k) => [o, k]).filter(([o]) => o.shortcut && entryOf(ctx, o));
  if (shortcuts.length) {
    const row = el("div", "choices");
    if (ids.shortcuts) row.id = ids.shortcuts;
    for (const [o, k] of shortcuts) {
      row.appendChild(chip(o.shortcut, k === chosen, () => { st.path = [...o.path]; st.chosen = k; },
        {option: String(k)}));
    }
    box.appendChild(row);
  }
  for (const {step, names, ended} of rows) {
    const row = el("div", "choices");
    if (ids.steps && ids.steps[step]) row.id = ids.steps[step];
    const head = texts.step && texts.step(step);
    if (head) row.appendChild(el("span", "sub", head));
    for (const k of ended) {
      row.appendChild(chip(c.none || "–", k === chosen, () => { st.path.length = step; st.chosen = k; },
        {option: String(k)}));
    }
    for (const name of names) {
      row.appendChild(chip(name, st.path[step] === name, () => { st.path = [...st.path.slice(0, step), name]; st.chosen = null; },
        {step: String(step)}));
    }
    box.appendChild(row);
  }
  const entry = chosen === null ? null : entryOf(ctx, c.options[chosen]);
  const actions = el("div", "actions");
  const b = el("button", "btn primary", texts.button ? texts.button(entry) : entry ? entry.label : ctx.t("menu_pick"));
  b.type = "button";
  if (ids.button) b.id = ids.button;
  b.disabled = ctx.pending || !entry;
  if (entry) {
    b.dataset.action = JSON.stringify(entry.action);
    b.addEventListener("click", () => ctx.send(entry));
  }
  actions.appendChild(b);
  box.appendChild(actions);
  return box;
}

/** The legal entries a menu of the message offers (a table draws them in the menu, not as buttons of their own). */
export function menuEntries(ctx) {
  const comps = (ctx.msg && ctx.msg.components) || [];
  const menus = comps.filter((c) => c.kind === "menu");
  return new Set(menus.flatMap((c) => c.options.map((o) => entryOf(ctx, o)).filter(Boolean)));
}
