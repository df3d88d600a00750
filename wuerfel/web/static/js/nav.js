// The top bar on phones: below 760 px the links fold into a menu button (wuerfel.css), so every page stays reachable.
const btn = document.getElementById("menu-btn");
if (btn) {
  const bar = btn.closest(".topbar");
  const set = (open) => { bar.classList.toggle("open", open); btn.setAttribute("aria-expanded", String(open)); };
  btn.addEventListener("click", () => set(!bar.classList.contains("open")));
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && bar.classList.contains("open")) { set(false); btn.focus(); } });
}
