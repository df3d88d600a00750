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
