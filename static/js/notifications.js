// The navigation's bell (players/templates/players/notifications/bell.html): its list is
// fetched when it opens, and the count (and the list, if open) again when the page's socket
// says the player's notices changed (games.js dispatches "marcomage:notices"). No inline
// scripts (CSP). Without JavaScript the bell opens on a link to the notifications page.
(function () {
  "use strict";
  if (window.__marcomageBell) return;
  window.__marcomageBell = true;

  function start() {
    var menu = document.getElementById("nav-bell-menu");
    if (!menu || !window.htmx) return;
    var listUrl = menu.getAttribute("data-list-url");
    var countUrl = menu.getAttribute("data-count-url");

    function refreshCount() {
      window.htmx.ajax("GET", countUrl, { source: menu, target: "#nav-bell-count", swap: "outerHTML" });
    }
    function refreshList() {
      window.htmx.ajax("GET", listUrl, { source: menu, target: "#nav-bell-list", swap: "innerHTML" });
    }

    menu.addEventListener("toggle", function () {
      if (menu.open) refreshList();
    });
    document.addEventListener("marcomage:notices", function () {
      refreshCount();
      if (menu.open) refreshList();
    });
    // Closed by Escape (focus back on the bell) and by a click elsewhere on the page.
    menu.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menu.open) {
        menu.open = false;
        menu.querySelector("summary").focus();
      }
    });
    document.addEventListener("click", function (event) {
      if (menu.open && !menu.contains(event.target)) menu.open = false;
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
