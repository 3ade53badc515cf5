import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * `npm start`'s entry point in a child process (so a test can kill it with SIGKILL), resolved with its URL once
 * it says it is ready; `kill()` ends every child started, for an afterAll (`started` to await their exits).
 */
export const serverChildren = () => {
  const children: ChildProcess[] = [];
  const start = (env: Record<string, string>): Promise<{ child: ChildProcess; url: string }> =>
    new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'adapters/main.ts')], {
        cwd: ROOT,
        // It says it is ready on its log, so the log is on whatever level the test chose for its own.
        env: { ...process.env, ...env, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(child);
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /lista en (http:\/\/[^\s]+)/.exec(output);
        if (match) resolve({ child, url: match[1] });
      });
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
  const kill = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  return { start, kill, started: children as readonly ChildProcess[] };
};
