// The offline app's service worker: every file of one version of the app in one cache, filled
// when this version installs, answering every request of the app from it (the network only
// for what it does not hold). A new build is a new version (its files' digest, written here by
// terts app build): it fills its own cache, takes over, and deletes the caches of the earlier
// versions of this app (this scope's only: another app on the same site keeps its own).
"use strict";
const VERSION = "{{version}}";
const FILES = ["{{files}}"];
const SCOPE = new URL(self.registration.scope).pathname;
const PREFIX = "terts-app:" + SCOPE + ":";
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // each file checked with the server (a copy the HTTP cache holds is only taken if it is
    // still the server's, a cheap 304): this version's files, never an earlier one's
    await cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  // the page under any query (?lang=ru) is the one page
  const path = url.pathname.slice(SCOPE.length);
  const key = path === "" || path === "index.html" ? "./" : path;
  event.respondWith((async () => {
    // caches.match with its cacheName, never caches.open: an earlier version's worker still
    // answering a page while the new one activates would make its deleted cache again
    const where = new URL(key, self.registration.scope).href;
    const hit = await caches.match(where, { cacheName: CACHE });
    return hit || fetch(request);
  })());
});
