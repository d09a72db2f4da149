// Games: live updates over a websocket, with a polling fallback, and keyboard play.
// Loaded on every page (from the navigation's turn indicator). No inline scripts (CSP).
(function () {
  "use strict";
  if (window.__marcomageGames) return;
  window.__marcomageGames = true;

  var script = document.getElementById("games-js");
  var indicatorUrl = script ? script.getAttribute("data-indicator-url") : null;
  // The page's game: read from the page, and read again when the page becomes an event's
  // next game (see "an event's next game" below).
  var live, statusEl, wsPath, boardUrl, chatUrl, chatPopup, chatButton, refreshSeconds;
  function bindPage() {
    live = document.getElementById("game-live");
    statusEl = document.getElementById("live-status");
    wsPath = live ? live.getAttribute("data-ws-path") : "/ws/games/";
    boardUrl = live ? live.getAttribute("data-board-url") : "";
    chatUrl = live ? live.getAttribute("data-chat-url") : "";
    // The chat as a pop-up (games/game/_chat_popup.html), when the player keeps it off the
    // game screen: see "the chat as a pop-up" below.
    chatPopup = document.getElementById("chat-popup");
    chatButton = document.getElementById("chat-popup-button");
    refreshSeconds = live ? (parseInt(live.getAttribute("data-refresh"), 10) || 20) : 60;
  }
  bindPage();
  var socket = null;
  var pollTimer = null;
  var retryDelay = 1000;

  // ``detail``: more words for screen readers only (the board's status row shows "Live").
  function setStatus(text, state, detail) {
    if (!statusEl) return;
    statusEl.textContent = text;
    if (detail) {
      var more = document.createElement("span");
      more.className = "visually-hidden";
      more.textContent = detail;
      statusEl.appendChild(more);
    }
    statusEl.setAttribute("data-state", state);
  }

  function boardVersion() {
    var board = document.getElementById("board");
    return board ? board.getAttribute("data-version") : null;
  }

  // htmx queues a request behind one in flight on the same source element and drops it
  // if that element has left the page meanwhile; the board and the chat lines are replaced
  // by every swap, so refreshes are issued from containers that stay (#game-live, #chat).
  function refreshBoard() {
    if (!boardUrl || !document.getElementById("board") || !window.htmx) return;
    // The chosen card and mode survive a refresh of the same version (see restoreChoice).
    window.htmx.ajax("GET", boardUrl, { source: live, target: "#board", swap: "outerHTML" });
  }

  function refreshChat() {
    if (chatPopup && !chatPopup.open) { refreshChatUnread(); return; }
    var lines = document.getElementById("chat-lines");
    if (!chatUrl || !lines || !window.htmx) return;
    var source = document.getElementById("chat") || chatPopup || lines.parentNode;
    window.htmx.ajax("GET", chatUrl, { source: source, target: "#chat-lines", swap: "outerHTML", select: "#chat-lines" });
  }

  // The newest version a "changed" notice announced. Should a refresh get lost anyway (a
  // dropped request, an answer that crossed an older one), check again a little later.
  var announcedVersion = 0;
  var catchUpTimer = null;

  function catchUp(attempt) {
    catchUpTimer = null;
    if (Number(boardVersion()) >= announcedVersion || attempt > 5) return;
    refreshBoard();
    catchUpTimer = window.setTimeout(function () { catchUp(attempt + 1); }, 1500 * (attempt + 1));
  }

  // Actions this page has posted to the board and not yet had the answer of. The notice
  // of our own move usually arrives before the answer that carries its board (it leaves
  // at the commit, the answer after its rendering): fetching the board for it would cost
  // the server a second board per move. The catch-up below covers an answer that is lost.
  var actionsInFlight = 0;
  function isBoardPost(event) {
    var target = event.detail.target;
    return !!(target && target.id === "board" && event.detail.requestConfig &&
              event.detail.requestConfig.verb === "post");
  }
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (isBoardPost(event)) actionsInFlight += 1;
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (isBoardPost(event)) actionsInFlight = Math.max(0, actionsInFlight - 1);
  });

  function boardAnnounced(version) {
    announcedVersion = Math.max(announcedVersion, Number(version) || 0);
    if (Number(boardVersion()) < announcedVersion && actionsInFlight === 0) refreshBoard();
    if (catchUpTimer) window.clearTimeout(catchUpTimer);
    catchUpTimer = window.setTimeout(function () { catchUp(0); }, 1500);
  }

  function refreshIndicator() {
    var slot = document.getElementById("nav-turn-indicator");
    if (!indicatorUrl || !slot || !window.htmx) return;
    window.htmx.ajax("GET", indicatorUrl, { target: "#nav-turn-indicator", swap: "innerHTML" });
  }

  function setPresence(here) {
    var el = document.getElementById("opponent-presence");
    if (!el) return;
    el.classList.toggle("is-here", here);
    var base = el.getAttribute("data-name-text") || el.textContent;
    el.setAttribute("data-name-text", base);
    el.textContent = here ? base.replace(/ is .*$/, "") + " is watching this game" : base;
  }

  // How many spectators watch this game (games.services.spectators), told live.
  function setSpectators(count) {
    var el = document.getElementById("spectator-count");
    if (!el) return;
    el.setAttribute("data-count", String(count));
    el.textContent = count === 1 ? "1 spectator is watching." : count + " spectators are watching.";
    el.hidden = count === 0;
  }

  function startPolling() {
    if (pollTimer || !live) return;
    setStatus("Live updates are offline: the board refreshes every " + refreshSeconds + " seconds.", "polling");
    pollTimer = window.setInterval(function () {
      refreshBoard();
      refreshChat();
      refreshIndicator();
    }, refreshSeconds * 1000);
  }

  function stopPolling() {
    if (pollTimer) window.clearInterval(pollTimer);
    pollTimer = null;
  }

  // The board the server pushed over the socket (rendered for this player's seat): swapped
  // in as an htmx answer would be, never over a newer one. A frame of the version the page
  // already shows is skipped, unless it tells of a change at the same version (an
  // activity mark, a deadline); then the chosen card and mode are kept.
  function boardPushed(data) {
    var board = document.getElementById("board");
    var version = Number(data.version) || 0;
    if (!board || !window.htmx || typeof data.html !== "string") { boardAnnounced(version); return; }
    var current = Number(boardVersion());
    if (version < current || (version === current && data.what === "board")) return;
    announcedVersion = Math.max(announcedVersion, version);
    var panel = document.getElementById("sandbox");
    sandboxWasOpen = panel ? panel.open : null;
    keptChoice = version === current ? currentChoice() : null;
    var before = boardSnapshot();
    snapshotBeforeSwap = null;  // this swap is told of here, not by htmx:afterSwap
    window.htmx.swap(board, data.html, { swapStyle: "outerHTML" });
    boardArrived(before, false);
  }

  // ---- an event's next game. The player's next game of the event this page's game belongs
  // to (a player is never in two games of one event at once, so this one is over) comes
  // with his board of it: shown at once, no page load between the pairing and the board.
  // The page becomes that game's: its address, its socket, and then the parts around the
  // board (data-game-part: the lines above it, the chat, the notes) from that game's page,
  // fetched meanwhile. Without a board in the frame (or without the means): the page opens.
  function openEventGame(data) {
    var strip = document.getElementById("game-event");
    var game = parseInt(data.game, 10);
    if (!strip || !(game > 0) || String(data.tournament) !== strip.getAttribute("data-tournament")) return;
    if (String(game) === strip.getAttribute("data-game")) return;
    strip.setAttribute("data-game", String(game));
    var url = "/games/" + game + "/";
    var board = document.getElementById("board");
    if (typeof data.html !== "string" || !board || !window.htmx || !window.fetch ||
        !window.DOMParser || !(window.history && window.history.replaceState)) {
      window.location.href = url;
      return;
    }
    window.htmx.swap(board, data.html, { swapStyle: "outerHTML" });
    window.__marcomageEventSwitches = (window.__marcomageEventSwitches || 0) + 1;  // tests
    window.history.replaceState(null, "", url);
    if (live) {
      live.setAttribute("data-ws-path", "/ws/games/" + game + "/");
      live.setAttribute("data-board-url", url + "board/");
      live.setAttribute("data-chat-url", "");  // until the new page's part says
    }
    bindPage();
    announcedVersion = 0;
    if (catchUpTimer) { window.clearTimeout(catchUpTimer); catchUpTimer = null; }
    announce("Your next game has begun.");
    reconnect();
    fetch(url, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (html === null) { window.location.href = url; return; }
        takeParts(new window.DOMParser().parseFromString(html, "text/html"), game);
      })
      .catch(function () { window.location.href = url; });
  }

  // The parts around the board from the new game's page (and its board, if newer).
  function takeParts(doc, game) {
    var strip = document.getElementById("game-event");
    if (!strip || strip.getAttribute("data-game") !== String(game)) return;  // moved on since
    doc.querySelectorAll("[data-game-part]").forEach(function (fresh) {
      var name = fresh.getAttribute("data-game-part");
      var old = document.querySelector("[data-game-part='" + name + "']");
      if (!old) return;
      var part = document.importNode(fresh, true);
      old.replaceWith(part);
      window.htmx.process(part);
    });
    var freshBoard = doc.getElementById("board");
    var board = document.getElementById("board");
    if (freshBoard && board && freshBoard.getAttribute("data-game") === String(game) &&
        Number(freshBoard.getAttribute("data-version")) > Number(board.getAttribute("data-version"))) {
      window.htmx.swap(board, freshBoard.outerHTML, { swapStyle: "outerHTML" });
    }
    if (doc.title) document.title = doc.title;
    bindPage();
    bindChatPopup();
    if (socket && socket.readyState === 1) setStatus(live.getAttribute("data-live-text") || "Live: your opponent's moves appear here as they happen.", "live");
  }

  var everConnected = false;

  // The page became another game's: its socket is that game's now (the old one's frames
  // are not for this page any more).
  function reconnect() {
    var old = socket;
    socket = null;
    if (old) { old.onclose = null; old.onmessage = null; old.close(); }
    stopPolling();
    connect();
  }

  function connect() {
    if (!("WebSocket" in window)) { startPolling(); return; }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    // The page's board version: the server sends the board at once if it is older.
    var version = live ? boardVersion() : null;
    var query = [];
    if (version) query.push("v=" + encodeURIComponent(version));
    // A game of an event: its next game is told on this socket (see openEventGame).
    var strip = live ? document.getElementById("game-event") : null;
    if (strip) query.push("event=" + encodeURIComponent(strip.getAttribute("data-tournament")));
    var path = wsPath + (query.length ? "?" + query.join("&") : "");
    try {
      socket = new WebSocket(scheme + window.location.host + path);
    } catch (e) {
      startPolling();
      return;
    }
    socket.onopen = function () {
      retryDelay = 1000;
      stopPolling();
      if (live) setStatus(live.getAttribute("data-live-text") || "Live: your opponent's moves appear here as they happen.", "live", live.getAttribute("data-live-detail"));
      // Back after a break: the board catches up by itself (the version sent above); the
      // chat lines written meanwhile are fetched.
      if (live && everConnected) refreshChat();
      everConnected = true;
    };
    socket.onmessage = function (message) {
      var data;
      try { data = JSON.parse(message.data); } catch (e) { return; }
      if (data.event === "board") {
        boardPushed(data);
      } else if (data.event === "changed") {
        if (data.what === "chat") { refreshChat(); refreshIndicator(); return; }
        if (data.what !== "board") refreshBoard();
        else boardAnnounced(data.version);
      } else if (data.event === "turns") {
        refreshIndicator();
      } else if (data.event === "presence") {
        setPresence(!!data.here);
      } else if (data.event === "spectators") {
        setSpectators(Number(data.count) || 0);
      } else if (data.event === "event-game") {
        openEventGame(data);
      } else if (data.event === "notices") {
        // The bell (static/js/notifications.js) fetches its count and list again.
        document.dispatchEvent(new CustomEvent("marcomage:notices"));
      }
    };
    socket.onclose = function (event) {
      socket = null;
      if (event && event.code === LIVE_STOPPED) {
        // Too many pages of this account (or address) have live updates: this one, the
        // oldest, stops, says why and waits for the player (site.js) instead of taking
        // them back from the newest page in a loop.
        stopPolling();
        if (live) setStatus("Live updates stopped on this page.", "stopped");
        document.dispatchEvent(new CustomEvent("marcomage:live-stopped", { detail: { reason: event.reason } }));
        return;
      }
      if (live) startPolling();
      if (event && event.code === 1012) {
        // 1012: the server process is restarting (a deploy); the others serve: back within
        // a second, spread so the pages of that process do not all come in the same instant.
        window.setTimeout(connect, 100 + Math.random() * 1000);
        return;
      }
      // Back off, with jitter: after a server restart, the pages do not all come back in
      // the same second.
      window.setTimeout(connect, retryDelay * (0.5 + Math.random()));
      retryDelay = Math.min(retryDelay * 2, 30000);
    };
  }

  // The close code of a socket that gave way to the account's newer pages
  // (marcomage/socket_cap.py).
  var LIVE_STOPPED = 4429;
  document.addEventListener("marcomage:live-resume", function () {
    if (socket) return;
    retryDelay = 1000;
    if (live) refreshBoard();
    connect();
  });

  // ---- the chat as a pop-up: the Chat button opens it in a modal dialog (Escape or Close
  // shuts it) and loads it there, which reads its new lines (highlighted in it). While the
  // dialog is closed, a line that arrives only fetches the button's mark of new lines
  // (?unread: read without marking them seen). Without JavaScript the button is a link.
  function refreshChatUnread() {
    var url = chatButton ? chatButton.getAttribute("data-unread-url") : "";
    if (!url || !window.htmx) return;
    window.htmx.ajax("GET", url, { source: chatButton, target: "#chat-unread", swap: "innerHTML" });
  }

  function showChatUnread() {
    var mark = document.getElementById("chat-unread");
    if (!chatButton || !mark) return;
    if (chatPopup.open) mark.textContent = "";  // loaded in the dialog: read
    chatButton.classList.toggle("has-unread", !!mark.querySelector(".chat-unread-count"));
  }

  // The dialog's own listeners, on the page's dialog (bound again when the page becomes
  // an event's next game).
  function bindChatPopup() {
    if (!chatPopup || !chatButton || !chatPopup.showModal || chatButton.__marcomageBound) return;
    chatButton.__marcomageBound = true;
    var button = chatButton, popup = chatPopup;
    button.addEventListener("click", function (event) {
      if (!chatUrl || !window.htmx) return;  // the link to the chat's page
      event.preventDefault();
      popup.showModal();
      // Opened again: its lines are refreshed, a line being written stays.
      if (popup.querySelector("#chat-lines")) refreshChat();
      else window.htmx.ajax("GET", chatUrl, { source: popup, target: "#chat-popup-body", swap: "innerHTML" });
    });
    popup.addEventListener("close", function () { button.focus(); });
  }
  bindChatPopup();
  document.addEventListener("htmx:beforeSwap", function (event) {
    // A mark asked for before the dialog opened must not bring back lines read since.
    var target = event.detail.target;
    if (chatPopup && target && target.id === "chat-unread" && chatPopup.open) event.detail.shouldSwap = false;
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (!chatPopup || !target || !/^chat-(unread|popup-body|lines|box)$/.test(target.id)) return;
    showChatUnread();
    // First opened: on to the box one writes in (unless the player has moved on).
    var close = document.getElementById("chat-popup-close");
    var box = document.getElementById("chat-body");
    if (target.id === "chat-popup-body" && box && document.activeElement === close) box.focus();
  });

  // ---- keyboard: 1-8 choose a card, P plays, D discards (not while typing, nor while the
  // chat's pop-up is open)
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (chatPopup && chatPopup.open) return;
    var tag = (event.target.tagName || "").toLowerCase();
    if (tag === "textarea" || tag === "select" || (tag === "input" && event.target.type !== "radio")) return;
    var key = event.key;
    // Enter on a chosen card plays it (the form's own Enter would press the first
    // card's Play button, whatever card was chosen).
    if (key === "Enter" && tag === "input" && event.target.classList.contains("slot-radio")) {
      var playChosen = document.getElementById("play-button");
      if (playChosen) { event.target.checked = true; playChosen.click(); event.preventDefault(); }
      return;
    }
    if (key >= "1" && key <= "8") {
      var radio = document.getElementById("slot-" + key);
      if (radio && !radio.disabled) { radio.checked = true; radio.focus(); event.preventDefault(); }
    } else if (key === "p" || key === "P") {
      var play = document.getElementById("play-button");
      if (play) { play.click(); event.preventDefault(); }
    } else if (key === "d" || key === "D") {
      var discard = document.getElementById("discard-button");
      if (discard) { discard.click(); event.preventDefault(); }
    }
  });

  // Clicking a card's picture selects it (the label does that) — a second click on the
  // already chosen card plays it, when the player's setting shows play buttons.
  document.addEventListener("dblclick", function (event) {
    var label = event.target.closest(".slot-label");
    if (!label) return;
    var play = document.getElementById("play-button");
    if (play) play.click();
  });

  // Answers can cross: a refresh started before our own move may arrive after it.
  // Never replace a board with an older one.
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    if (!target || target.id !== "board" || !event.detail.xhr) return;
    var text = event.detail.xhr.responseText || "";
    // An answer about the game this page showed before it became an event's next game.
    var game = /id="board"[^>]*data-game="(\d+)"/.exec(text);
    var shown = document.getElementById("board");
    if (game && shown && shown.getAttribute("data-game") && game[1] !== shown.getAttribute("data-game")) {
      event.detail.shouldSwap = false;
      return;
    }
    var match = /id="board"[^>]*data-version="(\d+)"/.exec(text);
    var current = boardVersion();
    if (match && current !== null && Number(match[1]) < Number(current)) {
      event.detail.shouldSwap = false;
    } else if (match && match[1] === current) {
      keptChoice = currentChoice();
    }
  });

  // A refresh of the same version (a reconnect's catch-up, a poll) must not undo the card
  // and mode the player has just chosen: remember them before the swap, restore after.
  var keptChoice = null;

  function currentChoice() {
    var checked = document.querySelector("#board input.slot-radio:checked");
    var modes = {};
    document.querySelectorAll("#board select[name^='mode_']").forEach(function (select) {
      modes[select.name] = select.value;
    });
    return { slot: checked ? checked.id : null, modes: modes };
  }

  function restoreChoice(choice) {
    if (choice.slot) {
      var radio = document.getElementById(choice.slot);
      if (radio && !radio.disabled) radio.checked = true;
    }
    Object.keys(choice.modes).forEach(function (name) {
      var select = document.querySelector("#board select[name='" + name + "']");
      if (select) select.value = choice.modes[name];
    });
  }

  // The board on the page before an htmx answer replaces it (see boardArrived).
  var snapshotBeforeSwap = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    snapshotBeforeSwap = target && target.id === "board" && event.detail.shouldSwap !== false
      ? boardSnapshot() : null;
  });

  // A board swapped in after the opponent moved announces whose turn it is.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.target && event.target.id === "board") {
      window.__marcomageBoardSwaps = (window.__marcomageBoardSwaps || 0) + 1;
      // The player's own moves and commands are posts; refreshes (polls, catch-ups) gets.
      var config = event.detail.requestConfig || {};
      var own = (config.verb || "").toLowerCase() === "post";
      if (snapshotBeforeSwap) boardArrived(snapshotBeforeSwap, own);
      snapshotBeforeSwap = null;
    }
    if (keptChoice && document.getElementById("board")) {
      restoreChoice(keptChoice);
    }
    keptChoice = null;
  });

  // The sandbox panel stays open (or closed) across board refreshes.
  var sandboxWasOpen = null;
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var panel = document.getElementById("sandbox");
    sandboxWasOpen = target && target.id === "board" && panel ? panel.open : null;
  });
  document.addEventListener("htmx:afterSwap", function () {
    var panel = document.getElementById("sandbox");
    if (panel && sandboxWasOpen !== null) panel.open = panel.open || sandboxWasOpen;
    sandboxWasOpen = null;
  });

  // ---- a new board arrived: tell it in words, keep the keyboard's place, show the motion
  var announcer = document.getElementById("game-announcer");
  var reducedMotion = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;

  // What the page needs of the board it is about to replace.
  function boardSnapshot() {
    var board = document.getElementById("board");
    if (!board) return null;
    var values = {};
    board.querySelectorAll(".side [data-attr]").forEach(function (el) {
      var side = el.closest(".side");
      values[side.id + ":" + el.getAttribute("data-attr")] = Number(el.textContent);
    });
    var chosen = pressedSlot && board.contains(pressedSlot) ? pressedSlot
      : board.querySelector("input.slot-radio:checked");
    var chosenCard = chosen ? chosen.closest(".hand-slot").querySelector(".card") : null;
    pressedSlot = null;
    var focused = document.activeElement;
    return {
      version: Number(board.getAttribute("data-version")) || 0,
      running: board.getAttribute("data-running") === "1",
      values: values,
      chosenRect: chosenCard ? chosenCard.getBoundingClientRect() : null,
      opponentHandRect: rectOf("#opponent-hand .hand"),
      text: announcementText(),
      round: announcementRound(),
      focusId: focused && board.contains(focused) ? focused.id : null,
      scrollY: window.scrollY
    };
  }

  // The card whose own Play button was pressed (it need not be the chosen one).
  var pressedSlot = null;
  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest(".play-this") : null;
    if (button) pressedSlot = button;
  });

  function announcementText() {
    var el = document.getElementById("board-announcement");
    return el ? el.textContent.trim() : "";
  }

  // The round the words were written in: every turn passed moves it on, so the same words
  // in a later round tell of a new turn (the computer can play the same card twice).
  function announcementRound() {
    var el = document.getElementById("board-announcement");
    return el ? el.getAttribute("data-round") : null;
  }

  function rectOf(selector) {
    var el = document.querySelector(selector);
    return el ? el.getBoundingClientRect() : null;
  }

  function announce(text) {
    if (!announcer || !text) return;
    var line = document.createElement("p");
    line.textContent = text;
    announcer.appendChild(line);
    while (announcer.childNodes.length > 5) announcer.removeChild(announcer.firstChild);
  }

  // ``own``: the board answers this player's own post (a move, a command).
  function boardArrived(before, own) {
    var board = document.getElementById("board");
    if (!board || !before) return;
    var version = Number(board.getAttribute("data-version")) || 0;
    var running = board.getAttribute("data-running") === "1";
    var moved = version > before.version;
    var text = announcementText();
    // The server writes the opponent's last turn (and the end of the game) in words only
    // when the last turn was the opponent's: also in the answer to one's own move, when
    // the computer has already answered it. An own command that changes no turn keeps
    // the same words in the same round: not read again.
    var newTurn = text !== before.text || announcementRound() !== before.round;
    if (moved && text && (!own || newTurn || (before.running && !running))) {
      announce(text);
    }
    restoreFocus(before.focusId);
    keepScroll(before.scrollY);
    showSuggestedCard();
    if (moved && motionWanted(board)) showMotion(board, before, own);
  }

  // "Show cards": the opponent's whole cards come into sight above the docked hand (they
  // opened under it, and nothing seemed to happen). The page scrolls no further than the
  // cards' top, under the top bar.
  var cardsToggle = document.getElementById("opponent-cards-toggle");
  if (cardsToggle) {
    cardsToggle.addEventListener("change", function () {
      var hand = document.getElementById("opponent-hand");
      var dock = document.getElementById("hand-form");
      if (!cardsToggle.checked || !hand || !dock) return;
      var box = hand.getBoundingClientRect();
      var dockTop = dock.getBoundingClientRect().top;
      var bar = document.querySelector(".site-header");
      var barBottom = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
      if (box.bottom <= dockTop) return;
      window.scrollBy(0, Math.max(0, Math.min(box.bottom - dockTop + 8, box.top - barBottom - 8)));
    });
  }

  // A tutorial player's suggested card in sight: on a phone the hand is one row that
  // scrolls sideways, and "play card 6" named a card beyond the screen's edge. Only the
  // row scrolls (never the page), and only when the card is not already wholly in view.
  function showSuggestedCard() {
    var slot = document.querySelector("#hand-form .hand-slot.is-suggested");
    var row = slot ? slot.closest(".hand") : null;
    if (!row || row.scrollWidth <= row.clientWidth) return;
    var box = slot.getBoundingClientRect();
    var left = box.left - row.getBoundingClientRect().left + row.scrollLeft;
    var right = left + box.width;
    if (left >= row.scrollLeft && right <= row.scrollLeft + row.clientWidth) return;
    // to the card's start: the row snaps to the cards' starts, and would pull a card
    // scrolled to just in sight back off its right edge
    row.scrollLeft = left - (parseFloat(getComputedStyle(row).paddingLeft) || 0);
  }

  // The page stays where the player had it: replacing the board must not scroll it (the
  // browser's scroll anchoring moved a phone's page by a board's height after a move).
  function keepScroll(y) {
    if (typeof y === "number" && Math.abs(window.scrollY - y) > 1) window.scrollTo(window.scrollX, y);
  }

  // Keyboard play: the focus stays where it was (the same card, button) when the board
  // is replaced; else it goes to the line that says whose turn it is.
  function restoreFocus(focusId) {
    if (!focusId) return;
    var el = document.getElementById(focusId);
    if (!el || el.disabled) el = document.getElementById("turn-state");
    if (el) el.focus({ preventScroll: true });
  }

  function motionWanted(board) {
    return board.getAttribute("data-animations") === "1" && !(reducedMotion && reducedMotion.matches);
  }

  // Everything here only decorates the new board: it is in place and usable at once.
  function showMotion(board, before, own) {
    window.__marcomageMotions = (window.__marcomageMotions || 0) + 1;  // for the tests
    board.classList.add("board-moved");
    window.setTimeout(function () { board.classList.remove("board-moved"); }, 1600);
    board.querySelectorAll(".side [data-attr]").forEach(function (el) {
      var side = el.closest(".side");
      var from = before.values[side.id + ":" + el.getAttribute("data-attr")];
      var to = Number(el.textContent);
      if (typeof from === "number" && !isNaN(from) && from !== to) countTo(el, from, to);
    });
    // The card played flies from where it was to the table ("Last played").
    var mine = own;
    var target = board.querySelector((mine ? "#side-me" : "#side-opponent") + " .last-card:last-child .card");
    var from = mine ? before.chosenRect : before.opponentHandRect;
    if (target && from) fly(target, from);
  }

  function countTo(el, from, to) {
    var start = null;
    var duration = 600;
    el.classList.add("is-counting");
    function step(now) {
      if (start === null) start = now;
      var t = Math.min(1, (now - start) / duration);
      el.textContent = String(Math.round(from + (to - from) * t));
      if (t < 1 && el.isConnected) window.requestAnimationFrame(step);
      else { el.textContent = String(to); el.classList.remove("is-counting"); }
    }
    window.requestAnimationFrame(step);
  }

  function fly(card, fromRect) {
    var to = card.getBoundingClientRect();
    if (!to.width || !fromRect.width) return;
    var dx = fromRect.left + fromRect.width / 2 - (to.left + to.width / 2);
    var dy = fromRect.top + fromRect.height / 2 - (to.top + to.height / 2);
    var scale = Math.min(2, fromRect.width / to.width);
    if (!card.animate) return;
    card.animate([
      { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")", opacity: 0.6 },
      { transform: "none", opacity: 1 }
    ], { duration: 450, easing: "ease-out" });
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", connect);
    document.addEventListener("DOMContentLoaded", showSuggestedCard);
  } else {
    connect();
    showSuggestedCard();
  }
})();
