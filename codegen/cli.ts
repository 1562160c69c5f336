import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import type { Db } from '../src/server/db/database.js';
import {
  ExternalDbError, classifyConnectionError, columns, openExternal, parseConnectionUrl, tableList, type ConnectionSpec, type Dialect,
} from '../src/server/db/external/index.js';
import type { Lang } from '../src/shared/schema/entity-model.js';
import { translate } from '../src/shared/i18n/translate.js';
import { buildSchema, entityNameOf } from './build-schema.js';
import { CodegenError } from './codegen-messages.js';
import { prototypesOf, traitsOf } from './field-prototype.js';
import { writeSchema } from './write-schema.js';

const TIMEOUT_MS = 5000;
const META = 'entity.meta.json';
const PROJECT_SCHEMAS = fileURLToPath(new URL('../schemas/', import.meta.url));

export const USAGE = `Usage: npx atrium-codegen --datasource <url> --table <name> --module <module> [options]

Writes schemas/<module>/<entity>.json for an existing table, as 代码生成 does in the console.

  --datasource <url>   mysql://user:pw@host:3306/db, postgres://user:pw@host:5432/db (JDBC URLs too)
  --table <name>       the table to read
  --module <module>    folder under the schemas directory (lower case, digits, -)
  --entity <name>      file stem; default: the table name without --prefix, _ as -
  --prefix <prefix>    table prefix to drop from the entity name (blade_)
  --label <text>       screen title (zh); default: the table comment
  --label-en <text>    screen title (en)
  --api-path <path>    API base path; default /blade-<module>/<entity>
  --bind <datasource>  keep the table in that data source (x-datasource: its id or name);
                       without it the schema maps the table of the platform's own database
  --out <dir>          schemas directory; default the project's schemas/
  --preview            print the diff, write nothing
  --user, --password   credentials, when not in the URL`;

function langOf(env: NodeJS.ProcessEnv): Lang {
  return (env.LANG ?? '').toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** Runs the generator; answers the exit code. Output goes to `out`, errors to `err`. */
export async function main(argv: string[], io = { out: console.log, err: console.error, env: process.env }): Promise<number> {
  const lang = langOf(io.env);
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        datasource: { type: 'string' }, table: { type: 'string' }, module: { type: 'string' }, entity: { type: 'string' },
        prefix: { type: 'string' }, label: { type: 'string' }, 'label-en': { type: 'string' }, 'api-path': { type: 'string' },
        bind: { type: 'string' }, out: { type: 'string' }, preview: { type: 'boolean' }, user: { type: 'string' },
        password: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) { io.out(USAGE); return 0; }
  if (!args.datasource || !args.table || !args.module) { io.err(USAGE); return 2; }
  const spec = (() => {
    try { return parseConnectionUrl(args.datasource!, args.user, args.password); } catch (error) { return error as Error; }
  })();
  if (spec instanceof Error) { io.err(message(spec, lang)); return 1; }
  const external = await openExternal(spec, { max: 1, timeoutMs: TIMEOUT_MS });
  try {
    const dialect = spec.driver;
    const cols = await columns(external.db, dialect, args.table).catch((error) => { throw rethrow(error, spec); });
    const entity = args.entity ?? entityNameOf(args.table, args.prefix);
    const dir = resolve(args.out ?? PROJECT_SCHEMAS);
    const metaFile = [join(dir, META), join(PROJECT_SCHEMAS, META)].find((f) => existsSync(f))!;
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    const tableComment = await tableCommentOf(external.db, dialect, args.table);
    const schema = buildSchema({
      module: args.module, entity, table: args.table, apiPath: args['api-path'],
      label: { zh: args.label ?? tableComment, en: args['label-en'] },
      traits: traitsOf(cols), prototypes: prototypesOf(args.table, cols, { external: args.bind !== undefined }),
      datasource: args.bind,
    });
    const result = writeSchema({ dir, module: args.module, entity, schema, meta, preview: args.preview });
    if (result.diff) io.out(result.diff);
    io.out(args.preview ? `preview only: ${result.path} not written` : result.changed ? `wrote ${result.path}` : `${result.path} is up to date`);
    return 0;
  } catch (error) {
    io.err(message(error, lang));
    return 1;
  } finally {
    await external.close();
  }
}

async function tableCommentOf(db: Db, dialect: Dialect, table: string): Promise<string> {
  return (await tableList(db, dialect)).find((t) => t.name === table)?.comment ?? '';
}

/** A connection failure surfaces on the first query: name its cause. */
function rethrow(error: unknown, spec: ConnectionSpec): unknown {
  if (error instanceof ExternalDbError || error instanceof CodegenError) return error;
  return classifyConnectionError(error, spec, TIMEOUT_MS);
}

function message(error: unknown, lang: Lang): string {
  if (error instanceof ExternalDbError) return translate(lang, error.text);
  if (error instanceof CodegenError) return error.text(lang);
  return (error as Error)?.message ?? String(error);
}
