// The event's card page: a card file chosen is read into the text box
// (and its name into the label, if empty), so the form sends it as text.
"use strict";
document.addEventListener("change", function (ev) {
  var el = ev.target;
  if (!el.matches || !el.matches("input[type=file][data-text-into]")) return;
  if (!el.files || !el.files[0]) return;
  var f = el.files[0];
  f.text().then(function (text) {
    var into = document.getElementById(el.dataset.textInto);
    if (into) into.value = text;
    var label = document.getElementById(el.dataset.labelInto || "");
    if (label && !label.value) label.value = f.name.replace(/\.card$/, "");
  });
});
