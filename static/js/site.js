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

  // A live socket closed because its account (or address) holds more pages with live
  // updates than the server allows (marcomage/socket_cap.py, close code 4429): the page says
  // why, once, and takes live updates back only when the player asks (which closes the
  // oldest page's socket instead), so that two pages never take them from each other in a
  // loop. games.js and tournaments.js tell of it ("marcomage:live-stopped") and listen for
  // the player's answer ("marcomage:live-resume").
  document.addEventListener("marcomage:live-stopped", function (event) {
    var main = document.getElementById("main");
    if (!main || document.getElementById("live-stopped")) return;
    var box = document.createElement("div");
    box.id = "live-stopped";
    box.className = "flash flash-warning live-stopped";
    box.setAttribute("role", "status");
    var text = document.createElement("span");
    text.textContent = (event.detail && event.detail.reason) || "Live updates stopped on this page.";
    var resume = document.createElement("button");
    resume.type = "button";
    resume.className = "button small";
    resume.textContent = "Resume live updates here";
    resume.addEventListener("click", function () {
      box.remove();
      document.dispatchEvent(new CustomEvent("marcomage:live-resume"));
    });
    box.appendChild(text);
    box.appendChild(resume);
    main.insertBefore(box, main.firstChild);
  });

  document.addEventListener("htmx:responseError", function (event) {
    flash(reasonOf(event.detail.xhr));
  });
  document.addEventListener("htmx:sendError", function () {
    flash("The server could not be reached. Check your connection and try again.");
  });

  // Site-wide shortcuts of the original game (the help page lists every shortcut):
  // Alt+W refreshes: on a game screen only the board (and chat) is fetched again, the
  // way the live updates do it; anywhere else the page reloads. Alt+Q logs out.
  // event.code names the physical key, so other keyboard layouts work too.
  function refreshGame() {
    var live = document.getElementById("game-live");
    var boardUrl = live && live.getAttribute("data-board-url");
    if (!boardUrl || !document.getElementById("board") || !window.htmx) return false;
    window.htmx.ajax("GET", boardUrl, { source: live, target: "#board", swap: "outerHTML" });
    var chatUrl = live.getAttribute("data-chat-url");
    var chat = document.getElementById("chat-lines");
    if (chatUrl && chat) {
      window.htmx.ajax("GET", chatUrl, { source: document.getElementById("chat") || chat.parentNode,
                                          target: "#chat-lines", swap: "outerHTML", select: "#chat-lines" });
    }
    return true;
  }

  var shortcuts = {
    KeyW: function () {
      if (!refreshGame()) window.location.reload();
    },
    KeyQ: function () {
      var logout = document.getElementById("logout-form");
      if (logout) logout.requestSubmit();
    }
  };

  // The turn clock of a timed game (games/jinja2/games/game/_turn_clock.html): counts
  // down each second from the server's count, read when the clock appears (every new board
  // brings a new one). At zero it says so; what that allows, the server decides.
  function clockText(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor(seconds % 3600 / 60), s = seconds % 60;
    var mm = h ? (m < 10 ? "0" : "") + m : String(m);
    return (h ? h + ":" : "") + mm + ":" + (s < 10 ? "0" : "") + s;
  }

  function tickClocks() {
    document.querySelectorAll(".turn-clock[data-remaining]").forEach(function (clock) {
      if (clock.classList.contains("is-over")) return;
      if (!clock.__endsAt) {
        clock.__endsAt = Date.now() + 1000 * (parseInt(clock.getAttribute("data-remaining"), 10) || 0);
      }
      var left = Math.max(0, Math.ceil((clock.__endsAt - Date.now()) / 1000));
      var shown = clock.querySelector(".turn-clock-left");
      if (left === 0 || !shown) {
        clock.classList.add("is-over");
        clock.textContent = clock.getAttribute("data-over-text");
        return;
      }
      shown.textContent = clockText(left);
      shown.setAttribute("datetime", "PT" + left + "S");
    });
  }
  window.setInterval(tickClocks, 1000);

  document.addEventListener("keydown", function (event) {
    if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.repeat) return;
    var action = shortcuts[event.code];
    if (!action) return;
    event.preventDefault();
    action();
  });
})();
