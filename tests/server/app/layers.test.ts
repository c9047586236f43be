import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * `npm run lint` holds the code to DESIGN.md §2's layers with dependency-cruiser and
 * `.dependency-cruiser.cjs`. This proves the rules refuse what they must (a tree of a few files that
 * breaks each one), so that a rule mistyped into one that matches nothing cannot pass unseen.
 */

const root = path.resolve(__dirname, '../../..');
const cruiser = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const config = path.join(root, '.dependency-cruiser.cjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function violations(cwd: string, folders: string[]): Promise<Violation[]> {
  const run = promisify(execFile);
  const args = [cruiser, '--config', config, '--output-type', 'json', ...folders];
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch(
    // It exits non-zero when it finds violations; the report is still on stdout.
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

function writeTree(dir: string, files: Record<string, string>) {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
}

describe('the layers lint', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-layers-'));
    writeTree(dir, {
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } }),
      // A middle area reaching up into the top one, and two areas of one floor importing each other.
      'server/services/inbox/send.ts': "import { answer } from '../replies/answer';\nexport const send = answer;\n",
      'server/services/replies/answer.ts': 'export const answer = 1;\n',
      'server/services/templates/a.ts': "import { b } from '../analytics/b';\nexport const a = b;\n",
      'server/services/analytics/b.ts': 'export const b = 1;\n',
      // Going down is allowed.
      'server/services/replies/down.ts': "import { send } from '../inbox/send';\nexport const down = send;\n",
      // A circle in the job engine.
      'server/jobs/runner.ts': "import { execute } from './execute';\nexport const runner = () => execute;\n",
      'server/jobs/execute.ts': "import { runner } from './runner';\nexport const execute = () => runner;\n",
      // A lazy feature importing another; a core feature may be imported by any.
      'src/features/inbox/saga.ts':
        "import { x } from '../templates/slice';\nimport { y } from '../live/slice';\nexport const z = [x, y];\n",
      'src/features/templates/slice.ts': 'export const x = 1;\n',
      'src/features/live/slice.ts': 'export const y = 1;\n',
      // Shared UI reaching into a lazy feature.
      'src/components/Shell.tsx': "import { x } from '../features/templates/slice';\nexport const Shell = x;\n",
    });
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('refuses an import against the floors, between features, from shared UI, and in a circle', async () => {
    const found = (await violations(dir, ['server', 'src'])).map((v) =>
      // A circle is reported once, from whichever of its files is met first.
      v.rule.name === 'no-circular'
        ? `no-circular: ${[v.from, v.to].sort().join(' ⇄ ')}`
        : `${v.rule.name}: ${v.from} → ${v.to}`,
    );
    expect(found.sort()).toEqual(
      [
        'components-below-features: src/components/Shell.tsx → src/features/templates/slice.ts',
        'features-apart: src/features/inbox/saga.ts → src/features/templates/slice.ts',
        'no-circular: server/jobs/execute.ts ⇄ server/jobs/runner.ts',
        'services-downward-analytics-templates: server/services/templates/a.ts → server/services/analytics/b.ts',
        'services-downward-inbox: server/services/inbox/send.ts → server/services/replies/answer.ts',
      ].sort(),
    );
  });
});
