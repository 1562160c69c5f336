import { systemContext, type AppServices } from '../../app-services.js';
import type { EntityRecord } from '../../engine/record-codec.js';
import { unlessDuplicate } from '../../db/unique-violation.js';

/** A button row under a schema's menu that the generic seed (add, edit, delete, view) does not make. */
export interface ButtonSeed {
  parent: string;
  code: string;
  name: string;
  alias: string;
  source: string;
  sort: number;
}

/**
 * Adds the buttons whose code no menu has yet, under their parent menu (when that exists).
 * Processes starting together may race: the loser's duplicate is skipped.
 */
export async function seedButtons(services: AppServices, buttons: ButtonSeed[]): Promise<void> {
  const model = services.model('system/menu');
  const ctx = systemContext();
  const menus = await services.system.repo.list(model, ctx, { conditions: [], order: [] });
  const idByCode = new Map(menus.map((m) => [String(m.code), String(m.id)]));
  for (const b of buttons.filter((button) => !idByCode.has(button.code) && idByCode.has(button.parent))) {
    await unlessDuplicate(services.system.repo.insert(model, ctx, {
      code: b.code, name: b.name, alias: b.alias, source: b.source, sort: b.sort, parentId: idByCode.get(b.parent),
      category: 2, action: 2, isOpen: 1, path: '',
    }));
  }
}
