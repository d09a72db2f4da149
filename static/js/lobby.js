// The Games page's lists refresh by themselves (every data-live-seconds): an answered
// challenge, a move made elsewhere, a new challenge show up without a reload. The decks
// chosen in the lists, the focus and the scroll position survive a refresh; none is made
// while a deck list has the focus (it may be open) or the tab is hidden.
(function () {
  "use strict";
  var live = document.getElementById("games-live");
  if (!live || !window.fetch) return;
  var url = live.getAttribute("data-live-url");
  var seconds = parseInt(live.getAttribute("data-live-seconds"), 10) || 15;
  var busy = false;
  var refreshed = 0;
  var lastHtml = null;  // the lists last swapped in (the first answer is always swapped)

  // What names a control across a refresh: its form's action, its name and, for a
  // button, its value (Accept and Decline share a form).
  function keyOf(el) {
    if (el.tagName === "A") return "a|" + el.getAttribute("href");
    var form = el.form || el.closest("form");
    var key = (form ? form.getAttribute("action") : "") + "|" + (el.name || "");
    return el.tagName === "BUTTON" ? key + "|" + (el.value || el.textContent.trim()) : key;
  }

  function snapshot() {
    var values = {};
    live.querySelectorAll("select").forEach(function (select) {
      values[keyOf(select)] = select.value;
    });
    var focused = document.activeElement;
    return { values: values, focus: focused && focused !== live && live.contains(focused) ? keyOf(focused) : null };
  }

  function restore(state) {
    live.querySelectorAll("select").forEach(function (select) {
      var value = state.values[keyOf(select)];
      if (value === undefined) return;
      for (var i = 0; i < select.options.length; i++) {
        if (select.options[i].value === value) { select.value = value; break; }
      }
    });
    if (!state.focus) return;
    var controls = live.querySelectorAll("a, button, select, input");
    for (var j = 0; j < controls.length; j++) {
      if (keyOf(controls[j]) === state.focus) { controls[j].focus({ preventScroll: true }); return; }
    }
  }

  // The CSRF token is masked anew on every answer: it alone is no change.
  function withoutTokens(html) {
    return html.replace(/name="csrfmiddlewaretoken" value="[^"]*"/g, "");
  }

  function refresh() {
    if (busy || document.hidden) return;
    var focused = document.activeElement;
    if (focused && focused.tagName === "SELECT" && live.contains(focused)) return;
    busy = true;
    window.fetch(url, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
      .then(function (response) {
        // Logged out meanwhile (a redirect to the login page) or a refusal: keep the lists.
        if (!response.ok || response.redirected) throw new Error(String(response.status));
        return response.text();
      })
      .then(function (html) {
        var compared = withoutTokens(html);
        if (compared !== lastHtml) {
          var state = snapshot();
          var x = window.scrollX, y = window.scrollY;
          live.innerHTML = html;
          restore(state);
          window.scrollTo(x, y);
          lastHtml = compared;
        }
        refreshed += 1;
        live.setAttribute("data-refreshed", String(refreshed));
      })
      .catch(function () { /* offline or refused: the next round tries again */ })
      .then(function () { busy = false; });
  }

  window.setInterval(refresh, seconds * 1000);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) refresh();
  });
})();
