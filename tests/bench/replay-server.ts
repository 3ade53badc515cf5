import http from 'node:http';
import express from 'express';
import { createExpressServer } from '../../adapters/http/express-server';

/**
 * The HTTP floor's raw engine (tests/bench/http-floor.ts): a server that answers each recorded path with the
 * platform's own answer, byte for byte (status, headers, body), doing nothing else. `node`: Node's http alone;
 * `express`: one Express route per path, served as the platform serves its app (createExpressServer).
 * argv[2]: JSON { kind, answers: { [path]: { status, headers, body } } }. Prints `PORT <n>` once listening.
 */
interface Answer {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}
const { kind, answers } = JSON.parse(process.argv[2]) as { kind: 'node' | 'express'; answers: Record<string, Answer> };

const replay = (answer: Answer | undefined, res: http.ServerResponse) => {
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
};

let server: http.Server;
if (kind === 'express') {
  const app = express();
  for (const [path, answer] of Object.entries(answers)) app.get(path, (_req, res) => replay(answer, res));
  server = createExpressServer(app);
} else {
  server = http.createServer((req, res) => replay(answers[req.url ?? ''], res));
}
server.keepAliveTimeout = 65_000;
process.on('SIGTERM', () => process.exit(0));
server.listen(0, '127.0.0.1', () => console.log(`PORT ${(server.address() as { port: number }).port}`));
