// Players pages: "select all" for message lists, one submit per purchase form,
// and the viewer's auto refresh for the lists that use it.
(function () {
  "use strict";
  document.addEventListener("change", function (event) {
    var all = event.target.closest("[data-check-all]");
    if (!all) return;
    var name = all.getAttribute("data-check-all");
    var boxes = all.form ? all.form.querySelectorAll('input[type=checkbox][name="' + name + '"]') : [];
    boxes.forEach(function (box) { box.checked = all.checked; });
  });
  // A double click must not send the form twice (the server ignores a repeat anyway).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.hasAttribute("data-once")) return;
    if (form.dataset.sent) { event.preventDefault(); return; }
    form.dataset.sent = "1";
    form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; });
  });
  var refresh = document.querySelector("[data-auto-refresh]");
  if (refresh) {
    var seconds = parseInt(refresh.getAttribute("data-auto-refresh"), 10);
    if (seconds > 0) {
      window.setTimeout(function () {
        // Do not throw away what the player is typing or has ticked.
        var busy = document.querySelector("input:checked:not([data-check-all]), textarea:focus, input[type=text]:focus");
        if (!busy) window.location.reload();
      }, seconds * 1000);
    }
  }
})();
