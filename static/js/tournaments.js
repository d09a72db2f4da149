// An event's page: the live panel (standings, games, podium) arrives over the websocket as
// the event changes (every few seconds at most); the viewer's own controls are fetched
// again when the event starts or ends or one of his games begins or ends. A new game of
// his opens at once: the socket names it in a frame of its own ({"event": "game"}), sent
// to his pages only, as soon as he is paired (the panel showing it is the fallback), and a
// socket that opens after the pairing hears of it then.
// Without a socket the panel is fetched every 10 seconds. Without JavaScript the page is
// complete and a reload brings it up to date.
(function () {
  "use strict";
  var live = document.getElementById("tournament-live");
  if (!live) return;
  var viewer = live.getAttribute("data-viewer");
  var socket = null, pollTimer = null, retryDelay = 1000;

  function inner() { return live.querySelector(".tournament-live-inner"); }
  function version() { var el = inner(); return el ? Number(el.getAttribute("data-version")) || 0 : 0; }
  function controls() { return document.getElementById("tournament-controls"); }

  // The running game of the viewer in the panel, if any.
  function myRunningGame() {
    var rows = live.querySelectorAll("tr[data-result='pending'][data-game]");
    for (var i = 0; i < rows.length; i++) {
      var players = (rows[i].getAttribute("data-players") || "").split(" ");
      if (players.indexOf(viewer) !== -1) return rows[i].getAttribute("data-game");
    }
    return "";
  }

  var knownGame = controls() ? controls().getAttribute("data-game") || "" : "";

  // A new game of the viewer's: go and play it (as lichess's arenas do).
  function openGame(game) {
    if (game && game !== knownGame) {
      knownGame = game;
      window.location.href = "/games/" + game + "/";
    }
  }

  function refreshControls() {
    var box = controls();
    if (!box) return;
    fetch(live.getAttribute("data-controls-url"), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null) return;
        var box = controls();
        if (box) box.outerHTML = html;
        var fresh = controls();
        var game = fresh ? fresh.getAttribute("data-game") || "" : "";
        if (game) openGame(game); else knownGame = "";
      });
  }

  function show(html, status) {
    var before = inner();
    var oldStatus = before ? before.getAttribute("data-status") : null;
    var oldGame = myRunningGame();
    live.innerHTML = html;
    if (status !== oldStatus || myRunningGame() !== oldGame) refreshControls();
  }

  function poll() {
    fetch(live.getAttribute("data-live-url"), { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null) return;
        var probe = document.createElement("div");
        probe.innerHTML = html;
        var el = probe.querySelector(".tournament-live-inner");
        if (el && Number(el.getAttribute("data-version")) > version()) show(html, el.getAttribute("data-status"));
      });
  }
  function startPolling() { if (!pollTimer) pollTimer = window.setInterval(poll, 10000); }
  function stopPolling() { if (pollTimer) { window.clearInterval(pollTimer); pollTimer = null; } }

  function connect() {
    if (!("WebSocket" in window)) { startPolling(); return; }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    try {
      // The game the page knows: a newer one (paired while the page loaded or the socket was
      // down) is named at once.
      socket = new WebSocket(scheme + window.location.host + live.getAttribute("data-ws") + "?v=" + version() +
                             "&g=" + encodeURIComponent(knownGame));
    } catch (e) { startPolling(); return; }
    socket.onopen = function () { retryDelay = 1000; stopPolling(); live.setAttribute("data-socket", "open"); };
    socket.onmessage = function (message) {
      var data;
      try { data = JSON.parse(message.data); } catch (e) { return; }
      if (data.event === "game") {
        var game = parseInt(data.game, 10);
        if (game > 0) openGame(String(game));
      } else if (data.event === "live" && typeof data.html === "string") {
        if (Number(data.version) > version()) show(data.html, data.status);
      } else if (data.event === "changed") {
        poll();
      }
    };
    socket.onclose = function (event) {
      socket = null;
      if (event && event.code === 4429) {
        // Too many pages of this account (or address) have live updates (see
        // marcomage/socket_cap.py and site.js): this one waits for the player.
        live.setAttribute("data-socket", "stopped");
        stopPolling();
        document.dispatchEvent(new CustomEvent("marcomage:live-stopped", { detail: { reason: event.reason } }));
        return;
      }
      live.setAttribute("data-socket", "closed");
      startPolling();
      // 1012: a server process restarting (a deploy): back within a second (games.js).
      if (event && event.code === 1012) { window.setTimeout(connect, 100 + Math.random() * 1000); return; }
      window.setTimeout(connect, retryDelay * (0.5 + Math.random()));
      retryDelay = Math.min(retryDelay * 2, 30000);
    };
  }
  document.addEventListener("marcomage:live-resume", function () {
    if (socket) return;
    retryDelay = 1000;
    poll();
    connect();
  });
  // A quiet socket is kept open through proxies.
  window.setInterval(function () {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify({ type: "ping" }));
  }, 30000);
  connect();
})();
