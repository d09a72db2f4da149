// Deck builder: clicking a card presses its Take/Return button (htmx turns that into a
// small request); forms with data-confirm ask first. Without JS the buttons still work.
(function () {
  "use strict";
  document.documentElement.classList.add("js");
  document.addEventListener("click", function (event) {
    var card = event.target.closest("[data-card-click] .card");
    if (!card || event.target.closest("a, button")) return;
    // The card's own button: it names the card and the action (the pool's cards share
    // one form), and htmx sends what the clicked button says.
    var button = card.closest("[data-card-click]").querySelector("button[type=submit]");
    if (button) button.click();
  });
  document.addEventListener("submit", function (event) {
    var form = event.target.closest("form[data-confirm]");
    if (form && !window.confirm(form.getAttribute("data-confirm"))) event.preventDefault();
  }, true);
})();
