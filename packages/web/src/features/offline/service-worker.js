/**
 * The service worker (decision 078, docs/offline.md). Not bundled: scripts/after-build.mjs copies it
 * to dist/sw.js and puts the build's file list in place of SHELL below.
 *
 * It keeps the app shell only: index.html and the built files (code, styles, icons), all named in
 * SHELL, in one Cache Storage cache per build. API answers never pass through it: /api is not
 * intercepted at all, so an answer (always `no-store`) can never land in Cache Storage. The event
 * data the editor shows offline is kept by the page itself, in IndexedDB (features/offline/store.ts).
 */
const SHELL = { version: 'dev', files: ['/index.html'] };
const CACHE = `shell-${SHELL.version}`;

self.addEventListener('install', (event) => {
  // The whole shell or nothing: a half-filled cache would open a page whose code is missing.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SHELL.files))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  // An older build's shell goes; pages open now are taken over, so the first visit already works offline.
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('shell-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    // A page address: the network's index.html when it answers (a release shows at once), else this
    // build's copy, whose files are all in this cache. The network's copy is not stored: it may name
    // another build's files.
    event.respondWith(fetch(request).catch(() => caches.match('/index.html', { cacheName: CACHE }).then((hit) => hit ?? Response.error())));
    return;
  }
  if (!SHELL.files.includes(url.pathname)) return;
  // Built files have a content hash in their name: the cached copy is the file.
  event.respondWith(caches.match(url.pathname, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
});
