/**
 * What a hook file beside a schema (`schemas/<module>/<entity>.hooks.ts`) sees of the
 * server, imported from the one stable entry `atrium/hooks` (package.json "exports"): the
 * caller's rows, read and written by the engine's one write path, the request's caller and
 * a typed error. Nothing here hands out the repository or a module.
 */
import { AppError, ErrorCodes } from '../../../shared/errors.js';
import type { TextKey, TextParams, Translatable } from '../../../shared/i18n/translate.js';
import type { Lang, LocalText } from '../../../shared/schema/entity-model.js';

/** A row as the API answers it: field names (camelCase) to values. */
export type Row = Record<string, unknown>;

/** Field → value: the rows whose field equals it (an array: any of its values). */
export type Where = Record<string, unknown>;

/** A text for the caller: a catalogue key with parameters, or `{ zh, en }`. */
export type Text = Translatable;

/** Who pressed the button or sent the form (from the verified token). */
export interface Caller {
  readonly tenantId: string;
  readonly userId: string;
  readonly deptId: string;
  readonly lang: Lang;
  readonly account?: string;
  readonly roleAliases: readonly string[];
}

/**
 * One entity's rows as the caller reaches them (tenant, data scope), inside the current
 * transaction. Writes take the engine's one write path: the schema's rules (an invalid value
 * is refused in the caller's language), uniqueness, the entity's write hooks and field
 * transforms (x-hashed, rich text), exactly as a submit.
 */
export interface Rows {
  find(key: string): Promise<Row | undefined>;
  list(where?: Where): Promise<Row[]>;
  count(where?: Where): Promise<number>;
  /** A new row; answers it as stored. */
  create(values: Row): Promise<Row>;
  /** Changes the fields given of a row the caller reaches (else 404); answers it as stored. */
  update(key: string, values: Row): Promise<Row>;
  /** Removes rows the caller reaches (any other key: 404, nothing goes); answers how many. */
  remove(keys: string[]): Promise<number>;
}

/** What every hook is given. */
export interface HookCall {
  /** The entity's key, `<module>/<name>`. */
  readonly entity: string;
  readonly caller: Caller;
  /** This entity's rows. */
  readonly rows: Rows;
  /** Another entity's rows (`system/dict`), in the same transaction. */
  rowsOf(entity: string): Rows;
}

/** A `run: {kind: "hook"}` action: the target rows were checked (button, tenant, data scope). */
export interface ActionCall extends HookCall {
  /** The action's key in x-actions. */
  readonly action: string;
  /** Keys of the target rows (one for `rows: "one"`). */
  readonly keys: readonly string[];
  /** The request's query and body parameters. */
  readonly params: Readonly<Record<string, unknown>>;
  /** Adds a note to the answer's `msg` (the console shows it). */
  tell(note: Text): void;
}

/** A write of the entity: `values` may still be changed in `beforeWrite`. */
export interface WriteCall extends HookCall {
  values: Row;
  readonly isInsert: boolean;
  /** The stored row before an update. */
  readonly existing?: Row;
  /** The record's key (updates; always after the write). */
  readonly key?: string;
  /** The x-actions entry doing the write (set, activate, reset), by key. */
  readonly action?: string;
}

export interface RemoveCall extends HookCall {
  readonly keys: readonly string[];
}

/** The write/remove hooks of the entity; each runs inside the write's transaction, and a throw rolls it back. */
export interface EntityHooks {
  beforeWrite?(call: WriteCall): Promise<void>;
  afterWrite?(call: WriteCall & { readonly key: string }): Promise<void>;
  beforeRemove?(call: RemoveCall): Promise<void>;
  afterRemove?(call: RemoveCall): Promise<void>;
}

/** What a hook file may export. */
export interface EntityHookFile {
  /** Handlers of the schema's `run: {kind: "hook"}` actions, by action key; what one answers becomes `data`. */
  actions?: Record<string, (call: ActionCall) => Promise<unknown>>;
  hooks?: EntityHooks;
}

/** How an AtriumError answers: 400 (default), 403 or 404; `field` puts the text next to that form input. */
export interface AtriumErrorOptions {
  status?: 400 | 403 | 404;
  field?: string;
}

/**
 * A refusal a hook throws: its text (a catalogue key with parameters, or `{ zh, en }`) is
 * answered in the caller's language, and the transaction rolls back.
 */
export class AtriumError extends AppError {
  constructor(text: TextKey | LocalText, params?: TextParams, opts: AtriumErrorOptions = {}) {
    const status = opts.status ?? 400;
    super(text, params, status, { field: opts.field, ...(status === 400 && opts.field ? { code: ErrorCodes.VALIDATION_FAILED } : {}) });
    this.name = 'AtriumError';
  }
}
