/* The installable app: registers the service worker (/sw.js: push notifications and the
   offline page) once the page has loaded. It asks for no permission: notifications are
   turned on only by the player's own click (static/js/push.js). */
(function () {
  "use strict";
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(() => {
      /* no worker: the site works as a plain site */
    });
  });
})();
