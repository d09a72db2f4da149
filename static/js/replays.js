// Replay viewer: the arrow keys (and Home/End) follow the step links of the page.
// Without JavaScript the same links work as plain navigation.
(function () {
  "use strict";
  var steps = document.getElementById("replay-steps");
  if (!steps) { return; }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var target = event.target;
    var tag = target && target.tagName ? target.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" || (target && target.isContentEditable)) {
      return; // typing a turn number must not step the replay
    }
    var link = steps.querySelector('a[data-replay-key="' + event.key + '"]');
    if (!link || link.getAttribute("aria-disabled") === "true") { return; }
    event.preventDefault();
    window.location.assign(link.href);
  });
})();
