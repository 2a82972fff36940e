import { describe, expect, it } from 'vitest';
import { mailboxLine, standInsLine, startBanner } from './start-banner.ts';

describe('startBanner', () => {
  it('frames the address and the data folders in a box of even width, plain outside a terminal', () => {
    const banner = startBanner({ url: 'http://localhost:8080', database: 'PGlite in /data/db', dataDir: '/data', color: false });
    const lines = banner.split('\n').filter(Boolean);
    expect(lines[1]).toBe('| Reelsmith is running at http://localhost:8080 |');
    expect(new Set(lines.map((line) => line.length)).size).toBe(1);
    expect(banner).not.toContain('\u001b[');
  });

  it('colours the address line in a terminal without breaking the frame', () => {
    const banner = startBanner({ url: 'http://localhost:8080', database: 'PostgreSQL', dataDir: '/d', color: true });
    const plain = banner.replaceAll('\u001b[1;32m', '').replaceAll('\u001b[0m', '');
    expect(banner).toContain('\u001b[1;32mReelsmith is running at http://localhost:8080\u001b[0m');
    expect(new Set(plain.split('\n').filter(Boolean).map((line) => line.length)).size).toBe(1);
  });
});

describe('mailboxLine', () => {
  const at = { publicUrl: 'http://localhost:8080', operatorToken: 'op-token/secret+1' };

  it("gives a developer's start the mailbox link with its token", () => {
    expect(mailboxLine({ ...at, deployment: false })).toContain('http://localhost:8080/dev/mailbox?token=op-token%2Fsecret%2B1');
  });

  it("never prints the token in a deployment's log, only where it is kept", () => {
    const line = mailboxLine({ ...at, deployment: true });
    expect(line).not.toContain('op-token');
    expect(line).not.toContain(encodeURIComponent(at.operatorToken));
    expect(line).toContain('OPERATOR_TOKEN');
  });
});

describe('standInsLine', () => {
  const offline = { videoGeneration: {}, imageGeneration: {}, tts: {} };

  it("names each offline stand-in with the settings that switch its vendor on, for the operator's log", () => {
    const line = standInsLine(offline)!;
    expect(line).toMatch(/^Offline stand-ins \(operator only/);
    for (const setting of ['FAL_KEY', 'REPLICATE_API_TOKEN', 'OPENAI_IMAGE_API_KEY', 'LLM_BASE_URL', 'OPENAI_API_KEY', 'PEXELS_API_KEY']) expect(line).toContain(setting);
  });

  it('leaves out what has a vendor, and says nothing when every capability has one', () => {
    const someVendors = standInsLine({ ...offline, videoGeneration: { replicate: {} }, pexels: {} })!;
    expect(someVendors).not.toContain('AI video');
    expect(someVendors).not.toContain('PEXELS_API_KEY');
    expect(someVendors).toContain('LLM_BASE_URL');
    expect(standInsLine({ videoGeneration: { fal: {} }, imageGeneration: { openai: {} }, llm: {}, tts: { openai: {} }, pexels: {} })).toBeNull();
  });
});

