// The replay page (issue 23.9): steps between moves without reloading the
// page, and the left and right arrow keys step back and on. The page works
// without it: Previous, Next and the move list are plain links, each move
// drawn by the server; this script fetches the same pages and swaps in the
// part that changed.
(function () {
  "use strict";
  const SWAPPED = ["replay-move", "review-seats"];
  if (!document.getElementById("replay-move")) return;
  let busy = false;

  function markCurrent(n) {
    for (const a of document.querySelectorAll("#move-list a")) {
      if (a.dataset.n === String(n)) a.setAttribute("aria-current", "step");
      else a.removeAttribute("aria-current");
    }
  }

  async function go(href, push, focusRel) {
    if (busy) return;
    busy = true;
    try {
      const r = await fetch(href, { headers: { Accept: "text/html" } });
      if (!r.ok) { location.href = href; return; }
      const doc = new DOMParser().parseFromString(await r.text(), "text/html");
      for (const id of SWAPPED) {
        const fresh = doc.getElementById(id);
        const old = document.getElementById(id);
        if (fresh && old) old.replaceWith(document.importNode(fresh, true));
      }
      document.title = doc.title;
      const move = document.getElementById("replay-move");
      markCurrent(move.dataset.move);
      if (push) history.pushState(null, "", href);
      const again = focusRel && move.querySelector(`a[rel="${focusRel}"]`);
      if (again) again.focus();
    } catch (_) {
      location.href = href;
    } finally {
      busy = false;
    }
  }

  document.addEventListener("click", (e) => {
    if (e.defaultPrevented || e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    const a = e.target.closest("#replay-move a[data-step], #move-list a");
    if (!a) return;
    e.preventDefault();
    go(a.href, true, a.getAttribute("rel"));
  });

  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.target.closest && e.target.closest("input, textarea, select, [contenteditable]")) return;
    const rel = e.key === "ArrowLeft" ? "prev" : e.key === "ArrowRight" ? "next" : null;
    const a = rel && document.querySelector(`#replay-move a[rel="${rel}"]`);
    if (!a) return;
    e.preventDefault();
    go(a.href, true, null);
  });

  window.addEventListener("popstate", () => go(location.href, false, null));
})();
