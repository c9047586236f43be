import fs from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../../scripts/server-flags';

describe('npm start', () => {
  it('starts the server with the Node flags that the tests and benches start it with', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(manifest.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} --import tsx scripts/start.ts`);
  });
});
