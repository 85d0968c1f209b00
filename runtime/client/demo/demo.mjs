// The demo page: search, filters and a pantry over the offline client, reading the dataset lazily
// by Range (../index.mjs), what it fetched kept in IndexedDB (the client's default cache), so a
// query asked before is answered again with no request; sw.js caches the page and the whole
// version directory after the first visit, so any query works with the network off. The dataset's URL: ?data=<url>, default ../../data/
// (where RECIPES_SERVE_CLIENT=true publishes it beside /client/).
import { httpSource, openClient } from '../index.mjs';

const DATA = new URL(new URLSearchParams(location.search).get('data') ?? '../../data/', location.href).href;
const $ = (sel) => document.querySelector(sel);
const status = (text) => ($('#status').textContent = text);

async function offlineReady() {
  if (!('serviceWorker' in navigator)) return 'no service worker: online only';
  await navigator.serviceWorker.register('sw.js');
  const reg = await navigator.serviceWorker.ready;
  return new Promise((resolve) => {
    navigator.serviceWorker.addEventListener('message', function done(e) {
      if (e.data?.type !== 'cached' && e.data?.type !== 'cache-failed') return;
      navigator.serviceWorker.removeEventListener('message', done);
      resolve(e.data.type === 'cached' ? `offline ready (${e.data.files} files)` : `not cached for offline use: ${e.data.message}`);
    });
    reg.active.postMessage({ type: 'cache-version', data: DATA });
  });
}

function render(summary, recipes, note = () => '') {
  $('#summary').textContent = summary;
  $('#results').replaceChildren(
    ...recipes.map((r) => {
      const li = document.createElement('li');
      const title = document.createElement('strong');
      title.textContent = r.title;
      const meta = document.createElement('small');
      const minutes = r.times?.total ? ` · ${Math.round(r.times.total.seconds / 60)} min` : '';
      meta.textContent = ` ${[...r.cuisines, ...r.courses].join(', ')}${minutes}${note(r)}`;
      li.append(title, meta);
      return li;
    }),
  );
}

async function ask(client, path) {
  const res = await client.request(path);
  const body = await res.json();
  if (!res.ok) throw new Error(body.error?.message ?? res.statusText);
  return body;
}

function wire(client) {
  const guard = (fn) => async (e) => {
    e.preventDefault();
    try {
      await fn(new FormData(e.target));
    } catch (err) {
      render(`Error: ${err.message}`, []);
    }
  };
  $('#search').addEventListener('submit', guard(async (f) => {
    const body = await ask(client, `/search?${new URLSearchParams({ query: f.get('query'), limit: '20' })}`);
    render(`${body.recipes.length} best matches for “${body.query}”`, body.recipes, (r) => ` · score ${r.score}`);
  }));
  $('#filters').addEventListener('submit', guard(async (f) => {
    const q = new URLSearchParams([...f].filter(([, v]) => v !== ''));
    q.set('limit', '20');
    const body = await ask(client, `/recipes?${q}`);
    render(`${body.pagination.total} recipes`, body.recipes);
  }));
  $('#pantry').addEventListener('submit', guard(async (f) => {
    const ingredients = String(f.get('pantry')).split(',').map((s) => s.trim()).filter(Boolean).join(',');
    const body = await ask(client, `/pantry?${new URLSearchParams({ ingredients, limit: '20' })}`);
    render(`${body.pagination.total} recipes from your pantry`, body.recipes, (r) => ` · missing ${r.missingIngredients.length ? r.missingIngredients.join(', ') : 'nothing'}`);
  }));
}

async function main() {
  const client = await openClient(httpSource(DATA, { lazy: true }));
  const v = await ask(client, '/vocabularies');
  for (const name of ['cuisine', 'course', 'diet']) {
    $(`#filters select[name=${name}]`).append(...v[name].map((x) => new Option(x, x)));
  }
  wire(client);
  document.body.dataset.ready = 'true';
  status(`dataset ${client.version} · ${await offlineReady().catch((e) => `offline cache failed: ${e.message}`)}`);
  document.body.dataset.offline = 'checked';
}

main().catch((e) => status(`cannot open the dataset: ${e.message}`));
