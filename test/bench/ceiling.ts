/**
 * The HTTP ceiling: a bare node:http server answering every request with the same bytes, from
 * memory, as the real server answered the route being measured.
 *
 *   node ceiling.mjs <port> <body file> <content-type>
 */
import fs from 'node:fs';
import http from 'node:http';

const [port, file, type] = process.argv.slice(2);
const body = fs.readFileSync(file!);
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'content-type': type!, 'content-length': body.length });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
