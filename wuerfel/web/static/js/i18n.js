// Strings come translated from the server (window.I18N, rendered by templates/_i18n.html); JS never holds text.
export function t(key, params = {}) {
  const dict = window.I18N || {};
  let s = Object.prototype.hasOwnProperty.call(dict, key) ? dict[key] : key;
  for (const [k, v] of Object.entries(params)) s = s.split("{" + k + "}").join(String(v));
  return s;
}
