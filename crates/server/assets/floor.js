// The floor page: when the tournament changes (the live feed), fetch the
// page again and swap in the list of calls. The feed answers once per
// connection; EventSource comes back by itself with the last id it saw.
"use strict";
(function () {
  document.addEventListener("DOMContentLoaded", function () {
    var list = document.getElementById("calls");
    if (!list) return;
    var last = null;
    // A reload started as someone leaves the page would cancel where they
    // were going: none for a few seconds after a link or a form is used.
    var leftAt = 0;
    function leaving() { leftAt = Date.now(); }
    document.addEventListener("click", function (e) {
      if (e.target.closest && e.target.closest("a[href]")) leaving();
    });
    document.addEventListener("submit", leaving);
    window.addEventListener("beforeunload", leaving);
    window.jongg.feed("/api/tournaments/" + list.dataset.id + "/changes", function (ev) {
      if (last !== null && ev.lastEventId !== last) refresh();
      last = ev.lastEventId;
    });
    function refresh() {
      // Never under the official's fingers: not while a ruling is being chosen.
      if (list.querySelector("details[open]")) return;
      var a = document.activeElement;
      if (a && list.contains(a) && a.tagName !== "BUTTON") return;
      if (Date.now() - leftAt < 5000) return;
      location.reload();
    }
  });
})();
