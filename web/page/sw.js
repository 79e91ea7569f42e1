// Keeps the page working offline once loaded: every file of the page is cached at install and
// served from the cache first (the page is one static folder and changes only with a build).
const CACHE = 'referee-page-v3';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'referee-event-wasm.js', 'referee-results-wasm.js', 'referee-battle-wasm.js', 'referee-contest-wasm.js'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))));
});

self.addEventListener('fetch', (event) => {
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(event.request, copy));
        return response;
      })
      .catch(() => caches.match(event.request, { ignoreSearch: true })),
  );
});
