import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  columns, openExternal, parseConnectionUrl, redact, tableList, testConnection, withoutPassword, type ExternalDbError,
} from '../../../src/server/db/external/index.js';
import { translate } from '../../../src/shared/i18n/translate.js';
import { MYSQL_URL, PG_URL, onMysql, onPostgres, uniqueTable } from '../../support/external-databases.js';

const failure = async (promise: Promise<unknown>, lang: 'zh' | 'en' = 'zh') => {
  try { await promise; } catch (error) { return translate(lang, (error as ExternalDbError).text); }
  throw new Error('expected a failure');
};

describe('test connection names what is wrong', () => {
  it('succeeds on the real MariaDB and PostgreSQL, JDBC URLs included', async () => {
    await testConnection(parseConnectionUrl('jdbc:mysql://127.0.0.1:3306/test?useUnicode=true', 'root', ''));
    await testConnection(parseConnectionUrl('jdbc:postgresql://127.0.0.1:5432/test', 'postgres', ''));
  });

  it('wrong host or port', async () => {
    expect(await failure(testConnection(parseConnectionUrl('mysql://root@127.0.0.1:3399/test'), 2000))).toBe('无法连接数据库服务器 127.0.0.1:3399,请检查连接地址和端口');
    expect(await failure(testConnection(parseConnectionUrl('postgres://postgres@127.0.0.1:5499/test'), 2000), 'en')).toBe('cannot reach the database server 127.0.0.1:5499: check the host and port of the URL');
  });

  it('wrong password, never echoing it', async () => {
    const mysql = await failure(testConnection(parseConnectionUrl(MYSQL_URL, 'root', 'Secret-pw-1'), 2000));
    expect(mysql).toBe('数据库用户名或密码错误(用户 root)');
    const pgText = await failure(testConnection(parseConnectionUrl(PG_URL, 'nobody_here', 'Secret-pw-1'), 2000), 'en');
    expect(pgText).toBe('wrong database user name or password (user nobody_here)');
  });

  it('unknown database', async () => {
    expect(await failure(testConnection(parseConnectionUrl('mysql://root@127.0.0.1:3306/no_such_db'), 2000))).toBe('数据库 no_such_db 不存在');
    expect(await failure(testConnection(parseConnectionUrl('postgres://postgres@127.0.0.1:5432/no_such_db'), 2000))).toBe('数据库 no_such_db 不存在');
  });

  it('a host that never answers gives up after the timeout', async () => {
    const started = Date.now();
    expect(await failure(testConnection(parseConnectionUrl('mysql://root@10.255.255.1:3306/test'), 1000))).toMatch(/^连接数据库 10\.255\.255\.1:3306 超时/);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('a URL it cannot read', async () => {
    expect(() => parseConnectionUrl('oracle:thin:@x:1521/db')).toThrow(/connection URL is not valid|unsupported driver/);
  });
});

describe('credentials written into the URL', () => {
  it('are read from user:password@ and from JDBC\'s user and password parameters; given apart they win', () => {
    expect(parseConnectionUrl('mysql://app:pw%40x@db/shop')).toMatchObject({ user: 'app', password: 'pw@x' });
    expect(parseConnectionUrl('jdbc:mysql://db:3306/shop?user=app&password=Query-pw-5&useSSL=false')).toMatchObject({ user: 'app', password: 'Query-pw-5', port: 3306 });
    expect(parseConnectionUrl('jdbc:postgresql://db/shop?password=a', 'own', 'b')).toMatchObject({ user: 'own', password: 'b' });
  });

  it('leave the URL a data source row keeps, and never reach a message', () => {
    expect(withoutPassword('postgres://postgres:Typed-pw-9@127.0.0.1:5432/test')).toBe('postgres://postgres@127.0.0.1:5432/test');
    expect(withoutPassword('jdbc:mysql://db/shop?user=app&password=Query-pw-5&useSSL=false')).toBe('jdbc:mysql://db/shop?user=app&useSSL=false');
    expect(withoutPassword('jdbc:mysql://db/shop?useSSL=false&password=Query-pw-5')).toBe('jdbc:mysql://db/shop?useSSL=false');
    expect(withoutPassword('jdbc:mysql://db/shop?password=Query-pw-5')).toBe('jdbc:mysql://db/shop');
    expect(withoutPassword('jdbc:mysql://db/shop?useSSL=false')).toBe('jdbc:mysql://db/shop?useSSL=false');
    expect(redact('jdbc:mysql://root:a@db/x?password=b')).toBe('jdbc:mysql://root:***@db/x?password=***');
  });
});

describe('introspection', () => {
  const my = uniqueTable('cg_ext');
  const pgTable = uniqueTable('cg_ext');
  beforeAll(async () => {
    await onMysql(`create table ${my} (id bigint primary key auto_increment comment '主键', title varchar(64) not null comment '标题', price decimal(10,2), born date, note text) comment = '探针'`);
    await onPostgres(
      `create table ${pgTable} (id bigserial primary key, title varchar(64) not null, price numeric(10,2), born date, note text)`,
      `comment on table ${pgTable} is '探针'`, `comment on column ${pgTable}.title is '标题'`,
    );
  });
  afterAll(async () => {
    await onMysql(`drop table if exists ${my}`);
    await onPostgres(`drop table if exists ${pgTable}`);
  });

  for (const [name, url, dialect, table] of [['MariaDB', MYSQL_URL, 'mysql', my], ['PostgreSQL', PG_URL, 'postgresql', pgTable]] as const) {
    it(`${name}: lists tables and reads columns (type, length, nullability, comment, primary key)`, async () => {
      const external = await openExternal(parseConnectionUrl(url));
      try {
        expect(await tableList(external.db, dialect)).toContainEqual({ name: table, comment: '探针' });
        const cols = await columns(external.db, dialect, table);
        expect(cols.map((c) => c.name)).toEqual(['id', 'title', 'price', 'born', 'note']);
        expect(cols[0]).toMatchObject({ type: 'bigint', primaryKey: true, autoIncrement: true, nullable: false });
        expect(cols[1]).toMatchObject({ type: 'varchar', length: 64, nullable: false, comment: '标题', primaryKey: false });
        expect(cols[2]).toMatchObject({ precision: 10, scale: 2, nullable: true });
        expect(cols[3].type).toBe('date');
        expect(cols[4].type).toBe('text');
        await expect(columns(external.db, dialect, "x; drop table y")).rejects.toThrow(/invalid table name/);
        await expect(columns(external.db, dialect, 'no_such_table')).rejects.toThrow('the table no_such_table does not exist');
      } finally {
        await external.close();
      }
    });
  }
});
