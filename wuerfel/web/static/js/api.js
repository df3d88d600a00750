// JSON calls to the server's API with the page's CSRF token; errors come back translated (docs/protocol.md).
// The token is bound to the session (docs/web.md), so it comes from the page, not from the cookie.
function csrf() {
  const meta = document.querySelector('meta[name="csrf-token"]');
  if (meta && meta.content) return meta.content;
  const m = document.cookie.match(/(?:^|;\s*)wuerfel_csrf=([^;]+)/);
  return m ? decodeURIComponent(m[1]) : "";
}

export async function api(path, body = undefined, method = undefined) {
  const opts = {method: method || (body === undefined ? "GET" : "POST"), headers: {"Accept": "application/json"}, credentials: "same-origin"};
  if (body !== undefined) {
    opts.headers["Content-Type"] = "application/json";
    opts.headers["X-CSRF-Token"] = csrf();
    opts.body = JSON.stringify(body);
  }
  const r = await fetch(path, opts);
  let data = null;
  try { data = await r.json(); } catch { data = null; }
  if (!r.ok) {
    const err = new Error((data && data.error && data.error.message) || `${r.status}`);
    err.code = data && data.error ? data.error.code : String(r.status);
    throw err;
  }
  return data;
}

// GET ``path`` for a panel that shows "unavailable" rather than an error: null when the server cannot answer
// (network, an error status, no JSON) instead of throwing.
export async function apiOrNull(path) {
  try {
    return await api(path);
  } catch {
    return null;
  }
}

/** Resolves once the replay's board is drawn (``body[data-step]``, set by replay.js), at the latest after
 * ``patience`` ms: the replay's heavy panels (the analysis, the dice check) ask the server only then, so their work
 * never holds up the board (issue 24, web U15). */
export function replayDrawn(patience = 3000) {
  return new Promise((resolve) => {
    if (document.body.dataset.step !== undefined) { resolve(); return; }
    const seen = new MutationObserver(() => {
      if (document.body.dataset.step !== undefined) { seen.disconnect(); resolve(); }
    });
    seen.observe(document.body, {attributes: true, attributeFilter: ["data-step"]});
    setTimeout(() => { seen.disconnect(); resolve(); }, patience);
  });
}
