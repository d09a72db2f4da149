// Novels: the left and right arrow keys follow the previous/next chapter links.
// Without JavaScript the same links work as plain navigation.
(function () {
  "use strict";
  var pager = document.getElementById("novel-pager");
  if (!pager) { return; }
  var keys = { ArrowLeft: "prev", ArrowRight: "next" };
  var tip = document.querySelector(".novel-keys");
  if (tip) { tip.hidden = false; }
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var rel = keys[event.key];
    if (!rel) { return; }
    var target = event.target;
    var tag = target && target.tagName ? target.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" || (target && target.isContentEditable)) {
      return;
    }
    var link = pager.querySelector('a[rel="' + rel + '"]');
    if (!link) { return; }
    event.preventDefault();
    window.location.assign(link.href);
  });
})();
