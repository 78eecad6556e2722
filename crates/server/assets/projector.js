// The projector (issue 13.4): the clock on top, then the standings and the
// seating shown a page at a time, never scrolled. A page holds the rows that
// fit the screen (measured, not guessed), in one or two columns
// (?columns=1 or 2; two on a wide screen if not given), and turns every ?seconds= seconds. A change in the
// tournament (the change feed, server-sent events) fetches the page again
// and keeps the place. Without the script, everything shows, scrolled.
"use strict";
(function () {
  var root, pages = [], at = 0, timer = null, seen = 0;

  // Every screen (standings, seating) split into pages of rows that fit.
  function paginate() {
    pages = [];
    // Not given: two on a wide screen (a hall of 200 needs 40 rows a page).
    var given = Number(root.dataset.columns);
    var columns = given === 1 || given === 2 ? given : (window.innerWidth >= 1200 ? 2 : 1);
    var screens = root.querySelectorAll(".proj-screen");
    screens.forEach(function (screen) {
      // Measured alone, as it is shown.
      screens.forEach(function (s) { s.hidden = s !== screen; });
      var source = screen.querySelector("table.proj-source") || screen.querySelector("table.proj-table");
      source.classList.add("proj-source");
      source.hidden = true;
      var rows = Array.prototype.slice.call(source.tBodies[0].rows);
      var old = screen.querySelector(".proj-view");
      if (old) old.remove();
      var view = document.createElement("div");
      view.className = "proj-view proj-cols-" + columns;
      screen.appendChild(view);
      var table = source.cloneNode(false);
      table.hidden = false;
      table.classList.remove("proj-source");
      table.appendChild(source.tHead.cloneNode(true));
      var body = document.createElement("tbody");
      table.appendChild(body);
      view.appendChild(table);
      // Rows that fit one column: add until the table passes the screen's foot.
      var bottom = window.innerHeight - 8, fit = 0;
      for (var i = 0; i < rows.length; i++) {
        body.appendChild(rows[i].cloneNode(true));
        if (table.getBoundingClientRect().bottom > bottom) break;
        fit++;
      }
      view.remove();
      var per = Math.max(1, fit) * columns;
      var count = Math.max(1, Math.ceil(rows.length / per));
      for (var p = 0; p < count; p++) {
        pages.push({ screen: screen, rows: rows.slice(p * per, (p + 1) * per), fit: Math.max(1, fit),
                     columns: columns, n: p + 1, of: count });
      }
    });
  }

  function show(i) {
    if (!pages.length) return;
    at = i % pages.length;
    var page = pages[at];
    root.querySelectorAll(".proj-screen").forEach(function (s) { s.hidden = s !== page.screen; });
    var screen = page.screen, source = screen.querySelector("table.proj-source");
    var old = screen.querySelector(".proj-view");
    if (old) old.remove();
    var view = document.createElement("div");
    view.className = "proj-view proj-cols-" + page.columns;
    for (var c = 0; c < page.columns; c++) {
      var part = page.rows.slice(c * page.fit, (c + 1) * page.fit);
      if (!part.length && c > 0) break;
      var table = source.cloneNode(false);
      table.hidden = false;
      table.classList.remove("proj-source");
      table.appendChild(source.tHead.cloneNode(true));
      var body = document.createElement("tbody");
      part.forEach(function (r) { body.appendChild(r.cloneNode(true)); });
      table.appendChild(body);
      view.appendChild(table);
    }
    screen.appendChild(view);
    var label = screen.querySelector(".proj-page");
    if (label) label.textContent = page.of > 1 ? "· page " + page.n + " of " + page.of : "";
    root.dataset.page = String(at + 1);
    root.dataset.pages = String(pages.length);
  }

  function start() {
    root.querySelectorAll(".proj-screen").forEach(function (s) { s.hidden = false; });
    var keep = at;
    paginate();
    show(keep);
    if (timer) clearInterval(timer);
    var secs = Math.max(3, Number(root.dataset.seconds) || 12);
    timer = setInterval(function () { show(at + 1); }, secs * 1000);
  }

  // After a change: the fresh page's top and screens replace these.
  function refetch() {
    fetch(location.href, { credentials: "same-origin" }).then(function (r) { return r.text(); })
      .then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var fresh = doc.getElementById("proj");
        if (!fresh) return;
        root.replaceWith(fresh);
        root = fresh;
        start();
      }).catch(function () {});
  }

  document.addEventListener("DOMContentLoaded", function () {
    root = document.getElementById("proj");
    if (!root) return;
    document.documentElement.classList.add("proj-paged");
    seen = Number(root.dataset.seq) || 0;
    start();
    var resized = null;
    window.addEventListener("resize", function () {
      clearTimeout(resized);
      resized = setTimeout(start, 300);
    });
    window.jongg.feed(root.dataset.changes, function (ev) {
      var seq = Number(ev.data);
      if (seq > seen) { seen = seq; refetch(); }
    });
  });
})();
