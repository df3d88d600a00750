// Strings come translated from the server (window.I18N, rendered by templates/_i18n.html); JS never holds text.
export function t(key, params = {}) {
  const dict = window.I18N || {};
  return fill(Object.prototype.hasOwnProperty.call(dict, key) ? dict[key] : key, params);
}

// Put the params into a text's {name} slots: for texts translated elsewhere, e.g. the data-* of a template
// partial (profile_dice.js, replay_dice.js), which do not go through window.I18N.
export function fill(s, params = {}) {
  for (const [k, v] of Object.entries(params)) s = s.split("{" + k + "}").join(String(v));
  return s;
}
