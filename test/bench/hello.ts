/**
 * Floors for the server's cold start: the least any server of this stack can do on this machine.
 * `hello.ts http` is a bare node:http server; `hello.ts hono` a one-route Hono app on
 * @hono/node-server (which loads Node's fetch classes). Both answer any GET with a tiny JSON body
 * on PORT. Bundled like the server (build/bundle-options.mjs) and started with plain node.
 */
import http from 'node:http';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.env.PORT);
if (process.argv[2] === 'hono') {
  const app = new Hono();
  app.get('*', (c) => c.json({ hello: 'world' }));
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
} else {
  http
    .createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end('{"hello":"world"}');
    })
    .listen(port, '127.0.0.1');
}
