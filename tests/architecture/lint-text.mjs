// Lints source texts as if they were files at the given paths (none is written to disk), with the
// repository's eslint.config.mjs: reads [{ filePath, code }] as JSON on stdin, prints the rule ids each breaks.
import { ESLint } from 'eslint';

const input = await new Promise((resolve) => {
  let text = '';
  process.stdin.on('data', (chunk) => (text += chunk));
  process.stdin.on('end', () => resolve(JSON.parse(text)));
});
const eslint = new ESLint({ cwd: process.cwd() });
const out = [];
for (const { filePath, code } of input) {
  const [result] = await eslint.lintText(code, { filePath });
  out.push(result.messages.filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message));
}
process.stdout.write(JSON.stringify(out));
