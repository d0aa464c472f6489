import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('npm run analyze', () => {
  it('prints the analysis of an answer file for a workspace file', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'geo-analyze-'));
    writeFileSync(path.join(dir, 'ws.json'), JSON.stringify({
      brand: 'acme', displayName: 'Acme', domains: ['acme.com'],
      competitors: [{ name: 'Globex', domains: ['globex.com'], aliases: ['Globex'], ambiguous: false }, { name: 'Initech', domains: ['initech.io'], aliases: ['Initech'], ambiguous: false }],
    }));
    writeFileSync(path.join(dir, 'answer.md'), '1. **Globex** is fine.\n2. **Acme** is the best choice ([pricing](https://acme.com/pricing)).');
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/modules/analysis/analyze.cli.ts', '--workspace', path.join(dir, 'ws.json'), '--answer', path.join(dir, 'answer.md')], { encoding: 'utf8' });
    const result = JSON.parse(out);
    expect(result.mentioned).toEqual(['Globex', 'Acme']);
    expect(result.brand).toMatchObject({ mentioned: true, rank: 2 });
    expect(result.brand.sentiment).toBeGreaterThan(0);
    expect(result.citedDomains).toEqual([{ domain: 'acme.com', class: 'owned', count: 1 }]);
  });

  it('explains its usage without arguments', () => {
    expect(() => execFileSync(process.execPath, ['--import', 'tsx', 'src/modules/analysis/analyze.cli.ts'], { stdio: 'pipe' })).toThrow(/usage/);
  });

  it('--help prints the usage and exits 0; a missing file is one line and exit 1', () => {
    const help = execFileSync(process.execPath, ['--import', 'tsx', 'src/modules/analysis/analyze.cli.ts', '--help'], { encoding: 'utf8' });
    expect(help).toMatch(/^usage: npm run analyze/);
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'src/modules/analysis/analyze.cli.ts', '--workspace', 'no-such.json', '--answer', 'x.md'], { stdio: 'pipe' });
      expect.unreachable();
    } catch (err) {
      const e = err as { status: number; stderr: Buffer };
      expect(e.status).toBe(1);
      expect(e.stderr.toString().trim()).toBe('analyze: --workspace no-such.json: no such file');
    }
  });
});
