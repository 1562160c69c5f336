import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { projectPath } from '../support/paths.js';
import { createTestDatabase } from '../support/test-database.js';

describe('a schema change on an existing database', () => {
  it('adds the new column and keeps every row', async () => {
    const schemasDir = mkdtempSync(join(tmpdir(), 'atrium-evo-schemas-'));
    const dataDir = mkdtempSync(join(tmpdir(), 'atrium-evo-data-'));
    cpSync(projectPath('schemas'), schemasDir, { recursive: true });
    const database = process.env.DATABASE_URL ? await createTestDatabase(process.env.DATABASE_URL) : undefined;
    const config = loadConfig(
      { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', LOG_LEVEL: 'silent', SEED_REGIONS: 'false' },
      { adminPassword: 'evo-pw', schemasDir },
    );
    try {
      const first = await buildApp(config);
      const param = first.services.model('system/param');
      const ctx = { tenantId: '000000', userId: '1', deptId: '1', lang: 'zh' as const };
      const id = await first.services.system.repo.insert(param, ctx, { paramName: 'kept', paramKey: 'evo.kept', paramValue: 'v' });
      await first.app.close();

      const file = join(schemasDir, 'system/param.json');
      const json = JSON.parse(readFileSync(file, 'utf8'));
      json.properties.owner = { type: 'string', maxLength: 64, 'x-label': { zh: '负责人', en: 'Owner' } };
      delete json.properties.remark;
      writeFileSync(file, JSON.stringify(json));

      const second = await buildApp(config);
      const model = second.services.model('system/param');
      const row = await second.services.system.repo.findByKey(model, ctx, id);
      expect(row).toMatchObject({ paramName: 'kept', owner: '' });
      await second.services.system.repo.update(model, ctx, id, { owner: 'ops' });
      expect((await second.services.system.repo.findByKey(model, ctx, id))?.owner).toBe('ops');
      const columns = await second.services.system.repo.db.selectFrom('information_schema.columns' as any)
        .select('column_name').where('table_name', '=', 'blade_param').execute();
      expect(columns.map((c: any) => c.column_name)).toEqual(expect.arrayContaining(['owner', 'remark']));
      await second.app.close();
    } finally {
      await database?.drop();
      rmSync(schemasDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
