// The naive baseline the issue names: a bare Fastify route running the same page query
// plus count(*) with raw pg on the same table, and a detail-by-id route.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 16 });
const app = Fastify();
const COLUMNS = 'id, param_name, param_key, param_value, remark, status, create_time';

app.get('/list', async (request) => {
  const q = request.query as Record<string, string>;
  const size = Number(q.size ?? 10);
  const current = Number(q.current ?? 1);
  const [column, text] = q.paramName ? ['param_name', q.paramName] : q.paramKey ? ['param_key', q.paramKey] : [];
  const where = column ? `and ${column} like '%' || $1 || '%'` : '';
  const args = text ? [text] : [];
  const [rows, count] = await Promise.all([
    pool.query(`select ${COLUMNS} from blade_param where is_deleted = 0 ${where} order by id desc limit ${size} offset ${(current - 1) * size}`, args),
    pool.query(`select count(*)::int n from blade_param where is_deleted = 0 ${where}`, args),
  ]);
  return { code: 200, success: true, data: { records: rows.rows, total: count.rows[0].n, size, current }, msg: 'ok' };
});

app.get('/detail', async (request) => {
  const { id } = request.query as Record<string, string>;
  const rows = await pool.query(`select ${COLUMNS} from blade_param where id = $1 and is_deleted = 0`, [id]);
  return { code: 200, success: true, data: rows.rows[0] ?? {}, msg: 'ok' };
});

// Writes of the mixed bench: a bare insert, and a logical delete as atrium's remove.
app.post('/submit', async (request) => {
  const body = request.body as Record<string, string>;
  const rows = await pool.query(`insert into blade_param (id, param_name, param_key, param_value, status, is_deleted, create_user, create_dept, update_user, create_time, update_time)
    values ($1, $2, $3, $4, 1, 0, 0, 0, 0, localtimestamp(0), localtimestamp(0)) returning id`, [body.id, body.paramName, body.paramKey, body.paramValue]);
  return { code: 200, success: true, data: rows.rows[0], msg: 'ok' };
});

app.post('/remove', async (request) => {
  const { ids } = request.query as Record<string, string>;
  await pool.query('update blade_param set is_deleted = 1, update_time = localtimestamp(0) where id = any($1) and is_deleted = 0', [ids.split(',')]);
  return { code: 200, success: true, data: {}, msg: 'ok' };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('baseline ready');
