// Deck builder: clicking a card submits its Take/Return form (htmx turns that into a
// small request); forms with data-confirm ask first. Without JS the buttons still work.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  document.addEventListener("click", function (event) {
    var card = event.target.closest("[data-card-click] .card");
    if (!card || event.target.closest("a, button")) return;
    var form = card.closest("form");
    if (form) form.requestSubmit();
  });
  document.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.getAttribute("data-confirm"))) event.preventDefault();
  }, true);
})();
