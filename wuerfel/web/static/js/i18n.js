// Strings come translated from the server (window.I18N, rendered by templates/_i18n.html); JS never holds text.
// A counted text comes as its plural forms [one, other] (templates' _n): the form is chosen by params.n, as the
// server's i18n.plural_index does, so no page says "1 Würfel fielen" / "the 1 dice".
export function t(key, params = {}) {
  const dict = window.I18N || {};
  let text = Object.prototype.hasOwnProperty.call(dict, key) ? dict[key] : key;
  if (Array.isArray(text)) text = text[Math.min(Number(params.n) === 1 ? 0 : 1, text.length - 1)];
  return fill(text, params);
}

// A counted text's form for n: templates give a counted data-* text as the JSON of its plural forms
// (`_n(...) | tojson`), a plain text stays as it is.
export function pick(text, n) {
  let forms = text;
  if (typeof text === "string" && text.startsWith("[")) {
    try { forms = JSON.parse(text); } catch (e) { return text; }
  }
  return Array.isArray(forms) ? forms[Math.min(Number(n) === 1 ? 0 : 1, forms.length - 1)] : forms;
}

// Put the params into a text's {name} slots: for texts translated elsewhere, e.g. the data-* of a template
// partial (profile_dice.js, replay_dice.js), which do not go through window.I18N.
export function fill(s, params = {}) {
  for (const [k, v] of Object.entries(params)) s = s.split("{" + k + "}").join(String(v));
  return s;
}
