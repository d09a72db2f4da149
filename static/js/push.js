/* Web push in the page: turning notifications on and off for this browser, the test
   notification, on the settings page's "Notifications on your devices" block
   ([data-push-panel]) and the game page's offer ([data-push-offer]).

   The permission is asked only when the player presses "Turn on" (never on page load).
   The browser subscribes with the site's VAPID public key (data-key) and the subscription
   (its PushSubscription.toJSON()) is posted to the site; the service worker /sw.js shows
   the pushes (static/js/sw.js). */
(function () {
  "use strict";
  const roots = document.querySelectorAll("[data-push-panel], [data-push-offer]");
  if (!roots.length) return;
  const supported = "serviceWorker" in navigator && "PushManager" in window &&
    "Notification" in window && window.isSecureContext;

  function csrfToken(root) {
    const input = root.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) return input.value;
    try {
      return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
    } catch (error) {
      return "";
    }
  }

  function keyBytes(key) {
    const base64 = key.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((key.length + 3) % 4);
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }

  function sameKey(subscription, key) {
    const used = subscription.options && subscription.options.applicationServerKey;
    if (!used) return true; // the browser does not tell: take it as ours
    const a = new Uint8Array(used), b = keyBytes(key);
    return a.length === b.length && a.every((value, i) => value === b[i]);
  }

  async function post(root, url, data) {
    const response = await fetch(url, {
      method: "POST", credentials: "same-origin",
      headers: {"Content-Type": "application/json", "X-CSRFToken": csrfToken(root)},
      body: JSON.stringify(data),
    });
    let body = {};
    try {
      body = await response.json();
    } catch (error) { /* an empty answer */ }
    if (!response.ok) {
      throw new Error(body.error || body.message || `The site answered ${response.status}.`);
    }
    return body;
  }

  async function registration() {
    await navigator.serviceWorker.register("/sw.js", {scope: "/"});
    return navigator.serviceWorker.ready;
  }

  /* This browser's subscription made with the site's current key, or null. */
  async function currentSubscription(key) {
    const reg = await registration();
    const subscription = await reg.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, key)) {
      await subscription.unsubscribe(); // made with keys the site no longer signs with
      return null;
    }
    return subscription;
  }

  async function turnOn(root) {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      throw new Error(permission === "denied"
        ? "Notifications are blocked for this site: allow them in the browser's site settings."
        : "Notifications were not allowed.");
    }
    const key = root.dataset.key;
    const reg = await registration();
    let subscription = await currentSubscription(key);
    if (!subscription) {
      subscription = await reg.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: keyBytes(key)});
    }
    await post(root, root.dataset.subscribeUrl, subscription.toJSON());
    return subscription;
  }

  async function turnOff(root) {
    const subscription = await currentSubscription(root.dataset.key);
    if (!subscription) return;
    await post(root, root.dataset.unsubscribeUrl, {endpoint: subscription.endpoint});
    await subscription.unsubscribe();
  }

  /* The digest the site shows for a known endpoint (players.push.services.endpoint_mark). */
  async function endpointMark(endpoint) {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(endpoint));
    return Array.from(new Uint8Array(digest).slice(0, 8),
      (byte) => byte.toString(16).padStart(2, "0")).join("");
  }

  function say(root, text) {
    const line = root.querySelector("[data-push-state]");
    if (line) line.textContent = text;
  }

  function show(root, actions) {
    root.querySelectorAll("[data-push-action]").forEach((button) => {
      button.hidden = !actions.includes(button.dataset.pushAction);
      button.disabled = false;
    });
  }

  /* The settings block: what this browser does now, and its row in the device list. */
  async function drawPanel(root) {
    if (!supported) {
      say(root, "This browser cannot show notifications from web pages." +
        (window.isSecureContext ? "" : " (The site must be opened over https.)"));
      show(root, []);
      return;
    }
    if (Notification.permission === "denied") {
      say(root, "Notifications are blocked for this site in this browser: allow them in the " +
        "browser's site settings, then come back here.");
      show(root, []);
      return;
    }
    const subscription = await currentSubscription(root.dataset.key);
    const mark = subscription ? await endpointMark(subscription.endpoint) : null;
    let known = false;
    root.querySelectorAll("tr[data-mark]").forEach((row) => {
      const mine = mark !== null && row.dataset.mark === mark;
      row.querySelector(".push-this-device").hidden = !mine;
      known = known || mine;
    });
    if (subscription && known && Notification.permission === "granted") {
      say(root, "This browser gets notifications.");
      show(root, ["test", "off"]);
    } else {
      say(root, "This browser does not get notifications.");
      show(root, ["on"]);
    }
  }

  async function act(root, action, button) {
    button.disabled = true;
    try {
      if (action === "on") {
        say(root, "Asking your browser…");
        await turnOn(root);
        if (root.hasAttribute("data-push-panel")) {
          window.location.reload(); // the device list now has this browser
          return;
        }
        say(root, "Notifications are on. Turn them off any time in Settings.");
        show(root, []);
        window.setTimeout(() => { root.hidden = true; }, 6000);
      } else if (action === "off") {
        await turnOff(root);
        window.location.reload();
      } else if (action === "test") {
        const subscription = await currentSubscription(root.dataset.key);
        const answer = await post(root, root.dataset.testUrl, {endpoint: subscription.endpoint});
        say(root, answer.message);
        button.disabled = false;
      }
    } catch (error) {
      say(root, error.message || String(error));
      button.disabled = false;
    }
  }

  async function setUpOffer(root) {
    if (!supported || Notification.permission === "denied") return;
    const subscription = await currentSubscription(root.dataset.key);
    if (subscription && Notification.permission === "granted") {
      const known = (root.dataset.known || "").split(",");
      if (known.includes(await endpointMark(subscription.endpoint))) return; // on here already
    }
    root.hidden = false;
    const form = root.querySelector("[data-push-dismiss]");
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      root.hidden = true;
      try {
        await fetch(form.action, {method: "POST", credentials: "same-origin",
          headers: {"Content-Type": "application/json", "X-CSRFToken": csrfToken(root)}});
      } catch (error) { /* closed in this page anyway; offered again on the next one */ }
    });
  }

  roots.forEach((root) => {
    root.querySelectorAll("[data-push-action]").forEach((button) => {
      button.addEventListener("click", () => act(root, button.dataset.pushAction, button));
    });
    const ready = root.hasAttribute("data-push-panel") ? drawPanel(root) : setUpOffer(root);
    ready.catch((error) => say(root, error.message || String(error)));
  });
})();
