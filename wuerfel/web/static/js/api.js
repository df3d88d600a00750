// JSON calls to the server's API with the CSRF double-submit token; errors come back translated (docs/protocol.md).
function csrf() {
  const m = document.cookie.match(/(?:^|;\s*)wuerfel_csrf=([^;]+)/);
  if (m) return decodeURIComponent(m[1]);
  const meta = document.querySelector('meta[name="csrf-token"]');
  return meta ? meta.content : "";
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
