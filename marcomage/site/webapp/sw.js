/* MArcomage's service worker, served at /sw.js (marcomage/site/webapp/views.py puts the
   constants OFFLINE_URL, RENEW_URL, CACHE_NAME, ICON and BADGE before this text).

   - push: shows the notification the site sent (title, body, tag; data.url is the page it
     opens), with the site's icon and badge. The payload is only those few fields
     (players/push/services.py): nothing private is ever in it.
   - pushsubscriptionchange: the browser replaced its subscription; the new one is sent to
     the site with the old one's auth secret as the proof (a worker has no CSRF token).
   - notificationclick: focuses a window of the site already open and takes it to the
     page, or opens a new one (in the installed app's window when the site is installed).
   - fetch: a page asked for while the network is down gets the offline page, the one
     thing kept in the cache; nothing else is cached, never a game page or anything private.
*/
"use strict";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_NAME);
    await cache.add(new Request(OFFLINE_URL, {cache: "reload", credentials: "omit"}));
    if (event.addRoutes) {
      // Only page loads go through this worker; everything else skips it (Chromium's
      // static routing; other browsers dispatch those requests and the worker lets them be).
      try {
        await event.addRoutes({condition: {not: {requestMode: "navigate"}}, source: "network"});
      } catch (error) { /* an older form of the API: the fetch handler lets them be */ }
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE_NAME) await caches.delete(name);
    }
    if (self.registration.navigationPreload) {
      await self.registration.navigationPreload.enable();
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.mode !== "navigate" || request.method !== "GET") return;
  event.respondWith((async () => {
    try {
      const preloaded = await event.preloadResponse;
      return preloaded || await fetch(request);
    } catch (error) {
      const cache = await caches.open(CACHE_NAME);
      return (await cache.match(OFFLINE_URL)) || Response.error();
    }
  })());
});

function readPush(event) {
  try {
    return event.data ? event.data.json() : {};
  } catch (error) {
    return {body: event.data.text()};
  }
}

self.addEventListener("push", (event) => {
  const message = readPush(event);
  const url = typeof message.url === "string" && message.url.startsWith("/") &&
    !message.url.startsWith("//") ? message.url : "/";
  const options = {
    body: message.body || "",
    icon: ICON,
    badge: BADGE,
    data: {url: url, kind: message.kind || ""},
  };
  if (message.tag) {
    options.tag = message.tag;
    options.renotify = true; // a newer notice of the same game still alerts
  }
  event.waitUntil(self.registration.showNotification(message.title || "MArcomage", options));
});

async function openPage(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({type: "window", includeUncontrolled: true});
  const open = windows.find((client) => client.url === target) ||
    windows.find((client) => "focus" in client);
  if (open) {
    try {
      await open.focus();
    } catch (error) { /* not allowed here: still take it to the page */ }
    if (open.url !== target) {
      try {
        return await open.navigate(target);
      } catch (error) { /* a window this worker does not control: open a new one */ }
    } else {
      return open;
    }
  }
  return self.clients.openWindow(target);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const data = event.notification.data || {};
  const opening = openPage(typeof data.url === "string" ? data.url : "/");
  event.waitUntil(opening);
});

function base64url(buffer) {
  return btoa(String.fromCharCode(...new Uint8Array(buffer)))
    .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

self.addEventListener("pushsubscriptionchange", (event) => {
  const old = event.oldSubscription;
  if (!old || !old.getKey("auth")) return; // nothing to prove it: the pages offer it again
  event.waitUntil((async () => {
    const renewed = event.newSubscription ||
      await self.registration.pushManager.subscribe(old.options);
    await fetch(RENEW_URL, {
      method: "POST", credentials: "omit", headers: {"Content-Type": "application/json"},
      body: JSON.stringify({old_endpoint: old.endpoint, old_auth: base64url(old.getKey("auth")),
                            subscription: renewed.toJSON()}),
    });
  })());
});
