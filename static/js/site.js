// Site-wide behaviour. No inline scripts: the content security policy forbids them.
(function () {
  "use strict";
  // Dismissible hints and flash messages remember nothing server-side; they just hide.
  document.addEventListener("click", function (event) {
    var closer = event.target.closest("[data-dismiss]");
    if (closer) {
      var target = closer.closest(closer.getAttribute("data-dismiss"));
      if (target) target.remove();
    }
  });

  // htmx swaps nothing when the server refuses a request (403, 404, 405, an expired form…),
  // so without this the click would seem to do nothing. Show what the server said instead.
  function flash(text) {
    var main = document.getElementById("main");
    if (!main) return;
    var list = main.querySelector(".flash-list");
    if (!list) {
      list = document.createElement("ul");
      list.className = "flash-list";
      list.setAttribute("role", "status");
      main.insertBefore(list, main.firstChild);
    }
    var item = document.createElement("li");
    item.className = "flash flash-error htmx-error";
    item.textContent = text;
    list.appendChild(item);
    item.scrollIntoView({block: "nearest"});
  }

  function reasonOf(xhr) {
    try {
      var page = new DOMParser().parseFromString(xhr.responseText || "", "text/html");
      var said = page.querySelector(".error-page p, .form-errors, .flash");
      if (said && said.textContent.trim()) return said.textContent.trim();
    } catch (ignored) { /* fall through to the generic text */ }
    return "The server refused that (" + xhr.status + "). Reload the page and try again.";
  }

  document.addEventListener("htmx:responseError", function (event) {
    flash(reasonOf(event.detail.xhr));
  });
  document.addEventListener("htmx:sendError", function () {
    flash("The server could not be reached. Check your connection and try again.");
  });
})();
