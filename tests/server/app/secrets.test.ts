import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../../server/app';
import { createSecrets, loadMasterKey, parseSecretKey } from '../../../server/secrets';
import { testConfig } from '../support/helpers';

const key = () => crypto.randomBytes(32);

describe('secrets at rest', () => {
  const secrets = createSecrets(key());

  it('decrypts what it encrypted with the same associated data', () => {
    const sealed = secrets.encrypt('EAAG-business-token', 'whatsapp_connections:7:business_token');
    expect(sealed).not.toContain('EAAG');
    expect(secrets.decrypt(sealed, 'whatsapp_connections:7:business_token')).toBe('EAAG-business-token');
  });

  it('seals the same text differently every time (random IV)', () => {
    expect(secrets.encrypt('same', 'row:1')).not.toBe(secrets.encrypt('same', 'row:1'));
  });

  it('refuses other associated data: a value moved to another row does not decrypt', () => {
    const sealed = secrets.encrypt('sk-agent-key', 'agents:1:api_key');
    expect(() => secrets.decrypt(sealed, 'agents:2:api_key')).toThrow(/does not decrypt/);
  });

  it('refuses an altered ciphertext', () => {
    const sealed = secrets.encrypt('sk-agent-key', 'agents:1:api_key');
    const [version, iv, ciphertext, tag] = sealed.split('.');
    const bytes = Buffer.from(ciphertext, 'base64url');
    bytes[0] ^= 1;
    const tampered = [version, iv, bytes.toString('base64url'), tag].join('.');
    expect(() => secrets.decrypt(tampered, 'agents:1:api_key')).toThrow(/does not decrypt/);
  });

  it('refuses a shortened authentication tag', () => {
    const [version, iv, ciphertext, tag] = secrets.encrypt('x', 'row').split('.');
    const short = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');
    expect(() => secrets.decrypt([version, iv, ciphertext, short].join('.'), 'row')).toThrow();
  });

  it('refuses what another key sealed', () => {
    const sealed = createSecrets(key()).encrypt('x', 'row');
    expect(() => secrets.decrypt(sealed, 'row')).toThrow(/does not decrypt/);
  });

  it('derives a JWT key apart from the master key', () => {
    const master = key();
    const derived = Buffer.from(createSecrets(master).jwtKey);
    expect(derived).toHaveLength(32);
    expect(derived.equals(master)).toBe(false);
  });
});

describe('the master key', () => {
  it('accepts a base64 32-byte SECRET_KEY', () => {
    const master = key();
    expect(loadMasterKey({ secretKey: master.toString('base64'), dataDir: '/nonexistent' }).equals(master)).toBe(true);
  });

  it.each([
    ['too short', crypto.randomBytes(16).toString('base64')],
    ['too long', crypto.randomBytes(48).toString('base64')],
    ['not base64', 'this is not a key at all, it is a sentence!!'],
  ])('refuses a SECRET_KEY that is %s', (_case, value) => {
    expect(() => parseSecretKey(value, 'SECRET_KEY')).toThrow(/SECRET_KEY must be a base64-encoded 32-byte key/);
  });

  it('is generated once into DATA_DIR/secret.key, readable only by its owner, and reused', () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'threadline-secret-')), 'nested');
    const first = loadMasterKey({ secretKey: undefined, dataDir });
    const file = path.join(dataDir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadMasterKey({ secretKey: undefined, dataDir }).equals(first)).toBe(true);
    expect(fs.readdirSync(dataDir)).toEqual(['secret.key']);
  });

  it('stops the app from starting with a clear message when SECRET_KEY is wrong', async () => {
    await expect(buildApp(testConfig({ secretKey: 'short' }), { logger: false })).rejects.toThrow(
      /SECRET_KEY must be a base64-encoded 32-byte key \(make one with `openssl rand -base64 32`\)/,
    );
  });
});
