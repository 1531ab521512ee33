import pg from 'pg';
const c = new pg.Client({ connectionString: process.argv[2] }); await c.connect();
const ws = (await c.query(`select workspace_id from chat.message group by 1 order by count(*) desc limit 1`)).rows[0].workspace_id;
const run = async (label, text, values) => { const t = []; for (let i = 0; i < 60; i++) { const a = performance.now(); await c.query(text, values); t.push(performance.now() - a); } t.sort((a, b) => a - b); console.log(label.padEnd(40), 'p50', t[30].toFixed(2), 'min', t[0].toFixed(2)); };
for (const term of ['PLT-3699', 'v2.1', 'xylophone']) await run('explain ILIKE ' + term, `EXPLAIN SELECT "id" FROM chat.message WHERE workspace_id = $1 AND content ILIKE $2 ORDER BY created_at DESC LIMIT 50`, [ws, `%${term}%`]);
await c.end();
