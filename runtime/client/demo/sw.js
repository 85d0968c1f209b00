// The demo's service worker: the page shell cached at install; on the page's request, the whole
// version directory `current` names (every file of its manifest, got whole: the Cache API keeps
// no 206 answers) cached and older versions dropped. Range requests are then answered from the
// cached whole file, so the lazy client works with the network off. `current` is asked from the
// network first (to notice a new version), the cache when offline.
const SHELL = 'recipes-demo-shell-v1';
const DATA = 'recipes-demo-data';
const SHELL_FILES = ['./', 'index.html', 'demo.mjs', 'manifest.webmanifest', 'icon.svg', '../index.mjs'];

self.addEventListener('install', (e) => e.waitUntil(caches.open(SHELL).then((c) => c.addAll(SHELL_FILES)).then(() => self.skipWaiting())));
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));

self.addEventListener('message', (e) => {
  if (e.data?.type !== 'cache-version') return;
  e.waitUntil(
    cacheVersion(e.data.data).then(
      (r) => e.source.postMessage({ type: 'cached', ...r }),
      (err) => e.source.postMessage({ type: 'cache-failed', message: String(err?.message ?? err) }),
    ),
  );
});

async function cacheVersion(root) {
  const cache = await caches.open(DATA);
  // Offline, the cached `current` stands (its version directory was cached whole before).
  const current = await fetch(root + 'current', { cache: 'no-cache' }).catch(() => cache.match(root + 'current'));
  if (!current?.ok) throw new Error(`${root}current answered ${current ? `HTTP ${current.status}` : 'nothing (offline, never cached)'}`);
  const name = (await current.clone().text()).trim();
  await cache.put(root + 'current', current);
  const dir = `${root}${name}/`;
  const manifestRes = (await cache.match(dir + 'manifest.json')) ?? (await fetch(dir + 'manifest.json'));
  if (!manifestRes.ok) throw new Error(`${dir}manifest.json answered HTTP ${manifestRes.status}`);
  const manifest = await manifestRes.clone().json();
  await cache.put(dir + 'manifest.json', manifestRes);
  for (const f of manifest.files) {
    const url = dir + f.path;
    if (await cache.match(url)) continue;
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`${url} answered HTTP ${res.status}`);
    await cache.put(url, res);
  }
  for (const req of await cache.keys()) if (!req.url.startsWith(dir) && req.url !== root + 'current') await cache.delete(req);
  return { version: name, files: manifest.files.length + 1 };
}

self.addEventListener('fetch', (e) => {
  if (e.request.method === 'GET') e.respondWith(answer(e.request));
});

async function answer(req) {
  const url = req.url.split('#')[0];
  if (url.endsWith('/current')) {
    try {
      return await fetch(req);
    } catch (err) {
      const hit = await caches.match(url);
      if (hit) return hit;
      throw err;
    }
  }
  const hit = await caches.match(url);
  if (hit) return req.headers.has('Range') ? slice(hit, req.headers.get('Range')) : hit;
  try {
    return await fetch(req);
  } catch (err) {
    const shell = req.mode === 'navigate' ? await caches.match(new URL('./', self.registration.scope).href) : undefined;
    if (shell) return shell;
    throw err;
  }
}

/** One `bytes=a-b` range of a cached whole file (a Blob slice: the file is not copied). */
async function slice(res, header) {
  const blob = await res.blob();
  const m = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!m) return new Response(blob, { status: 200, headers: res.headers });
  const start = Number(m[1]);
  const end = m[2] === '' ? blob.size - 1 : Math.min(Number(m[2]), blob.size - 1);
  if (start > end) return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${blob.size}` } });
  return new Response(blob.slice(start, end + 1), {
    status: 206,
    headers: { 'Content-Range': `bytes ${start}-${end}/${blob.size}`, 'Content-Type': 'application/octet-stream', 'Content-Length': String(end - start + 1) },
  });
}
